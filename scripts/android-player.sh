#!/usr/bin/env bash
# Plays an `android` document (docs/NATIVE.md) through Android's own animation classes, built
# from Debian's source by scripts/android/build.sh (run here when missing), and prints every
# layer's animated properties at every Choreographer frame as JSON (docs/NATIVE.md 10).
#   scripts/android-player.sh [DOCUMENT.json] --hz 60|90|120 [--density D]   (stdin without a file)
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
"$here/scripts/android/build.sh" --if-missing >&2
exec java -Xss4m -Djava.library.path="$here/.build/android/lib" -cp "$here/.build/android/classes" \
  tp.AndroidPlayer "$@"
