// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "transition-planner",
  products: [
    .executable(name: "transition-planner", targets: ["transition-planner"]),
    .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
    .library(name: "PlannerService", targets: ["PlannerService"]),
    .library(name: "PlannerClient", targets: ["PlannerClient"]),
    .library(name: "JSON", targets: ["JSON"]),
    // For the planner fuzz target: the parser the tape is checked against.
    .library(name: "JSONReference", targets: ["JSONReference"]),
    // For the fuzz targets of the nested package in Fuzz/ (they need the parser on its own).
    .library(name: "HTTP1", targets: ["HTTP1"]),
    .executable(name: "planner-client", targets: ["planner-client"]),
  ],
  targets: [
    // Pure: geometry, timing, styles, sampling, gestures. Standard library and libm only.
    .target(name: "TransitionEngine"),
    // JSON: parser, writer, shortest doubles, JSON Pointers, problem documents. Standard
    // library only; the server, the wire layer and the client all speak it.
    .target(name: "JSON"),
    // The recursive-descent parser JSON's tape replaced, kept as the reference the decoder
    // oracle tests and the planner fuzz target check the tape against; no product links it.
    .target(name: "JSONReference", dependencies: ["JSON"]),
    // Sans-I/O HTTP/1.1: request parser, response writer, the connection machine, value types.
    // Imports nothing: the server's own answers are worded by the application (the seam).
    .target(name: "HTTP1"),
    // Non-blocking sockets and event loops on threads of their own or Dispatch: connections, limits, time-outs, drain.
    .target(name: "HTTPServer", dependencies: ["HTTP1", "JSON", "CEpoll", "CMalloc"]),
    // Linux epoll through plain integers (Glibc's module lacks <sys/epoll.h>; its event struct
    // is packed).
    .target(name: "CEpoll"),
    // glibc's allocator controls (mallinfo2, malloc_trim, mallopt), which Glibc's module lacks.
    .target(name: "CMalloc"),
    // libdeflate (Debian: libdeflate-dev), linked statically (see its module map).
    .systemLibrary(name: "CDeflate", providers: [.apt(["libdeflate-dev"])]),
    // gzip of whole bodies, and its inverse for clients and tests.
    .target(name: "Gzip", dependencies: ["CDeflate"]),
    // Where JSON meets the engine: wire types, validation, problem+json, routes, metrics.
    .target(name: "PlannerService", dependencies: ["TransitionEngine", "JSON", "HTTP1", "Gzip"]),
    .executableTarget(
      name: "transition-planner",
      dependencies: ["PlannerService", "JSON", "HTTPServer", "HTTP1"]),
    // libcurl (Debian: libcurl4-openssl-dev) and non-variadic wrappers of its variadic calls.
    .systemLibrary(
      name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(name: "CCurlShim", dependencies: ["CCurl"]),
    // The Swift client the integration tests and planner-client use; never linked by the server.
    .target(name: "PlannerClient", dependencies: ["CCurl", "CCurlShim", "JSON", "HTTP1"]),
    .executableTarget(name: "planner-client", dependencies: ["PlannerClient", "JSON"]),
    // Release-mode micro benchmark of the engine and the encoder (not a test).
    .executableTarget(
      name: "planner-bench",
      dependencies: ["PlannerService", "TransitionEngine", "JSON", "HTTP1", "HTTPServer"]),
    .testTarget(name: "TransitionEngineTests", dependencies: ["TransitionEngine", "TestSupport"]),
    .testTarget(name: "JSONTests", dependencies: ["JSON", "TestSupport"]),
    .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1"]),
    // Raw-socket client, server-process helpers and gesture fixtures shared by the test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(
      name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTP1", "JSON", "TestSupport"]),
    .testTarget(
      name: "PlannerServiceTests",
      dependencies: [
        "PlannerService", "TransitionEngine", "JSON", "JSONReference", "HTTP1", "Gzip",
        "TestSupport",
      ]),
    .testTarget(
      name: "IntegrationTests",
      dependencies: [
        "PlannerClient", "PlannerService", "JSON", "TestSupport", "transition-planner",
      ]),
    .testTarget(
      name: "TransitionPlannerCLITests", dependencies: ["transition-planner", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)

// The sanitizer stages of scripts/test.sh (tsan, asan) run only the server and connection
// suites. With TRANSITION_PLANNER_SUITE=server the manifest declares only what those suites
// build, so the engine, the service, the client and their tests are not compiled a second and
// a third time with a sanitizer (docs/TESTING.md has the stage times).
if Context.environment["TRANSITION_PLANNER_SUITE"] == "server" {
  let suite: Set<String> = [
    "HTTP1", "JSON", "HTTPServer", "CEpoll", "CMalloc", "TestSupport", "HTTP1Tests",
    "HTTPServerTests",
  ]
  package.targets = package.targets.filter { suite.contains($0.name) }
  package.products = []
}
