/* digest.c: CUCPU_DIGEST=1 makes a program print, on stderr, a hash of
 * the device memory it reads back: each cudaMemcpy from device or managed
 * memory, and each device or managed block as cudaFree releases it. Two
 * builds of one program (the reference mode and the default passes,
 * tests/fuzz/refdiff.py) then compare what their kernels computed, not
 * only what the program prints. Allocations start zeroed (memory.c), so
 * bytes no kernel wrote hash the same in both. */
#include <stdio.h>
#include <stdlib.h>
#include "rt.h"

int rt_digest_on(void)
{
  static int on = -1;
  if (on < 0) {
    const char *e = getenv("CUCPU_DIGEST");
    on = e && *e && *e != '0';
  }
  return on;
}

void rt_digest(const char *what, const void *p, size_t n)
{
  /* FNV-1a, 64 bits */
  unsigned long long h = 0xcbf29ce484222325ull;
  const unsigned char *b = p;
  for (size_t i = 0; i < n; i++) h = (h ^ b[i]) * 0x100000001b3ull;
  fprintf(stderr, "cucpu-digest: %s %zu bytes %016llx\n", what, n, h);
}

/* The block of device or managed memory that p points into, or 0. */
int rt_digest_block(const void *p, RtMem *m)
{
  return rt_mem_find(p, m) && (m->kind == RT_MEM_DEVICE || m->kind == RT_MEM_MANAGED);
}
