// swift-tools-version:6.0
// libFuzzer targets, kept out of the root package: an executable whose entry point is
// `LLVMFuzzerTestOneInput` (no `main`) links only with `-sanitize=fuzzer`, so it would break the
// root package's plain `swift build` and `swift test`. Built and run by scripts/stages/fuzz.sh:
//   swift build -c release --sanitize=fuzzer --sanitize=address \
//     -Xswiftc -sanitize=fuzzer,address --disable-dead-strip
import PackageDescription

let package = Package(
  name: "transition-planner-fuzz",
  dependencies: [
    // The root package; its identity is its folder's name, which differs between checkouts,
    // so the products below name the package as declared here.
    .package(name: "transition-planner", path: "..")
  ],
  targets: [
    // The HTTP/1.1 request parser fed arbitrary bytes in arbitrary chunks.
    .executableTarget(
      name: "fuzz-http1",
      dependencies: [.product(name: "HTTP1", package: "transition-planner")]),
    // The connection machine driven by a script: bytes, verdicts and answers in any order,
    // write stalls, clock jumps, the drain.
    .executableTarget(
      name: "fuzz-connection",
      dependencies: [.product(name: "HTTP1", package: "transition-planner")]),
    // Plan and interaction request decoding, planning and encoding.
    .executableTarget(
      name: "fuzz-planner",
      dependencies: [
        .product(name: "PlannerService", package: "transition-planner"),
        .product(name: "TransitionEngine", package: "transition-planner"),
        .product(name: "JSON", package: "transition-planner"),
        .product(name: "JSONReference", package: "transition-planner"),
      ]),
  ],
  swiftLanguageModes: [.v6]
)
