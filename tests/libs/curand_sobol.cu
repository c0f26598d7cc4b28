// cucpu-libs: -lcurand
// cuRAND's Sobol32 generator against values NVIDIA's library gave on an
// H100 (CUDA 13.0, cuRAND 10.4; tests/libs/curand_record_more.txt, by
// curand_record_more.cu): the host API (CURAND_RNG_QUASI_SOBOL32, 1, 3 and
// 20 dimensions: raw, uniform and double outputs, dimension-major layout,
// a count that is not a multiple of the dimensions) and the device API
// (curandStateSobol32_t from curandGetDirectionVectors32's vectors, with
// an offset, in a kernel), which must give the host API's points.
// Sobol64 (curandGenerateLongLong, curandStateSobol64_t) and Sobol32's last
// dimension against NVIDIA's libcurand host generator (CUDA 13.0,
// curandCreateGeneratorHost on x86-64, which NVIDIA documents to give the
// device's sequence; built by nvcc, this program checks the GPU's too).
#include <curand.h>
#include <curand_kernel.h>
#include <cuda_runtime.h>
#include <string.h>
#include "libcheck.h"

// dims=1 raw n=1000 [0,40)
static const unsigned int rec_d1_raw_0[40] = {
    0x00000000u, 0x80000000u, 0xc0000000u, 0x40000000u, 0x60000000u, 0xe0000000u, 0xa0000000u, 0x20000000u,
    0x30000000u, 0xb0000000u, 0xf0000000u, 0x70000000u, 0x50000000u, 0xd0000000u, 0x90000000u, 0x10000000u,
    0x18000000u, 0x98000000u, 0xd8000000u, 0x58000000u, 0x78000000u, 0xf8000000u, 0xb8000000u, 0x38000000u,
    0x28000000u, 0xa8000000u, 0xe8000000u, 0x68000000u, 0x48000000u, 0xc8000000u, 0x88000000u, 0x08000000u,
    0x0c000000u, 0x8c000000u, 0xcc000000u, 0x4c000000u, 0x6c000000u, 0xec000000u, 0xac000000u, 0x2c000000u,
};
// dims=1 raw n=1000 [992,1000)
static const unsigned int rec_d1_raw_992[8] = {
    0x08400000u, 0x88400000u, 0xc8400000u, 0x48400000u, 0x68400000u, 0xe8400000u, 0xa8400000u, 0x28400000u,
};
// dims=1 uniform n=1000 [0,16)
static const unsigned int rec_d1_uniform_0[16] = {
    0x2f000000u, 0x3f000000u, 0x3f400000u, 0x3e800000u, 0x3ec00000u, 0x3f600000u, 0x3f200000u, 0x3e000000u,
    0x3e400000u, 0x3f300000u, 0x3f700000u, 0x3ee00000u, 0x3ea00000u, 0x3f500000u, 0x3f100000u, 0x3d800000u,
};
// dims=1 udouble n=1000 [0,16)
static const unsigned long long rec_d1_udouble_0[16] = {
    0x3df0000000000000ull, 0x3fe0000000200000ull, 0x3fe8000000200000ull, 0x3fd0000000400000ull, 0x3fd8000000400000ull, 0x3fec000000200000ull,
    0x3fe4000000200000ull, 0x3fc0000000800000ull, 0x3fc8000000800000ull, 0x3fe6000000200000ull, 0x3fee000000200000ull, 0x3fdc000000400000ull,
    0x3fd4000000400000ull, 0x3fea000000200000ull, 0x3fe2000000200000ull, 0x3fb0000001000000ull,
};
// dims=3 raw n=3000 [0,40)
static const unsigned int rec_d3_raw_0[40] = {
    0x00000000u, 0x80000000u, 0xc0000000u, 0x40000000u, 0x60000000u, 0xe0000000u, 0xa0000000u, 0x20000000u,
    0x30000000u, 0xb0000000u, 0xf0000000u, 0x70000000u, 0x50000000u, 0xd0000000u, 0x90000000u, 0x10000000u,
    0x18000000u, 0x98000000u, 0xd8000000u, 0x58000000u, 0x78000000u, 0xf8000000u, 0xb8000000u, 0x38000000u,
    0x28000000u, 0xa8000000u, 0xe8000000u, 0x68000000u, 0x48000000u, 0xc8000000u, 0x88000000u, 0x08000000u,
    0x0c000000u, 0x8c000000u, 0xcc000000u, 0x4c000000u, 0x6c000000u, 0xec000000u, 0xac000000u, 0x2c000000u,
};
// dims=3 raw n=3000 [2000,2040)
static const unsigned int rec_d3_raw_2000[40] = {
    0x00000000u, 0x80000000u, 0x40000000u, 0xc0000000u, 0xa0000000u, 0x20000000u, 0xe0000000u, 0x60000000u,
    0xf0000000u, 0x70000000u, 0xb0000000u, 0x30000000u, 0x50000000u, 0xd0000000u, 0x10000000u, 0x90000000u,
    0x78000000u, 0xf8000000u, 0x38000000u, 0xb8000000u, 0xd8000000u, 0x58000000u, 0x98000000u, 0x18000000u,
    0x88000000u, 0x08000000u, 0xc8000000u, 0x48000000u, 0x28000000u, 0xa8000000u, 0x68000000u, 0xe8000000u,
    0xb4000000u, 0x34000000u, 0xf4000000u, 0x74000000u, 0x14000000u, 0x94000000u, 0x54000000u, 0xd4000000u,
};
// dims=3 raw n=3000 [2992,3000)
static const unsigned int rec_d3_raw_2992[8] = {
    0x74c00000u, 0xf4c00000u, 0x34c00000u, 0xb4c00000u, 0xd4c00000u, 0x54c00000u, 0x94c00000u, 0x14c00000u,
};
// dims=3 uniform n=3000 [0,16)
static const unsigned int rec_d3_uniform_0[16] = {
    0x2f000000u, 0x3f000000u, 0x3f400000u, 0x3e800000u, 0x3ec00000u, 0x3f600000u, 0x3f200000u, 0x3e000000u,
    0x3e400000u, 0x3f300000u, 0x3f700000u, 0x3ee00000u, 0x3ea00000u, 0x3f500000u, 0x3f100000u, 0x3d800000u,
};
// dims=3 udouble n=3000 [0,16)
static const unsigned long long rec_d3_udouble_0[16] = {
    0x3df0000000000000ull, 0x3fe0000000200000ull, 0x3fe8000000200000ull, 0x3fd0000000400000ull, 0x3fd8000000400000ull, 0x3fec000000200000ull,
    0x3fe4000000200000ull, 0x3fc0000000800000ull, 0x3fc8000000800000ull, 0x3fe6000000200000ull, 0x3fee000000200000ull, 0x3fdc000000400000ull,
    0x3fd4000000400000ull, 0x3fea000000200000ull, 0x3fe2000000200000ull, 0x3fb0000001000000ull,
};
// dims=20 raw n=20000 [0,40)
static const unsigned int rec_d20_raw_0[40] = {
    0x00000000u, 0x80000000u, 0xc0000000u, 0x40000000u, 0x60000000u, 0xe0000000u, 0xa0000000u, 0x20000000u,
    0x30000000u, 0xb0000000u, 0xf0000000u, 0x70000000u, 0x50000000u, 0xd0000000u, 0x90000000u, 0x10000000u,
    0x18000000u, 0x98000000u, 0xd8000000u, 0x58000000u, 0x78000000u, 0xf8000000u, 0xb8000000u, 0x38000000u,
    0x28000000u, 0xa8000000u, 0xe8000000u, 0x68000000u, 0x48000000u, 0xc8000000u, 0x88000000u, 0x08000000u,
    0x0c000000u, 0x8c000000u, 0xcc000000u, 0x4c000000u, 0x6c000000u, 0xec000000u, 0xac000000u, 0x2c000000u,
};
// dims=20 raw n=20000 [19000,19040)
static const unsigned int rec_d20_raw_19000[40] = {
    0x00000000u, 0x80000000u, 0x40000000u, 0xc0000000u, 0x20000000u, 0xa0000000u, 0x60000000u, 0xe0000000u,
    0x50000000u, 0xd0000000u, 0x10000000u, 0x90000000u, 0x70000000u, 0xf0000000u, 0x30000000u, 0xb0000000u,
    0x08000000u, 0x88000000u, 0x48000000u, 0xc8000000u, 0x28000000u, 0xa8000000u, 0x68000000u, 0xe8000000u,
    0x58000000u, 0xd8000000u, 0x18000000u, 0x98000000u, 0x78000000u, 0xf8000000u, 0x38000000u, 0xb8000000u,
    0x84000000u, 0x04000000u, 0xc4000000u, 0x44000000u, 0xa4000000u, 0x24000000u, 0xe4000000u, 0x64000000u,
};
// dims=20 raw n=20000 [19992,20000)
static const unsigned int rec_d20_raw_19992[8] = {
    0xe9c00000u, 0x69c00000u, 0xa9c00000u, 0x29c00000u, 0xc9c00000u, 0x49c00000u, 0x89c00000u, 0x09c00000u,
};
// dims=20 uniform n=20000 [0,16)
static const unsigned int rec_d20_uniform_0[16] = {
    0x2f000000u, 0x3f000000u, 0x3f400000u, 0x3e800000u, 0x3ec00000u, 0x3f600000u, 0x3f200000u, 0x3e000000u,
    0x3e400000u, 0x3f300000u, 0x3f700000u, 0x3ee00000u, 0x3ea00000u, 0x3f500000u, 0x3f100000u, 0x3d800000u,
};
// dims=20 udouble n=20000 [0,16)
static const unsigned long long rec_d20_udouble_0[16] = {
    0x3df0000000000000ull, 0x3fe0000000200000ull, 0x3fe8000000200000ull, 0x3fd0000000400000ull, 0x3fd8000000400000ull, 0x3fec000000200000ull,
    0x3fe4000000200000ull, 0x3fc0000000800000ull, 0x3fc8000000800000ull, 0x3fe6000000200000ull, 0x3fee000000200000ull, 0x3fdc000000400000ull,
    0x3fd4000000400000ull, 0x3fea000000200000ull, 0x3fe2000000200000ull, 0x3fb0000001000000ull,
};

