// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "transition-planner",
  products: [
    .executable(name: "transition-planner", targets: ["transition-planner"]),
    .library(name: "TransitionEngine", targets: ["TransitionEngine"]),
    .library(name: "PlannerService", targets: ["PlannerService"]),
  ],
  targets: [
    // Pure: geometry, timing, styles, sampling, gestures. Standard library and libm only.
    .target(name: "TransitionEngine"),
    // Where JSON meets the engine: wire types, validation, problem+json, routes.
    .target(name: "PlannerService", dependencies: ["TransitionEngine"]),
    .executableTarget(name: "transition-planner", dependencies: ["PlannerService", "TransitionEngine"]),
    // Release-mode micro benchmark of the engine and the encoder (not a test).
    .executableTarget(name: "planner-bench", dependencies: ["PlannerService", "TransitionEngine"]),
    .testTarget(name: "TransitionEngineTests", dependencies: ["TransitionEngine"]),
    .testTarget(name: "PlannerServiceTests", dependencies: ["PlannerService", "TransitionEngine"]),
    .testTarget(name: "TransitionPlannerCLITests", dependencies: ["transition-planner"]),
  ],
  swiftLanguageModes: [.v6]
)
