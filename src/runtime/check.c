/* check.c: cucpu --check, a compute-sanitizer for the CPU. Translated
 * kernels run unoptimized and wrap every access of shared memory and of a
 * pointer parameter's memory in a call here (cucpu_rt.h):
 *
 * - memcheck: a global access must lie inside a live allocation of the
 *   table (alloc.c), within its exact size, or in a __device__ variable; a
 *   shared access inside its array. A bad access is reported, does not
 *   happen (it reads and writes scratch memory instead), and makes
 *   cudaErrorIllegalAddress the sticky error, as a GPU's fault does.
 * - racecheck: two threads of a block that touch one byte of shared
 *   memory in one barrier interval, at least one of them writing, are a
 *   hazard: the GPU may run them in either order. Threads run one after
 *   another here, so the order cannot show the race; a shadow of each
 *   shared byte remembers its last writer and readers in the interval.
 *
 * A write after another thread's write is a hazard only if it changes the
 * byte: many threads storing the same flag value is a common, harmless
 * idiom. The check sees the access before it happens, so it notes the old
 * byte and decides at the next check of the thread (the store is done).
 *
 * A block runs on one OpenMP thread, so the shadow state is per thread and
 * needs no locks; only reports take one. Each pair of sites is reported
 * once. A program in which any check failed exits with status 1. */
#define _GNU_SOURCE
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include "rt.h"
#include "cucpu_rt.h"

/* One byte of shared memory: who last wrote it and who read it in the
 * current interval (r_tid -1: several threads). blk tells stale entries of
 * an earlier block apart. */
typedef struct ChkByte {
  unsigned blk, w_epoch, r_epoch;
  int w_tid, r_tid;
  const char *w_site, *r_site;
} ChkByte;

/* The shadow of one shared array (or of the dynamic shared memory). */
typedef struct ChkArea { const char *base; size_t extent; ChkByte *shadow; } ChkArea;

enum { CHK_CACHED = 8, CHK_AREAS = 32, CHK_SCRATCH = 4096, CHK_REPORTS = 256, CHK_PENDING = 64 };

/* A write that met another thread's write, waiting to see whether it
 * changed the byte. */
typedef struct ChkPending {
  const unsigned char *p;
  unsigned char old;
  int tid, other;
  const char *site, *other_site;
} ChkPending;

typedef struct ChkThread {
  const char *kernel;
  uint3 block;
  dim3 dim;
  unsigned blk, epoch;
  ChkArea areas[CHK_AREAS];
  int nareas;
  int cond0;           /* thread 0's value of the condition being checked */
  ChkPending pending[CHK_PENDING];
  int npending;
  /* the allocations recent global accesses hit, valid while
   * rt_mem_generation is gen (a kernel reads a few arrays in turn) */
  uintptr_t lo[CHK_CACHED], hi[CHK_CACHED];
  int ncached, next_cached;
  unsigned gen;
  _Alignas(64) unsigned char scratch[CHK_SCRATCH];
} ChkThread;

static __thread ChkThread *chk;
static unsigned chk_blocks;

static pthread_mutex_t chk_lock = PTHREAD_MUTEX_INITIALIZER;
static struct { const char *a, *b; int what; } chk_seen[CHK_REPORTS];
static int chk_nseen;
static unsigned long chk_errors, chk_hidden;

static ChkThread *chk_thread(void)
{
  if (!chk) {
    chk = calloc(1, sizeof *chk);
    if (!chk) {
      fputs("cucpu --check: out of memory\n", stderr);
      abort();
    }
  }
  return chk;
}

/* Exit status 1 once anything was reported (checked at exit, last). */
static void chk_at_exit(void)
{
  if (!chk_errors) return;
  fprintf(stderr, "========= cucpu --check: ERROR SUMMARY: %lu error%s\n", chk_errors, chk_errors == 1 ? "" : "s");
  fflush(NULL);
  _exit(1);
}

static void chk_register_exit(void) { atexit(chk_at_exit); }

/* Thread (x,y,z) of linear id tid in a block of dim. */
static uint3 chk_coords(dim3 dim, int tid)
{
  uint3 t;
  unsigned u = (unsigned)tid;
  t.x = u % dim.x;
  t.y = u / dim.x % dim.y;
  t.z = u / (dim.x * dim.y);
  return t;
}

/* 1 when the pair (a, b, what) is new: report it (lock held). */
static int chk_first(const char *a, const char *b, int what)
{
  for (int i = 0; i < chk_nseen; i++)
    if (chk_seen[i].a == a && chk_seen[i].b == b && chk_seen[i].what == what) return 0;
  chk_errors++;
  if (chk_nseen == CHK_REPORTS) {
    if (!chk_hidden++) fputs("========= cucpu --check: more errors; only the first ones are shown\n", stderr);
    return 0;
  }
  chk_seen[chk_nseen].a = a;
  chk_seen[chk_nseen].b = b;
  chk_seen[chk_nseen].what = what;
  chk_nseen++;
  return 1;
}

