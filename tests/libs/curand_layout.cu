// cucpu-libs: -lcurand
// Where cuRAND's host API takes each output from (XORWOW, Philox4x32-10,
// MRG32k3a) beyond the first state of each subsequence, across calls of
// different kinds and after offsets: the values NVIDIA's libcurand (CUDA
// 13.0, cuRAND 10.4) gave for these calls through its host generator
// (curandCreateGeneratorHost on x86-64, which NVIDIA documents to give the
// device's sequence; this program, built by nvcc, checks the GPU's too).
// Raw values and uniform doubles, compared bit for bit:
//   wraps    outputs past the 81920 MRG32k3a / 262144 Philox first round;
//   mixed    a call after one of another kind: XORWOW and MRG32k3a states
//            go on from the values they gave, Philox groups of 4 outputs
//            from where the previous kind left them;
//   offsets  a Philox offset inside a group, an XORWOW offset whose
//            doubles wrap the 4096 states.
#include <curand.h>
#include <cuda_runtime.h>
#include <string.h>
#include "libcheck.h"

static const unsigned long long want_mrg_wrap[8] = {0x28f5a3c5ull, 0x6a0c4554ull, 0x883a82bcull, 0x375a254dull, 0x9650c684ull, 0xac5068d7ull, 0x30e205e0ull, 0x288c933eull};
static const unsigned long long want_philox_wrap[8] = {0xc50798ffull, 0x2de1f89bull, 0x35542ec6ull, 0x8e29d01aull, 0x9eeede35ull, 0x1cbe137cull, 0xfa277093ull, 0x147edd50ull};
static const unsigned long long want_xorwow_mixed[6] = {0x3fc274198ad92176ull, 0x3fdd6a8081155855ull, 0x3fef9f6378fcbadaull, 0x3febdcdb31158604ull, 0x3fe060613609ae4aull, 0x3fe90b6237551210ull};
static const unsigned long long want_philox_offset_double[6] = {0x3fb47eda813b849cull, 0x3fef80df78c9c8d8ull, 0x3fe123a7ae370b28ull, 0x3fd94f5e92e53cbfull, 0x3fe0dfe0c86331c2ull, 0x3fd2c36830474237ull};
static const unsigned long long want_mrg_mixed_wrap[6] = {0x3fda831155250127ull, 0x3fe107505786f898ull, 0x3fcbad12a6984c3bull, 0x3fe2ca18d096fe43ull, 0x3fe58a0d1af5b4b3ull, 0x3fc87102f0744367ull};
static const unsigned long long want_xorwow_after_normals[8] = {0xde45e5f5ull, 0x8f56485dull, 0x9d0aac2aull, 0xe5dcbadaull, 0xdb6a6a85ull, 0xcf2ac63bull, 0x8a962596ull, 0x7f49507full};
static const unsigned long long want_philox_split_group[3] = {0x3fe123a7ae370b28ull, 0x3fc1db9c6d1a68faull, 0x3fed0f86990d7b68ull};
static const unsigned long long want_philox_split_group_raw[8] = {0x2c03a11bull, 0x4b0da1a1ull, 0x66b9f664ull, 0x9cefb170ull, 0x72777f53ull, 0xd81834f5ull, 0x0a1ccf7full, 0xc4b8aa6eull};
static const unsigned long long want_xorwow_offset_double[8] = {0x3fc274198ad92176ull, 0x3fdd6a8081155855ull, 0x3fef9f6378fcbadaull, 0x3febdcdb31158604ull, 0x3fe060613609ae4aull, 0x3fe90b6237551210ull, 0x3fe3dcd2173d7f5aull, 0x3fe1be91e1c6f322ull};

struct call {
  char kind; // r: curandGenerate, d: curandGenerateUniformDouble, D: NormalDouble
  size_t n;
};
struct layout_case {
  const char *name;
  curandRngType_t type;
  unsigned long long seed, offset;
  int ncalls;
  struct call calls[3];
  int which;   // the call checked
  size_t from; // its outputs [from, from + count of want)
  const unsigned long long *want;
  size_t count;
};

