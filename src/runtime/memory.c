/* memory.c: device, pinned and managed memory, which are all host memory
 * here: allocations are 256-byte aligned malloc blocks, recorded in the
 * allocation table (alloc.c) with their exact sizes; copies are memmove
 * after the table has checked both ends, and "async" copies complete
 * before they return. */
#define _GNU_SOURCE
#include <stdint.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <omp.h>
#include <string.h>
#include <unistd.h>
#include "graph.h"

#define RT_ALIGN 256

int rt_copy_kind_ok(enum cudaMemcpyKind kind)
{
  return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault;
}

/* Blocks of at least RT_MAP_MIN bytes are mappings of their own. glibc
 * maps such sizes anyway (32 MiB is its largest mmap threshold), and a
 * fresh mapping reads as zeros: so they need no memset, which would touch
 * every page on the calling thread at cudaMalloc time. Their pages are
 * faulted in where the program first writes them (a cudaMemcpy, which is
 * parallel, or a kernel). Smaller blocks come from malloc, which recycles
 * freed memory (streamcluster allocates and frees one every iteration),
 * and are cleared. A block is a mapping exactly when its span is at least
 * RT_MAP_MIN.
 *
 * A mapping starts and ends on a 2 MiB boundary, so that the kernel can
 * back it with huge pages (where THP is "always", or with the advice), and
 * with CUCPU_HUGEPAGES=1 in the environment it is advised MADV_HUGEPAGE
 * (rt_map), as a GPU driver maps device memory in large pages. Not by
 * default: on the development VM (docs/performance.md, "nw: where the time
 * goes") huge pages made nw's kernels 27% faster (a tile walks 16 rows 32
 * KiB apart: a TLB miss each with 4 KiB pages) and the whole run 12%
 * cheaper in CPU time, but backprop and pathfinder 21-25% dearer: in a
 * fresh process a 256 MiB copy into a fresh advised mapping took 0.57 s of
 * CPU against 0.18 s with 4 KiB pages (getting fresh huge pages, there,
 * costs more than the faults they save). An earlier try saw 0.09-0.83 s of
 * system time for 512 MiB against a steady 0.3 s. The machine decides:
 * CUCPU_HUGEPAGES=1 against unset on one binary. */
#define RT_MAP_MIN ((size_t)32 << 20)
#define RT_HUGE ((size_t)2 << 20)   /* x86-64 and AArch64 (4 KiB granule) huge page */

static void rt_fill(void *dst, int value, size_t count);

/* 1 when the environment says CUCPU_HUGEPAGES=1 (read at each large
 * allocation: cheap beside an mmap, and no state shared between threads). */
static int rt_hugepages(void)
{
  const char *e = getenv("CUCPU_HUGEPAGES");
  return e && !strcmp(e, "1");
}

/* rt_map: a fresh anonymous mapping of span bytes (a multiple of RT_HUGE)
 * that starts on an RT_HUGE boundary, advised MADV_HUGEPAGE when
 * rt_hugepages says so; NULL when out of memory. Maps RT_HUGE more and
 * unmaps the slack at both ends, so exactly [block, block + span) stays
 * mapped (rt_release unmaps that). */
