#!/bin/sh
# check_test.sh CUCPU SRC WORKDIR: builds SRC with `cucpu --check`, runs it
# and compares with the header of SRC:
#   // check-exit: N        the exit status
#   // check-expect: RE     a line of the output (stdout and stderr) matches
#                           the extended regular expression RE (each one)
#   // check-clean          no report at all (no "=========" line)
#   // check-build-expect: RE  a line of the build's diagnostics matches RE
set -u
CUCPU=$1 SRC=$2 WORK=$3
mkdir -p "$WORK" && cd "$WORK" || exit 1
name=$(basename "$SRC" .cu)
fail() { echo "FAIL [$name]: $*"; cat out.txt 2>/dev/null; exit 1; }
"$CUCPU" --check "$SRC" -o "$name" 2> build.txt || { cat build.txt; fail "cucpu --check did not build it"; }
sed -n 's|^// check-build-expect: ||p' "$SRC" > build-expect.txt
while IFS= read -r re; do
    grep -Eq -- "$re" build.txt || { cat build.txt; fail "no build diagnostic matches: $re"; }
done < build-expect.txt
OMP_NUM_THREADS=${OMP_NUM_THREADS:-2} "./$name" > out.txt 2>&1 < /dev/null
rc=$?
want=$(sed -n 's|^// check-exit: ||p' "$SRC")
[ "$rc" = "$want" ] || fail "exit status $rc, expected $want"
sed -n 's|^// check-expect: ||p' "$SRC" > expect.txt
while IFS= read -r re; do
    grep -Eq -- "$re" out.txt || fail "no line matches: $re"
done < expect.txt
if grep -q '^// check-clean' "$SRC" && grep -q '=========' out.txt; then fail "reports on a correct program"; fi
echo "ok [$name]"