static const char *const chk_access[] = { "read", "write", "access" };

/* why: where [a, a + size) lies next to [lo, lo + extent) of a memory
 * it is outside of. */
static void chk_where(char *why, size_t n, uintptr_t a, size_t size, uintptr_t lo, size_t extent, const char *what)
{
  uintptr_t hi = lo + extent;
  if (a + size <= lo)
    snprintf(why, n, "is %zu bytes before %s of %zu bytes", (size_t)(lo - a), what, extent);
  else if (a < lo)
    snprintf(why, n, "starts %zu bytes before %s of %zu bytes", (size_t)(lo - a), what, extent);
  else if (a >= hi)
    snprintf(why, n, "is %zu bytes after the end of %s of %zu bytes", (size_t)(a - hi), what, extent);
  else
    snprintf(why, n, "runs %zu bytes past the end of %s of %zu bytes", (size_t)(a + size - hi), what, extent);
}

/* memcheck: an access outside its memory. */
static void *chk_invalid(ChkThread *c, void *p, size_t size, int kind, const char *site, int tid,
                         const char *space, const char *why)
{
  uint3 t = chk_coords(c->dim, tid);
  rt_set_sticky(cudaErrorIllegalAddress);
  pthread_mutex_lock(&chk_lock);
  if (chk_first(site, space, kind))
    fprintf(stderr,
            "========= Invalid %s %s of size %zu at %s\n"
            "=========     by thread (%u,%u,%u) in block (%u,%u,%u) of kernel %s\n"
            "=========     address %p %s\n",
            space, chk_access[kind], size, site, t.x, t.y, t.z, c->block.x, c->block.y, c->block.z,
            c->kernel ? c->kernel : "?", p, why);
  pthread_mutex_unlock(&chk_lock);
  if (size > CHK_SCRATCH) {
    fprintf(stderr, "cucpu --check: an access of %zu bytes is too large to redirect\n", size);
    abort();
  }
  memset(c->scratch, 0, size);
  return c->scratch;
}

/* racecheck: thread tid's access of kind at site meets thread other's. */
static void chk_hazard(ChkThread *c, const char *what, int tid, int kind, const char *site, int other,
                       int other_kind, const char *other_site)
{
  pthread_mutex_lock(&chk_lock);
  if (chk_first(other_site, site, kind * 2 + other_kind)) {
    uint3 b = chk_coords(c->dim, tid);
    fprintf(stderr,
            "========= Race (%s hazard) on __shared__ memory in block (%u,%u,%u) of kernel %s:\n"
            "=========     %s at %s by thread ",
            what, c->block.x, c->block.y, c->block.z, c->kernel ? c->kernel : "?", chk_access[other_kind],
            other_site);
    if (other < 0) {
      fputs("(several)\n", stderr);   /* several threads read it */
    } else {
      uint3 a = chk_coords(c->dim, other);
      fprintf(stderr, "(%u,%u,%u)\n", a.x, a.y, a.z);
    }
    fprintf(stderr, "=========     %s at %s by thread (%u,%u,%u)\n"
                    "=========     with no __syncthreads() between them\n",
            chk_access[kind], site, b.x, b.y, b.z);
  }
  pthread_mutex_unlock(&chk_lock);
}

/* Reports the pending writes that changed their byte. */
static void chk_settle(ChkThread *c)
{
  for (int i = 0; i < c->npending; i++) {
    ChkPending *w = &c->pending[i];
    if (*w->p != w->old) chk_hazard(c, "write after write", w->tid, 1, w->site, w->other, 1, w->other_site);
  }
  c->npending = 0;
}

void cucpu_chk_end(void)
{
  if (chk) chk_settle(chk);
}

void cucpu_chk_block(const char *kernel, uint3 block, dim3 block_dim)
{
  static pthread_once_t once = PTHREAD_ONCE_INIT;
  pthread_once(&once, chk_register_exit);
  ChkThread *c = chk_thread();
  chk_settle(c);
  c->kernel = kernel;
  c->block = block;
  c->dim = block_dim;
  c->blk = __atomic_add_fetch(&chk_blocks, 1, __ATOMIC_RELAXED);
  c->epoch = 1;
}

void cucpu_chk_barrier(void)
{
  ChkThread *c = chk_thread();
  if (c->npending) chk_settle(c);
  c->epoch++;
}

/* The shadow of the shared array [base, base + extent). */
static ChkByte *chk_shadow(ChkThread *c, const char *base, size_t extent)
{
  for (int i = 0; i < c->nareas; i++)
    if (c->areas[i].base == base && c->areas[i].extent == extent) return c->areas[i].shadow;
  if (c->nareas == CHK_AREAS) {   /* forget the oldest */
    free(c->areas[0].shadow);
    memmove(&c->areas[0], &c->areas[1], (CHK_AREAS - 1) * sizeof c->areas[0]);
    c->nareas--;
  }
  ChkByte *sh = calloc(extent ? extent : 1, sizeof *sh);
  if (!sh) {
    fputs("cucpu --check: out of memory for the shadow of shared memory\n", stderr);
    abort();
  }
  c->areas[c->nareas].base = base;
  c->areas[c->nareas].extent = extent;
  c->areas[c->nareas].shadow = sh;
  c->nareas++;
  return sh;
}

