#!/bin/sh
# cli_test.sh CUCPU SRCDIR WORKDIR CASE: one test of cucpu's nvcc-compatible
# command line. Each case runs in a fresh WORKDIR and exits non-zero, saying
# what it expected, when cucpu misbehaves.
set -u
CUCPU=$1 SRC=$2 WORK=$3 CASE=$4
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
# expect_output WANT CMD...: runs CMD, which must succeed and print WANT.
expect_output() {
    want=$1; shift
    got=$("$@") || fail "'$*' exited with $?"
    [ "$got" = "$want" ] || fail "'$*' printed '$got', expected '$want'"
}

case_version() {
    out=$("$CUCPU" --version) || fail "--version exited with $?"
    echo "$out" | grep -q 'cucpu' || fail "no 'cucpu' in: $out"
    echo "$out" | grep -q 'release [0-9][0-9.]*' || fail "no release in: $out"
    [ "$("$CUCPU" -V)" = "$out" ] || fail "-V differs from --version"
}

# Every short and long name in options.def must appear in --help.
case_help() {
    out=$("$CUCPU" --help) || fail "--help exited with $?"
    echo "$out" | grep -q '^Usage: cucpu' || fail "no usage line"
    names=$(grep '^OPT(' "$SRC/../../src/driver/options.def" |
            sed 's/^OPT([A-Z0-9_]*, *//' | cut -d, -f1-2 | tr ',' '\n' |
            sed 's/^ *//; s/ *$//' | grep '^"' | tr -d '"')
    [ -n "$names" ] || fail "no option names read from options.def"
    for n in $names; do
        echo "$out" | grep -q -e "$n" || fail "--help does not list $n"
    done
}

case_unknown_option() {
    err=$("$CUCPU" --no-such-flag "$SRC/hello.cu" 2>&1 >/dev/null)
    rc=$?
    [ $rc -eq 1 ] || fail "exit code $rc, expected 1"
    [ "$err" = "cucpu fatal   : Unknown option '--no-such-flag'" ] ||
        fail "unexpected message: $err"
    err=$("$CUCPU" -O3 2>&1 >/dev/null)
    rc=$?
    [ $rc -eq 1 ] || fail "no input: exit code $rc, expected 1"
    [ "$err" = "cucpu fatal   : No input files specified; use option --help for more information" ] ||
        fail "no input: unexpected message: $err"
}

case_gpu_flags() {
    err=$("$CUCPU" -arch=sm_80 -gencode arch=compute_80,code=sm_80 -lineinfo \
          -Xptxas -v --use_fast_math -maxrregcount 32 -rdc=true -arch sm_13 \
          -G -m64 --expt-relaxed-constexpr --extended-lambda -res-usage \
          -Wno-deprecated-gpu-targets --default-stream per-thread -t 4 \
          -ftz=true -prec-div=false -prec-sqrt=false -fmad=true \
          --ptxas-options=-v --maxrregcount=64 -diag-suppress 177 \
          -cudart static -code=sm_80 -o gpu "$SRC/gpu_flags.cu" 2>&1) ||
        fail "build failed: $err"
    [ -z "$err" ] || fail "GPU flags produced messages: $err"
    expect_output "gpu flags ok" ./gpu
}

case_separate_compile() {
    "$CUCPU" -arch=sm_80 -I"$SRC" -c "$SRC/twice.cu" -o twice.o || fail "-c twice.cu"
    "$CUCPU" -dc -I "$SRC" "$SRC/use_twice.cu" || fail "-dc use_twice.cu"
    [ -f use_twice.o ] || fail "-c without -o did not write use_twice.o"
    "$CUCPU" twice.o use_twice.o -o app -lcudart || fail "link"
    expect_output "twice(21) = 42" ./app
    "$CUCPU" -c -I"$SRC" "$SRC/twice.cu" "$SRC/use_twice.cu" || fail "-c two inputs"
    [ -f twice.o ] && [ -f use_twice.o ] || fail "-c two inputs: objects missing"
}

case_defines_includes() {
    "$CUCPU" -I"$SRC/inc" -DGREETING='"hi from -D"' "$SRC/hello.cu" -o a ||
        fail "-I/-D build"
    expect_output "hi from -D 42" ./a
    "$CUCPU" --include-path "$SRC/inc" --define-macro GREETING='"long"' \
        -Xcompiler -Wall,-Wextra "$SRC/hello.cu" || fail "long forms build"
    expect_output "long 42" ./a.out
}

