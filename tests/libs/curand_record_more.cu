// cucpu-libs: -lcurand
// curand_record_more.cu: not a test (tests/libs/CMakeLists.txt only
// compiles it with nvcc): a
// recording program, run with nvcc on a GPU, that prints what cuRAND's host
// API generates for the generators cucpu had no recording of: MT19937,
// MTGP32 and Sobol32 (fixed seeds, offsets and dimensions);
// curand_mtgp32.cu and curand_sobol.cu hold the GPU's values.
//   nvcc curand_record_more.cu -lcurand -o rec && ./rec > rec.txt
#include <curand.h>
#include <cuda_runtime.h>
#include <stdio.h>
#include <string.h>

#define CK(x)                                                                                      \
  do {                                                                                             \
    curandStatus_t s_ = (x);                                                                       \
    if (s_ != CURAND_STATUS_SUCCESS)                                                               \
      printf("# %s: status %d\n", #x, (int)s_);                                                     \
  } while (0)

static unsigned *d32;
static double *d64;

// n values of kind ("raw", "uniform", "udouble") from g, positions [from, to)
// printed in hex.
static void dump(curandGenerator_t g, const char *label, const char *kind, size_t n, size_t from,
                 size_t to)
{
  if (!strncmp(kind, "raw", 3))
    CK(curandGenerate(g, d32, n));
  else if (!strncmp(kind, "uniform", 7))
    CK(curandGenerateUniform(g, (float *)d32, n));
  else
    CK(curandGenerateUniformDouble(g, d64, n));
  cudaDeviceSynchronize();
  printf("%s %s n=%zu [%zu,%zu):", label, kind, n, from, to);
  if (!strncmp(kind, "udouble", 7)) {
    static unsigned long long h[1 << 20];
    cudaMemcpy(h, d64, 8 * n, cudaMemcpyDeviceToHost);
    for (size_t i = from; i < to; i++)
      printf(" %016llx", h[i]);
  } else {
    static unsigned h[1 << 20];
    cudaMemcpy(h, d32, 4 * n, cudaMemcpyDeviceToHost);
    for (size_t i = from; i < to; i++)
      printf(" %08x", h[i]);
  }
  printf("\n");
}

static curandGenerator_t make(curandRngType_t t, unsigned long long seed, unsigned dims)
{
  curandGenerator_t g;
  CK(curandCreateGenerator(&g, t));
  if (t < 200)
    CK(curandSetPseudoRandomGeneratorSeed(g, seed));
  else
    CK(curandSetQuasiRandomGeneratorDimensions(g, dims));
  return g;
}

static void pseudo(curandRngType_t t, const char *name)
{
  for (int s = 0; s < 2; s++) {
    unsigned long long seed = s ? 42ull : 1234ull;
    char label[64];
    snprintf(label, sizeof label, "%s seed=%llu", name, seed);
    curandGenerator_t g = make(t, seed, 0);
    dump(g, label, "raw", 1 << 20, 0, 64);
    curandDestroyGenerator(g);
    g = make(t, seed, 0);
    dump(g, label, "raw", 1 << 20, 16320, 16400);
    curandDestroyGenerator(g);
    g = make(t, seed, 0);
    dump(g, label, "raw", 1 << 20, (1 << 20) - 16, 1 << 20);
    curandDestroyGenerator(g);
    g = make(t, seed, 0);
    dump(g, label, "raw", 1000, 0, 16);
    dump(g, label, "raw(second call)", 1000, 0, 16);
    curandDestroyGenerator(g);
    g = make(t, seed, 0);
    CK(curandSetGeneratorOffset(g, 100));
    dump(g, label, "raw(offset 100)", 4096, 0, 16);
    curandDestroyGenerator(g);
    g = make(t, seed, 0);
    dump(g, label, "uniform", 4096, 0, 16);
    curandDestroyGenerator(g);
    g = make(t, seed, 0);
    dump(g, label, "udouble", 4096, 0, 16);
    curandDestroyGenerator(g);
  }
}

static void quasi(curandRngType_t t, const char *name)
{
  unsigned dims[3] = {1, 3, 20};
  for (int d = 0; d < 3; d++) {
    char label[64];
    snprintf(label, sizeof label, "%s dims=%u", name, dims[d]);
    size_t n = 1000 * dims[d];
    curandGenerator_t g = make(t, 0, dims[d]);
    dump(g, label, "raw", n, 0, 40);
    curandDestroyGenerator(g);
    g = make(t, 0, dims[d]);
    dump(g, label, "raw", n, 1000 * (dims[d] - 1), 1000 * (dims[d] - 1) + 40);
    curandDestroyGenerator(g);
    g = make(t, 0, dims[d]);
    dump(g, label, "raw", n, n - 8, n);
    curandDestroyGenerator(g);
    g = make(t, 0, dims[d]);
    dump(g, label, "raw", n, 0, 8);
    dump(g, label, "raw(second call)", n, 0, 8);
    dump(g, label, "raw(second call)", n, 1000 * (dims[d] - 1), 1000 * (dims[d] - 1) + 8);
    curandDestroyGenerator(g);
    g = make(t, 0, dims[d]);
    CK(curandSetGeneratorOffset(g, 100));
    dump(g, label, "raw(offset 100)", n, 0, 8);
    dump(g, label, "raw(offset 100)", n, 1000 * (dims[d] - 1), 1000 * (dims[d] - 1) + 8);
    curandDestroyGenerator(g);
    g = make(t, 0, dims[d]);
    dump(g, label, "uniform", n, 0, 16);
    curandDestroyGenerator(g);
    g = make(t, 0, dims[d]);
    dump(g, label, "udouble", n, 0, 16);
    curandDestroyGenerator(g);
  }
  // A count that is not a multiple of the dimensions.
  curandGenerator_t g = make(t, 0, 3);
  CK(curandGenerate(g, d32, 1000));
  curandDestroyGenerator(g);
}

int main()
{
  cudaMalloc((void **)&d32, 4 << 20);
  cudaMalloc((void **)&d64, 8 << 20);
  pseudo(CURAND_RNG_PSEUDO_MT19937, "mt19937");
  pseudo(CURAND_RNG_PSEUDO_MTGP32, "mtgp32");
  quasi(CURAND_RNG_QUASI_SOBOL32, "sobol32");
  quasi(CURAND_RNG_QUASI_SCRAMBLED_SOBOL32, "scrambled_sobol32");
  return 0;
}