void *cucpu_chk_shared(void *p, size_t size, int kind, const char *site, int tid, const void *base, size_t extent)
{
  ChkThread *c = chk_thread();
  if (c->npending) chk_settle(c);
  const char *q = p, *b = base;
  if (q < b || size > extent || (size_t)(q - b) > extent - size) {
    char why[128];
    chk_where(why, sizeof why, (uintptr_t)q, size, (uintptr_t)b, extent, "a __shared__ array");
    return chk_invalid(c, p, size, kind, site, tid, "__shared__", why);
  }
  if (kind == 2) return p;
  ChkByte *sh = chk_shadow(c, b, extent) + (q - b);
  unsigned E = c->epoch, B = c->blk;
  for (size_t i = 0; i < size; i++) {
    ChkByte *e = &sh[i];
    if (e->blk != B) {
      memset(e, 0, sizeof *e);
      e->blk = B;
    }
    if (kind == 0) {
      if (e->w_epoch == E && e->w_tid != tid) chk_hazard(c, "read after write", tid, 0, site, e->w_tid, 1, e->w_site);
      if (e->r_epoch != E) {
        e->r_epoch = E;
        e->r_tid = tid;
        e->r_site = site;
      } else if (e->r_tid != tid) {
        e->r_tid = -1;
      }
    } else {
      if (e->w_epoch == E && e->w_tid != tid) {
        if (c->npending == CHK_PENDING) chk_settle(c);   /* too many: decide early */
        ChkPending *w = &c->pending[c->npending++];
        w->p = (const unsigned char *)q + i;
        w->old = *w->p;
        w->tid = tid;
        w->other = e->w_tid;
        w->site = site;
        w->other_site = e->w_site;
      }
      if (e->r_epoch == E && e->r_tid != tid) chk_hazard(c, "write after read", tid, 1, site, e->r_tid, 0, e->r_site);
      e->w_epoch = E;
      e->w_tid = tid;
      e->w_site = site;
    }
  }
  return p;
}

void cucpu_chk_cond_begin(void)
{
  chk_thread()->cond0 = -1;
}

void cucpu_chk_cond(int value, int tid, const char *site)
{
  ChkThread *c = chk_thread();
  if (c->cond0 < 0) {
    c->cond0 = value;
    return;
  }
  if (value == c->cond0) return;
  uint3 t = chk_coords(c->dim, tid);
  pthread_mutex_lock(&chk_lock);
  if (chk_first(site, "cond", 3))
    fprintf(stderr,
            "========= Barrier divergence at %s in block (%u,%u,%u) of kernel %s:\n"
            "=========     the condition is %s for thread (0,0,0) and %s for thread (%u,%u,%u),\n"
            "=========     so only some of the block's threads would reach the __syncthreads() it controls\n",
            site, c->block.x, c->block.y, c->block.z, c->kernel ? c->kernel : "?", c->cond0 ? "true" : "false",
            value ? "true" : "false", t.x, t.y, t.z);
  pthread_mutex_unlock(&chk_lock);
  c->cond0 = value;   /* one report per change */
}

void *cucpu_chk_global(void *p, size_t size, int kind, const char *site, int tid)
{
  ChkThread *c = chk_thread();
  uintptr_t a = (uintptr_t)p;
  unsigned gen = __atomic_load_n(&rt_mem_generation, __ATOMIC_ACQUIRE);
  if (gen != c->gen) {
    c->ncached = 0;
    c->gen = gen;
  }
  for (int i = 0; i < c->ncached; i++)
    if (a >= c->lo[i] && a + size >= a && a + size <= c->hi[i]) return p;
  RtMem m;
  if (rt_mem_find(p, &m)) {
    uintptr_t lo = (uintptr_t)m.base, hi = lo + m.size;
    if (a + size >= a && a + size <= hi) {
      int k = c->ncached < CHK_CACHED ? c->ncached++ : c->next_cached++ % CHK_CACHED;
      c->lo[k] = lo;
      c->hi[k] = hi;
      return p;
    }
    char why[128];
    chk_where(why, sizeof why, a, size, lo, m.size, "an allocation");
    return chk_invalid(c, p, size, kind, site, tid, "global", why);
  }
  if (rt_mem_check(p, size, kind == 0 ? RT_SIDE_DEVICE_SRC : RT_SIDE_DEVICE_DST) == cudaSuccess) return p;
  return chk_invalid(c, p, size, kind, site, tid, "global",
                     "is not in a live allocation (freed, host memory, or out of bounds)");
}