// NVIDIA's host generator: Sobol32, 20000 dimensions, n = 320000: the last
// dimension's points 8 .. 15.
static const unsigned int host_d20000_raw_319992[8] = {
    0xd0000000u, 0x50000000u, 0x90000000u, 0x10000000u, 0x30000000u, 0xb0000000u, 0x70000000u, 0xf0000000u};
// Sobol64, 3 dimensions, n = 3000, offset 2^40: dimension 2's first points.
static const unsigned long long host64_d3_off40_2000[6] = {
    0x78d52d80ad800000ull, 0xf8d52d80ad800000ull, 0x38d52d80ad800000ull,
    0xb8d52d80ad800000ull, 0xd8d52d80ad800000ull, 0x58d52d80ad800000ull};
// Sobol64, 3 dimensions, n = 3000: uniform doubles and floats of dimension 1.
static const unsigned long long host64_d3_udouble_1000[4] = {
    0x3c90000000000000ull, 0x3fe0000000000000ull, 0x3fd0000000000001ull, 0x3fe8000000000000ull};
static const unsigned int host64_d3_uniform_1000[4] = {0x2f000000u, 0x3f000000u, 0x3e800000u, 0x3f400000u};

// Outputs [from, from + n) of want against got, by their bits.
static void same32(const char *what, const void *got, const unsigned int *want, size_t n)
{
  const unsigned int *g = (const unsigned int *)got;
  for (size_t i = 0; i < n; i++)
    if (g[i] != want[i]) {
      if (failures < 20)
        printf("%s: [%zu] = %08x, want %08x\n", what, i, g[i], want[i]);
      failures++;
    }
}

