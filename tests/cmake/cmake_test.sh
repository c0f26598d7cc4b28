#!/bin/sh
# cmake_test.sh CUCPU SRCDIR WORKDIR CASE: builds one CMake project of this
# folder with cucpu as CMake's CUDA compiler (or, for legacy, as the nvcc
# of FindCUDA), runs what it built and checks the output. The build tree
# next to cucpu is shaped like a CUDA toolkit (bin/nvcc, include/, lib64/),
# so it is also the toolkit root that CMake finds.
set -u
CUCPU=$1 SRC=$2 WORK=$3 CASE=$4
ROOT=$(cd "$(dirname "$CUCPU")" && pwd)
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
# build PROJECT ARGS...: configure SRC/PROJECT into ./build, then build it.
build() {
    project=$1; shift
    cmake -G "Unix Makefiles" -S "$SRC/$project" -B build "$@" >configure.log 2>&1 ||
        { cat configure.log; fail "configure failed"; }
    cmake --build build -j2 >build.log 2>&1 || { cat build.log; fail "build failed"; }
}
# expect_output WANT CMD...: runs CMD, which must succeed and print WANT.
expect_output() {
    want=$1; shift
    got=$("$@") || fail "'$*' exited with $?: $got"
    [ "$got" = "$want" ] || fail "'$*' printed '$got', expected '$want'"
}
# The compiler CMake identified: cucpu presents itself as nvcc of CUDA 12.0.
check_identity() {
    info=build/CMakeFiles/$(cmake --version | sed -n '1s/.* //p')/CMakeCUDACompiler.cmake
    grep -q 'CMAKE_CUDA_COMPILER_ID "NVIDIA"' "$info" &&
        grep -q 'CMAKE_CUDA_COMPILER_VERSION "12\.0\.' "$info" &&
        grep -q "CMAKE_CUDA_COMPILER_TOOLKIT_ROOT \"$ROOT\"" "$info" ||
        fail "compiler identification: $(grep -E 'COMPILER_(ID|VERSION|TOOLKIT_ROOT) ' "$info")"
}

# A static library and an executable in separate .cu files; C++14 and two
# architectures: __CUDA_ARCH_LIST__ is the lowest.
case_lib_app() {
    build lib_app -DCMAKE_CUDA_COMPILER="$CUCPU" -DCMAKE_CUDA_STANDARD=14 \
        -DCMAKE_CUDA_ARCHITECTURES="70;80"
    check_identity
    expect_output "lib_app: ok (c++ 201402, arch 700)" ./build/app
}

# The same as a shared library with CUDA_SEPARABLE_COMPILATION (-rdc=true,
# a device link step), C++17: main.cu calls a __device__ function of the
# library.
case_separable() {
    build lib_app -DCMAKE_CUDA_COMPILER="$CUCPU" -DCMAKE_CUDA_STANDARD=17 \
        -DSEPARABLE=ON -DBUILD_SHARED_LIBS=ON
    [ -f build/libvec.so ] || fail "no shared library built"
    expect_output "lib_app: ok (c++ 201703, arch 750)" ./build/app
}

# CUDA::cublas and CUDA::cufft from find_package(CUDAToolkit): the link
# names in the build tree's lib/ bring in cuBLAS and cuFFT on OpenBLAS and
# FFTW.
case_libs() {
    build libs -DCMAKE_CUDA_COMPILER="$CUCPU"
    grep -q "cublas $ROOT/lib" configure.log ||
        fail "find_package(CUDAToolkit): $(grep cublas configure.log)"
    expect_output "libs: dot 30, fft[1] -2+2i, rand 253d5e15" ./build/libs_app
}

# .cpp and .cu in one executable, linked as C++, with CUDA::cudart from
# find_package(CUDAToolkit), which must find cucpu's tree (not a real
# toolkit that may be installed too).
case_mixed() {
    build mixed -DCMAKE_CUDA_COMPILER="$CUCPU"
    grep -q "CUDAToolkit 12.0.76 in $ROOT/bin" configure.log ||
        fail "find_package(CUDAToolkit): $(grep CUDAToolkit configure.log)"
    expect_output "mixed: ok (runtime 12000)" ./build/mixed
}

# FindCUDA's cuda_add_executable, and CUDA::cudart without the CUDA language.
case_legacy() {
    build legacy -DCUDA_TOOLKIT_ROOT_DIR="$ROOT" -DCUDAToolkit_ROOT="$ROOT"
    grep -q "CUDA 12.0: nvcc $ROOT/bin/nvcc" configure.log ||
        fail "find_package(CUDA): $(grep 'CUDA' configure.log)"
    expect_output "legacy: ok" ./build/legacy
    expect_output "query: 1 device(s), runtime 12000, has multiprocessors" ./build/query
}

"case_$CASE"
