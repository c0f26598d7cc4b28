#!/bin/sh
# check-diag.sh CUCPU SOURCE EXPECTED OUTPUT
# Runs `CUCPU SOURCE -o OUTPUT` (from the current directory, so diagnostics
# name SOURCE as given) and requires: exit status 1, stderr byte-equal to the
# EXPECTED file, and no OUTPUT file left behind.
if [ $# -ne 4 ]; then
    echo "usage: check-diag.sh CUCPU SOURCE EXPECTED OUTPUT" >&2
    exit 2
fi
cucpu=$1 src=$2 expected=$3 out=$4

if [ ! -f "$expected" ]; then
    echo "check-diag: missing expected diagnostics $expected;" >&2
    echo "  generate it with: $cucpu $src -o $out 2> $expected  (then review it)" >&2
    exit 1
fi
rm -f "$out"
actual=$(mktemp) || exit 1
trap 'rm -f "$actual"' EXIT
# a first line `// cucpu-only-flags: F...` gives cucpu flags
flags=$(sed -n '1s|^// cucpu-only-flags:||p' "$src")
"$cucpu" $flags "$src" -o "$out" 2>"$actual" >/dev/null
rc=$?
fail=0
if [ "$rc" -ne 1 ]; then
    echo "check-diag: $src: exit status $rc, expected 1" >&2
    fail=1
fi
if ! cmp -s "$expected" "$actual"; then
    echo "check-diag: $src: stderr differs from $expected:" >&2
    diff -u "$expected" "$actual" >&2
    fail=1
fi
if [ -e "$out" ]; then
    echo "check-diag: $src: output $out exists after a failed translation" >&2
    rm -f "$out"
    fail=1
fi
[ $fail -eq 0 ] && echo "check-diag: $src: ok"
exit $fail
