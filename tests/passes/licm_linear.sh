#!/bin/sh
# licm_linear.sh CUCPU SRC WORKDIR: parallel LICM turns the normalize
# example from O(n^2) into O(n). Counts instructions with callgrind
# (deterministic) at n and 2n: with licm the count must grow less than 2.5x,
# without it (-fno-licm) more than 3x, as a quadratic program does.
set -eu
cucpu=$1 src=$2 dir=$3
command -v valgrind >/dev/null || { echo "licm_linear: valgrind is not installed (scripts/setup.sh installs it)"; exit 1; }
mkdir -p "$dir"
"$cucpu" -O2 "$src" -o "$dir/norm_licm"
"$cucpu" -O2 -fno-licm "$src" -o "$dir/norm_nolicm"
count() {
    OMP_NUM_THREADS=1 valgrind --tool=callgrind --callgrind-out-file=/dev/null "$1" "$2" 2>&1 >/dev/null |
        sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
}
ratio() {
    a=$(count "$1" 1000) b=$(count "$1" 2000)
    echo "$1: $a instructions at n=1000, $b at n=2000" >&2
    awk -v a="$a" -v b="$b" 'BEGIN { printf "%.2f", b / a }'
}
on=$(ratio "$dir/norm_licm")
off=$(ratio "$dir/norm_nolicm")
echo "growth from n=1000 to n=2000: licm ${on}x, no licm ${off}x"
awk -v on="$on" -v off="$off" 'BEGIN { exit !(on < 2.5 && off > 3.0) }' || { echo "FAIL: expected < 2.5x with licm and > 3x without"; exit 1; }
"$dir/norm_licm" 3000 | grep -q PASS
echo PASS