# --emit-source writes exactly one file: <base>.cpu.c or <base>.cpu.cpp.
case_emit_source() {
    "$CUCPU" --emit-source -I"$SRC/inc" "$SRC/hello.cu" || fail "--emit-source"
    files=$(ls -A)
    case "$files" in
    hello.cpu.c|hello.cpu.cpp) ;;
    *) fail "expected only hello.cpu.c(pp), found: $files" ;;
    esac
    grep -q CLI_ANSWER "$files" || fail "$files does not hold the program"
    "$CUCPU" -cuda -I"$SRC/inc" "$SRC/hello.cu" -o out.txt || fail "-cuda -o"
    [ -s out.txt ] || fail "-cuda -o out.txt wrote nothing"
    [ "$(ls -A | wc -l)" -eq 2 ] || fail "-cuda -o wrote extra files: $(ls -A)"
}

case_failed_compile() {
    "$CUCPU" "$SRC/broken.cu" -o broken 2>err.txt && fail "broken.cu built"
    grep -q 'broken.cu' err.txt || fail "message does not name broken.cu: $(cat err.txt)"
    [ ! -e broken ] || fail "left the output file behind"
    "$CUCPU" -c "$SRC/broken.cu" -o broken.o 2>/dev/null && fail "-c broken.cu built"
    [ ! -e broken.o ] || fail "left broken.o behind"
    "$CUCPU" -c "$SRC/gpu_flags.cu" "$SRC/broken.cu" 2>/dev/null && fail "-c pair built"
    [ ! -e gpu_flags.o ] || fail "left gpu_flags.o of a failed run behind"
}

case_make() {
    make -s -f "$SRC/make/Makefile" SRC="$SRC/make" NVCC="$CUCPU" app ||
        fail "make NVCC=cucpu"
    expect_output "twice(21) = 42" ./app
}

case_mixed_c() {
    "$CUCPU" -I"$SRC" "$SRC/mixed_main.cu" "$SRC/thrice.c" -o mixed || fail "build"
    expect_output "thrice(14) = 42" ./mixed
    cp "$SRC/mixed_main.cu" main.txt
    "$CUCPU" -I"$SRC" -x cu main.txt -x none "$SRC/thrice.c" -o mixed2 ||
        fail "-x cu build"
    expect_output "thrice(14) = 42" ./mixed2
}

case_dryrun() {
    err=$("$CUCPU" --dryrun "$SRC/gpu_flags.cu" -o never 2>&1) || fail "--dryrun"
    echo "$err" | grep -q '^#\$ .*-fopenmp' || fail "no commands printed: $err"
    [ ! -e never ] || fail "--dryrun built the program"
}

# GCC on x86-64 gets 32-byte loop and jump alignment at -O1 and above (see
# push_placement_flags in toolchain.c); -O0, other compilers and other
# targets do not, and the user's -Xcompiler flags come after ours.
case_placement() {
    [ "$(uname -m)" = x86_64 ] || return 0
    mkdir -p bin && printf '#!/bin/sh\nexit 0\n' >bin/x86_64-linux-gnu-gcc-12 &&
        cp bin/x86_64-linux-gnu-gcc-12 bin/clang-19 && chmod +x bin/* || fail "setup"
    out=$(CUCPU_CC=./bin/x86_64-linux-gnu-gcc-12 "$CUCPU" --dryrun -x c -O3 -Xcompiler -falign-loops=64 -c "$SRC/thrice.c" 2>&1) ||
        fail "--dryrun with gcc"
    echo "$out" | grep -q -e '-O3 -falign-loops=32 -falign-jumps=32 .*-falign-loops=64' ||
        fail "gcc at -O3: $out"
    out=$(CUCPU_CC=./bin/x86_64-linux-gnu-gcc-12 "$CUCPU" --dryrun -x c -O0 -c "$SRC/thrice.c" 2>&1) || fail "-O0"
    echo "$out" | grep -q -e '-falign' && fail "gcc at -O0: $out"
    out=$(CUCPU_CC="ccache ./bin/clang-19" "$CUCPU" --dryrun -x c -O3 -c "$SRC/thrice.c" 2>&1) || fail "clang"
    echo "$out" | grep -q -e '-falign' && fail "clang: $out"
    return 0
}

# -M prints Make rules; -MMD writes <object>.d next to the object.
case_deps() {
    out=$("$CUCPU" -M -I"$SRC" "$SRC/use_twice.cu") || fail "-M"
    echo "$out" | grep -q '^use_twice.o:' || fail "-M printed: $out"
    echo "$out" | grep -q 'twice\.h' || fail "-M missed twice.h: $out"
    "$CUCPU" -c -MMD -MP -I"$SRC" "$SRC/use_twice.cu" -o u.o || fail "-c -MMD"
    [ -f u.o ] || fail "-c -MMD wrote no object"
    grep -q '^u.o:' u.d && grep -q 'twice\.h' u.d || fail "u.d: $(cat u.d 2>&1)"
}

case_run() {
    expect_output "gpu flags ok" "$CUCPU" -run "$SRC/gpu_flags.cu" -o prog
}

"case_$CASE"
