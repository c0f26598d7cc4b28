/* mufu_rcp.c: the MUFU.RCP64H model (rcp.approx.ftz.f64, cucpu_mufu.h)
 * against outputs recorded on an H100.
 * mufu_rcp.bin: for every 4th 20-bit mantissa m (m = 0, 4, 8, ...), one
 * bit, little-endian bit order within each byte: the recorded high word
 * of rcp.approx.ftz.f64(x), x's high word 0x3ff00000 | m, has the 20-bit
 * mantissa y - 2^20 (y = 2^21 for m = 0: the result 1.0) with
 *   y = floor(2^41 / (2^20 + m)) + bit,
 * the exact quotient computed here in integers. For x's exponent 0x400
 * the recording was the same, one exponent lower. The full verification
 * (0 mismatches on all 2^21 recorded values) was done against the
 * complete recording, too big for the repository.
 * Usage: rt_test_mufu_rcp <dir of mufu_rcp.bin>. */
#include <math.h>
#include <string.h>
#include "cuda_runtime.h"
#include "cucpu_gpu_double.h"
#include "check.h"

static unsigned long long dbits(double d)
{
  unsigned long long u;
  memcpy(&u, &d, 8);
  return u;
}

static double dbl(unsigned long long u)
{
  double d;
  memcpy(&d, &u, 8);
  return d;
}

int main(int argc, char **argv)
{
  CHECK(argc == 2);
  char path[4096];
  snprintf(path, sizeof path, "%s/mufu_rcp.bin", argv[1]);
  FILE *f = fopen(path, "rb");
  CHECK(f != NULL);
  static unsigned char map[1 << 15];
  CHECK(fread(map, 1, sizeof map, f) == sizeof map);
  fclose(f);
  long bad = 0;
  for (unsigned k = 0; k < (1u << 18); k++) {
    unsigned m = 4 * k;
    unsigned y = (unsigned)((1ull << 41) / ((1u << 20) + m)) + ((map[k >> 3] >> (k & 7)) & 1u);
    unsigned want = (0x3feu << 20) + y - (1u << 20); /* y = 2^21 carries into the exponent */
    unsigned got = cucpu_mufu_rcp64h_hi(0x3ff00000u | m);
    unsigned got2 = cucpu_mufu_rcp64h_hi(0x40000000u | m);
    unsigned gotn = cucpu_mufu_rcp64h_hi(0xc0000000u | m);
    if ((got != want || got2 != want - 0x100000u || gotn != (want - 0x100000u) + 0x80000000u) && bad++ < 10)
      fprintf(stderr, "m 0x%05x: model 0x%08x 0x%08x 0x%08x, GPU 0x%08x\n", m, got, got2, gotn, want);
  }
  CHECK(bad == 0);
  /* The low word of the input is ignored, the output's is 0 (recorded). */
  CHECK(dbits(cucpu_gpu_rcp64h(dbl(0x3ff8000012345678ull))) == 0x3fe5555500000000ull);
  CHECK(dbits(cucpu_gpu_rcp64h(3.0)) == (unsigned long long)cucpu_mufu_rcp64h_hi(0x40080000u) << 32);
  /* Other exponents: the same mantissa map (not recorded on a GPU). */
  CHECK(cucpu_mufu_rcp64h_hi(0x7fd00000u) == 0x00100000u && cucpu_mufu_rcp64h_hi(0x7fe00000u) == 0u && cucpu_mufu_rcp64h_hi(0x00100000u) == 0x7fd00000u);
  CHECK(cucpu_mufu_rcp64h_hi(0x00180000u) == cucpu_mufu_rcp64h_hi(0x3ff80000u) + (0x3feu << 20));
  /* The PTX ISA's special cases: zero and subnormal inputs (ftz) give an
   * infinity, infinities zero, results below 2^-1022 are flushed, NaN. */
  CHECK(cucpu_mufu_rcp64h_hi(0x00000000u) == 0x7ff00000u && cucpu_mufu_rcp64h_hi(0x80000000u) == 0xfff00000u);
  CHECK(cucpu_mufu_rcp64h_hi(0x000fffffu) == 0x7ff00000u && cucpu_mufu_rcp64h_hi(0x80000001u) == 0xfff00000u);
  CHECK(cucpu_mufu_rcp64h_hi(0x7ff00000u) == 0u && cucpu_mufu_rcp64h_hi(0xfff00000u) == 0x80000000u);
  CHECK(cucpu_mufu_rcp64h_hi(0x7fe00001u) == 0u && cucpu_mufu_rcp64h_hi(0xffd80000u) == 0x80000000u);
  CHECK(cucpu_mufu_rcp64h_hi(0x7ff00001u) == 0x7fffffffu);
  /* log through the model: a few exact values. */
  CHECK(cucpu_gpu_log(1.0) == 0.0 && cucpu_gpu_log(0.0) == -INFINITY && cucpu_gpu_log(INFINITY) == INFINITY);
  printf("mufu_rcp: 2^18 recorded mantissas x 3 match\n");
  return 0;
}
