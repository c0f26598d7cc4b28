// cucpu-libs: -lcurand
// cuRAND host API against values recorded on an H100 with CUDA 13 (the
// program and its full output: /work/probe/curand, curand_probe.cu): for
// XORWOW, Philox4x32-10 and MRG32k3a with seed 1234, curandGenerate (65536
// values, then 4096 more; 1000 and 1000 more; offset 100), the uniform
// floats and doubles, and a second seed are bit-identical at a sample of
// positions (first values, a subsequence boundary, the middle, the end).
// The float normals and log-normals are bit-identical too (the GPU's
// Box-Muller takes __sincosf, MUFU.SIN/COS, and CUDA's logf, the
// log-normals CUDA's expf, MUFU.EX2: all modelled exactly in cucpu_mufu.h),
// and so are the double normals (CUDA's double sincospi and log, ported
// step for step in cucpu_gpu_double.h).
#include <curand.h>
#include <cuda_runtime.h>
#include <string.h>
#include "libcheck.h"

static const unsigned int xorwow_raw_first[] = {0x253d5e15u, 0xd1f7605au, 0x8ce6f6f8u, 0x4b79ff67u, 0xea2bee0du, 0xde75663fu, 0x526964f3u, 0xc8694a55u, 0xe5dcbadau, 0x6f558604u, 0xed29ae49u, 0xa5e31ffcu, 0xd739dd29u};
static const unsigned int xorwow_raw_second[] = {0x245d7680u, 0x57bbdb70u, 0xf6c72414u};
static const unsigned int xorwow_raw_n1000_second[] = {0x8fd7f983u, 0x7b31e9d4u, 0x2f1549c4u};
static const unsigned int xorwow_raw_offset100[] = {0xb1a4bf38u, 0x508aae8fu, 0x36d4ce40u};
static const unsigned int xorwow_uniform[] = {0x3e14f578u, 0x3f51f760u, 0x3f0ce6f7u, 0x3e96f3ffu, 0x3edeab0cu, 0x3f0ff205u, 0x3f5739ddu};
static const unsigned long long xorwow_uniformdouble[] = {0x3fdbd561cb7abc2bull, 0x3feda53518d7605aull, 0x3fe9faa2cee6f6f8ull, 0x3fd3bf5f4073fecfull, 0x3fdd216d58cdb5e5ull, 0x3fbf0f24bdf57af4ull};
static const unsigned int xorwow_normal[] = {0x3f47ede3u, 0xbfe69a1bu, 0xbe8fcb67u, 0x3f104495u, 0x3ff83209u, 0x3ee8f35cu, 0x3eecf868u};
static const unsigned int xorwow_normal_m2s3[] = {0x401c1612u, 0x3ef79b76u, 0x402ab816u};
static const unsigned long long xorwow_normaldouble[] = {0x3fd6f597c59bea14ull, 0xbff3d55ef2db6411ull, 0xbfb76c3e15c318a5ull, 0xbfd853de628f3853ull, 0x3ff71a02d20cd77eull, 0x3ff00ab2fe44765full, 0x3fbc85122b7dd5afull};
static const unsigned int xorwow_lognormal[] = {0x400044c3u, 0x3f868277u, 0x3fc4ba2bu, 0x3ff2f702u, 0x3fecec7cu};
static const unsigned int xorwow_seed2[] = {0x882230efu, 0x1253cb95u, 0x788060a7u, 0xf313c2eau, 0x33dc4047u};
static const unsigned int philox_raw_first[] = {0x2090b348u, 0xda7cf0abu, 0x4401906fu, 0xcbca470eu, 0xd115a128u, 0x52fc7c75u, 0xc7f33f17u, 0x0f1539dbu, 0x3aad5500u, 0x7a6635c0u, 0x3734acf6u, 0x223d2a69u, 0x71c59ae0u};
static const unsigned int philox_raw_second[] = {0xdf22962du, 0x876776abu, 0x912c4ba6u};
static const unsigned int philox_raw_n1000_second[] = {0x529a69d1u, 0x629b4dbau, 0x17af4f78u};
static const unsigned int philox_raw_offset100[] = {0x49e4c2aau, 0x856bdb6bu, 0x31aa65acu};
static const unsigned int philox_uniform[] = {0x3e0242cdu, 0x3f5a7cf1u, 0x3e880321u, 0x3f4bca47u, 0x3ef4cc6cu, 0x3de155fdu, 0x3ee38b36u};
static const unsigned long long philox_uniformdouble[] = {0x3feb4f9e35f0b348ull, 0x3fe97948a5c19070ull, 0x3fbcbe178b76f1acull, 0x3fb47eda813b849cull, 0x3fcb9a579298d702ull, 0x3fe6429f59d89422ull};
static const unsigned int philox_normal[] = {0xbfcee929u, 0x3f9d54f1u, 0xbfc7bfccu, 0x3eede2b7u, 0x3f97e36bu, 0x3e85360eu, 0x3f24e7dcu};
static const unsigned int philox_normal_m2s3[] = {0x3fb69528u, 0x40330f56u, 0x40365854u};
static const unsigned long long philox_normaldouble[] = {0xbfe143cd7d47b538ull, 0x3fc48fa22ccec994ull, 0x3ff02192defaa9c0ull, 0x3ffd50e49657caf7ull, 0xbff7b08d1e7b44c9ull, 0x3fedf36f5f4c3c83ull, 0xbfd81d8926d171efull};
static const unsigned int philox_lognormal[] = {0x3f8ce140u, 0x400f7a00u, 0x3f8edd41u, 0x3fed0799u, 0x3ff7e94bu};
static const unsigned int philox_seed2[] = {0xad7a73b9u, 0xdd328137u, 0xb5a5bd0cu, 0xda977a22u, 0x414011c2u};
static const unsigned int mrg32k3a_raw_first[] = {0xc96891f0u, 0x26f0d612u, 0xef269080u, 0xfc8fa50eu, 0xfcef6715u, 0x4df33f46u, 0xed30be53u, 0x6e9aabc4u, 0xa85b4ff8u, 0x9dda211du, 0x44f3c35fu, 0x80f3a254u, 0xce213c30u};
static const unsigned int mrg32k3a_raw_second[] = {0xb444facfu, 0x222c1537u, 0xbaffdfa7u};
static const unsigned int mrg32k3a_raw_n1000_second[] = {0x5f0b5eeau, 0x311e3eeeu, 0xe8eb83ecu};
static const unsigned int mrg32k3a_raw_offset100[] = {0xfa3c23dbu, 0xb5f2e539u, 0xa50aac24u};
static const unsigned int mrg32k3a_uniform[] = {0x3f496892u, 0x3e1bc358u, 0x3f6f2691u, 0x3f7c8fa5u, 0x3f1dda21u, 0x3e858bbdu, 0x3f4e213cu};
static const unsigned long long mrg32k3a_uniformdouble[] = {0x3fe92d123e0dcbe5ull, 0x3fc3786b09654f63ull, 0x3fede4d21007cf80ull, 0x3fef91f4a1c628b9ull, 0x3fe3bb4423bbe2a2ull, 0x3fec54045d409791ull};
static const unsigned int mrg32k3a_normal[] = {0xbeb8a795u, 0xbf175e37u, 0xbfdbf8ffu, 0xbf66d00cu, 0x3d39394cu, 0x3ee5c249u, 0x3edd0f64u};
static const unsigned int mrg32k3a_normal_m2s3[] = {0x400c0163u, 0x409e36aau, 0xbfc4b176u};
static const unsigned long long mrg32k3a_normaldouble[] = {0xbfd714f307ceeb23ull, 0xbfe2ebc6fa79b86cull, 0xbffb7f1fab5cbf8dull, 0xbfecda02b85eee3bull, 0x3fa7272b5e038c5full, 0x3fdcb84952dda7d6ull, 0x3fdba1ec91b7d507ull};
static const unsigned int mrg32k3a_lognormal[] = {0x3fc0d757u, 0x3fb60978u, 0x3f8954cfu, 0x3fa872b2u, 0x3feb171fu};
static const unsigned int mrg32k3a_seed2[] = {0xc00cc5fau, 0xf9b57430u, 0xbf980b6bu, 0x919ec587u, 0x58f2b305u};

