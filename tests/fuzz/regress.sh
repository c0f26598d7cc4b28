#!/bin/sh
# regress.sh CUCPU OUT FILE...: the fuzz target's findings as tests. Each
# FILE is translated in each of the fuzz target's modes (--emit-source,
# --emit-ir, --check, --passes=none, -fcpuify=flat); each translation must
# end with exit code 0 or 1 (diagnostics), within 60 s, with no internal
# error or sanitizer report, and a failed one must leave no output.
set -u
cucpu=$1 out=$2
shift 2
mkdir -p "$out"
fail=0
for f in "$@"; do
    for mode in --emit-source --emit-ir --check --passes=none -fcpuify=flat; do
        m=--emit-source
        [ "$mode" = --emit-ir ] && m=
        rm -f "$out/x.cpp"
        timeout 60 "$cucpu" $m $mode "$f" -o "$out/x.cpp" >"$out/log" 2>&1
        rc=$?
        bad=
        [ $rc -le 1 ] || bad="exit code $rc"
        [ $rc -ne 1 ] || [ ! -e "$out/x.cpp" ] || bad="a failed translation left its output"
        ! grep -q "internal error\|Sanitizer\|runtime error" "$out/log" || bad="internal error or sanitizer report"
        if [ -n "$bad" ]; then
            echo "FAIL ($bad): cucpu $m $mode $f"
            tail -20 "$out/log"
            fail=1
        fi
    done
done
echo "regress: $# file(s), $( [ $fail = 0 ] && echo all fine || echo failures)"
exit $fail