static void *rt_map(size_t span)
{
  size_t len = span + RT_HUGE;
  if (len < span)
    return NULL;
  char *raw = mmap(NULL, len, PROT_READ | PROT_WRITE, MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
  if (raw == MAP_FAILED)
    return NULL;
  char *block = (char *)(((uintptr_t)raw + RT_HUGE - 1) & ~(uintptr_t)(RT_HUGE - 1));
  size_t head = (size_t)(block - raw), tail = len - head - span;
  if (head) munmap(raw, head);
  if (tail) munmap(block + span, tail);
  if (rt_hugepages())
    (void)madvise(block, span, MADV_HUGEPAGE);   /* a hint: fine to fail */
  return block;
}

/* rt_alloc: *p = a fresh zeroed aligned block of size bytes (NULL for 0),
 * recorded in the allocation table as kind with its exact size. */
static cudaError_t rt_alloc(void **p, size_t size, RtMemKind kind)
{
  RT_STICKY();
  if (!p)
    return rt_fail(cudaErrorInvalidValue);
  *p = NULL;
  if (size == 0)
    return cudaSuccess;
  size_t rounded = (size + RT_ALIGN - 1) / RT_ALIGN * RT_ALIGN;
  void *block = NULL;
  if (rounded < size)
    return rt_fail(cudaErrorMemoryAllocation);
  if (rounded >= RT_MAP_MIN) {
    size_t span = (rounded + RT_HUGE - 1) / RT_HUGE * RT_HUGE;
    if (span < rounded)
      return rt_fail(cudaErrorMemoryAllocation);
    block = rt_map(span);
    if (!block)
      return rt_fail(cudaErrorMemoryAllocation);
    if (rt_mem_add(block, size, span, kind) != 1) {
      munmap(block, span);
      return rt_fail(cudaErrorMemoryAllocation);
    }
    *p = block;
    return cudaSuccess;
  }
  block = aligned_alloc(RT_ALIGN, rounded);
  if (!block)
    return rt_fail(cudaErrorMemoryAllocation);
  if (rt_mem_add(block, size, rounded, kind) != 1) {
    free(block);
    return rt_fail(cudaErrorMemoryAllocation);
  }
  /* A GPU's driver hands out zeroed pages, and programs that read memory
   * they never wrote (Rodinia's backprop) see zeros there: so do we, on
   * the OpenMP threads when the block is large (streamcluster allocates a
   * 1.4 MB block in every iteration of its host loop). */
  rt_fill(block, 0, rounded);
  *p = block;
  return cudaSuccess;
}

/* rt_release: free the block that starts at p when its kind is among
 * kinds; cudaErrorInvalidValue for any other pointer (inside a block, freed
 * already, never allocated, of the other free function), as on a GPU. */
static cudaError_t rt_release(void *p, unsigned kinds)
{
  RT_STICKY();
  RtMem m;
  if (!p)
    return cudaSuccess;
  if (!rt_mem_take(p, kinds, &m))
    return rt_fail(cudaErrorInvalidValue);
  if (m.span >= RT_MAP_MIN)
    munmap(m.base, m.span);
  else
    free(m.base);
  return cudaSuccess;
}

cudaError_t cudaMalloc(void **devPtr, size_t size)
{
  return rt_alloc(devPtr, size, RT_MEM_DEVICE);
}

cudaError_t cudaMallocHost(void **ptr, size_t size)
{
  return rt_alloc(ptr, size, RT_MEM_PINNED);
}

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
  if (flags & ~(unsigned)(cudaHostAllocPortable | cudaHostAllocMapped |
                          cudaHostAllocWriteCombined))
    return rt_fail(cudaErrorInvalidValue);
  return rt_alloc(pHost, size, RT_MEM_PINNED);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
    return rt_fail(cudaErrorInvalidValue);
  return rt_alloc(devPtr, size, RT_MEM_MANAGED);
}

/* cudaMallocPitch: rows of width bytes, each padded to a multiple of 256. */
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height)
{
  if (!pitch)
    return rt_fail(cudaErrorInvalidValue);
  size_t p = (width + RT_ALIGN - 1) / RT_ALIGN * RT_ALIGN;
  if (p < width || (height && p > SIZE_MAX / height))
    return rt_fail(cudaErrorMemoryAllocation);
  *pitch = p;
  return rt_alloc(devPtr, p * height, RT_MEM_DEVICE);
}

cudaError_t cudaFree(void *devPtr)
{
  cudaError_t gerr;
  if (devPtr && rt_gmem_free(devPtr, &gerr)) /* a graph's: stays reserved */
    return gerr == cudaSuccess ? gerr : rt_fail(gerr);
  RtMem m;
  if (rt_digest_on() && devPtr && rt_digest_block(devPtr, &m) && m.base == devPtr)
    rt_digest("free", m.base, m.size);
  return rt_release(devPtr, RT_MEM_BIT(RT_MEM_DEVICE) | RT_MEM_BIT(RT_MEM_MANAGED));
}

