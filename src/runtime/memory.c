/* memory.c: device, pinned and managed memory, which are all host memory
 * here: allocations are 256-byte aligned malloc blocks, copies are memmove
 * and "async" copies complete before they return. */
#include <stdlib.h>
#include <omp.h>
#include <string.h>
#include <unistd.h>
#include "rt.h"

#define RT_ALIGN 256

int rt_copy_kind_ok(enum cudaMemcpyKind kind)
{
  return kind >= cudaMemcpyHostToHost && kind <= cudaMemcpyDefault;
}

/* rt_alloc: *p = a fresh aligned block of size bytes (NULL for 0). */
static cudaError_t rt_alloc(void **p, size_t size)
{
  if (!p)
    return rt_fail(cudaErrorInvalidValue);
  *p = NULL;
  if (size == 0)
    return cudaSuccess;
  size_t rounded = (size + RT_ALIGN - 1) / RT_ALIGN * RT_ALIGN;
  if (rounded < size || !(*p = aligned_alloc(RT_ALIGN, rounded)))
    return rt_fail(cudaErrorMemoryAllocation);
  return cudaSuccess;
}

cudaError_t cudaMalloc(void **devPtr, size_t size) { return rt_alloc(devPtr, size); }
cudaError_t cudaMallocHost(void **ptr, size_t size) { return rt_alloc(ptr, size); }

cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags)
{
  (void)flags;
  return rt_alloc(pHost, size);
}

cudaError_t cudaMallocManaged(void **devPtr, size_t size, unsigned int flags)
{
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost)
    return rt_fail(cudaErrorInvalidValue);
  return rt_alloc(devPtr, size);
}

/* cudaMallocPitch: rows of width bytes, each padded to a multiple of 256. */
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height)
{
  if (!pitch)
    return rt_fail(cudaErrorInvalidValue);
  *pitch = (width + RT_ALIGN - 1) / RT_ALIGN * RT_ALIGN;
  return rt_alloc(devPtr, *pitch * height);
}

cudaError_t cudaFree(void *devPtr) { free(devPtr); return cudaSuccess; }
cudaError_t cudaFreeHost(void *ptr) { free(ptr); return cudaSuccess; }

/* cudaHostGetDevicePointer: host memory is device memory. */
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                     unsigned int flags)
{
  if (!pDevice || !pHost || flags != 0)
    return rt_fail(cudaErrorInvalidValue);
  *pDevice = pHost;
  return cudaSuccess;
}

cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags)
{
  (void)flags;
  return ptr && size ? cudaSuccess : rt_fail(cudaErrorInvalidValue);
}

cudaError_t cudaHostUnregister(void *ptr)
{
  return ptr ? cudaSuccess : rt_fail(cudaErrorInvalidValue);
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

/* cudaPointerGetAttributes: every pointer is managed memory of device 0. */
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                                     const void *ptr)
{
  if (!attributes)
    return rt_fail(cudaErrorInvalidValue);
  attributes->type = ptr ? cudaMemoryTypeManaged : cudaMemoryTypeUnregistered;
  attributes->device = 0;
  attributes->devicePointer = (void *)ptr;
  attributes->hostPointer = (void *)ptr;
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

/* Piece t of nt of [0, count). */
static void rt_piece(const RtBulk *op, size_t count, size_t nt, size_t t)
{
  size_t chunk = (count + nt - 1) / nt, b = t * chunk;
  if (b >= count) return;
  size_t len = b + chunk > count ? count - b : chunk;
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

cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       enum cudaMemcpyKind kind)
{
  if (!rt_copy_kind_ok(kind))
    return rt_fail(cudaErrorInvalidMemcpyDirection);
  if (count == 0)
    return cudaSuccess;
  if (!dst || !src)
    return rt_fail(cudaErrorInvalidValue);
  rt_copy(dst, src, count);
  return cudaSuccess;
}

cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind, cudaStream_t stream)
{
  (void)stream;
  return cudaMemcpy(dst, src, count, kind);
}

cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, size_t count)
{
  if (dstDevice != 0 || srcDevice != 0)
    return rt_fail(cudaErrorInvalidDevice);
  return cudaMemcpy(dst, src, count, cudaMemcpyDeviceToDevice);
}

cudaError_t cudaMemset(void *devPtr, int value, size_t count)
{
  if (count == 0)
    return cudaSuccess;
  if (!devPtr)
    return rt_fail(cudaErrorInvalidValue);
  rt_fill(devPtr, value, count);
  return cudaSuccess;
}

cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream)
{
  (void)stream;
  return cudaMemset(devPtr, value, count);
}

/* cudaMemcpy2D: height rows of width bytes; pitches must cover width. */
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind)
{
  if (!rt_copy_kind_ok(kind))
    return rt_fail(cudaErrorInvalidMemcpyDirection);
  if (width > dpitch || width > spitch)
    return rt_fail(cudaErrorInvalidPitchValue);
  if (width == 0 || height == 0)
    return cudaSuccess;
  if (!dst || !src)
    return rt_fail(cudaErrorInvalidValue);
  for (size_t r = 0; r < height; r++)
    memmove((char *)dst + r * dpitch, (const char *)src + r * spitch, width);
  return cudaSuccess;
}

cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind, cudaStream_t stream)
{
  (void)stream;
  return cudaMemcpy2D(dst, dpitch, src, spitch, width, height, kind);
}

cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                         size_t height)
{
  if (width > pitch)
    return rt_fail(cudaErrorInvalidPitchValue);
  if (width == 0 || height == 0)
    return cudaSuccess;
  if (!devPtr)
    return rt_fail(cudaErrorInvalidValue);
  for (size_t r = 0; r < height; r++)
    memset((char *)devPtr + r * pitch, value, width);
  return cudaSuccess;
}

cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                              size_t width, size_t height, cudaStream_t stream)
{
  (void)stream;
  return cudaMemset2D(devPtr, pitch, value, width, height);
}

cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                 int dstDevice, cudaStream_t stream)
{
  (void)devPtr; (void)count; (void)dstDevice; (void)stream;
  return cudaSuccess;
}
