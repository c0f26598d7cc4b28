#!/bin/sh
# run.sh SRC BUILD: builds the translator with ASan and UBSan into BUILD
# (CUCPU_SANITIZE=ON) and runs it over every CUDA file of tests/, rodinia/
# and examples/ (translate only; error paths included: diag/ files fail on
# purpose), then through the driver's other modes. Fails when a sanitizer
# reports anything: a memory error, undefined behaviour or, at exit, a leak.
set -eu
src=$1 bld=$2
cmake -S "$src" -B "$bld" -DCUCPU_SANITIZE=ON -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=Debug >/dev/null
cmake --build "$bld" --target cucpu -j"$(nproc)" >/dev/null
export ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1
cucpu=$bld/cucpu log=$bld/sanitize.log
n=0 bad=0
check() {
    n=$((n + 1))
    "$cucpu" "$@" >"$log" 2>&1 || true       # exit status: not the question here
    if grep -q "Sanitizer\|runtime error" "$log"; then
        echo "== cucpu $*"
        cat "$log"
        bad=$((bad + 1))
    fi
}
for f in "$src"/tests/*/*.cu "$src"/rodinia/*/*.cu "$src"/examples/*.cu; do
    check -cuda -O3 --report="$bld/report.json" -I"$src/rodinia/common" -I"$(dirname "$f")" "$f" -o "$bld/out.cpp"
done
f=$src/tests/e2e/vector_add.cu
check --emit-ir "$f"
check -E "$f" -o "$bld/out.i"
check -M "$f"
check -MD -c "$f" -o "$bld/out.o"
check -lib "$f" -o "$bld/out.a"
check -dlink "$f" -o "$bld/dlink.o"
check -I/nowhere -DX=1 -Xcompiler -O1,-g "$f" -o "$bld/a.out"   # links without a runtime: an error path
check --no-such-option "$f"
echo "sanitize: $n runs of the ASan/UBSan translator, $bad with sanitizer reports"
[ "$bad" -eq 0 ]