/* Stream-ordered allocation: every call has finished when it returns, so
 * the stream's order is the program's; the device's one pool stores its
 * attributes (nothing is kept back: the sizes read 0). */
/* In a capture, cudaMallocAsync adds an allocation node (its address is
 * known at once) and cudaFreeAsync a free node (graph_mem.c). */
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream)
{
  cudaError_t err;
  if (!rt_capture_probe(stream, &err))
    return err == cudaSuccess ? cudaMalloc(devPtr, size) : rt_fail(err);
  if (!devPtr)
    return rt_fail(cudaErrorInvalidValue);
  struct cudaMemAllocNodeParams p = { .bytesize = size };
  p.poolProps.allocType = cudaMemAllocationTypePinned;
  p.poolProps.location.type = cudaMemLocationTypeDevice;
  RtOp op;
  int captured;
  err = rt_alloc_op(&op, &p);
  if (err == cudaSuccess)
    err = rt_capture_op(stream, &op, &captured);
  if (err != cudaSuccess)
    return rt_fail(err);
  *devPtr = p.dptr;
  return cudaSuccess;
}

cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream)
{
  cudaError_t err;
  if (!rt_capture_probe(stream, &err))
    return err == cudaSuccess ? cudaFree(devPtr) : rt_fail(err);
  if (!devPtr)
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeMemFree, .dst = devPtr };
  int captured;
  err = rt_capture_op(stream, &op, &captured);
  return err == cudaSuccess ? err : rt_fail(err);
}

static struct RtPool { int reuse[3]; unsigned long long threshold; } rt_pool = { { 1, 1, 1 }, 0 };

cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device)
{
  if (!memPool)
    return rt_fail(cudaErrorInvalidValue);
  if (device != 0)
    return rt_fail(cudaErrorInvalidDevice);
  *memPool = (cudaMemPool_t)&rt_pool;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device)
{
  return cudaDeviceGetDefaultMemPool(memPool, device);
}

cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
  if ((struct RtPool *)memPool != &rt_pool || !value)
    return rt_fail(cudaErrorInvalidValue);
  if (attr >= cudaMemPoolReuseFollowEventDependencies && attr <= cudaMemPoolReuseAllowInternalDependencies)
    rt_pool.reuse[attr - 1] = *(int *)value;
  else if (attr == cudaMemPoolAttrReleaseThreshold)
    rt_pool.threshold = *(unsigned long long *)value;
  else if (attr == cudaMemPoolAttrReservedMemHigh || attr == cudaMemPoolAttrUsedMemHigh) {
    if (*(unsigned long long *)value != 0)
      return rt_fail(cudaErrorInvalidValue);       /* these may only be reset */
  } else
    return rt_fail(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value)
{
  if ((struct RtPool *)memPool != &rt_pool || !value)
    return rt_fail(cudaErrorInvalidValue);
  if (attr >= cudaMemPoolReuseFollowEventDependencies && attr <= cudaMemPoolReuseAllowInternalDependencies)
    *(int *)value = rt_pool.reuse[attr - 1];
  else if (attr == cudaMemPoolAttrReleaseThreshold)
    *(unsigned long long *)value = rt_pool.threshold;
  else if (attr >= cudaMemPoolAttrReservedMemCurrent && attr <= cudaMemPoolAttrUsedMemHigh)
    *(unsigned long long *)value = 0;
  else
    return rt_fail(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep)
{
  (void)minBytesToKeep;
  return (struct RtPool *)memPool == &rt_pool ? cudaSuccess : rt_fail(cudaErrorInvalidValue);
}

cudaError_t cudaFreeHost(void *ptr)
{
  return rt_release(ptr, RT_MEM_BIT(RT_MEM_PINNED));
}

/* cudaHostGetDevicePointer: pinned or registered host memory is device
 * memory at the same address; anything else has no device address. */
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                     unsigned int flags)
{
  RtMem m;
  if (!pDevice || !pHost || flags != 0)
    return rt_fail(cudaErrorInvalidValue);
  if (!rt_mem_find(pHost, &m) ||
      (m.kind != RT_MEM_PINNED && m.kind != RT_MEM_REGISTERED))
    return rt_fail(cudaErrorInvalidValue);
  *pDevice = pHost;
  return cudaSuccess;
}

