// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "transition-planner",
  products: [
    .executable(name: "transition-planner", targets: ["transition-planner"]),
    .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
    .library(name: "PlannerService", targets: ["PlannerService"]),
    .library(name: "PlannerClient", targets: ["PlannerClient"]),
    // For the fuzz targets of the nested package in Fuzz/ (they need the parser on its own).
    .library(name: "HTTP1", targets: ["HTTP1"]),
    .executable(name: "planner-client", targets: ["planner-client"]),
  ],
  targets: [
    // Pure: geometry, timing, styles, sampling, gestures. Standard library and libm only.
    .target(name: "TransitionEngine"),
    // Sans-I/O HTTP/1.1: request parser, response writer, value types. Standard library only.
    .target(name: "HTTP1"),
    // Non-blocking sockets and Dispatch event loops: connections, limits, time-outs, drain.
    .target(name: "HTTPServer", dependencies: ["HTTP1", "CEpoll"]),
    // Linux epoll through plain integers (Glibc's module lacks <sys/epoll.h>; its event struct
    // is packed).
    .target(name: "CEpoll"),
    // Where JSON meets the engine: wire types, validation, problem+json, routes, metrics.
    .target(name: "PlannerService", dependencies: ["TransitionEngine", "HTTP1"]),
    .executableTarget(
      name: "transition-planner", dependencies: ["PlannerService", "TransitionEngine", "HTTPServer", "HTTP1"]),
    // libcurl (Debian: libcurl4-openssl-dev) and non-variadic wrappers of its variadic calls.
    .systemLibrary(name: "CCurl", pkgConfig: "libcurl", providers: [.apt(["libcurl4-openssl-dev"])]),
    .target(name: "CCurlShim", dependencies: ["CCurl"]),
    // The Swift client the integration tests and planner-client use; never linked by the server.
    .target(name: "PlannerClient", dependencies: ["CCurl", "CCurlShim", "PlannerService"]),
    .executableTarget(name: "planner-client", dependencies: ["PlannerClient", "PlannerService"]),
    // Release-mode micro benchmark of the engine and the encoder (not a test).
    .executableTarget(name: "planner-bench", dependencies: ["PlannerService", "TransitionEngine", "HTTP1"]),
    .testTarget(name: "TransitionEngineTests", dependencies: ["TransitionEngine", "TestSupport"]),
    .testTarget(name: "HTTP1Tests", dependencies: ["HTTP1"]),
    // Raw-socket client, server-process helpers and gesture fixtures shared by the test targets.
    .target(name: "TestSupport", path: "Tests/TestSupport"),
    .testTarget(name: "HTTPServerTests", dependencies: ["HTTPServer", "HTTP1", "TestSupport"]),
    .testTarget(name: "PlannerServiceTests", dependencies: ["PlannerService", "TransitionEngine", "HTTP1", "TestSupport"]),
    .testTarget(
      name: "IntegrationTests", dependencies: ["PlannerClient", "PlannerService", "TestSupport", "transition-planner"]),
    .testTarget(name: "TransitionPlannerCLITests", dependencies: ["transition-planner", "TestSupport"]),
  ],
  swiftLanguageModes: [.v6]
)
