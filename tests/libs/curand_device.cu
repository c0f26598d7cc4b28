// cucpu-libs: -lcurand
// cuRAND device API against values recorded on an H100 with CUDA 13
// (/work/probe/curand/curand_probe.cu, dev.txt): curand_init(seed,
// subsequence, offset) for XORWOW, Philox4x32-10 and MRG32k3a, thread t on
// subsequence base + t (base 0, 3 with offset 7, 2^40 + 5 with offset 2^33,
// 2^20 with offset 123456789), a second seed, skipahead and
// skipahead_sequence, curand_uniform(_double), Philox's curand4 and
// curand_uniform4, curand_normal, curand_normal4, curand_log_normal and
// curand_normal_double: bit-identical (the GPU's __sincosf, logf and expf
// are modelled exactly, cucpu_mufu.h; its double sincospi and log are
// ported step for step, cucpu_gpu_double.h). Also a kernel whose state
// lives in a local across __syncthreads(), one with states in global
// memory indexed by thread id, and a __device__ function that takes the
// state by pointer.
#include <curand_kernel.h>
#include <cuda_runtime.h>
#include <string.h>
#include "libcheck.h"

static const unsigned int d_xorwow_sub0[] = {0x253d5e15u, 0x6f558604u, 0xdee6daf2u, 0x95269734u, 0xd1f7605au, 0xed29ae49u, 0xd33eb828u, 0xcfd37cc5u};
static const unsigned int d_xorwow_sub3off7[] = {0xfe9de6a0u, 0xf8544cdau, 0xf4fa7f9cu, 0x565a6215u};
static const unsigned int d_xorwow_subbig[] = {0x26975440u, 0x502216e0u, 0x2b6223cbu, 0xc7a707b1u, 0x1d49cb82u, 0x0b9fb58eu, 0xb55d021cu};
static const unsigned int d_xorwow_sub2e20[] = {0xe697befeu, 0x2ae171a4u, 0xaa5abb45u};
static const unsigned int d_xorwow_seed2[] = {0x882230efu, 0x435e1525u, 0x1253cb95u, 0x302ea98fu};
static const unsigned int d_xorwow_skip[] = {0x253d5e15u, 0x6f558604u, 0xe595df33u, 0x5a18ba4bu, 0x4213091fu, 0xf69432feu};
static const unsigned int d_xorwow_uniform[] = {0x3e14f578u, 0x3edeab0cu, 0x3f5ee6dbu, 0x3ee90b67u, 0x3f51f760u, 0x3f4adcc5u};
static const unsigned long long d_xorwow_uniformdouble[] = {0x3fd77970dbfecdabull, 0x3fe60800318d0e4aull, 0x3fe72f5294773482ull, 0x3fe2a4d22f4ed284ull, 0x3fd827b653ca12f5ull, 0x3fe9fa6fd2c67b66ull};
static const unsigned int d_xorwow_normal[] = {0xbe8cc0a6u, 0xbef70f74u, 0xbfdf1161u, 0x3ed1bee2u, 0x3d9269e0u, 0xbe4329ebu};
static const unsigned long long d_xorwow_normaldouble[] = {0xbff23d9d065c70aeull, 0xbfe79d8b276952b0ull, 0xbfe5eeb1e23f300aull, 0x3ffc0c98bf460263ull, 0x3fd92f66437d3233ull, 0xbfece58da9ce13a3ull};
static const unsigned int d_xorwow_lognormal[] = {0x3fa9906fu, 0x402b099bu, 0x3f99073du, 0x3fd1f9bbu, 0x4004c347u, 0x3fcd0501u};
static const unsigned int d_philox_sub0[] = {0x2090b348u, 0xda7cf0abu, 0x4401906fu, 0xe87c375eu, 0xd115a128u, 0x52fc7c75u, 0x8bdfc6b1u, 0x1a2bc393u};
static const unsigned int d_philox_sub3off7[] = {0xb9e62021u, 0x5e6a30beu, 0xbd36d34eu, 0x218cc9c3u};
static const unsigned int d_philox_subbig[] = {0x1b253241u, 0x51fda1b1u, 0xc39da433u, 0x66a3ac30u, 0x2eaea195u, 0xb5e16048u, 0x8b32c666u};
static const unsigned int d_philox_sub2e20[] = {0x20e91b61u, 0xd22d6dd7u, 0xdc4b2a87u};
static const unsigned int d_philox_seed2[] = {0xad7a73b9u, 0xdd328137u, 0x5d1de132u, 0x9e262a03u};
static const unsigned int d_philox_skip[] = {0x2090b348u, 0xda7cf0abu, 0x1ebcf59fu, 0x14418927u, 0xc017aafcu, 0xc5b755b0u};
static const unsigned int d_philox_uniform[] = {0x3e0242cdu, 0x3f5a7cf1u, 0x3e880321u, 0x3f4bca47u, 0x3f5115a1u, 0x3f308270u};
static const unsigned long long d_philox_uniformdouble[] = {0x3fcfe4e46c800000ull, 0x3fef80df47200000ull, 0x3fe982e165000000ull, 0x3fe123a762400000ull, 0x3fc601d08e000000ull, 0x3fdd7bbeae000000ull};
static const unsigned int d_philox_normal[] = {0x3f2211b3u, 0x3f3e4d4eu, 0x3dd437beu, 0x3e40d63bu, 0x3fd16298u, 0xbf797a39u};
static const unsigned long long d_philox_normaldouble[] = {0xbff153af25b17de0ull, 0x3ffa9cb6c3ba3e7aull, 0xbfb093112e6adc3dull, 0x3fda25728a6cdb7cull, 0x3fd0aca21bc8bed5ull, 0x3fca6f1f95e2963dull};
static const unsigned int d_philox_lognormal[] = {0x3ff88396u, 0x3fde7cd6u, 0x3fbd1c0bu, 0x3fafc65du, 0x40046e1fu, 0x3fb7a03bu};
static const unsigned int d_mrg32k3a_sub0[] = {0xc96891f0u, 0x9650c684u, 0x0cbc7881u, 0xcc7477f4u, 0x26f0d612u, 0xac5068d7u, 0xa76fdfefu, 0xd90e21b9u};
static const unsigned int d_mrg32k3a_sub3off7[] = {0x681f76e1u, 0x0c02d812u, 0x60c7004bu, 0xf1c33cf3u};
static const unsigned int d_mrg32k3a_subbig[] = {0x5ec23caeu, 0xa69b6da5u, 0xd8b0caaau, 0x4c6eb9cbu, 0x2c52839du, 0xfc1d63f7u, 0xff383083u};
static const unsigned int d_mrg32k3a_sub2e20[] = {0x42a81957u, 0x103b2802u, 0xbbe9f12cu};
static const unsigned int d_mrg32k3a_seed2[] = {0xc00cc5fau, 0x4979761au, 0xf9b57430u, 0xf371880bu};
static const unsigned int d_mrg32k3a_skip[] = {0xc96891f0u, 0x9650c684u, 0x8644fa8du, 0x79ec9c03u, 0x000e85c3u, 0xccb0f7c5u};
static const unsigned int d_mrg32k3a_uniform[] = {0x3f496892u, 0x3f1650c7u, 0x3d4bc788u, 0x3ebf4224u, 0x3e1bc358u, 0x3edcce7eu};
static const unsigned long long d_mrg32k3a_uniformdouble[] = {0x3fd4b5ad31a85266ull, 0x3fe0bc9bab69fb17ull, 0x3fdccf22fd051b91ull, 0x3fe226c4a9f1a68full, 0x3fbd489c4ae8479aull, 0x3fd4be5c982f6999ull};
static const unsigned int d_mrg32k3a_normal[] = {0xbe1fdf84u, 0x3f900520u, 0xbfa476b0u, 0x3eda7323u, 0xbd29ee6eu, 0x3f9012bau};
static const unsigned long long d_mrg32k3a_normaldouble[] = {0x3ff472f60aa6b430ull, 0x3fdc3298ca50284full, 0xbff2a072b68b060dull, 0x3fd7835a96db27bbull, 0xbff08792835eb5e6ull, 0x3ff3b2ffcd455f74ull};
static const unsigned int d_mrg32k3a_lognormal[] = {0x3f999969u, 0x3fbf5ae5u, 0x3f88d51cu, 0x3fc54f58u, 0x40264c18u, 0x3fe7a0e4u};
static const unsigned int d_philox_uniform4[] = {0x3f5a7cf1u, 0x3e880321u, 0x3f4bca47u, 0x3f1eeedeu, 0x3ea5f8f9u, 0x3f1bc26au};
static const unsigned int d_philox_normal4[] = {0xbe991b29u, 0x40047808u, 0x400fd1bdu, 0x3c3f602bu, 0x3f6710d5u, 0x3f80ab55u};
static const unsigned int d_philox_curand4[] = {0x2090b348u, 0xfc06fa38u, 0xcc170b27u, 0x891d3b11u, 0xb6269a3eu, 0xd115a128u, 0x806d57b7u};