static const int raw_idx[] = {0, 1, 2, 3, 4, 5, 6, 7, 4095, 4096, 4097, 30001, 65535};
static const int second_idx[] = {0, 1, 4095};
static const int n1000_idx[] = {0, 1, 999};
static const int uniform_idx[] = {0, 1, 2, 3, 4096, 50000, 65535};
static const int udouble_idx[] = {0, 1, 2, 3, 4096, 8191};
static const int normal_idx[] = {0, 1, 2, 3, 4096, 4097, 8191};
static const int m2s3_idx[] = {0, 1, 999};
static const int lognormal_idx[] = {0, 1, 2, 3, 8191};
static const int seed2_idx[] = {0, 1, 2, 3, 8191};

#define N (1 << 16)
#define COUNT(a) (int)(sizeof(a) / sizeof((a)[0]))

struct Ref {
  const char *name;
  curandRngType_t type;
  const unsigned *raw_first, *raw_second, *raw_n1000_second, *raw_offset100, *uniform;
  const unsigned long long *uniformdouble;
  const unsigned *normal, *normal_m2s3;
  const unsigned long long *normaldouble;
  const unsigned *lognormal, *seed2;
};


static void check_bits(const char *what, const char *gen, const unsigned *got, const int *idx, int n,
                       const unsigned *want)
{
  for (int i = 0; i < n; i++)
    if (got[idx[i]] != want[i]) {
      printf("%s %s[%d] = %08x, want %08x\n", gen, what, idx[i], got[idx[i]], want[i]);
      failures++;
    }
}

