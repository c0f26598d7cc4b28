#!/bin/sh
# setup.sh: installs what cucpu needs on Debian 12 (when missing) and builds
# it into build/. Used by the README's commands and by CI. clang-19 and
# libclang-rt-19-dev are for the fuzz target only (tests/fuzz/README.md):
# without them fuzz.smoke is skipped and everything else works.
set -eu
cd "$(dirname "$0")/.."
SUDO=""
[ "$(id -u)" -eq 0 ] || SUDO="sudo"
need=""
for p in cmake make gcc g++ libclang-19-dev llvm-19-tools libcjson-dev valgrind python3 python3-clang-19 bear chromium \
         libopenblas-openmp-dev libopenblas-dev libfftw3-dev openmpi-bin libopenmpi-dev libthrust-dev libcub-dev \
         clang-19 libclang-rt-19-dev; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "ok installed" || need="$need $p"
done
if [ -n "$need" ]; then
    echo "setup: installing$need"
    $SUDO apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq $need
fi
cmake -S . -B build -DCMAKE_BUILD_TYPE="${CUCPU_BUILD_TYPE:-RelWithDebInfo}" >/dev/null
cmake --build build -j"$(nproc)"
