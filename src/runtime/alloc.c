/* alloc.c: the allocation table. Every block the runtime hands out
 * (cudaMalloc, cudaMallocHost, cudaMallocManaged, cudaHostRegister, the
 * storage of CUDA arrays) is recorded with its exact size and its kind.
 * All memory is host memory here, so without the table a bad pointer, a
 * size past the end of a block or a second free reaches memcpy or free and
 * crashes, where a GPU returns cudaErrorInvalidValue. With it, copies,
 * fills and frees check their pointers first.
 *
 * The table is an array of disjoint ranges sorted by address, under one
 * mutex: a lookup is a binary search, an insert or a removal moves the
 * tail (cheap for the few thousand live blocks programs keep).
 *
 * Pointers the table does not know are host memory (malloc, the stack)
 * or, when they lie in a loaded object's data, a __device__ or __constant__
 * variable: those are host globals here, and cudaGetSymbolAddress hands
 * out their addresses as device pointers. */
#define _GNU_SOURCE
#include <link.h>
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "rt.h"

static pthread_mutex_t rt_mem_lock = PTHREAD_MUTEX_INITIALIZER;
/* bumped on every change of the table: --check caches lookups under it */
unsigned rt_mem_generation;
static RtMem *rt_mems;
static size_t rt_nmems, rt_capmems;

/* rt_mem_end: one past the last byte that belongs to m (its reserved span,
 * so that a pointer into the rounding still finds its block). */
static uintptr_t rt_mem_end(const RtMem *m)
{
  return (uintptr_t)m->base + (m->span > m->size ? m->span : m->size);
}

/* rt_mem_index: the first entry whose end lies above p (table locked). */
static size_t rt_mem_index(uintptr_t p)
{
  size_t lo = 0, hi = rt_nmems;
  while (lo < hi) {
    size_t mid = lo + (hi - lo) / 2;
    if (rt_mem_end(&rt_mems[mid]) <= p) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

int rt_mem_add(void *base, size_t size, size_t span, RtMemKind kind)
{
  RtMem m = { base, size, span, kind };
  uintptr_t b = (uintptr_t)base, e = b + (span > size ? span : size);
  int ok = 0;
  pthread_mutex_lock(&rt_mem_lock);
  size_t i = rt_mem_index(b);
  if (i < rt_nmems && (uintptr_t)rt_mems[i].base < e) {
    ok = -1;   /* overlaps a live block */
    goto out;
  }
  if (rt_nmems == rt_capmems) {
    size_t cap = rt_capmems ? 2 * rt_capmems : 64;
    RtMem *t = realloc(rt_mems, cap * sizeof *t);
    if (!t) goto out;
    rt_mems = t;
    rt_capmems = cap;
  }
  memmove(&rt_mems[i + 1], &rt_mems[i], (rt_nmems - i) * sizeof *rt_mems);
  rt_mems[i] = m;
  rt_nmems++;
  __atomic_fetch_add(&rt_mem_generation, 1, __ATOMIC_RELEASE);
  ok = 1;
out:
  pthread_mutex_unlock(&rt_mem_lock);
  return ok;
}

int rt_mem_find(const void *p, RtMem *out)
{
  uintptr_t a = (uintptr_t)p;
  int found = 0;
  pthread_mutex_lock(&rt_mem_lock);
  size_t i = rt_mem_index(a);
  if (i < rt_nmems && (uintptr_t)rt_mems[i].base <= a) {
    *out = rt_mems[i];
    found = 1;
  }
  pthread_mutex_unlock(&rt_mem_lock);
  return found;
}

int rt_mem_take(const void *base, unsigned kinds, RtMem *out)
{
  uintptr_t a = (uintptr_t)base;
  int taken = 0;
  pthread_mutex_lock(&rt_mem_lock);
  size_t i = rt_mem_index(a);
  if (i < rt_nmems && (uintptr_t)rt_mems[i].base == a &&
      (kinds & RT_MEM_BIT(rt_mems[i].kind))) {
    *out = rt_mems[i];
    memmove(&rt_mems[i], &rt_mems[i + 1], (rt_nmems - i - 1) * sizeof *rt_mems);
    rt_nmems--;
    __atomic_fetch_add(&rt_mem_generation, 1, __ATOMIC_RELEASE);
    taken = 1;
  }
  pthread_mutex_unlock(&rt_mem_lock);
  return taken;
}

/* A range looked for among the loaded objects' segments. */
typedef struct RtSegQuery { uintptr_t lo, hi; int write; } RtSegQuery;

static int rt_seg_has(struct dl_phdr_info *info, size_t size, void *arg)
{
  (void)size;
  const RtSegQuery *q = arg;
  for (int i = 0; i < info->dlpi_phnum; i++) {
    const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
    if (ph->p_type != PT_LOAD || (q->write && !(ph->p_flags & PF_W)))
      continue;
    uintptr_t lo = info->dlpi_addr + ph->p_vaddr, hi = lo + ph->p_memsz;
    if (q->lo >= lo && q->hi <= hi)
      return 1;
  }
  return 0;
}

/* rt_static_data: whether [p, p + len) lies in one segment of a loaded
 * object (writable ones when write): where __device__ variables live. */
static int rt_static_data(const void *p, size_t len, int write)
{
  RtSegQuery q = { (uintptr_t)p, (uintptr_t)p + len, write };
  return dl_iterate_phdr(rt_seg_has, &q) != 0;
}

cudaError_t rt_mem_check(const void *p, size_t len, RtCopySide side)
{
  uintptr_t a = (uintptr_t)p;
  if (len == 0)
    return cudaSuccess;
  if (!p || a + len < a)
    return cudaErrorInvalidValue;   /* NULL, or a size that wraps */
  RtMem m;
  if (rt_mem_find(p, &m))   /* every kind in the table is device-visible */
    return len <= (uintptr_t)m.base + m.size - a ? cudaSuccess
                                                 : cudaErrorInvalidValue;
  if (side == RT_SIDE_HOST)
    return cudaSuccess;   /* pageable host memory: its size is unknown */
  return rt_static_data(p, len, side == RT_SIDE_DEVICE_DST)
             ? cudaSuccess : cudaErrorInvalidValue;
}

RtCopySide rt_copy_side(enum cudaMemcpyKind kind, int dst)
{
  if (kind == cudaMemcpyDeviceToDevice ||
      kind == (dst ? cudaMemcpyHostToDevice : cudaMemcpyDeviceToHost))
    return dst ? RT_SIDE_DEVICE_DST : RT_SIDE_DEVICE_SRC;
  return RT_SIDE_HOST;
}

cudaError_t rt_copy_check(void *dst, const void *src, size_t count,
                          enum cudaMemcpyKind kind)
{
  cudaError_t e = rt_mem_check(dst, count, rt_copy_side(kind, 1));
  return e != cudaSuccess ? e : rt_mem_check(src, count, rt_copy_side(kind, 0));
}
