#!/bin/sh
# passes.warp_tree: the shuffle reduction of bench/warp/reduce_shfl_vs_shared.cu
# lowers each `for (o = 16; o > 0; o >>= 1) v += __shfl_down_sync(...)` as
# one warp operation (five cucpu_tree_down steps at block level, no
# per-lane cucpu_shfl_down), its `if (t < 32)` keeps no per-thread flag
# (a stable condition, tested in each thread loop), each tree computes
# only the lanes that lane 0's result needs, and the program's sums are
# right. Usage: warp_tree.sh CUCPU BENCH.cu OUTDIR
set -e
cucpu=$1 src=$2 out=$3
mkdir -p "$out"
"$cucpu" --emit-source "$src" -o "$out/rsv.cpp"
# the block's tree over every warp, and the one in `if (t < 32)` over the
# warps of threads cucpu_wb to cucpu_we only (the bounds pass's range);
# only lane 0 of each is read: 16, 8, 4, 2, 1 lanes (the lanes pass)
lanes='cucpu_op_add(), cucpu_1d ? 0x\(ffff\|ff\|f\|3\|1\)u : 0xffffffffu)'
steps=$(grep -o "cucpu_tree_down_lanes([a-z_0-9]*, cucpu_nt, [0-9]*, 32, $lanes" "$out/rsv.cpp" | wc -l)
[ "$steps" -eq 5 ] || { echo "FAIL: $steps tree steps over all warps, want 5"; exit 1; }
steps=$(grep -o "cucpu_tree_down_lanes(cucpu_wv_[0-9]* + cucpu_wb, cucpu_we - cucpu_wb, [0-9]*, 32, $lanes" "$out/rsv.cpp" | wc -l)
[ "$steps" -eq 5 ] || { echo "FAIL: $steps tree steps over the branch's warps, want 5"; exit 1; }
if grep -q 'cucpu_shfl_down(' "$out/rsv.cpp"; then echo "FAIL: a per-lane shuffle is left"; exit 1; fi
if grep -q 'cucpu_if_[0-9]' "$out/rsv.cpp"; then echo "FAIL: if (t < 32) keeps a flag"; exit 1; fi
"$cucpu" -O2 "$src" -o "$out/rsv"
OMP_NUM_THREADS=2 "$out/rsv" 100000 1
echo PASS
