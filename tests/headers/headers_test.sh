#!/bin/sh
# headers_test.sh CUCPU ROOT WORKDIR CASE: one test of cucpu's CUDA headers
# and predefined macros. Each case runs in a fresh WORKDIR, writes the small
# programs it needs there, and exits non-zero saying what it expected.
set -u
CUCPU=$1 ROOT=$2 WORK=$3 CASE=$4
rm -rf "$WORK" && mkdir -p "$WORK" && cd "$WORK" || exit 1

fail() { echo "FAIL [$CASE]: $*" >&2; exit 1; }
# build_run WANT FLAGS... -- FILE: builds FILE with FLAGS, runs it, and
# expects it to print WANT.
build_run() {
    want=$1; shift
    "$CUCPU" "$@" -o prog || fail "'cucpu $*' failed"
    got=$(./prog) || fail "./prog (cucpu $*) exited with $?"
    [ "$got" = "$want" ] || fail "cucpu $*: printed '$got', expected '$want'"
}

# include/ holds every header name of the table, each up to date.
case_toolkit_names() {
    sh "$ROOT/scripts/gen-cuda-headers.sh" --check || fail "include/ is not in step with scripts/cuda-headers.txt"
}

# A header for something cucpu does not provide stops the build with an
# error that names it, in the translator and in a plain C++ compile.
case_unsupported() {
    for h in curand_mtgp32_host.h cuda/std/atomic thrust/system/cuda/memory.h cub/device/device_histogram.cuh \
             cuda_fp8.h cuda_occupancy.h mma.h cusolverDn.h cuda/pipeline; do
        printf '#include <%s>\n__global__ void k(int *p) { *p = 1; }\nint main() { return 0; }\n' "$h" > u.cu
        err=$("$CUCPU" -c u.cu -o u.o 2>&1) && fail "$h: the build succeeded"
        echo "$err" | grep -q "error: \"cucpu: $h (.*) is not supported\"" ||
            fail "$h: no clear error in: $err"
        printf '#include <%s>\nint main() { return 0; }\n' "$h" > u.cpp
        err=$("$CUCPU" -c u.cpp -o u.o 2>&1) && fail "$h in a .cpp: the build succeeded"
        echo "$err" | grep -q "cucpu: $h (.*) is not supported" ||
            fail "$h in a .cpp: no clear error in: $err"
    done
}

# cuda_gl_interop.h may be included (Rodinia's hybridsort does, and calls
# nothing from it); a call of its API is a compile error naming the call.
case_gl_interop() {
    printf '#include <cuda_gl_interop.h>\n#include <cstdio>\n__global__ void k(int *p) { *p = 1; }\nint main() { int *p; cudaMalloc(&p, 4); k<<<1, 1>>>(p); printf("ok\\n"); return 0; }\n' > g.cu
    build_run ok g.cu
    printf '#include <cuda_gl_interop.h>\nint main() { cudaGraphicsResource *r; return cudaGraphicsGLRegisterBuffer(&r, 1, 0); }\n' > c.cu
    err=$("$CUCPU" -c c.cu -o c.o 2>&1) && fail "a call of cudaGraphicsGLRegisterBuffer built"
    echo "$err" | grep -q "c.cu:2:.*cucpu: cudaGraphicsGLRegisterBuffer (graphics interoperability) is not supported" ||
        fail "no clear error for cudaGraphicsGLRegisterBuffer in: $err"
}

# curand.h brings in the runtime API, as the toolkit's does: a host .cpp
# that includes only curand.h calls cudaGetErrorName (cuda-samples'
# MonteCarlo_gold.cpp, through helper_cuda.h).
case_curand_runtime() {
    printf '#include <curand.h>\n#include <cstdio>\nint main() { printf("%%s\\n", cudaGetErrorName(cudaSuccess)); return 0; }\n' > r.cpp
    "$CUCPU" r.cpp -o r -lcurand || fail "a .cpp including only curand.h did not build"
    [ "$(./r)" = cudaSuccess ] || fail "wrong output: $(./r)"
}