/* cudaHostRegister: pages of the caller's memory become pinned memory; a
 * range that overlaps one registered or allocated already is refused. */
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
  RT_STICKY();
  if (!ptr || !size || (uintptr_t)ptr + size < (uintptr_t)ptr ||
      (flags & ~(unsigned)(cudaHostRegisterPortable | cudaHostRegisterMapped |
                           cudaHostRegisterIoMemory | cudaHostRegisterReadOnly)))
    return rt_fail(cudaErrorInvalidValue);
  switch (rt_mem_add(ptr, size, size, RT_MEM_REGISTERED)) {
  case 1: return cudaSuccess;
  case 0: return rt_fail(cudaErrorMemoryAllocation);
  default: return rt_fail(cudaErrorHostMemoryAlreadyRegistered);
  }
}

cudaError_t cudaHostUnregister(void *ptr)
{
  RT_STICKY();
  RtMem m;
  if (!ptr)
    return rt_fail(cudaErrorInvalidValue);
  if (!rt_mem_take(ptr, RT_MEM_BIT(RT_MEM_REGISTERED), &m))
    return rt_fail(cudaErrorHostMemoryNotRegistered);
  return cudaSuccess;
}

/* cudaMemGetInfo: available and total physical memory of the host. */
cudaError_t cudaMemGetInfo(size_t *free_bytes, size_t *total)
{
  if (!free_bytes || !total)
    return rt_fail(cudaErrorInvalidValue);
  size_t page = (size_t)sysconf(_SC_PAGESIZE);
  *free_bytes = (size_t)sysconf(_SC_AVPHYS_PAGES) * page;
  *total = (size_t)sysconf(_SC_PHYS_PAGES) * page;
  return cudaSuccess;
}

/* cudaPointerGetAttributes: what the allocation table says of ptr. Host
 * memory the runtime never saw is cudaMemoryTypeUnregistered (CUDA 11 and
 * later), except static data, which may be a __device__ variable and is
 * reachable from both sides here: managed. */
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                                     const void *ptr)
{
  if (!attributes)
    return rt_fail(cudaErrorInvalidValue);
  RtMem m;
  enum cudaMemoryType type = cudaMemoryTypeUnregistered;
  if (rt_mem_find(ptr, &m))
    type = m.kind == RT_MEM_MANAGED ? cudaMemoryTypeManaged
         : m.kind == RT_MEM_PINNED || m.kind == RT_MEM_REGISTERED
             ? cudaMemoryTypeHost : cudaMemoryTypeDevice;
  else if (ptr && rt_mem_check(ptr, 1, RT_SIDE_DEVICE_SRC) == cudaSuccess)
    type = cudaMemoryTypeManaged;
  attributes->type = type;
  attributes->device = type == cudaMemoryTypeUnregistered ? -2 : 0;
  attributes->devicePointer = type == cudaMemoryTypeUnregistered ? NULL : (void *)ptr;
  attributes->hostPointer = type == cudaMemoryTypeDevice ? NULL : (void *)ptr;
  return cudaSuccess;
}

/* Large copies are split across the OpenMP threads: one core cannot
 * saturate the memory bandwidth, and a GPU program copies often. Regions
 * that overlap are copied by one thread (memmove semantics).
 * Inside a parallel region (a host loop whose launches share one team runs
 * its copies under `omp master`), the pieces become tasks: the other
 * threads of the team, waiting at the barrier after the master block, run
 * them, and the taskloop's implicit taskgroup ends the copy before the call
 * returns. */
