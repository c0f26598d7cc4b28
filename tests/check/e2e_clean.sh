#!/bin/sh
# e2e_clean.sh CUCPU SRC WORKDIR [FLAGS...]: a correct e2e program built with
# `cucpu --check` still prints PASS, exits 0 and reports nothing.
set -u
CUCPU=$1 SRC=$2 WORK=$3
shift 3
mkdir -p "$WORK" && cd "$WORK" || exit 1
name=$(basename "$SRC" .cu)
"$CUCPU" --check "$@" "$SRC" -o "$name" || { echo "FAIL [$name]: cucpu --check did not build it"; exit 1; }
OMP_NUM_THREADS=2 "./$name" > out.txt 2>&1 < /dev/null
rc=$?
if [ $rc -ne 0 ] || ! grep -q PASS out.txt || grep -q '=========' out.txt; then
    echo "FAIL [$name]: exit $rc"
    cat out.txt
    exit 1
fi
echo "ok [$name]"
