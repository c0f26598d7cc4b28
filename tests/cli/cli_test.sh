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

# --version reads as nvcc's to build systems: CMake's words for nvcc, the
# CUDA release first as V<x.y.z> and last as "release x.y" (FindCUDA).
case_version() {
    out=$("$CUCPU" --version) || fail "--version exited with $?"
    echo "$out" | grep -q 'cucpu' || fail "no 'cucpu' in: $out"
    echo "$out" | grep -q 'nvcc: NVIDIA (R) Cuda compiler driver' || fail "no nvcc identification in: $out"
    [ "$(echo "$out" | grep -o 'V[0-9][0-9.]*' | head -1)" = V12.0.76 ] || fail "first V is not V12.0.76: $out"
    [ "$(echo "$out" | grep -o 'release [0-9.]*' | tail -1)" = "release 12.0" ] || fail "last release is not 12.0: $out"
    [ "$("$CUCPU" -V)" = "$out" ] || fail "-V differs from --version"
}

# -v starts with nvcc's environment lines, even before a complaint about
# the input (CMake runs `nvcc -v __cmake_determine_cuda`); the link line
# holds LIBRARIES= word for word, and the translation names the
# architecture as -arch compute_NN.
case_nvcc_env() {
    root=$(cd "$(dirname "$CUCPU")" && pwd)
    err=$("$CUCPU" -v __cmake_determine_cuda 2>&1) && fail "no input accepted"
    echo "$err" | grep -q "^#\$ TOP=$root\$" || fail "TOP: $err"
    echo "$err" | grep -q '^#\$ NVVMIR_LIBRARY_DIR=.*/nvvm/libdevice$' || fail "NVVMIR_LIBRARY_DIR: $err"
    echo "$err" | grep -q '^#\$ INCLUDES="-I.*"$' || fail "INCLUDES: $err"
    echo "$err" | tail -1 | grep -q "Don't know what to do with '__cmake_determine_cuda'" || fail "last line: $err"
    err=$("$CUCPU" -v -arch=sm_86 "$SRC/gpu_flags.cu" -o gpu 2>&1) || fail "-v build: $err"
    libs=$(echo "$err" | sed -n 's/^#\$ LIBRARIES=//p')
    [ -n "$libs" ] || fail "no LIBRARIES line: $err"
    echo "$err" | grep -v '^#\$ LIBRARIES' | grep -q -F -e "$libs -o gpu" || fail "no link line holds '$libs': $err"
    echo "$err" | grep -q -e '--emit-source -arch compute_86 ' || fail "no -arch compute_86: $err"
    expect_output "gpu flags ok" ./gpu
}

# --options-file (-optf) F,G: the words of the files, as a shell splits
# them, in place; -Xcompiler values group with double quotes, which go.
case_options_file() {
    printf '%s\n' '-I"'"$SRC"'/inc"' "-DGREETING='\"from a file\"'" >inc.rsp
    printf '%s\n' '-o hello' >out.rsp
    "$CUCPU" --options-file inc.rsp,out.rsp "$SRC/hello.cu" || fail "--options-file"
    expect_output "from a file 42" ./hello
    printf '%s\n' '-optf=inc.rsp' >nested.rsp
    "$CUCPU" -optf nested.rsp "$SRC/hello.cu" -o h2 || fail "nested -optf"
    expect_output "from a file 42" ./h2
    err=$("$CUCPU" --options-file missing.rsp "$SRC/hello.cu" 2>&1) && fail "missing file accepted"
    [ "$err" = "cucpu fatal   : Could not open options file 'missing.rsp'" ] || fail "missing: $err"
    out=$("$CUCPU" --dryrun -c -Xcompiler ',"-g"' -Xcompiler '"-DA=1,2",-Wall' "$SRC/thrice.c" 2>&1) || fail "--dryrun"
    echo "$out" | grep -q -e ' -g -DA=1,2 -Wall ' || fail "-Xcompiler quotes: $out"
}

