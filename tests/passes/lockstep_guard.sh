#!/bin/sh
# passes.lockstep_guard: lockstep_guard.cu's guarded reduction steps over an
# array run without lock step (no cucpu_lk_ value in kernels arr and mod),
# the same over a pointer, the off-by-one step and a step whose offset
# differs between lanes keep theirs, and the results are right.
# Usage: lockstep_guard.sh CUCPU SRC OUTDIR
set -e
cucpu=$1 src=$2 out=$3
mkdir -p "$out"
"$cucpu" --lockstep-plain-memory --emit-ir "$src" > "$out/lg.ir"
for k in arr:0 ptr:1 off:1 mod:0 varying:1; do
    name=${k%:*} want=${k#*:}
    got=$(sed -n "/^kernel $name[ ]/,/^kernel /p" "$out/lg.ir" | grep -c 'private cucpu_lk_' || true)
    [ "$got" -eq "$want" ] || { echo "FAIL: kernel $name has $got lock-step values, want $want"; exit 1; }
done
"$cucpu" --lockstep-plain-memory "$src" -o "$out/lg"
OMP_NUM_THREADS=2 "$out/lg"
