# transition-planner: the HTTP service in a minimal, non-root image.
#
#   docker build -t transition-planner .
#   docker run --rm -p 8080:8080 transition-planner
#
# Build stage: the official Swift image of the toolchain's release (6.3.1) on Debian 12, the same
# glibc (2.36) as the runtime stage. (A binary linked on the Ubuntu 24.04 image may ask for
# glibc 2.38+ symbols that Debian 12 does not have.) The Swift runtime and Foundation are linked
# statically; what remains dynamic is what `ldd` lists: libc, libm, libstdc++, libgcc_s and the
# loader.
FROM docker.io/library/swift:6.3.1-bookworm AS build
WORKDIR /src
# libdeflate for gzip, linked statically (Sources/CDeflate/module.modulemap): the runtime stage
# needs nothing more.
RUN apt-get update \
    && apt-get install -y --no-install-recommends libdeflate-dev=1.14-1 \
    && rm -rf /var/lib/apt/lists/*
# SwiftPM loads every target of the package (tests included) before building one product.
COPY Package.swift ./
COPY Sources ./Sources
COPY Tests ./Tests
RUN swift build -c release --static-swift-stdlib --product transition-planner \
    && install -m 0755 "$(swift build -c release --show-bin-path)/transition-planner" /transition-planner \
    && strip /transition-planner

# Runtime stage: distroless "cc" holds exactly the glibc and libstdc++/libgcc_s the binary needs,
# no shell and no package manager. 65532 is its "nonroot" user.
FROM gcr.io/distroless/cc-debian12:nonroot
COPY --from=build /transition-planner /transition-planner
USER 65532:65532
ENV HOST=0.0.0.0 PORT=8080
EXPOSE 8080
# The binary probes its own GET /healthz on $PORT: no shell or curl in the image.
HEALTHCHECK --interval=10s --timeout=3s --start-period=5s --retries=3 \
    CMD ["/transition-planner", "healthcheck"]
# SIGTERM drains: /readyz turns 503, requests in flight are answered, exit 0 within
# DRAIN_GRACE_PERIOD (10 s); give the runtime a longer stop timeout than that.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/transition-planner"]
CMD ["serve"]
