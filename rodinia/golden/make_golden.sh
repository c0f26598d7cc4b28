#!/bin/sh
# make_golden.sh: writes rodinia/golden/P.txt (the RESULT lines of the small
# size) for every program P, built with the real nvcc and run on a GPU.
#   rodinia/golden/make_golden.sh [NAME...]    NAME = workload folder or program
# Needs only nvcc, make and a C compiler. Environment: NVCC (default nvcc),
# NVCCFLAGS (default -O2). A program that fails to build, to run, or to print
# VERIFY PASS gets no golden file (an existing one is left alone); the script
# exits 1 if any did.
cd "$(dirname "$0")/.." || exit 2
NVCC=${NVCC:-nvcc}
NVCCFLAGS=${NVCCFLAGS:--O2}
MAKE=${MAKE:-make}
LIST=$($MAKE -s --no-print-directory list)
if [ $# -gt 0 ]; then
    SEL=""
    for name in "$@"; do
        SEL="$SEL
$(echo "$LIST" | awk -v n="$name" '$1 == n || $2 == n')"
    done
    LIST=$(echo "$SEL" | sed '/^$/d')
fi
mkdir -p out/golden
ok=0; bad=0
echo "$LIST" | {
while read -r w p; do
    [ -n "$p" ] || continue
    if [ ! -f "$w/$p.cu" ]; then
        echo "$p: $w/$p.cu missing, skipped"; bad=$((bad + 1)); continue
    fi
    if ! $MAKE -s -B "bin/$p" NVCC="$NVCC" NVCCFLAGS="$NVCCFLAGS" >"out/golden/$p.build.log" 2>&1; then
        echo "$p: build failed (out/golden/$p.build.log)"; bad=$((bad + 1)); continue
    fi
    if ! "./bin/$p" small >"out/golden/$p.run.txt" 2>&1 || ! grep -q '^VERIFY PASS' "out/golden/$p.run.txt"; then
        echo "$p: run failed or did not verify (out/golden/$p.run.txt)"; bad=$((bad + 1)); continue
    fi
    grep '^RESULT ' "out/golden/$p.run.txt" >"golden/$p.txt"
    echo "$p: golden/$p.txt ($(wc -l <"golden/$p.txt") RESULT lines, $(grep '^TIME_MS' "out/golden/$p.run.txt"))"
    ok=$((ok + 1))
done
echo "$ok written, $bad failed"
[ $bad -eq 0 ]
}
