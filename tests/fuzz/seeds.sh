#!/bin/sh
# seeds.sh SRC DIR: copies the seed inputs of the fuzz target into DIR:
# every .cu of tests/e2e, tests/diag and tests/ir of the source tree SRC
# (the programs, the rejected constructs and the pass tests).
set -eu
mkdir -p "$2"
for f in "$1"/tests/e2e/*.cu "$1"/tests/diag/*.cu "$1"/tests/ir/*.cu; do
    [ -f "$f" ] || continue
    d=$(basename "$(dirname "$f")")
    cp "$f" "$2/seed_${d}_$(basename "$f")"
done
