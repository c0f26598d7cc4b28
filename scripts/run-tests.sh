#!/bin/sh
# run-tests.sh: set up, build, and run every test (ctest). The last line is
# ctest's summary.
set -eu
cd "$(dirname "$0")/.."
sh scripts/setup.sh
cd build
ctest -j"$(nproc)" --output-on-failure --timeout 300
