/* mufu_ex2.c: the MUFU.EX2 model and CUDA 13's expf / __expf
 * (cucpu_mufu.h) against outputs recorded on an H100.
 * mufu_ex2.bin: records (x, ex2.approx.ftz.f32(x), ex2.approx.f32(x),
 * expf(x), __expf(x)) as little-endian uint32 bit patterns, 10390 of the
 * 19922944 recorded inputs: a spread of multiples of 2^-23 in [-1, 1)
 * (x = -1, -2^-23, 0 among them), 512 consecutive floats up from 2^-30 and
 * down from -2^-30, 3072 pseudo-random x in [-130, 130], the integers and
 * the extremes among those. The full verification (0 mismatches on all
 * recorded outputs) was done against the complete recordings, too big for
 * the repository. Usage: rt_test_mufu_ex2 <dir of mufu_ex2.bin>. */
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

int main(int argc, char **argv)
{
  CHECK(argc == 2);
  char path[4096];
  snprintf(path, sizeof path, "%s/mufu_ex2.bin", argv[1]);
  FILE *f = fopen(path, "rb");
  CHECK(f != NULL);
  unsigned char raw[20];
  long n = 0, bad = 0;
  float (*const fn[4])(float) = {cucpu_mufu_ex2, cucpu_mufu_ex2_full, cucpu_gpu_expf, cucpu_gpu_expf_fast};
  static const char *const name[4] = {"ex2.approx.ftz", "ex2.approx", "expf", "__expf"};
  while (fread(raw, 1, sizeof raw, f) == sizeof raw) {
    unsigned w[5];
    for (int k = 0; k < 5; k++) /* little-endian on disk */
      w[k] = raw[4 * k] | (unsigned)raw[4 * k + 1] << 8 | (unsigned)raw[4 * k + 2] << 16 |
             (unsigned)raw[4 * k + 3] << 24;
    for (int k = 0; k < 4; k++) {
      unsigned got = bits(fn[k](flt(w[0])));
      if (got != w[k + 1] && bad++ < 10)
        fprintf(stderr, "%s(%a = 0x%08x): model 0x%08x, GPU 0x%08x\n", name[k], flt(w[0]), w[0], got,
                w[k + 1]);
    }
    n++;
  }
  fclose(f);
  CHECK(n == 10390);
  CHECK(bad == 0);
  /* The PTX ISA's special cases, and the flush of subnormal inputs. */
  CHECK(cucpu_mufu_ex2(INFINITY) == INFINITY && bits(cucpu_mufu_ex2(-INFINITY)) == 0u);
  CHECK(bits(cucpu_mufu_ex2(NAN)) == 0x7fffffffu && bits(cucpu_gpu_expf(NAN)) == 0x7fffffffu);
  CHECK(cucpu_mufu_ex2(flt(0x00000001u)) == 1.0f && cucpu_mufu_ex2(-0.0f) == 1.0f);
  CHECK(cucpu_gpu_expf(INFINITY) == INFINITY && bits(cucpu_gpu_expf(-INFINITY)) == 0u);
  CHECK(cucpu_gpu_expf(0.0f) == 1.0f && cucpu_gpu_expf(100.0f) == INFINITY);
  /* __expf is the model in device code (cucpu_math.h). */
  CHECK(bits(__expf(-0.6931472f)) == bits(cucpu_gpu_expf_fast(-0.6931472f)));
  printf("mufu_ex2: %ld records, 4 functions, all bit-identical\n", n);
  return 0;
}
