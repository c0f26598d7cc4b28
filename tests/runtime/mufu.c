/* mufu.c: the MUFU.SIN/COS model (cucpu_mufu.h) against outputs recorded
 * on an H100 (CUDA 13), and CUDA's logf on its special cases.
 * mufu_rev.bin: for every 1024th 23-bit fraction X of quadrant 0, the
 * unit's sin and cos of r = X 2^-25 revolutions (uint32 bit patterns).
 * mufu_x.bin: records (x, __sinf(x), __cosf(x)) as bit patterns: 1024
 * inputs in each quadrant for x > 0 and x < 0, 8192 of cuRAND's
 * Box-Muller angles (y 2^-32 2 pi + 2^-32 pi), and inputs from dense
 * windows near 0.01 and 0.3 and tiny ones from 1e-6 up. The full
 * verification (all 2^23 quadrant-0 fractions of both functions, 2M
 * further inputs) was done against the complete recordings, which are too
 * big for the repository. Usage: rt_test_mufu <dir of the .bin files>. */
#include <math.h>
#include <string.h>
#include "cuda_runtime.h"
#include "check.h"

static unsigned bits(float f)
{
  unsigned u;
  memcpy(&u, &f, 4);
  return u;
}

static float flt(unsigned u)
{
  float f;
  memcpy(&f, &u, 4);
  return f;
}

static unsigned *load(const char *dir, const char *name, long *n)
{
  char path[4096];
  snprintf(path, sizeof path, "%s/%s", dir, name);
  FILE *f = fopen(path, "rb");
  CHECK(f != NULL);
  CHECK(fseek(f, 0, SEEK_END) == 0);
  long bytes = ftell(f);
  rewind(f);
  unsigned char *raw = malloc((size_t)bytes);
  unsigned *w = malloc((size_t)bytes);
  CHECK(raw && w && fread(raw, 1, (size_t)bytes, f) == (size_t)bytes);
  fclose(f);
  for (long i = 0; i < bytes / 4; i++) /* little-endian on disk */
    w[i] = raw[4 * i] | (unsigned)raw[4 * i + 1] << 8 | (unsigned)raw[4 * i + 2] << 16 |
           (unsigned)raw[4 * i + 3] << 24;
  free(raw);
  *n = bytes / 4;
  return w;
}

int main(int argc, char **argv)
{
  CHECK(argc == 2);
  long n, bad = 0;
  unsigned *rev = load(argv[1], "mufu_rev.bin", &n);
  CHECK(n == 2 * 8192);
  for (unsigned i = 0; i < 8192; i++) {
    float r = (float)(i * 1024u) * 0x1p-25f;
    if (bits(cucpu_mufu_sincos_rev(r, 0)) != rev[2 * i] || bits(cucpu_mufu_sincos_rev(r, 1)) != rev[2 * i + 1]) {
      if (bad++ < 10)
        fprintf(stderr, "X=%u: sin %08x cos %08x, want %08x %08x\n", i * 1024u,
                bits(cucpu_mufu_sincos_rev(r, 0)), bits(cucpu_mufu_sincos_rev(r, 1)), rev[2 * i],
                rev[2 * i + 1]);
    }
  }
  unsigned *rec = load(argv[1], "mufu_x.bin", &n);
  CHECK(n == 3 * 22528);
  for (long i = 0; i < n / 3; i++) {
    float x = flt(rec[3 * i]), s, c;
    __sincosf(x, &s, &c);
    if (bits(__sinf(x)) != rec[3 * i + 1] || bits(__cosf(x)) != rec[3 * i + 2] || bits(s) != rec[3 * i + 1] ||
        bits(c) != rec[3 * i + 2]) {
      if (bad++ < 10)
        fprintf(stderr, "x=%a: sin %08x cos %08x, want %08x %08x\n", x, bits(__sinf(x)), bits(__cosf(x)),
                rec[3 * i + 1], rec[3 * i + 2]);
    }
  }
  CHECK(bad == 0);
  /* Zeros keep their sign; NaN and Inf give the GPU's NaN. */
  CHECK(bits(__sinf(0.0f)) == 0 && bits(__sinf(-0.0f)) == 0x80000000u && __cosf(-0.0f) == 1.0f);
  CHECK(bits(__sinf(INFINITY)) == 0x7fffffffu && bits(__cosf(NAN)) == 0x7fffffffu);
  /* The three smallest subnormals: x / 2pi truncates to +0 (an H100 gives
   * sin +0 and cos 1 for all 2^32 inputs checked, these included). */
  for (unsigned u = 1; u <= 3; u++) {
    float x;
    memcpy(&x, &u, sizeof x);
    CHECK(bits(__sinf(x)) == 0 && bits(__cosf(x)) == 0x3f800000u);
  }

  /* CUDA's logf: special cases, subnormals, and within 1 ulp of log. */
  CHECK(cucpu_gpu_logf(1.0f) == 0.0f && cucpu_gpu_logf(0.0f) == -INFINITY &&
        cucpu_gpu_logf(-0.0f) == -INFINITY && cucpu_gpu_logf(INFINITY) == INFINITY);
  CHECK(bits(cucpu_gpu_logf(-1.0f)) == 0x7fffffffu && bits(cucpu_gpu_logf(NAN)) == 0x7fffffffu);
  for (unsigned u = 1; u < 0x7f800000u; u += 4093) {
    float a = flt(u), g = cucpu_gpu_logf(a);
    double e = fabs((double)g - log((double)a)), ulp = ldexp(1.0, ilogb(g) - 23);
    CHECK(e <= ulp);
  }
  printf("mufu: %d revolutions, %ld inputs bit-identical\n", 8192, n / 3);
  return 0;
}