enum { RT_PARALLEL_COPY = 1 << 20 };

/* A large copy or fill: dst, and src (copy) or value (fill). */
typedef struct RtBulk {
  char *dst;
  const char *src;
  int value;
} RtBulk;

/* Piece t of nt of [0, count), count > 0. No sum may wrap: count can be
 * close to SIZE_MAX. */
static void rt_piece(const RtBulk *op, size_t count, size_t nt, size_t t)
{
  size_t chunk = count / nt + (count % nt != 0);
  if (t > (count - 1) / chunk) return;
  size_t b = t * chunk;
  size_t len = count - b < chunk ? count - b : chunk;
  if (op->src) memcpy(op->dst + b, op->src + b, len);
  else memset(op->dst + b, op->value, len);
}

/* Runs op over [0, count) in pieces on the OpenMP threads: a team of its
 * own outside a parallel region, tasks of the current team inside one. */
static void rt_bulk(const RtBulk *op, size_t count)
{
  if (omp_in_parallel()) {
    size_t nt = (size_t)omp_get_num_threads();
#pragma omp taskloop num_tasks(nt)
    for (size_t t = 0; t < nt; t++) rt_piece(op, count, nt, t);
    return;
  }
#pragma omp parallel
  rt_piece(op, count, (size_t)omp_get_num_threads(), (size_t)omp_get_thread_num());
}

/* 1 when a copy or fill of count bytes goes to one thread. */
static int rt_serial(size_t count)
{
  return count < RT_PARALLEL_COPY || (omp_in_parallel() && omp_get_num_threads() == 1);
}

static void rt_copy(void *dst, const void *src, size_t count)
{
  const char *s = src;
  char *d = dst;
  if (rt_serial(count) || (d < s + count && s < d + count)) {
    memmove(dst, src, count);   /* overlapping regions: memmove semantics */
    return;
  }
  RtBulk op = { d, s, 0 };
  rt_bulk(&op, count);
}

static void rt_fill(void *dst, int value, size_t count)
{
  if (rt_serial(count)) {
    memset(dst, value, count);
    return;
  }
  RtBulk op = { dst, NULL, value };
  rt_bulk(&op, count);
}

/* cudaMemcpy: both ends are checked against the allocation table for the
 * sides kind names (cudaMemcpyDefault infers them, as with UVA). */
cudaError_t rt_memcpy(void *dst, const void *src, size_t count,
                      enum cudaMemcpyKind kind)
{
  RT_STICKY();
  if (!rt_copy_kind_ok(kind))
    return rt_fail(cudaErrorInvalidMemcpyDirection);
  if (count == 0)
    return cudaSuccess;
  cudaError_t err = rt_copy_check(dst, src, count, kind);
  if (err != cudaSuccess)
    return rt_fail(err);
  double t0 = rt_prof_on ? rt_now_ms() : 0;
  rt_copy(dst, src, count);
  if (rt_prof_on)
    rt_prof_copy(rt_prof_copy_kind(dst, src, kind), count, rt_now_ms() - t0);
  RtMem m;
  if (rt_digest_on() && rt_digest_block(src, &m))
    rt_digest("memcpy", dst, count);
  return cudaSuccess;
}

/* cudaMemcpy: work on the legacy stream, which a capture may refuse. */
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       enum cudaMemcpyKind kind)
{
  cudaError_t err = rt_capture_sync(cudaStreamLegacy);
  return err == cudaSuccess ? rt_memcpy(dst, src, count, kind) : rt_fail(err);
}

/* rt_capture_copy: a copy given to stream: when it captures, a checked
 * copy node (*captured 1); op describes it. */