static void same64(const char *what, const double *got, const unsigned long long *want, size_t n)
{
  for (size_t i = 0; i < n; i++) {
    unsigned long long b;
    memcpy(&b, &got[i], 8);
    if (b != want[i]) {
      if (failures < 20)
        printf("%s: [%zu] = %016llx, want %016llx\n", what, i, b, want[i]);
      failures++;
    }
  }
}

static unsigned int host32[20000];
static double host64[20000];

// n raw values in dims dimensions from a fresh generator (host copy in host32).
static void raw(unsigned int dims, size_t n, unsigned int *d32)
{
  curandGenerator_t g;
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, dims) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, d32, n) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host32, d32, 4 * n, cudaMemcpyDeviceToHost);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
}

__global__ void sobol64_points(curandDirectionVectors64_t *vectors, int dim,
                               unsigned long long offset, unsigned long long *out, int n)
{
  curandStateSobol64_t s;
  curand_init(vectors[dim], offset, &s);
  for (int i = 0; i < n; i++)
    out[i] = curand(&s);
}

__global__ void sobol_points(curandDirectionVectors32_t *vectors, int dim, unsigned int offset,
                             unsigned int *out, int n)
{
  curandStateSobol32_t s;
  curand_init(vectors[dim], offset, &s);
  for (int i = 0; i < n; i++)
    out[i] = curand(&s);
}

