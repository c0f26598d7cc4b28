#!/bin/sh
# check.sh: batch checker of the Rodinia workloads.
#   ./check.sh [NAME...]     NAME = a workload folder or a program (default: all)
# Environment: NVCC (default ../build/cucpu), NVCCFLAGS (default -O2),
#              RUN_TIMEOUT (seconds per run, default 100),
#              CHECK_JSON (summary file, default out/check.json).
# For each program P of folder W (see `make list`):
#   translated  $NVCC $NVCCFLAGS -c W/P.cu succeeds (for cucpu: translation + host compile)
#   built       make bin/P links the program (reference.c included)
#   verified    bin/P small exits 0 and prints VERIFY PASS (time recorded)
#   golden      RESULT lines match golden/P.txt within W/TOLERANCE (missing golden: "no golden", not a failure)
#   skip        RD_SKIP_VERIFY=1 bin/P small (how bench/run.py repeats a run) prints
#               VERIFY SKIPPED and the same RESULT lines (part of "verified")
# Logs go to out/logs/, a summary to out/check.json. Prints a table and a closing
# line "N passed, N failed"; exits 1 if any program failed.
cd "$(dirname "$0")" || exit 2
NVCC=${NVCC:-../build/cucpu}
NVCCFLAGS=${NVCCFLAGS:--O2}
RUN_TIMEOUT=${RUN_TIMEOUT:-100}
MAKE=${MAKE:-make}
export NVCC NVCCFLAGS

mkdir -p out/logs out/obj bin
[ -x bin/cmpgolden ] && [ bin/cmpgolden -nt common/cmpgolden.c ] ||
    $MAKE -s bin/cmpgolden >out/logs/cmpgolden.log 2>&1 || { echo "check.sh: cannot build cmpgolden"; exit 2; }

LIST=$($MAKE -s --no-print-directory list)
if [ $# -gt 0 ]; then
    SEL=""
    for name in "$@"; do
        hit=$(echo "$LIST" | awk -v n="$name" '$1 == n || $2 == n')
        if [ -z "$hit" ]; then
            echo "check.sh: unknown workload or program '$name'"; exit 2
        fi
        SEL="$SEL
$hit"
    done
    LIST=$(echo "$SEL" | sed '/^$/d')
fi

pass=0; fail=0
json=${CHECK_JSON:-out/check.json}
printf '{\n  "nvcc": "%s",\n  "programs": [\n' "$NVCC" >"$json"
first=1
printf '%-16s %-10s %-6s %-8s %-10s %9s  %s\n' workload translated built verified golden time_ms note
printf '%-16s %-10s %-6s %-8s %-10s %9s  %s\n' -------- ---------- ----- -------- ------ ------- ----

echo "$LIST" | {
while read -r w p; do
    [ -n "$p" ] || continue
    tr=no; bu=no; ve=no; go=-; ms=-; note=""
    log=out/logs/$p
    if [ ! -d "$w" ]; then
        note="folder $w/ does not exist yet"
    elif [ ! -f "$w/$p.cu" ]; then
        note="$w/$p.cu does not exist yet"
    else
        if $NVCC $NVCCFLAGS -c -o "out/obj/$p.o" "$w/$p.cu" >"$log.translate.log" 2>&1; then
            tr=yes
        else
            note="translation failed (see $log.translate.log)"
        fi
        if [ $tr = yes ]; then
            if $MAKE -s -B "bin/$p" NVCC="$NVCC" NVCCFLAGS="$NVCCFLAGS" >"$log.build.log" 2>&1; then
                bu=yes
            else
                note="build failed (see $log.build.log)"
            fi
        fi
        tol=1e-6
        if [ -f "$w/TOLERANCE_$p" ]; then tol=$(head -n1 "$w/TOLERANCE_$p")
        elif [ -f "$w/TOLERANCE" ]; then tol=$(head -n1 "$w/TOLERANCE"); fi
        if [ $bu = yes ]; then
            t0=$(date +%s%N)
            timeout "$RUN_TIMEOUT" "./bin/$p" small >"$log.run.txt" 2>"$log.run.err"
            rc=$?
            t1=$(date +%s%N)
            ms=$(( (t1 - t0) / 1000000 ))
            if [ $rc -eq 0 ] && grep -q '^VERIFY PASS' "$log.run.txt"; then
                ve=yes
                RD_SKIP_VERIFY=1 timeout "$RUN_TIMEOUT" "./bin/$p" small >"$log.skip.txt" 2>/dev/null
                if [ $? -ne 0 ] || ! grep -q '^VERIFY SKIPPED' "$log.skip.txt" ||
                   [ "$(grep -c '^RESULT' "$log.skip.txt")" != "$(grep -c '^RESULT' "$log.run.txt")" ] ||
                   ! ./bin/cmpgolden "$log.run.txt" "$log.skip.txt" "$tol" >"$log.skip.log" 2>&1; then
                    ve=no; note="RD_SKIP_VERIFY=1 run differs (see $log.skip.txt)"
                fi
            elif [ $rc -eq 124 ]; then
                note="run timed out after ${RUN_TIMEOUT}s"
            else
                note="run: exit $rc, $(grep -m1 '^VERIFY' "$log.run.txt" || echo 'no VERIFY line') $(head -c 160 "$log.run.err" | head -n1)"
            fi
        fi
        if [ $ve = yes ]; then
            if [ -f "golden/$p.txt" ]; then
                if ./bin/cmpgolden "golden/$p.txt" "$log.run.txt" "$tol" >"$log.golden.log" 2>&1; then
                    go=yes
                else
                    go=no; note="golden mismatch (see $log.golden.log)"
                fi
            else
                go="no-golden"
            fi
        fi
    fi
    if [ $ve = yes ] && [ "$go" != no ]; then pass=$((pass + 1)); ok=true; else fail=$((fail + 1)); ok=false; fi
    printf '%-16s %-10s %-6s %-8s %-10s %9s  %s\n' "$p" $tr $bu $ve "$go" "$ms" "$note"
    [ $first = 1 ] || printf ',\n' >>"$json"
    first=0
    note_j=$(printf '%s' "$note" | sed 's/\\/\\\\/g; s/"/\\"/g')
    [ "$ms" = - ] && ms_j=null || ms_j=$ms
    printf '    {"workload": "%s", "program": "%s", "translated": %s, "built": %s, "verified": %s, "golden": "%s", "time_ms": %s, "passed": %s, "note": "%s"}' \
        "$w" "$p" "$( [ $tr = yes ] && echo true || echo false)" "$( [ $bu = yes ] && echo true || echo false)" \
        "$( [ $ve = yes ] && echo true || echo false)" "$go" "$ms_j" $ok "$note_j" >>"$json"
done
printf '\n  ],\n  "passed": %d,\n  "failed": %d\n}\n' $pass $fail >>"$json"
echo "$pass passed, $fail failed"
[ $fail -eq 0 ]
}