static void check_bits64(const char *what, const char *gen, const unsigned long long *got,
                         const int *idx, int n, const unsigned long long *want)
{
  for (int i = 0; i < n; i++)
    if (got[idx[i]] != want[i]) {
      printf("%s %s[%d] = %016llx, want %016llx\n", gen, what, idx[i], got[idx[i]], want[i]);
      failures++;
    }
}

static curandGenerator_t make(curandRngType_t t, unsigned long long seed)
{
  curandGenerator_t g;
  CHECK(curandCreateGenerator(&g, t) == CURAND_STATUS_SUCCESS);
  CHECK(curandSetPseudoRandomGeneratorSeed(g, seed) == CURAND_STATUS_SUCCESS);
  return g;
}

static void run(const Ref *r, unsigned *du, float *df, double *dd, unsigned *hu, float *hf, double *hd)
{
  curandGenerator_t g = make(r->type, 1234ULL);
  CHECK(curandGenerate(g, du, N) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hu, du, N * 4, cudaMemcpyDeviceToHost);
  check_bits("raw first", r->name, hu, raw_idx, COUNT(raw_idx), r->raw_first);
  CHECK(curandGenerate(g, du, 4096) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hu, du, 4096 * 4, cudaMemcpyDeviceToHost);
  check_bits("raw second", r->name, hu, second_idx, COUNT(second_idx), r->raw_second);
  curandDestroyGenerator(g);

  g = make(r->type, 1234ULL);
  CHECK(curandGenerate(g, du, 1000) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, du, 1000) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hu, du, 1000 * 4, cudaMemcpyDeviceToHost);
  check_bits("raw n1000 second", r->name, hu, n1000_idx, COUNT(n1000_idx), r->raw_n1000_second);
  curandDestroyGenerator(g);

  g = make(r->type, 1234ULL);
  CHECK(curandSetGeneratorOffset(g, 100) == CURAND_STATUS_SUCCESS);
  CHECK(curandGenerate(g, du, 4096) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hu, du, 4096 * 4, cudaMemcpyDeviceToHost);
  check_bits("raw offset100", r->name, hu, second_idx, COUNT(second_idx), r->raw_offset100);
  curandDestroyGenerator(g);

  g = make(r->type, 1234ULL);
  CHECK(curandGenerateUniform(g, df, N) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hu, df, N * 4, cudaMemcpyDeviceToHost);
  check_bits("uniform", r->name, hu, uniform_idx, COUNT(uniform_idx), r->uniform);
  curandDestroyGenerator(g);

  g = make(r->type, 1234ULL);
  CHECK(curandGenerateUniformDouble(g, dd, 8192) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hd, dd, 8192 * 8, cudaMemcpyDeviceToHost);
  check_bits64("uniformdouble", r->name, (const unsigned long long *)hd, udouble_idx, COUNT(udouble_idx),
               r->uniformdouble);
  curandDestroyGenerator(g);

  g = make(r->type, 1234ULL);
  CHECK(curandGenerateNormal(g, df, 8192, 0.0f, 1.0f) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hf, df, 8192 * 4, cudaMemcpyDeviceToHost);
  check_bits("normal", r->name, (const unsigned *)hf, normal_idx, COUNT(normal_idx), r->normal);
  CHECK(curandGenerateNormal(g, df, 1000, 2.0f, 3.0f) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hf, df, 1000 * 4, cudaMemcpyDeviceToHost);
  check_bits("normal second m2s3", r->name, (const unsigned *)hf, m2s3_idx, COUNT(m2s3_idx), r->normal_m2s3);
  curandDestroyGenerator(g);

  g = make(r->type, 1234ULL);
  CHECK(curandGenerateNormalDouble(g, dd, 8192, 0.0, 1.0) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hd, dd, 8192 * 8, cudaMemcpyDeviceToHost);
  check_bits64("normaldouble", r->name, (const unsigned long long *)hd, normal_idx, COUNT(normal_idx), r->normaldouble);
  curandDestroyGenerator(g);

  g = make(r->type, 1234ULL);
  CHECK(curandGenerateLogNormal(g, df, 8192, 0.5f, 0.25f) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hf, df, 8192 * 4, cudaMemcpyDeviceToHost);
  check_bits("lognormal", r->name, (const unsigned *)hf, lognormal_idx, COUNT(lognormal_idx), r->lognormal);
  curandDestroyGenerator(g);

  g = make(r->type, 0xdeadbeefcafeULL);
  CHECK(curandGenerate(g, du, 8192) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hu, du, 8192 * 4, cudaMemcpyDeviceToHost);
  check_bits("raw seed_deadbeefcafe", r->name, hu, seed2_idx, COUNT(seed2_idx), r->seed2);
  curandDestroyGenerator(g);
}