#define NT 64
#define PER 16
static const int sub0_idx[] = {0, 1, 2, 15, 16, 17, 63 * 16, 63 * 16 + 15};
static const int sub3_idx[] = {0, 1, 16, 63 * 16 + 15};
static const int subbig_idx[] = {0, 1, 2, 3, 5 * 16, 5 * 16 + 1, 63 * 16 + 15};
static const int sub2e20_idx[] = {0, 1, 63 * 16 + 15};
static const int skip_idx[] = {0, 1, 4, 5, 63 * 4, 63 * 4 + 3};
static const int dist_idx[] = {0, 1, 2, 3, 4, 255};
static const int curand4_idx[] = {0, 1, 2, 3, 4, 5, 319};
#define COUNT(a) (int)(sizeof(a) / sizeof((a)[0]))

template <typename S>
__global__ void dev_raw(unsigned *out, unsigned long long seed, unsigned long long sub, unsigned long long off)
{
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  S st;
  curand_init(seed, sub + t, off, &st);
  for (int i = 0; i < PER; i++)
    out[t * PER + i] = curand(&st);
}

template <typename S>
__global__ void dev_skip(unsigned *out, unsigned long long seed)
{
  int t = threadIdx.x;
  S st;
  curand_init(seed, 0, 0, &st);
  skipahead((unsigned long long)t * 1000003ULL, &st);
  skipahead_sequence((unsigned long long)t, &st);
  for (int i = 0; i < 4; i++)
    out[t * 4 + i] = curand(&st);
}