# Headers cucpu provides are found before a real toolkit's, even when the
# user points at one (-I/usr/local/cuda/include, as Makefiles do): no
# toolkit header mixes with ours (the old 'redefinition of char1').
case_no_fallback() {
    cat > p.cu <<'CU'
#include <cstdio>
#include <cuda_profiler_api.h>
#include <cuda_runtime.h>
#include <vector_types.h>
__global__ void k(char1 *c) { c[0].x = 7; }
int main() {
    char1 *d, h;
    cudaMalloc(&d, sizeof h);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d %d\n", h.x, (int)cudaProfilerStart(), (int)cudaProfilerStop());
    return 0;
}
CU
    build_run "7 0 0" p.cu
    for dir in /usr/local/cuda/include /usr/local/include; do
        [ -d "$dir" ] && build_run "7 0 0" -I"$dir" p.cu
    done
    return 0
}

# Internal headers that programs include anyway forward to cuda_runtime.h.
case_internal_headers() {
    cat > i.cu <<'CU'
#include <crt/host_defines.h>
#include <device_functions.h>
#include <sm_20_atomic_functions.h>
#include <sm_61_intrinsics.h>
#include <cuda_texture_types.h>
#include <texture_fetch_functions.h>
#include <nvToolsExt.h>
#include <nvToolsExtCudaRt.h>
#include <cstdio>
__global__ void k(int *p) { atomicAdd(p, 2); }
int main() {
    int *d, h = 0;
    cudaMalloc(&d, sizeof h);
    cudaMemset(d, 0, sizeof h);
    nvtxNameCudaDeviceA(0, "host");
    k<<<2, 3>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h, nvtxRangePushA("r") == NVTX_NO_PUSH_POP_TRACKING);
    return 0;
}
CU
    build_run "12 1" i.cu
}

# -Xcompiler -fopenmp: the user asked for OpenMP, so _OPENMP is defined for
# the translator too (the kernel below exists only under it) and the host
# compile keeps it; their own OpenMP code runs.
case_openmp_requested() {
    cat > o.cu <<'CU'
#include <cstdio>
#include <omp.h>
#ifdef _OPENMP
__global__ void fill(int *p) { p[threadIdx.x] = threadIdx.x; }
#endif
int main() {
    int *d, h[8], sum = 0;
    cudaMalloc(&d, sizeof h);
#ifdef _OPENMP
    fill<<<1, 8>>>(d);
#endif
    cudaMemcpy(h, d, sizeof h, cudaMemcpyDeviceToHost);
#pragma omp parallel for reduction(+ : sum)
    for (int i = 0; i < 8; i++)
        sum += h[i];
    printf("%d %d\n", sum, _OPENMP > 200000);
    return 0;
}
CU
    build_run "28 1" -Xcompiler -fopenmp o.cu
    err=$("$CUCPU" -c o.cu -o o.o 2>&1) && fail "without -fopenmp, _OPENMP was defined"
    echo "$err" | grep -q "_OPENMP" || fail "unexpected error without -fopenmp: $err"
}

# A .cpp or .c file is not CUDA: nvcc gives it __NVCC__ and the version
# macros but neither __CUDACC__ nor __CUDA_ARCH__; _OPENMP stays hidden.
case_cpp_macros() {
    cat > h.cpp <<'CPP'
#include <cuda_runtime.h>
#include <stdio.h>
#if defined(__CUDACC__) || defined(__CUDA_ARCH__) || defined(_OPENMP)
#error "a host file sees __CUDACC__, __CUDA_ARCH__ or _OPENMP"
#endif
#if !defined(__NVCC__) || !defined(__CUDACC_VER_MAJOR__) || !defined(__CUDA_RUNTIME_H__)
#error "a host file lacks __NVCC__, __CUDACC_VER_MAJOR__ or __CUDA_RUNTIME_H__"
#endif
int main() { printf("%d\n", CUDART_VERSION >= 12000); return 0; }
CPP
    build_run "1" h.cpp
    cp h.cpp h.c
    build_run "1" h.c
}