static cudaError_t rt_capture_copy(cudaStream_t stream, RtOp *op, int *captured)
{
  *captured = 0;
  if (op->copy1d) {
    if (!rt_copy_kind_ok(op->kind))
      return cudaErrorInvalidMemcpyDirection;
    cudaError_t err = op->count ? rt_copy_check(op->dst, op->src, op->count, op->kind)
                                : cudaSuccess;
    if (err != cudaSuccess)
      return err;
  }
  return rt_capture_op(stream, op, captured);
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind, cudaStream_t stream)
{
  RtOp op = { .type = cudaGraphNodeTypeMemcpy, .copy1d = 1, .dst = dst, .src = src,
              .count = count, .kind = kind };
  int captured;
  cudaError_t err = rt_capture_copy(stream, &op, &captured);
  if (err != cudaSuccess)
    return rt_fail(err);
  return captured ? cudaSuccess : rt_memcpy(dst, src, count, kind);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, size_t count)
{
  if (dstDevice != 0 || srcDevice != 0)
    return rt_fail(cudaErrorInvalidDevice);
  return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                int srcDevice, size_t count, cudaStream_t stream)
{
  cudaError_t err = rt_capture_sync(stream);
  if (err != cudaSuccess)
    return rt_fail(err);
  if (dstDevice != 0 || srcDevice != 0)
    return rt_fail(cudaErrorInvalidDevice);
  return rt_memcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

static cudaError_t rt_memset(void *devPtr, int value, size_t count)
{
  RT_STICKY();
  if (count == 0)
    return cudaSuccess;
  cudaError_t err = rt_mem_check(devPtr, count, RT_SIDE_DEVICE_DST);
  if (err != cudaSuccess)
    return rt_fail(err);
  double t0 = rt_prof_on ? rt_now_ms() : 0;
  rt_fill(devPtr, value, count);
  if (rt_prof_on)
    rt_prof_copy(RT_PROF_MEMSET, count, rt_now_ms() - t0);
  return cudaSuccess;
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
  cudaError_t err = rt_capture_sync(cudaStreamLegacy);
  return err == cudaSuccess ? rt_memset(devPtr, value, count) : rt_fail(err);
}

/* rt_capture_set: a memset of height rows of width bytes, pitch apart,
 * given to stream: when it captures, a checked memset node. */
static cudaError_t rt_capture_set(cudaStream_t stream, void *dst, size_t pitch, int value,
                                  size_t width, size_t height, int *captured)
{
  *captured = 0;
  RtOp op = { .type = cudaGraphNodeTypeMemset,
              .set = { dst, pitch, (unsigned char)value, 1, width, height } };
  if (width && height) {
    size_t span = (height - 1) * pitch + width;
    if (height > 1 && width > pitch)
      return cudaErrorInvalidPitchValue;
    cudaError_t err = rt_mem_check(dst, span, RT_SIDE_DEVICE_DST);
    if (err != cudaSuccess)
      return err;
  } else {
    op.type = cudaGraphNodeTypeEmpty;
  }
  return rt_capture_op(stream, &op, captured);
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream)
{
  int captured;
  cudaError_t err = rt_capture_set(stream, devPtr, count, value, count, 1, &captured);
  if (err != cudaSuccess)
    return rt_fail(err);
  return captured ? cudaSuccess : rt_memset(devPtr, value, count);
}

/* rt_extent2d: the bytes that height rows of width, pitch apart, span
 * (width <= pitch, height > 0); SIZE_MAX when that does not fit, which no
 * check passes. */
static size_t rt_extent2d(size_t pitch, size_t width, size_t height)
{
  if (height - 1 > (SIZE_MAX - width) / (pitch ? pitch : 1))
    return SIZE_MAX;
  return (height - 1) * pitch + width;
}

/* cudaMemcpy2D: height rows of width bytes; pitches must cover width. */
static cudaError_t rt_memcpy2d(void *dst, size_t dpitch, const void *src,
                               size_t spitch, size_t width, size_t height,
                               enum cudaMemcpyKind kind)
{
  RT_STICKY();
  if (!rt_copy_kind_ok(kind))
    return rt_fail(cudaErrorInvalidMemcpyDirection);
  if (width > dpitch || width > spitch)
    return rt_fail(cudaErrorInvalidPitchValue);
  if (width == 0 || height == 0)
    return cudaSuccess;
  cudaError_t err = rt_mem_check(dst, rt_extent2d(dpitch, width, height),
                                 rt_copy_side(kind, 1));
  if (err == cudaSuccess)
    err = rt_mem_check(src, rt_extent2d(spitch, width, height),
                       rt_copy_side(kind, 0));
  if (err != cudaSuccess)
    return rt_fail(err);
  double t0 = rt_prof_on ? rt_now_ms() : 0;
  for (size_t r = 0; r < height; r++)
    memmove((char *)dst + r * dpitch, (const char *)src + r * spitch, width);
  if (rt_prof_on)
    rt_prof_copy(rt_prof_copy_kind(dst, src, kind), width * height, rt_now_ms() - t0);
  return cudaSuccess;
}

cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind)
{
  cudaError_t err = rt_capture_sync(cudaStreamLegacy);
  if (err != cudaSuccess)
    return rt_fail(err);
  return rt_memcpy2d(dst, dpitch, src, spitch, width, height, kind);
}