template <typename S>
__global__ void dev_dist(float *uf, float *nf, double *ud, double *nd, float *ln, unsigned long long seed)
{
  int t = threadIdx.x;
  S st;
  curand_init(seed, t, 0, &st);
  for (int i = 0; i < 4; i++) uf[t * 4 + i] = curand_uniform(&st);
  for (int i = 0; i < 4; i++) nf[t * 4 + i] = curand_normal(&st);
  for (int i = 0; i < 4; i++) ud[t * 4 + i] = curand_uniform_double(&st);
  for (int i = 0; i < 4; i++) nd[t * 4 + i] = curand_normal_double(&st);
  for (int i = 0; i < 4; i++) ln[t * 4 + i] = curand_log_normal(&st, 0.5f, 0.25f);
}

__global__ void dev_philox4(float *u4, float *n4, unsigned *r4, unsigned long long seed)
{
  int t = threadIdx.x;
  curandStatePhilox4_32_10_t st;
  curand_init(seed, t, 0, &st);
  unsigned a = curand(&st);
  float4 u = curand_uniform4(&st);
  float4 n = curand_normal4(&st);
  uint4 r = curand4(&st);
  u4[t * 4 + 0] = u.x; u4[t * 4 + 1] = u.y; u4[t * 4 + 2] = u.z; u4[t * 4 + 3] = u.w;
  n4[t * 4 + 0] = n.x; n4[t * 4 + 1] = n.y; n4[t * 4 + 2] = n.z; n4[t * 4 + 3] = n.w;
  r4[t * 5 + 0] = a; r4[t * 5 + 1] = r.x; r4[t * 5 + 2] = r.y; r4[t * 5 + 3] = r.z; r4[t * 5 + 4] = r.w;
}

/* A __device__ function that draws through a pointer. */
__device__ unsigned draw(curandState *s) { return curand(s); }

/* The state lives in a local across a barrier; values go through shared
 * memory to the neighbour thread. out[t * 3 + k] is thread t's value k. */
__global__ void barrier_local(unsigned *out)
{
  __shared__ unsigned sh[NT];
  int t = threadIdx.x;
  curandState st;
  curand_init(1234ULL, t, 0, &st);
  sh[t] = draw(&st);
  __syncthreads();
  unsigned mine = sh[(t + 1) % NT];
  __syncthreads();
  sh[t] = curand(&st);
  __syncthreads();
  out[((t + 1) % NT) * 3 + 0] = mine;
  out[t * 3 + 1] = sh[t];
  out[t * 3 + 2] = draw(&st);
}