# -DCUCPU_HOST_VIEW: __CUDA_ARCH__ stays undefined, device code takes the
# host path of #ifdef __CUDA_ARCH__ (for code whose device path cannot run
# on a CPU).
case_host_view() {
    cat > v.cu <<'CU'
#include <cstdio>
__global__ void k(int *p) {
#ifdef __CUDA_ARCH__
    *p = __CUDA_ARCH__;
#else
    *p = -1;
#endif
}
int main() {
    int *d, h;
    cudaMalloc(&d, sizeof h);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h);
    return 0;
}
CU
    build_run "750" v.cu
    build_run "-1" -DCUCPU_HOST_VIEW v.cu
}

# -arch and -gencode set __CUDA_ARCH__ (and __CUDA_ARCH_LIST__); with
# several, the lowest.
case_arch() {
    cat > a.cu <<'CU'
#include <cstdio>
__global__ void k(int *p) { *p = __CUDA_ARCH__; }
int main() {
    int *d, h;
    cudaMalloc(&d, sizeof h);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d %d\n", h, __CUDA_ARCH_LIST__);
    return 0;
}
CU
    build_run "750 750" a.cu
    build_run "900 900" -arch=sm_90 a.cu
    build_run "860 860" --gpu-architecture compute_86 a.cu
    build_run "800 800" -gencode arch=compute_90,code=sm_90 -gencode arch=compute_80,code=sm_80 a.cu
}

# Arch-dependent overloads follow -arch: atomicAdd(float2 *) exists from
# sm_90 only, so below it a program may define its own; atomicAdd(double *)
# from sm_60 (older code defines it for sm_50, which nvcc 12 accepted).
case_arch_overloads() {
    cat > f2.cu <<'CU'
#include <cstdio>
#ifdef MINE
__device__ float2 atomicAdd(float2 *p, float2 v) {
    return make_float2(atomicAdd(&p->x, v.x), atomicAdd(&p->y, v.y));
}
#endif
__global__ void k(float2 *p) { atomicAdd(p, make_float2(1.0f, 2.0f)); }
int main() {
    float2 *d, h = make_float2(0.0f, 0.0f);
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    k<<<4, 8>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%g %g\n", h.x, h.y);
    return 0;
}
CU
    build_run "32 64" -DMINE f2.cu
    build_run "32 64" -arch=sm_90 f2.cu
    "$CUCPU" -c f2.cu -o f2.o 2>/dev/null && fail "atomicAdd(float2 *) exists below sm_90"
    cat > d.cu <<'CU'
#include <cstdio>
__device__ double atomicAdd(double *p, double v) { double o = *p; *p = o + v; return o; }
__global__ void k(double *p) { atomicAdd(p, 1.5); }
int main() {
    double *d, h = 0.0;
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%g\n", h);
    return 0;
}
CU
    build_run "1.5" -arch=sm_50 d.cu
    "$CUCPU" -c d.cu -o d.o 2>/dev/null && fail "atomicAdd(double *) is missing at sm_75"
    return 0
}