# -keep-dir DIR: the temporary folder goes inside DIR (and stays with -keep).
case_keep_dir() {
    mkdir kd
    "$CUCPU" --keep --keep-dir kd "$SRC/gpu_flags.cu" -o gpu 2>/dev/null || fail "build"
    ls kd/cucpu-*/*gpu_flags.cu.cpp >/dev/null 2>&1 || fail "nothing kept in kd: $(ls -R kd)"
    expect_output "gpu flags ok" ./gpu
}

# Every short and long name in options.def must appear in --help, laid out
# as nvcc's (the long form, the short one in parentheses at column 53);
# the GPU-only options that cucpu ignores come last, in a section of their
# own that lists nothing else.
case_help() {
    out=$("$CUCPU" --help) || fail "--help exited with $?"
    echo "$out" | grep -q '^Usage  : cucpu \[options\] <inputfile>$' || fail "no usage line"
    echo "$out" | grep -q '^--compile                                           (-c)$' ||
        fail "not nvcc's layout: $(echo "$out" | grep -e '--compile')"
    ignored=$(echo "$out" | sed -n '/^GPU-only options, accepted and ignored$/,$p')
    [ -n "$ignored" ] || fail "no section of ignored options"
    want=$(grep -E '^OPT\(.*, +IGNORE,' "$SRC/../../src/driver/options.def" | wc -l)
    got=$(echo "$ignored" | grep -c '^-')
    [ "$got" -eq "$want" ] || fail "$got options in the ignored section, options.def has $want"
    echo "$ignored" | grep -A1 '^-' | grep -q -v -e '^-' -e '^--$' -e 'Ignored' &&
        fail "an option in the ignored section is not ignored: $ignored"
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

# --emit-source writes exactly one file: <base>.cpu.cpp (every .cu is C++).
case_emit_source() {
    "$CUCPU" --emit-source -I"$SRC/inc" "$SRC/hello.cu" || fail "--emit-source"
    files=$(ls -A)
    [ "$files" = hello.cpu.cpp ] || fail "expected only hello.cpu.cpp, found: $files"
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

# One run translates several .cu files: a diagnostic in the second shows
# its line, though the first file's text is gone (it crashed reading it).
case_two_warnings() {
    cp "$SRC/trip_warning.cu" a.cu && cp "$SRC/trip_warning.cu" b.cu || fail "copy"
    "$CUCPU" -c a.cu b.cu 2>err.txt || fail "-c a.cu b.cu: $(cat err.txt)"
    [ -f a.o ] && [ -f b.o ] || fail "objects missing"
    [ "$(grep -c '^b.cu:8:.*warning:' err.txt)" = 1 ] || fail "no warning for b.cu: $(cat err.txt)"
    [ "$(grep -c 'for (int i = 0; i < m; i++)' err.txt)" = 2 ] || fail "source lines: $(cat err.txt)"
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

# -M prints Make rules as nvcc does: `target : source \`, then one header
# per line after four spaces; -MM leaves out the system headers; -MD/-MMD
# write <object>.d next to the object; -MT names the target, -MP adds empty
# rules, and -odir puts the target (and default objects) in a folder.
case_deps() {
    out=$("$CUCPU" -M -I"$SRC" "$SRC/use_twice.cu") || fail "-M"
    first=$(echo "$out" | head -1)
    [ "$first" = "use_twice.o : $SRC/use_twice.cu \\" ] || fail "-M first line: $first"
    echo "$out" | grep -q '^    /usr/include/stdio.h \\$' || fail "-M missed stdio.h: $out"
    echo "$out" | tail -1 | grep -q '^    [^ ]*[^\\]$' || fail "-M last line: $(echo "$out" | tail -1)"
    out=$("$CUCPU" -MM -MT app.o -I"$SRC" "$SRC/use_twice.cu") || fail "-MM"
    echo "$out" | grep -q '^app.o : ' || fail "-MT: $out"
    echo "$out" | grep -q '^    '"$SRC"'/twice\.h' || fail "-MM missed twice.h: $out"
    echo "$out" | grep -q '/usr/include' && fail "-MM listed system headers: $out"
    "$CUCPU" -c -MMD -MP -I"$SRC" "$SRC/use_twice.cu" -o u.o || fail "-c -MMD"
    [ -f u.o ] || fail "-c -MMD wrote no object"
    grep -q '^u.o : ' u.d && grep -q 'twice\.h' u.d || fail "u.d: $(cat u.d 2>&1)"
    tail -2 u.d | head -1 | grep -q '^$' && tail -1 u.d | grep -q 'twice\.h:$' || fail "-MP: $(cat u.d)"
    mkdir od && "$CUCPU" -c -MD -odir od -I"$SRC" "$SRC/use_twice.cu" || fail "-odir"
    [ -f od/use_twice.o ] && head -1 od/use_twice.d | grep -q '^od/use_twice.o : ' ||
        fail "-odir: $(ls od) $(head -1 od/use_twice.d 2>&1)"
    "$CUCPU" -M -odir od -MF x.d -I"$SRC" "$SRC/use_twice.cu" && head -1 x.d | grep -q '^od/use_twice.o : ' ||
        fail "-M -odir -MF: $(head -1 x.d 2>&1)"
}

# Every .cu is C++, as with nvcc: a .cu that is also valid C gives its
# functions C++ linkage, and its inline functions link at -O0. .c inputs go
# to the C compiler, .cpp to the C++ compiler.
case_cxx_cu() {
    "$CUCPU" -O0 -c "$SRC/cxx/lud.cu" || fail "-c lud.cu"
    c++ -c "$SRC/cxx/main.cpp" -o main.o || fail "c++ main.cpp"
    "$CUCPU" lud.o main.o -o lud || fail "link"
    expect_output "lud_cuda(64) = 2080" ./lud
    out=$("$CUCPU" --dryrun -c "$SRC/thrice.c" "$SRC/cxx/main.cpp" "$SRC/cxx/lud.cu" 2>&1) || fail "--dryrun"
    echo "$out" | grep -q '^#\$ cc .*-std=gnu11 .*thrice\.c' || fail ".c not compiled as C: $out"
    echo "$out" | grep -q '^#\$ c++ .*main\.cpp' || fail ".cpp not compiled as C++: $out"
    echo "$out" | grep -q '^#\$ c++ .*lud\.cu\.cpp' || fail ".cu not compiled as C++: $out"
}

# -rdc=true / -dc: __device__ functions and variables of another .cu; -dlink
# writes an object that the link takes.
case_rdc() {
    "$CUCPU" -rdc=true -c "$SRC/rdc/dev.cu" || fail "-rdc=true -c dev.cu"
    "$CUCPU" -dc "$SRC/rdc/main.cu" || fail "-dc main.cu"
    "$CUCPU" -dlink dev.o main.o -o link.o || fail "-dlink"
    "$CUCPU" dev.o main.o link.o -o app || fail "link"
    expect_output "rdc ok" ./app
}

# A __device__ function of another .cu that reads threadIdx: under -rdc=true
# every external __device__ function takes the thread context, so the file
# that only declares it passes it. -dc implies -rdc=true; both define
# __CUDACC_RDC__ (lane_main.cu checks), a plain -c does not.
case_rdc_ctx() {
    "$CUCPU" -dc "$SRC/rdc/dev.cu" && "$CUCPU" -rdc=true -c "$SRC/rdc/lane_main.cu" || fail "-dc"
    "$CUCPU" dev.o lane_main.o -o lane || fail "link"
    expect_output "lane ok" ./lane
    "$CUCPU" -c "$SRC/rdc/lane_main.cu" -o plain.o 2>err.txt && fail "-c without -rdc defined __CUDACC_RDC__"
    grep -q "lane_main.cu:.*__CUDACC_RDC__" err.txt || fail "no #error naming __CUDACC_RDC__"
}

# The libcudart stand-in: a project whose Makefile links .cu objects with
# `g++ ... -L$(CUDA_DIR)/lib64 -lcudart`, and one with gcc; CUDA_DIR is the
# build tree, shaped like a toolkit (bin/nvcc, include/, lib64).
case_cudart() {
    dir=$(dirname "$CUCPU")
    make -s -f "$SRC/proj/Makefile" SRC="$SRC/proj" CUDA_DIR="$dir" CC=gcc CXX=g++ ||
        fail "make CUDA_DIR=$dir"
    expect_output "c++ link: sum 3000 ok" ./app_cxx
    expect_output "c link: sum 3000 ok" ./app_c
    for lib in libcudart.a libcudart_static.a; do
        gcc main_c.o stats.o scale.o sum.o "$dir/lib/$lib" -o by_path || fail "gcc ... $lib"
        expect_output "c link: sum 3000 ok" ./by_path
    done
}

# nvcc's comma lists: -I/a,/b, -DA=1,B=2 (split at every comma), -U, -L,
# -l, -Xcompiler a,b; -ptx, -cubin and -fatbin are errors.
case_lists() {
    out=$("$CUCPU" --dryrun -c -I/a,/b -DA=1,B=2 -UC,D -Xcompiler -Wall,-Wextra \
          -isystem /s1,/s2 "$SRC/thrice.c" 2>&1) || fail "--dryrun"
    echo "$out" | grep -q -e '-I/a -I/b -DA=1 -DB=2 -UC -UD -isystem /s1 -isystem /s2 -Wall -Wextra' ||
        fail "lists: $out"
    out=$("$CUCPU" --dryrun -L/x,/y -lfoo,cudart,bar "$SRC/thrice.c" -o t 2>&1) || fail "--dryrun link"
    echo "$out" | grep -q -e '-L/x -L/y -lfoo -lbar ' || fail "link lists: $out"
    "$CUCPU" -I"$SRC/inc",/nonexistent -DGREETING='"a"',UNUSED=1 "$SRC/hello.cu" -o h || fail "-I,-D build"
    expect_output "a 42" ./h
    for m in ptx cubin fatbin; do
        err=$("$CUCPU" -$m "$SRC/hello.cu" 2>&1) && fail "-$m succeeded"
        echo "$err" | grep -q "^cucpu fatal   : -$m is not supported" || fail "-$m: $err"
    done
    return 0
}

# Kernels build as nvcc's device code does: -O3 and FMA contraction
# (-fmad=true) whatever the host -O; -fmad=false turns contraction off; -G
# gives -O0 -g kernels. Host code keeps the user's -O.
case_kernel_opt() {
    out=$("$CUCPU" --dryrun -O0 -g -c "$SRC/gpu_flags.cu" 2>&1) || fail "--dryrun"
    echo "$out" | grep -q -e '-O0 .*-ffp-contract=fast' || fail "-O0: $out"
    if c++ --version | grep -q 'Free Software'; then
        echo "$out" | grep -q 'CUCPU_KERNEL_OPT=__attribute__((optimize("O3")' || fail "no -O3 for kernels: $out"
        out=$("$CUCPU" --dryrun -G -c "$SRC/gpu_flags.cu" 2>&1) || fail "-G"
        echo "$out" | grep -q 'optimize("O0")' && echo "$out" | grep -q -e ' -g ' || fail "-G: $out"
    fi
    out=$("$CUCPU" --dryrun -fmad=false -c "$SRC/gpu_flags.cu" 2>&1) || fail "-fmad=false"
    echo "$out" | grep -q -e '-ffp-contract=off' || fail "-fmad=false: $out"
    err=$("$CUCPU" -fmad=maybe -c "$SRC/gpu_flags.cu" 2>&1) && fail "-fmad=maybe accepted"
    [ "$err" = "cucpu fatal   : 'maybe': expected true or false" ] || fail "-fmad=maybe: $err"
    # FMA instructions: baseline on AArch64, the fma extension on x86-64
    fused=fused
    [ "$(uname -m)" = x86_64 ] && ! grep -qw fma /proc/cpuinfo && fused=separate
    for flags in "-O0:$fused" "-O0 -fmad=true:$fused" "-O2 -g:$fused" "-G:separate" "-fmad=false:separate"; do
        # shellcheck disable=SC2086
        "$CUCPU" ${flags%:*} "$SRC/fma.cu" -o fma || fail "build ${flags%:*}"
        ./fma "${flags#*:}" || fail "fma.cu with ${flags%:*}"
    done
}

case_run() {
    expect_output "gpu flags ok" "$CUCPU" -run "$SRC/gpu_flags.cu" -o prog
}

# -o naming a directory is refused before anything runs, and a failed
# build leaves the directory (and a device named by -o) alone.
case_output_dir() {
    mkdir outdir
    err=$("$CUCPU" "$SRC/broken.cu" -o outdir 2>&1) && fail "built into a directory"
    [ -d outdir ] || fail "a failed build removed the directory -o named"
    echo "$err" | grep -q "Output file 'outdir' is a directory" || fail "message: $err"
    "$CUCPU" -lib "$SRC/gpu_flags.cu" -o outdir 2>/dev/null && fail "-lib into a directory"
    [ -d outdir ] || fail "-lib removed the directory"
    # --emit-ir writes through a temporary file and a rename, which must not
    # replace a device: as root that turned /dev/null into a regular file.
    if [ -w /dev/null ] && [ -c /dev/null ]; then
        "$CUCPU" --emit-ir "$SRC/fma.cu" -o /dev/null || fail "--emit-ir -o /dev/null"
        [ -c /dev/null ] || fail "--emit-ir -o /dev/null replaced the device"
        "$CUCPU" "$SRC/broken.cu" -o /dev/null 2>/dev/null && fail "broken.cu built"
        [ -c /dev/null ] || fail "a failed build -o /dev/null removed the device"
    fi
}

# An output that is an input is refused: the source stays as it was.
case_output_is_input() {
    cp "$SRC/gpu_flags.cu" a.cu && cp a.cu before.cu
    err=$("$CUCPU" --emit-source a.cu -o a.cu 2>&1) && fail "--emit-source a.cu -o a.cu succeeded"
    cmp -s a.cu before.cu || fail "--emit-source -o overwrote the source"
    echo "$err" | grep -q "Output file 'a.cu' is the input file 'a.cu'" || fail "message: $err"
    ln -s a.cu link.cu
    "$CUCPU" -c a.cu -o link.cu 2>/dev/null && fail "-c -o through a link to the source"
    cmp -s a.cu before.cu || fail "-c -o link.cu overwrote the source"
}

# A write that fails (a full disk) is an error: exit 1, no partial file.
case_full_disk() {
    "$CUCPU" --emit-ir "$SRC/fma.cu" >/dev/full 2>/dev/null && fail "--emit-ir to a full stdout exited 0"
    "$CUCPU" --emit-source "$SRC/gpu_flags.cu" -o - >/dev/full 2>/dev/null && fail "--emit-source -o - to a full stdout exited 0"
    "$CUCPU" -M "$SRC/gpu_flags.cu" >/dev/full 2>/dev/null && fail "-M to a full stdout exited 0"
    "$CUCPU" --emit-ir "$SRC/fma.cu" -o /dev/full 2>/dev/null && fail "--emit-ir -o /dev/full exited 0"
    # A full file system, where one can be mounted (root).
    mkdir full
    if mount -t tmpfs -o size=16k tmpfs full 2>/dev/null; then
        head -c 16384 /dev/zero >full/pad 2>/dev/null
        "$CUCPU" --emit-source "$SRC/gpu_flags.cu" -o full/a.cpp 2>/dev/null; rc1=$?
        "$CUCPU" -c "$SRC/gpu_flags.cu" -o full/a.o 2>/dev/null; rc2=$?
        left=$(ls full)
        umount full
        [ $rc1 -ne 0 ] || fail "--emit-source to a full disk exited 0"
        [ $rc2 -ne 0 ] || fail "-c to a full disk exited 0"
        [ "$left" = pad ] || fail "partial outputs left on the full disk: $left"
    fi
}

# SIGTERM to cucpu stops the host compiler and what it started.
case_sigterm() {
    cat >fakecc <<'EOS'
#!/bin/sh
sleep 60 &
echo $! >"$FAKECC_PID"
wait
EOS
    chmod +x fakecc
    echo 'int main(void) { return 0; }' >x.cpp
    FAKECC_PID=$PWD/pid CUCPU_CXX=$PWD/fakecc "$CUCPU" -c x.cpp -o x.o &
    pid=$!
    i=0
    while [ ! -s pid ] && [ $i -lt 100 ]; do sleep 0.1; i=$((i + 1)); done
    [ -s pid ] || fail "the fake compiler did not start"
    kill -TERM $pid
    wait $pid
    [ $? -eq 143 ] || fail "cucpu did not die of SIGTERM"
    grandchild=$(cat pid)
    i=0
    state=$(ps -o stat= -p "$grandchild")
    while [ -n "$state" ] && [ "${state#Z}" = "$state" ] && [ $i -lt 30 ]; do
        sleep 0.1; i=$((i + 1)); state=$(ps -o stat= -p "$grandchild")
    done
    if [ -n "$state" ] && [ "${state#Z}" = "$state" ]; then
        kill "$grandchild"
        fail "the host compiler's child survived SIGTERM to cucpu"
    fi
    [ ! -e x.o ] || fail "left x.o behind"
}

# --passes= and --print-ir-after= name passes of passes.def (or none).
case_bad_passes() {
    err=$("$CUCPU" --passes=forward,bogus --emit-ir "$SRC/gpu_flags.cu" 2>&1) &&
        fail "--passes=forward,bogus accepted"
    echo "$err" | grep -q "unknown pass 'bogus' in --passes=forward,bogus" || fail "message: $err"
    echo "$err" | grep -q "barrier-elim" || fail "the passes are not listed: $err"
    "$CUCPU" --print-ir-after=nope --emit-ir "$SRC/gpu_flags.cu" 2>/dev/null &&
        fail "--print-ir-after=nope accepted"
    "$CUCPU" --passes=none --emit-ir "$SRC/gpu_flags.cu" >/dev/null || fail "--passes=none"
    "$CUCPU" --passes=forward,split --emit-ir "$SRC/gpu_flags.cu" >/dev/null || fail "--passes=forward,split"
}

"case_$CASE"