/* States in global memory, set up by one kernel and drawn by another. */
__global__ void setup_global(curandStateMRG32k3a *states)
{
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  curand_init(1234ULL, t, 0, &states[t]);
}
__global__ void draw_global(curandStateMRG32k3a *states, unsigned *out)
{
  int t = threadIdx.x + blockIdx.x * blockDim.x;
  curandStateMRG32k3a local = states[t];
  out[t * 2] = curand(&local);
  states[t] = local;
  __syncthreads();
  out[t * 2 + 1] = curand(&states[t]);
}

static void check_bits(const char *what, const unsigned *got, const int *idx, int n, const unsigned *want)
{
  for (int i = 0; i < n; i++)
    if (got[idx[i]] != want[i]) {
      printf("%s[%d] = %08x, want %08x\n", what, idx[i], got[idx[i]], want[i]);
      failures++;
    }
}
static void check_bits64(const char *what, const double *got, const int *idx, int n, const unsigned long long *want)
{
  for (int i = 0; i < n; i++) {
    unsigned long long u;
    memcpy(&u, &got[idx[i]], 8);
    if (u != want[i]) {
      printf("%s[%d] = %016llx, want %016llx\n", what, idx[i], u, want[i]);
      failures++;
    }
  }
}
struct DevRef {
  const unsigned *sub0, *sub3off7, *subbig, *sub2e20, *seed2, *skip, *uniform;
  const unsigned long long *uniformdouble;
  const unsigned *normal;
  const unsigned long long *normaldouble;
  const unsigned *lognormal;
};
#define DREF(n)                                                                                    \
  {d_##n##_sub0, d_##n##_sub3off7, d_##n##_subbig, d_##n##_sub2e20, d_##n##_seed2, d_##n##_skip,   \
   d_##n##_uniform, d_##n##_uniformdouble, d_##n##_normal, d_##n##_normaldouble, d_##n##_lognormal}

template <typename S>
static void run(const char *name, const DevRef &r, unsigned *du, unsigned *hu)
{
  char what[96];
  struct { unsigned long long sub, off; const int *idx; int n; const unsigned *want; const char *tag; } cfg[] = {
      {0, 0, sub0_idx, COUNT(sub0_idx), r.sub0, "sub0"},
      {3, 7, sub3_idx, COUNT(sub3_idx), r.sub3off7, "sub3 off7"},
      {(1ULL << 40) + 5, 1ULL << 33, subbig_idx, COUNT(subbig_idx), r.subbig, "sub 2^40+5 off 2^33"},
      {1ULL << 20, 123456789ULL, sub2e20_idx, COUNT(sub2e20_idx), r.sub2e20, "sub 2^20 off 123456789"}};
  for (auto &c : cfg) {
    dev_raw<S><<<1, NT>>>(du, 1234ULL, c.sub, c.off);
    cudaMemcpy(hu, du, NT * PER * 4, cudaMemcpyDeviceToHost);
    snprintf(what, sizeof what, "%s raw %s", name, c.tag);
    check_bits(what, hu, c.idx, c.n, c.want);
  }
  dev_raw<S><<<1, NT>>>(du, 0xdeadbeefcafeULL, 0, 0);
  cudaMemcpy(hu, du, NT * PER * 4, cudaMemcpyDeviceToHost);
  snprintf(what, sizeof what, "%s raw seed_deadbeefcafe", name);
  check_bits(what, hu, sub3_idx, COUNT(sub3_idx), r.seed2);
  dev_skip<S><<<1, NT>>>(du, 1234ULL);
  cudaMemcpy(hu, du, NT * 16, cudaMemcpyDeviceToHost);
  snprintf(what, sizeof what, "%s skipahead", name);
  check_bits(what, hu, skip_idx, COUNT(skip_idx), r.skip);

  float *uf, *nf, *ln, hf[NT * 4];
  double *ud, *nd, hd[NT * 4];
  cudaMalloc(&uf, NT * 16); cudaMalloc(&nf, NT * 16); cudaMalloc(&ln, NT * 16);
  cudaMalloc(&ud, NT * 32); cudaMalloc(&nd, NT * 32);
  dev_dist<S><<<1, NT>>>(uf, nf, ud, nd, ln, 1234ULL);
  cudaMemcpy(hf, uf, NT * 16, cudaMemcpyDeviceToHost);
  snprintf(what, sizeof what, "%s uniform", name);
  check_bits(what, (const unsigned *)hf, dist_idx, COUNT(dist_idx), r.uniform);
  cudaMemcpy(hf, nf, NT * 16, cudaMemcpyDeviceToHost);
  snprintf(what, sizeof what, "%s normal", name);
  check_bits(what, (const unsigned *)hf, dist_idx, COUNT(dist_idx), r.normal);
  cudaMemcpy(hd, ud, NT * 32, cudaMemcpyDeviceToHost);
  snprintf(what, sizeof what, "%s uniform_double", name);
  check_bits64(what, hd, dist_idx, COUNT(dist_idx), r.uniformdouble);
  cudaMemcpy(hd, nd, NT * 32, cudaMemcpyDeviceToHost);
  snprintf(what, sizeof what, "%s normal_double", name);
  check_bits64(what, hd, dist_idx, COUNT(dist_idx), r.normaldouble);
  cudaMemcpy(hf, ln, NT * 16, cudaMemcpyDeviceToHost);
  snprintf(what, sizeof what, "%s log_normal", name);
  check_bits(what, (const unsigned *)hf, dist_idx, COUNT(dist_idx), r.lognormal);
  cudaFree(uf); cudaFree(nf); cudaFree(ln); cudaFree(ud); cudaFree(nd);
}

int main(void)
{
  unsigned *du, hu[NT * PER];
  cudaMalloc(&du, sizeof hu);
  run<curandState>("xorwow", DevRef DREF(xorwow), du, hu);
  run<curandStatePhilox4_32_10_t>("philox", DevRef DREF(philox), du, hu);
  run<curandStateMRG32k3a>("mrg32k3a", DevRef DREF(mrg32k3a), du, hu);

  float *u4, *n4, hf[NT * 4];
  unsigned *r4;
  cudaMalloc(&u4, NT * 16); cudaMalloc(&n4, NT * 16); cudaMalloc(&r4, NT * 20);
  dev_philox4<<<1, NT>>>(u4, n4, r4, 1234ULL);
  cudaMemcpy(hf, u4, NT * 16, cudaMemcpyDeviceToHost);
  check_bits("philox curand_uniform4", (const unsigned *)hf, dist_idx, COUNT(dist_idx), d_philox_uniform4);
  cudaMemcpy(hf, n4, NT * 16, cudaMemcpyDeviceToHost);
  check_bits("philox curand_normal4", (const unsigned *)hf, dist_idx, COUNT(dist_idx), d_philox_normal4);
  cudaMemcpy(hu, r4, NT * 20, cudaMemcpyDeviceToHost);
  check_bits("philox curand4", hu, curand4_idx, COUNT(curand4_idx), d_philox_curand4);

  /* Barrier kernel: thread t's three values are values 0..2 of
   * subsequence t (recorded: thread 0's first three, thread 63's first,
   * and thread 1's first, which is the host API's second XORWOW value). */
  unsigned *db, hb[NT * 3];
  cudaMalloc(&db, sizeof hb);
  barrier_local<<<1, NT>>>(db);
  cudaMemcpy(hb, db, sizeof hb, cudaMemcpyDeviceToHost);
  CHECK(hb[0] == d_xorwow_sub0[0] && hb[1] == d_xorwow_sub0[1] && hb[2] == d_xorwow_sub0[2]);
  CHECK(hb[63 * 3] == d_xorwow_sub0[6]);
  CHECK(hb[1 * 3] == (unsigned)0xd1f7605au); /* thread 1's value 0 (host raw first[1]) */

  curandStateMRG32k3a *states;
  cudaMalloc(&states, 2 * NT * sizeof *states);
  setup_global<<<2, NT>>>(states);
  draw_global<<<2, NT>>>(states, du);
  cudaMemcpy(hu, du, 2 * NT * 2 * 4, cudaMemcpyDeviceToHost);
  CHECK(hu[0] == d_mrg32k3a_sub0[0] && hu[1] == d_mrg32k3a_sub0[1]);
  CHECK(hu[63 * 2] == d_mrg32k3a_sub0[6]);

  cudaFree(du); cudaFree(u4); cudaFree(n4); cudaFree(r4); cudaFree(db); cudaFree(states);
  if (failures)
    return 1;
  printf("PASS\n");
  return 0;
}
