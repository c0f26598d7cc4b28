/*
 * reference.c: the reference execution mode (`cucpu --reference`).
 *
 * A kernel built in reference mode runs each block on one OpenMP thread,
 * and every CUDA thread of the block as a fiber of its own (ucontext): the
 * per-thread program as the front end lowered it, with no passes. A
 * barrier really suspends the calling fiber until the others arrive, so
 * the result is the ground truth that the optimizing translation (thread
 * loops split at barriers, values privatized) is compared against.
 *
 * Scheduling is deterministic: the fibers that can run do, in thread
 * order, each until it waits at a barrier or ends. When none can run:
 *   - in each warp, the lanes waiting at a warp barrier (__syncwarp, the
 *     exchange of a shuffle or vote, a step of lock-step code) go on: no
 *     other lane of the warp can still come, as each has ended or waits at
 *     another barrier. When lanes wait at different warp barriers (`site`,
 *     numbered in program order), only those at the first go on: the
 *     others wait for them as a warp's diverged paths wait to reconverge
 *     (the lanes of a loop that runs longer finish it first);
 *   - otherwise every live fiber waits at __syncthreads(): all go on
 *     (from different call sites too: the GPU counts arrivals at one
 *     barrier).
 * A thread that has returned no longer takes part in barriers (as on the
 * GPU since Volta).
 *
 * Each fiber's stack is mmap'd with a guard page below it (an overflow
 * faults instead of corrupting a neighbour): CUCPU_REF_STACK bytes (a K
 * or M suffix allowed), 64 KiB by default, and at least 64 KiB more than
 * the kernel's locals take (the translator passes their size). The stacks of an OpenMP thread
 * are kept for its next block and launch.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>
#include "rt.h"

typedef enum { RF_READY, RF_BLOCK, RF_WARP, RF_DONE } RefState;

typedef struct RefFiber {
  ucontext_t ctx;
  char *map;           /* guard page + stack */
  RefState st;
  int site;            /* RF_WARP: which warp barrier */
} RefFiber;

typedef struct RefBlock {
  ucontext_t sched;
  RefFiber *f;
  int n, cur;
  void (*fn)(void *, int);
  void *arg;
} RefBlock;

/* This OpenMP thread's block and its kept stacks. */
static __thread RefBlock *ref_block;
static __thread RefFiber *ref_pool;
static __thread int ref_npool;

/* The stack of a fiber: CUCPU_REF_STACK bytes (64 KiB when unset), and
 * at least `frame` (what the kernel's locals take) plus 64 KiB. */
static size_t stack_size(size_t frame)
{
  static size_t base;
  if (!base) {
    size_t s = 64 * 1024;
    const char *e = getenv("CUCPU_REF_STACK");
    if (e && *e) {
      char *end;
      unsigned long long v = strtoull(e, &end, 10);
      if (*end == 'k' || *end == 'K') v <<= 10;
      else if (*end == 'm' || *end == 'M') v <<= 20;
      if (v >= 16 * 1024) s = (size_t)v;
    }
    base = s;
  }
  size_t s = frame + 64 * 1024 > base ? frame + 64 * 1024 : base;
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  return (s + page - 1) / page * page;
}

static __thread size_t ref_pool_size;   /* the pool's stacks' size */

static void free_pool(void)
{
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  for (int i = 0; i < ref_npool; i++) munmap(ref_pool[i].map, ref_pool_size + page);
  ref_npool = 0;
  ref_pool_size = 0;
}

/* Makes the pool hold n stacks of at least size bytes; 0, or -1 when the
 * memory cannot be had. */
static int grow_pool(int n, size_t size)
{
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  if (size > ref_pool_size) free_pool();   /* larger stacks: the smaller ones go */
  ref_pool_size = ref_pool_size > size ? ref_pool_size : size;
  if (n <= ref_npool) return 0;
  RefFiber *p = realloc(ref_pool, (size_t)n * sizeof *p);
  if (!p) return -1;
  ref_pool = p;
  for (; ref_npool < n; ref_npool++) {
    char *m = mmap(NULL, ref_pool_size + page, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (m == MAP_FAILED) {
      free_pool();   /* give the address space back for the next launch */
      return -1;
    }
    mprotect(m, page, PROT_NONE);   /* the guard: stacks grow down */
    ref_pool[ref_npool].map = m;
  }
  return 0;
}

static void fiber_entry(void)
{
  RefBlock *b = ref_block;
  b->fn(b->arg, b->cur);
  b->f[b->cur].st = RF_DONE;
  /* returns to uc_link: the scheduler */
}

/* The lanes of warp w waiting at its first warp barrier in program order
 * (the lowest site) go on; how many. */
static int release_warp(RefBlock *b, int w)
{
  int site = -1, n = 0, end = w * 32 + 32 < b->n ? w * 32 + 32 : b->n;
  for (int i = w * 32; i < end; i++)
    if (b->f[i].st == RF_WARP && (site < 0 || b->f[i].site < site)) site = b->f[i].site;
  for (int i = w * 32; i < end; i++)
    if (b->f[i].st == RF_WARP && b->f[i].site == site) {
      b->f[i].st = RF_READY;
      n++;
    }
  return n;
}

/* Lets the fibers waiting at barriers go on; 0 when every fiber ended. */
static int release(RefBlock *b)
{
  int live = 0, warp = 0;
  for (int i = 0; i < b->n; i++) live += b->f[i].st != RF_DONE;
  if (!live) return 0;
  for (int w = 0; w * 32 < b->n; w++) warp += release_warp(b, w);
  if (warp) return 1;
  for (int i = 0; i < b->n; i++)
    if (b->f[i].st == RF_BLOCK) b->f[i].st = RF_READY;
  return 1;
}

int cucpu_ref_block(int nthreads, size_t frame, void (*fn)(void *ctx, int tid), void *ctx)
{
  if (grow_pool(nthreads, stack_size(frame))) return -1;
  RefBlock b = { .f = ref_pool, .n = nthreads, .fn = fn, .arg = ctx };
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  for (int i = 0; i < nthreads; i++) {
    RefFiber *f = &b.f[i];
    getcontext(&f->ctx);
    f->ctx.uc_stack.ss_sp = f->map + page;
    f->ctx.uc_stack.ss_size = ref_pool_size;
    f->ctx.uc_link = &b.sched;
    makecontext(&f->ctx, fiber_entry, 0);
    f->st = RF_READY;
  }
  RefBlock *saved = ref_block;
  ref_block = &b;
  do {
    for (int i = 0; i < nthreads; i++) {
      if (b.f[i].st != RF_READY) continue;
      b.cur = i;
      swapcontext(&b.sched, &b.f[i].ctx);
    }
  } while (release(&b));
  ref_block = saved;
  return 0;
}

static void wait_at(RefState st, int site)
{
  RefBlock *b = ref_block;
  if (!b) {
    fputs("cucpu: error: a reference-mode barrier outside a kernel\n", stderr);
    abort();
  }
  RefFiber *f = &b->f[b->cur];
  f->st = st;
  f->site = site;
  swapcontext(&f->ctx, &b->sched);
}

void cucpu_ref_sync(void) { wait_at(RF_BLOCK, 0); }

void cucpu_ref_syncwarp(int site) { wait_at(RF_WARP, site); }