# cuda_fp16.h and cuda_bf16.h as NVIDIA's: the classes convert from and to
# the arithmetic types in device and host code (`half one = 1;`), in a .cu
# and in a .cpp that includes no other CUDA header; .hpp names work; C
# gets the raw types and the conversions; cuda_runtime.h includes neither
# (a program's own `half` stays free); NVIDIA's switches turn parts off.
case_half_types() {
    cat > h.cu <<'CU'
#include <cstdio>
#include <cuda_fp16.hpp>
#include <cuda_bf16.hpp>
__global__ void k(float *out) {
    half one = 1;
    __half h = 2.5, u = 65520.0f;
    nv_bfloat16 b = 3;
    __nv_bfloat162 p = __floats2bfloat162_rn(1.0f, 0.5f);
    float f = h;
    h += one;
    out[0] = f + (float)h + (float)b + __high2float(p * p) + (float)__hisinf(u);
    out[1] = (float)(int)__half(b) + (float)(one < h) + (float)(bool)__hmax(h, -h);
}
int main() {
    float *d, r[2];
    cudaMalloc(&d, sizeof r);
    k<<<1, 1>>>(d);
    cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
    half one = 1;
    __nv_bfloat16 b = 2.0;
    float f = one + one;
    printf("%g %g %g %g\n", r[0], r[1], f, (float)(b * b));
    return 0;
}
CU
    build_run "10.25 5 2 4" h.cu
    cat > h.cpp <<'CPP'
#include <cuda_bf16.h>
#include <stdio.h>
int main() {
    half one = 1;
    __half h = one + one;
    __nv_bfloat16 b = 0.1;
    long long big = h;
    printf("%g %lld %x %x\n", (float)h, big, __bfloat16_as_ushort(b),
           __half_as_ushort(__float2half_ru(0.1f)));
    return 0;
}
CPP
    build_run "2 2 3dcd 2e67" h.cpp
    cat > h.c <<'C'
#include <cuda_bf16.h>
#include <stdio.h>
int main(void) {
    __half_raw r = __double2half(1.0 / 3.0);
    __nv_bfloat16 b = __float2bfloat16_rz(1.0f / 3.0f);
    __half2 p = __floats2half2_rn(0.5f, 2.0f);
    printf("%x %x %g %d\n", r.x, b.x, __high2float(__hmul2(p, p)), __half2int_rn(__hdiv(r, r)));
    return 0;
}
C
    build_run "3555 3eaa 4 1" h.c
    cat > own.cu <<'CU'
#include <cstdio>
__global__ void k(int *p) { int half = 3; *p = half; }
int main() {
    int *d, h, half = 2;
    cudaMalloc(&d, sizeof h);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h + half);
    return 0;
}
CU
    build_run "5" own.cu
    cat > off.cu <<'CU'
#include <cstdio>
#include <cuda_fp16.h>
struct half { int v; };
__global__ void k(__half *p) { p[0] = __hadd(p[0], p[0]); }
int main() {
    __half *d, h = __float2half(1.5f);
    half mine = {4};
    cudaMalloc(&d, sizeof h);
    cudaMemcpy(d, &h, sizeof h, cudaMemcpyHostToDevice);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%g %d\n", __half2float(h), mine.v);
    return 0;
}
CU
    build_run "3 4" -DCUDA_NO_HALF -D__CUDA_NO_HALF_OPERATORS__ -D__CUDA_NO_HALF_CONVERSIONS__ off.cu
    printf '#include <cuda_fp16.h>\n__global__ void k(__half *p) { p[0] = p[0] + p[0]; }\nint main() { return 0; }\n' > ops.cu
    "$CUCPU" -c -D__CUDA_NO_HALF_OPERATORS__ -D__CUDA_NO_HALF_CONVERSIONS__ ops.cu -o ops.o 2>/dev/null &&
        fail "__CUDA_NO_HALF_OPERATORS__ left operator+"
    return 0
}

# The bfloat16 fma family exists from sm_80, as nvcc declares it: built
# for sm_80, e2e/bfloat16_arith.cu checks it too.
case_bf16_fma() {
    "$CUCPU" -arch=sm_80 "$ROOT/tests/e2e/bfloat16_arith.cu" -o prog || fail "build for sm_80 failed"
    out=$(./prog) || fail "bfloat16_arith for sm_80: $out"
    echo "$out" | grep -q "^bf16 fma: checked" || fail "sm_80 did not check the fma family: $out"
    printf '#include <cuda_bf16.h>\n__global__ void k(__nv_bfloat16 *p) { p[0] = __hfma(p[0], p[1], p[2]); }\nint main() { return 0; }\n' > f.cu
    "$CUCPU" -c f.cu -o f.o 2>/dev/null && fail "__hfma on bfloat16 exists below sm_80"
    "$CUCPU" -c -arch=sm_80 f.cu -o f.o || fail "__hfma on bfloat16 is missing at sm_80"
    return 0
}

case_"$CASE"