static const struct layout_case cases[] = {
    {"mrg_wrap", CURAND_RNG_PSEUDO_MRG32K3A, 1234ull, 0ull, 1, {{'r', 200000}}, 0, 81916, want_mrg_wrap, 8},
    {"philox_wrap", CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234ull, 0ull, 1, {{'r', 300000}}, 0, 262140, want_philox_wrap, 8},
    {"xorwow_mixed", CURAND_RNG_PSEUDO_XORWOW, 1234ull, 0ull, 2, {{'r', 3}, {'d', 5000}}, 1, 4090, want_xorwow_mixed, 6},
    {"philox_offset_double", CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234ull, 262145ull, 1, {{'d', 6}}, 0, 0, want_philox_offset_double, 6},
    {"mrg_mixed_wrap", CURAND_RNG_PSEUDO_MRG32K3A, 1234ull, 0ull, 2, {{'r', 3}, {'d', 90000}}, 1, 81914, want_mrg_mixed_wrap, 6},
    {"xorwow_after_normals", CURAND_RNG_PSEUDO_XORWOW, 1234ull, 0ull, 2, {{'D', 5000}, {'r', 5000}}, 1, 1592, want_xorwow_after_normals, 8},
    {"philox_split_group", CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234ull, 0ull, 3, {{'d', 262145}, {'d', 3}, {'r', 8}}, 1, 0, want_philox_split_group, 3},
    {"philox_split_group_raw", CURAND_RNG_PSEUDO_PHILOX4_32_10, 1234ull, 0ull, 3, {{'d', 262145}, {'d', 3}, {'r', 8}}, 2, 0, want_philox_split_group_raw, 8},
    {"xorwow_offset_double", CURAND_RNG_PSEUDO_XORWOW, 1234ull, 5ull, 1, {{'d', 4096}}, 0, 4088, want_xorwow_offset_double, 8},
};

int main(void)
{
  static unsigned long long host[300000];
  void *dev;
  cudaMalloc(&dev, sizeof host);
  for (size_t c = 0; c < sizeof cases / sizeof cases[0]; c++) {
    const struct layout_case *k = &cases[c];
    curandGenerator_t g;
    CHECK(curandCreateGenerator(&g, k->type) == CURAND_STATUS_SUCCESS);
    CHECK(curandSetPseudoRandomGeneratorSeed(g, k->seed) == CURAND_STATUS_SUCCESS);
    if (k->offset)
      CHECK(curandSetGeneratorOffset(g, k->offset) == CURAND_STATUS_SUCCESS);
    for (int i = 0; i < k->ncalls; i++) {
      const struct call *a = &k->calls[i];
      if (a->kind == 'r')
        CHECK(curandGenerate(g, (unsigned int *)dev, a->n) == CURAND_STATUS_SUCCESS);
      else if (a->kind == 'd')
        CHECK(curandGenerateUniformDouble(g, (double *)dev, a->n) == CURAND_STATUS_SUCCESS);
      else
        CHECK(curandGenerateNormalDouble(g, (double *)dev, a->n, 0.0, 1.0) == CURAND_STATUS_SUCCESS);
      if (i != k->which)
        continue;
      size_t size = a->kind == 'r' ? 4 : 8;
      cudaMemcpy(host, dev, size * a->n, cudaMemcpyDeviceToHost);
      const unsigned int *h32 = (const unsigned int *)host;
      for (size_t j = 0; j < k->count && k->from + j < a->n; j++) {
        unsigned long long got = a->kind == 'r' ? h32[k->from + j] : host[k->from + j];
        if (got != k->want[j]) {
          printf("%s: output %zu = %llx, want %llx\n", k->name, k->from + j, got, k->want[j]);
          failures++;
        }
      }
    }
    CHECK(curandDestroyGenerator(g) == CURAND_STATUS_SUCCESS);
  }
  cudaFree(dev);
  return finish("curand_layout");
}
