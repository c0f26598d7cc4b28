#!/bin/sh
# smoke.sh SRC BUILD [SECONDS]: the CI smoke run of the fuzz target. Builds
# cucpu_fuzz (clang-19, -DCUCPU_FUZZ=ON) into BUILD and fuzzes for SECONDS
# (default 100) from the kept corpus (tests/fuzz/corpus) and the seeds
# (tests/fuzz/seeds.sh). Any finding fails: its input is left in
# BUILD/crashes/. Exits 77 (skipped) when clang-19 or libFuzzer is missing.
set -eu
src=$1 bld=$2 secs=${3:-100}
if ! command -v clang-19 >/dev/null 2>&1 ||
   ! ls /usr/lib/llvm-19/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a >/dev/null 2>&1; then
    echo "smoke: clang-19 or libclang-rt-19-dev missing: skipped"
    exit 77
fi
CC=clang-19 cmake -S "$src" -B "$bld" -DCUCPU_FUZZ=ON -DBUILD_TESTING=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo >/dev/null
cmake --build "$bld" --target cucpu_fuzz -j2 >/dev/null
rm -rf "$bld/run" "$bld/crashes"
mkdir -p "$bld/run/corpus" "$bld/crashes"
sh "$src/tests/fuzz/seeds.sh" "$src" "$bld/run/corpus"
cp "$src"/tests/fuzz/corpus/* "$bld/run/corpus/" 2>/dev/null || true
cd "$bld/run"
export CUCPU_PRELUDE_DIR="$bld/run/prelude"
if ! "$bld/cucpu_fuzz" -max_total_time="$secs" -timeout=60 -rss_limit_mb=4096 -max_len=8192 \
        -close_fd_mask=3 -dict="$src/tests/fuzz/cuda.dict" -artifact_prefix="$bld/crashes/" \
        -print_final_stats=1 corpus >"$bld/fuzz.log" 2>&1; then
    tail -60 "$bld/fuzz.log"
    echo "smoke: a finding; its input is in $bld/crashes/ (tests/fuzz/README.md)"
    exit 1
fi
grep -E "^stat::number_of_executed_units|^#[0-9]+ *DONE" "$bld/fuzz.log" || true
echo "smoke: no finding"