/* cudaMemcpy2DAsync: captured as a 3D copy node of pitched pointers. */
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t stream)
{
  if (!rt_copy_kind_ok(kind))
    return rt_fail(cudaErrorInvalidMemcpyDirection);
  if (width > dpitch || width > spitch)
    return rt_fail(cudaErrorInvalidPitchValue);
  RtOp op = { .type = cudaGraphNodeTypeMemcpy };
  op.copy.srcPtr = (struct cudaPitchedPtr){ (void *)src, spitch, width, height };
  op.copy.dstPtr = (struct cudaPitchedPtr){ dst, dpitch, width, height };
  op.copy.extent = (struct cudaExtent){ width, height, 1 };
  op.copy.kind = kind;
  cudaError_t err = cudaSuccess;
  if (width && height) {
    err = rt_mem_check(dst, rt_extent2d(dpitch, width, height), rt_copy_side(kind, 1));
    if (err == cudaSuccess)
      err = rt_mem_check(src, rt_extent2d(spitch, width, height), rt_copy_side(kind, 0));
  } else {
    op.type = cudaGraphNodeTypeEmpty;
  }
  int captured = 0;
  if (err == cudaSuccess)
    err = rt_capture_op(stream, &op, &captured);
  if (err != cudaSuccess)
    return rt_fail(err);
  return captured ? cudaSuccess : rt_memcpy2d(dst, dpitch, src, spitch, width, height, kind);
}

static cudaError_t rt_memset2d(void *devPtr, size_t pitch, int value, size_t width,
                               size_t height)
{
  RT_STICKY();
  if (width > pitch)
    return rt_fail(cudaErrorInvalidPitchValue);
  if (width == 0 || height == 0)
    return cudaSuccess;
  cudaError_t err = rt_mem_check(devPtr, rt_extent2d(pitch, width, height),
                                 RT_SIDE_DEVICE_DST);
  if (err != cudaSuccess)
    return rt_fail(err);
  double t0 = rt_prof_on ? rt_now_ms() : 0;
  for (size_t r = 0; r < height; r++)
    memset((char *)devPtr + r * pitch, value, width);
  if (rt_prof_on)
    rt_prof_copy(RT_PROF_MEMSET, width * height, rt_now_ms() - t0);
  return cudaSuccess;
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                         size_t height)
{
  cudaError_t err = rt_capture_sync(cudaStreamLegacy);
  return err == cudaSuccess ? rt_memset2d(devPtr, pitch, value, width, height) : rt_fail(err);
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                              size_t width, size_t height, cudaStream_t stream)
{
  int captured;
  cudaError_t err = rt_capture_set(stream, devPtr, pitch, value, width, height, &captured);
  if (err != cudaSuccess)
    return rt_fail(err);
  return captured ? cudaSuccess : rt_memset2d(devPtr, pitch, value, width, height);
}

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                 int dstDevice, cudaStream_t stream)
{
  (void)devPtr; (void)count; (void)dstDevice; (void)stream;
  return cudaSuccess;
}
