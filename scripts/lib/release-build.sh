# Sourced by scripts/serve.sh and scripts/stages/container-check.sh: the one release build of the
# server that both run, so the test command compiles it once.
#   release_build_args   swift build's arguments: release, the Swift runtime linked statically
#                        (as the Dockerfile builds it), in a build folder of its own so the static
#                        link flags do not churn .build/release (the benchmarks' build)
#   release_binary       prints the path of the built binary
release_build_args=(-c release --static-swift-stdlib --product transition-planner
  --scratch-path .build/static)

release_binary() {
  echo "$(swift build "${release_build_args[@]}" --show-bin-path)/transition-planner"
}
