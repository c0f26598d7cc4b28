/* faults.c: kernel faults (__trap, failed asserts; cucpu_fault.h). A fault
 * is reported on stderr with the function, block and thread, and makes
 * its error the context's sticky error, as a GPU does: the first fault
 * wins, and every later CUDA call that would reach the device returns it.
 * A kernel whose every thread faults would print a line per thread, as a
 * GPU does for asserts; past RT_FAULTS_SHOWN the rest are only counted. */
#include <assert.h>
#include <omp.h>
#include <stdio.h>
#include "rt.h"
#include "cucpu_fault.h"

enum { RT_FAULTS_SHOWN = 32 };

/* The C library's assert failure (glibc, musl); <assert.h> declares it
 * only without NDEBUG. */
extern void __assert_fail(const char *, const char *, unsigned int,
                          const char *) __attribute__((noreturn));

/* What name lookup finds for threadIdx and blockIdx outside a kernel. */
const struct CucpuNoIdx threadIdx = {0}, blockIdx = {0};

static unsigned rt_nfaults;

static int rt_known(uint3 v) { return v.x != ~0u || v.y != ~0u || v.z != ~0u; }

/* rt_idx: "[x,y,z]", or "[?]" for an unknown index, into buf. */
static const char *rt_idx(char *buf, size_t n, uint3 v)
{
  if (rt_known(v))
    snprintf(buf, n, "[%u,%u,%u]", v.x, v.y, v.z);
  else
    snprintf(buf, n, "[?]");
  return buf;
}

/* rt_show: whether the fault about to be reported is among the first
 * RT_FAULTS_SHOWN (saying so once when it is the first one left out). */
static int rt_show(void)
{
  unsigned n = __atomic_fetch_add(&rt_nfaults, 1, __ATOMIC_RELAXED);
  if (n == RT_FAULTS_SHOWN)
    fprintf(stderr, "cucpu: more kernel faults; only the first %d are shown\n",
            RT_FAULTS_SHOWN);
  return n < RT_FAULTS_SHOWN;
}

void cucpu_device_fault(cudaError_t err, const char *what, const char *func,
                        const char *file, unsigned line, uint3 block,
                        uint3 thread)
{
  char b[40], t[40];
  rt_set_sticky(err);
  if (rt_show())
    fprintf(stderr, "%s:%u: %s: block: %s, thread: %s %s: %s\n", file, line,
            func, rt_idx(b, sizeof b, block), rt_idx(t, sizeof t, thread),
            what, cudaGetErrorString(err));
}

void cucpu_assert_fail(const char *expr, const char *file, unsigned line,
                       const char *func, uint3 block, uint3 thread)
{
  char b[40], t[40];
  if (!rt_known(thread) && !rt_known(block) && omp_get_level() == 0)
    __assert_fail(expr, file, line, func);   /* host code: abort */
  rt_set_sticky(cudaErrorAssert);
  if (rt_show())
    fprintf(stderr, "%s:%u: %s: block: %s, thread: %s Assertion `%s` failed.\n",
            file, line, func, rt_idx(b, sizeof b, block),
            rt_idx(t, sizeof t, thread), expr);
}
