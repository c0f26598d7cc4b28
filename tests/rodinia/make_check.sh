#!/bin/sh
# make_check.sh CUCPU RODINIA WORKDIR: runs the Rodinia check the way the
# README says, `make -C rodinia check`, on a copy of rodinia/ (so that it
# shares no files with the rodinia.<prog> tests), and expects every program
# of `make list` to pass: under make -C, a sub-make prints "Entering
# directory" lines, which check.sh once counted as two more workloads.
set -u
CUCPU=$1 RODINIA=$2 WORK=$3
fail() { echo "FAIL [rodinia.make_check]: $*" >&2; exit 1; }
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1
mkdir rodinia && (cd "$RODINIA" && tar cf - --exclude=./out --exclude=./bin .) |
    (cd rodinia && tar xf -) || fail "copy rodinia/"
n=$(make -s --no-print-directory -C rodinia list | wc -l)
[ "$n" -gt 0 ] || fail "make list printed nothing"
make -C rodinia check NVCC="$CUCPU" >check.log 2>&1
rc=$?
cat check.log
last=$(grep -E '^[0-9]+ passed, [0-9]+ failed$' check.log | tail -1)
[ "$last" = "$n passed, 0 failed" ] || fail "expected '$n passed, 0 failed', got '$last'"
[ $rc -eq 0 ] || fail "make -C rodinia check exited with $rc"
