/* intrinsics.c: integer intrinsics against plain bit loops, and min/max
 * dispatch by type. */
#include <math.h>
#include "cuda_runtime.h"
#include "check.h"

static int ref_popc(unsigned long long x) { int n = 0; for (; x; x >>= 1) n += x & 1; return n; }
static int ref_clz(unsigned long long x, int bits)
{ int n = 0; for (int b = bits - 1; b >= 0 && !((x >> b) & 1); b--) n++; return n; }
static int ref_ffs(unsigned long long x, int bits)
{ for (int b = 0; b < bits; b++) if ((x >> b) & 1) return b + 1; return 0; }
static unsigned long long ref_brev(unsigned long long x, int bits)
{ unsigned long long r = 0; for (int b = 0; b < bits; b++) if ((x >> b) & 1) r |= 1ull << (bits - 1 - b); return r; }

int main(void)
{
  unsigned long long seed = 0x9e3779b97f4a7c15ull;
  for (int k = 0; k < 2000; k++) {
    seed = seed * 6364136223846793005ull + 1442695040888963407ull;
    unsigned long long x = k < 3 ? (unsigned long long)k : seed;
    unsigned int lo = (unsigned int)x, hi = (unsigned int)(x >> 32);
    CHECK(__popc(lo) == ref_popc(lo) && __popcll(x) == ref_popc(x));
    CHECK(__clz((int)lo) == ref_clz(lo, 32) && __clzll((long long)x) == ref_clz(x, 64));
    CHECK(__ffs((int)lo) == ref_ffs(lo, 32) && __ffsll((long long)x) == ref_ffs(x, 64));
    CHECK(__brev(lo) == ref_brev(lo, 32) && __brevll(x) == ref_brev(x, 64));
    CHECK(__umulhi(lo, hi) == (unsigned int)(((unsigned long long)lo * hi) >> 32));
    CHECK(__mulhi((int)lo, (int)hi) == (int)(((long long)(int)lo * (int)hi) >> 32));
    CHECK(__umul24(lo, hi) == (lo & 0xffffff) * (hi & 0xffffff));
    CHECK(__funnelshift_l(lo, hi, k) == (unsigned int)((x << (k & 31)) >> 32));
    CHECK(__funnelshift_r(lo, hi, k) == (unsigned int)(x >> (k & 31)));
    CHECK(__uhadd(lo, hi) == (unsigned int)(((unsigned long long)lo + hi) >> 1));
    CHECK(__usad(lo, hi, 3u) == (lo > hi ? lo - hi : hi - lo) + 3u);
  }
  CHECK(__mul24(-3, 5) == -15 && __mul24(0x00800000, 2) == -0x1000000);
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x5140u) == 0x55114400u);
  CHECK(__byte_perm(0x33221100u, 0x77665544u, 0x3210u) == 0x33221100u);
  CHECK(__funnelshift_lc(1u, 0u, 40u) == 1u && __funnelshift_rc(0u, 1u, 40u) == 1u);
  CHECK(__hadd(2147483647, 1) == 1073741824 && __rhadd(1, 2) == 2);
  CHECK(__sad(-2, 3, 1u) == 6u);
  CHECK(__mul64hi(-1ll, 5ll) == -1ll && __umul64hi(1ull << 63, 4ull) == 2ull);
  CHECK(min(3, -4) == -4 && max(3u, 4u) == 4u && min(2.5f, 1.5f) == 1.5f);
  CHECK(max(2.5, 7.0) == 7.0 && min(5ll, 6ll) == 5ll && max(1ull << 40, 3ull) == 1ull << 40);
  CHECK(umin(3u, 9u) == 3u && llmax(-1ll, 4ll) == 4ll);
  return 0;
}