int main(void)
{
  unsigned int *d32;
  double *d64;
  cudaMalloc(&d32, sizeof host32);
  cudaMalloc(&d64, sizeof host64);

  raw(1, 1000, d32);
  same32("dims=1 raw [0,40)", host32, rec_d1_raw_0, 40);
  same32("dims=1 raw [992,1000)", host32 + 992, rec_d1_raw_992, 8);
  raw(3, 3000, d32);
  same32("dims=3 raw [0,40)", host32, rec_d3_raw_0, 40);
  same32("dims=3 raw [2000,2040)", host32 + 2000, rec_d3_raw_2000, 40);
  same32("dims=3 raw [2992,3000)", host32 + 2992, rec_d3_raw_2992, 8);
  raw(20, 20000, d32);
  same32("dims=20 raw [0,40)", host32, rec_d20_raw_0, 40);
  same32("dims=20 raw [19000,19040)", host32 + 19000, rec_d20_raw_19000, 40);
  same32("dims=20 raw [19992,20000)", host32 + 19992, rec_d20_raw_19992, 8);

  curandGenerator_t g;
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 3) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateUniform(g, (float *)d32, 3000) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host32, d32, 4 * 3000, cudaMemcpyDeviceToHost);
  same32("dims=3 uniform [0,16)", host32, rec_d3_uniform_0, 16);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 20) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateUniformDouble(g, d64, 20000) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host64, d64, 8 * 20000, cudaMemcpyDeviceToHost);
  same64("dims=20 udouble [0,16)", host64, rec_d20_udouble_0, 16);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);

  // Statuses: a count that is not a multiple of the dimensions; no seed
  // for a quasirandom generator; dimensions 1 .. 20000; the quasirandom
  // ordering only.
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 3) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, d32, 1000) == CURAND_STATUS_LENGTH_NOT_MULTIPLE);
  CHECK(curandSetPseudoRandomGeneratorSeed(g, 1234ULL) == CURAND_STATUS_TYPE_ERROR);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 0) == CURAND_STATUS_OUT_OF_RANGE);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 20001) == CURAND_STATUS_OUT_OF_RANGE);
  CHECK(curandSetGeneratorOrdering(g, CURAND_ORDERING_QUASI_DEFAULT) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetGeneratorOrdering(g, CURAND_ORDERING_PSEUDO_DEFAULT) == CURAND_STATUS_OUT_OF_RANGE);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);

  // The device API: dimension 19's points 0 .. 39 and dimension 2's points
  // 992 .. 999 (an offset), as the host API gave them on the GPU.
  curandDirectionVectors32_t *vectors;
  CHECK(curandGetDirectionVectors32(&vectors, CURAND_DIRECTION_VECTORS_32_JOEKUO6) ==
        CURAND_STATUS_SUCCESS);
  curandDirectionVectors32_t *dvec;
  cudaMalloc(&dvec, 20 * sizeof(curandDirectionVectors32_t));
  cudaMemcpy(dvec, vectors, 20 * sizeof(curandDirectionVectors32_t), cudaMemcpyHostToDevice);
  sobol_points<<<1, 1>>>(dvec, 19, 0, d32, 40);
  cudaMemcpy(host32, d32, 4 * 40, cudaMemcpyDeviceToHost);
  same32("device dimension 19 [0,40)", host32, rec_d20_raw_19000, 40);
  sobol_points<<<1, 1>>>(dvec, 2, 992, d32, 8);
  cudaMemcpy(host32, d32, 4 * 8, cudaMemcpyDeviceToHost);
  same32("device dimension 2 [992,1000)", host32, rec_d3_raw_2992, 8);

  // The last of 20000 dimensions.
  unsigned int *big;
  cudaMalloc(&big, 4 * 320000);
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 20000) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, big, 320000) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host32, big + 319992, 4 * 8, cudaMemcpyDeviceToHost);
  same32("dims=20000 raw [319992,320000)", host32, host_d20000_raw_319992, 8);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  cudaFree(big);

  // Sobol64: 64-bit points only (32-bit ones: CURAND_STATUS_TYPE_ERROR, as
  // 64-bit ones from Sobol32), an offset of 2^40 points, the uniforms, and
  // the device API from the 64-bit direction vectors.
  unsigned long long *d64l;
  cudaMalloc(&d64l, 8 * 3000);
  static unsigned long long host64l[3000];
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL64) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 3) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, d32, 3) == CURAND_STATUS_TYPE_ERROR);
  CHECK(curandSetGeneratorOffset(g, 1ull << 40) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateLongLong(g, d64l, 3000) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host64l, d64l, 8 * 3000, cudaMemcpyDeviceToHost);
  same64("sobol64 dims=3 offset 2^40 [2000,2006)", (const double *)(host64l + 2000),
         host64_d3_off40_2000, 6);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL64) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 3) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateUniformDouble(g, d64, 3000) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host64, d64, 8 * 3000, cudaMemcpyDeviceToHost);
  same64("sobol64 dims=3 udouble [1000,1004)", host64 + 1000, host64_d3_udouble_1000, 4);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL64) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetQuasiRandomGeneratorDimensions(g, 3) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateUniform(g, (float *)d32, 3000) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(host32, d32, 4 * 3000, cudaMemcpyDeviceToHost);
  same32("sobol64 dims=3 uniform [1000,1004)", host32 + 1000, host64_d3_uniform_1000, 4);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  CHECK(curandCreateGenerator(&g, CURAND_RNG_QUASI_SOBOL32) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerateLongLong(g, d64l, 3) == CURAND_STATUS_TYPE_ERROR);
  CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);

  curandDirectionVectors64_t *vectors64, *dvec64;
  CHECK(curandGetDirectionVectors64(&vectors64, CURAND_DIRECTION_VECTORS_64_JOEKUO6) ==
        CURAND_STATUS_SUCCESS);
  cudaMalloc(&dvec64, 3 * sizeof(curandDirectionVectors64_t));
  cudaMemcpy(dvec64, vectors64, 3 * sizeof(curandDirectionVectors64_t), cudaMemcpyHostToDevice);
  sobol64_points<<<1, 1>>>(dvec64, 2, 1ull << 40, d64l, 6);
  cudaMemcpy(host64l, d64l, 8 * 6, cudaMemcpyDeviceToHost);
  same64("device sobol64 dimension 2 offset 2^40", (const double *)host64l, host64_d3_off40_2000, 6);
  cudaFree(dvec64);
  cudaFree(d64l);

  cudaFree(dvec);
  cudaFree(d32);
  cudaFree(d64);
  return finish("curand_sobol");
}