#define REF(n, t)                                                                                  \
  {#n, t, n##_raw_first, n##_raw_second, n##_raw_n1000_second, n##_raw_offset100, n##_uniform,     \
   n##_uniformdouble, n##_normal, n##_normal_m2s3, n##_normaldouble, n##_lognormal, n##_seed2}

int main(void)
{
  static const Ref refs[] = {REF(xorwow, CURAND_RNG_PSEUDO_XORWOW),
                             REF(philox, CURAND_RNG_PSEUDO_PHILOX4_32_10),
                             REF(mrg32k3a, CURAND_RNG_PSEUDO_MRG32K3A)};
  unsigned *du, *hu = (unsigned *)malloc(N * 4);
  float *df, *hf = (float *)malloc(N * 4);
  double *dd, *hd = (double *)malloc(N * 8);
  cudaMalloc(&du, N * 4);
  cudaMalloc(&df, N * 4);
  cudaMalloc(&dd, N * 8);
  for (int i = 0; i < 3; i++)
    run(&refs[i], du, df, dd, hu, hf, hd);
  /* PSEUDO_DEFAULT is XORWOW. */
  curandGenerator_t g = make(CURAND_RNG_PSEUDO_DEFAULT, 1234ULL);
  CHECK(curandGenerate(g, du, 8) == CURAND_STATUS_SUCCESS);
  cudaMemcpy(hu, du, 8 * 4, cudaMemcpyDeviceToHost);
  check_bits("default raw", "xorwow", hu, raw_idx, 8, xorwow_raw_first);
  curandDestroyGenerator(g);
  cudaFree(du);
  cudaFree(df);
  cudaFree(dd);
  free(hu);
  free(hf);
  free(hd);
  if (failures)
    return 1;
  printf("PASS\n");
  return 0;
}
