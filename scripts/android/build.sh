#!/usr/bin/env bash
# Builds the Android player (scripts/android-player.sh) from Debian 12's source package
# android-platform-frameworks-base: fetches it with apt-get through a private sources list and
# lists folder under .build/android (the machine's apt configuration and lists are untouched),
# keeps the download there, unpacks only the files below, compiles the platform's animation
# classes as they are with javac against our stand-ins (scripts/android/standins), takes
# Path.cpp's flattening functions out unmodified into a JNI library built with g++ against our
# Skia stand-in (scripts/android/native), then compiles the player (scripts/android/player).
# Prints the sha256 of every platform file it compiled. Nothing of the platform enters the
# repository.
#   scripts/android/build.sh [--if-missing]   (--if-missing: do nothing when already built;
#   ANDROID_MIRROR overrides the mirror taken from the machine's apt sources)
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
out=.build/android
package=android-platform-frameworks-base
version=1:10.0.0+r36-10
upstream=10.0.0+r36

if [ "${1:-}" = --if-missing ] && [ -f "$out/built" ]; then exit 0; fi

# MARK: - Tools (installed only when missing)

need=()
for tool in default-jdk-headless g++ xz-utils; do
  dpkg -s "$tool" >/dev/null 2>&1 || need+=("$tool")
done
if [ ${#need[@]} -gt 0 ]; then
  apt-get update -qq
  apt-get -o DPkg::Lock::Timeout=600 install -y -qq "${need[@]}" >/dev/null
fi

# MARK: - The source package, through a private sources list

download=$out/download
orig=$download/${package}_$upstream.orig.tar.xz
dsc=$download/${package}_$upstream-10.dsc
if [ ! -f "$orig" ] || [ ! -f "$dsc" ]; then
  apt_dir=$root/$out/apt
  mkdir -p "$apt_dir/lists/partial" "$apt_dir/cache/archives/partial" "$download"
  # The mirror the machine already uses, from its deb822 or one-line sources.
  mirror=$(sed -n 's/^URIs:[[:space:]]*\([^[:space:]]*debian\)\/*$/\1/p' \
    /etc/apt/sources.list.d/debian.sources 2>/dev/null | head -1)
  if [ -z "$mirror" ] && [ -f /etc/apt/sources.list ]; then
    mirror=$(awk '$1 == "deb" && $3 == "bookworm" { print $2; exit }' /etc/apt/sources.list)
  fi
  mirror=${ANDROID_MIRROR:-${mirror:-http://deb.debian.org/debian}}
  echo "deb-src $mirror bookworm main" >"$apt_dir/sources.list"
  apt_opts=(-o "Dir::Etc::SourceList=$apt_dir/sources.list" -o "Dir::Etc::SourceParts=-"
    -o "Dir::State::Lists=$apt_dir/lists" -o "Dir::Cache=$apt_dir/cache"
    -o "APT::Sandbox::User=root" -o "Acquire::Retries=2" -o "Acquire::http::Timeout=30")
  if ! timeout 300 apt-get "${apt_opts[@]}" -qq update >"$out/apt.log" 2>&1 ||
    ! (cd "$download" && timeout 600 apt-get "${apt_opts[@]}" -qq source --download-only \
      "$package=$version" >>"$root/$out/apt.log" 2>&1); then
    tail -5 "$out/apt.log"
    echo "android: could not fetch Debian's source package $package $version from $mirror" \
      "(no network to the mirror?): the Android stage cannot run without it" >&2
    exit 1
  fi
fi
# The download is checked against the .dsc (whose hashes apt took from the signed index).
expected=$(awk '/^Checksums-Sha256:/ { on = 1; next } /^[^ ]/ { on = 0 } on && $3 ~ /orig\.tar\.xz$/ { print $1 }' "$dsc")
actual=$(sha256sum "$orig" | cut -d' ' -f1)
if [ "$expected" != "$actual" ]; then
  echo "android: $orig does not match its .dsc (sha256 $actual, expected $expected)" >&2
  exit 1
fi

# MARK: - Only the files needed

animation=core/java/android/animation
view=core/java/android/view/animation
java_files=(
  $animation/ValueAnimator.java $animation/ObjectAnimator.java $animation/AnimatorSet.java
  $animation/Animator.java $animation/AnimationHandler.java $animation/PropertyValuesHolder.java
  $animation/Keyframe.java $animation/Keyframes.java $animation/KeyframeSet.java
  $animation/FloatKeyframeSet.java $animation/IntKeyframeSet.java $animation/PathKeyframes.java
  $animation/FloatEvaluator.java $animation/IntEvaluator.java $animation/ArgbEvaluator.java
  $animation/FloatArrayEvaluator.java $animation/IntArrayEvaluator.java
  $animation/PointFEvaluator.java $animation/TypeEvaluator.java $animation/TypeConverter.java
  $animation/BidirectionalTypeConverter.java $animation/TimeInterpolator.java
  $animation/AnimatorListenerAdapter.java
  $view/PathInterpolator.java $view/BaseInterpolator.java $view/LinearInterpolator.java
  $view/AccelerateDecelerateInterpolator.java $view/Interpolator.java
)
path_cpp=core/jni/android/graphics/Path.cpp
pvh_cpp=core/jni/android_animation_PropertyValuesHolder.cpp
src=$out/src
rm -rf "$src" "$out/classes" "$out/lib" "$out/built"
mkdir -p "$src" "$out/classes" "$out/lib"
tar -xJf "$orig" -C "$src" "${java_files[@]}" "$path_cpp" "$pvh_cpp"

# MARK: - Compile

# javac's notes about the platform's unchecked casts are not ours to act on.
quiet_javac() { javac -nowarn -encoding UTF-8 "$@" 2> >(grep -v '^Note:' >&2); }
quiet_javac -d "$out/classes" -sourcepath scripts/android/standins \
  "${java_files[@]/#/$src/}" scripts/android/standins/android/graphics/Path.java
# approximate() and the functions it calls, from the bezier typedef to the end of approximate,
# exactly as Path.cpp has them.
awk '/typedef SkPoint \(\*bezierCalculation\)/ { on = 1 } /---------------- @FastNative/ { on = 0 } on' \
  "$src/$path_cpp" >"$out/lib/path_flattening.inc"
for f in addMove addLine cubicBezierCalculation subdividePoints addBezier createVerbSegments \
  'jfloatArray approximate'; do
  grep -q "$f" "$out/lib/path_flattening.inc" ||
    { echo "android: $f not found in $path_cpp: the extraction needs updating" >&2; exit 1; }
done
jdk=$(dirname "$(dirname "$(readlink -f "$(command -v javac)")")")
# One library: our Path entry with the extracted flattening, and PropertyValuesHolder's own
# natives (the JNI setter calls) registered on load.
g++ -std=c++17 -O2 -fPIC -Wno-write-strings -shared -I"$jdk/include" -I"$jdk/include/linux" -I"$out/lib" \
  -Iscripts/android/native/include scripts/android/native/path_jni.cpp \
  scripts/android/native/onload.cpp "$src/$pvh_cpp" -o "$out/lib/libandroidnative.so"
quiet_javac -d "$out/classes" -cp "$out/classes" scripts/android/player/tp/*.java

echo "android: compiled from Debian's $package $version (sha256 of each platform file):"
(cd "$src" && sha256sum "${java_files[@]}" "$path_cpp" "$pvh_cpp") | sed 's/^/  /'
touch "$out/built"
