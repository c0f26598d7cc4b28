/* cucpu_rt.h: what translated programs need from libcucpu_rt beyond the CUDA
 * API: building dim3 values, checking a launch configuration, setting the
 * last error, registering symbol sizes, and the C core of texture fetches
 * (the typed tex1D/tex2D/... templates live in cucpu_texture.h). */
#ifndef CUCPU_RT_H
#define CUCPU_RT_H

#include <stddef.h>
#include "host_defines.h"
#include "vector_types.h"
#include "driver_types.h"

CUCPU_BEGIN_C

/* cucpu_launch_check: cudaSuccess when grid x block x shmem is a launch
 * CUDA accepts (no zero dimension, at most 1024 threads, block within
 * 1024x1024x64, grid y/z within 65535, shmem within the dynamic
 * shared-memory limit); otherwise records and returns
 * cudaErrorInvalidConfiguration, which cudaGetLastError then reports once. */
cudaError_t cucpu_launch_check(dim3 grid, dim3 block, size_t shmem);

/* cucpu_launch_begin: cucpu_launch_check for the launcher of the kernel
 * name (the launcher's __PRETTY_FUNCTION__ will do: the profile drops the
 * launch parameters), which calls cucpu_launch_end when the grid is done
 * (every thread of a team entry may call it): CUCPU_PROFILE then times the
 * launch exactly and names it without reading symbol tables. */
cudaError_t cucpu_launch_begin(const char *name, dim3 grid, dim3 block, size_t shmem);
void cucpu_launch_end(void);

/* Kernels that call grid.sync() (grid.c): cucpu_grid_begin checks that
 * the grid can run all at once (cudaErrorCooperativeLaunchTooLarge
 * otherwise) and arms the barrier; the launcher then runs one OpenMP thread
 * per block, and grid.sync() is cucpu_grid_sync(). */
cudaError_t cucpu_grid_begin(dim3 grid, dim3 block);
void cucpu_grid_sync(void);

/* cucpu_dynsmem_tls: this OpenMP thread's dynamic shared memory for the
 * block it runs, for `extern __shared__` arrays declared in __device__
 * functions (the SharedMemory<T> idiom), which are not inlined into the
 * launcher that allocates it. */
extern __thread unsigned char *cucpu_dynsmem_tls;

/* --check (check.c): translated kernels wrap each access of shared memory
 * and of a pointer parameter's memory in cucpu_chk_s / cucpu_chk_g, which
 * return the element, or scratch memory when the access is out of bounds
 * (reported, never performed). kind: 0 read, 1 write, 2 address taken (a
 * callee accesses it: bounds only). cucpu_chk_block starts a block,
 * cucpu_chk_barrier a barrier interval of it, and cucpu_chk_end ends it,
 * for this OpenMP thread. */
void cucpu_chk_block(const char *kernel, uint3 block, dim3 block_dim);
void cucpu_chk_barrier(void);
void cucpu_chk_end(void);
/* synccheck: a condition that decides for the block whether it meets
 * barriers; each thread's value (cucpu_chk_cond) must be thread 0's. */
void cucpu_chk_cond_begin(void);
void cucpu_chk_cond(int value, int tid, const char *site);
void *cucpu_chk_shared(void *p, size_t size, int kind, const char *site, int tid,
                       const void *base, size_t extent);
void *cucpu_chk_global(void *p, size_t size, int kind, const char *site, int tid);

/* The reference mode (reference.c, `cucpu --reference`): cucpu_ref_block
 * runs fn(ctx, tid) for tid 0 .. nthreads-1 as fibers of the calling
 * thread, each with a stack of its own (frame bytes of locals and more),
 * until all have returned; 0, or -1 when the stacks cannot be had. Inside, cucpu_ref_sync() is
 * __syncthreads(): the fiber waits until every live thread of the block
 * waits there; cucpu_ref_syncwarp(site) waits until the lanes of its
 * warp that can still arrive have (all at the same site, a number the
 * translator gives each warp barrier of a kernel). */
int cucpu_ref_block(int nthreads, size_t frame, void (*fn)(void *ctx, int tid), void *ctx);
void cucpu_ref_sync(void);
void cucpu_ref_syncwarp(int site);

/* cucpu_set_last_error: make err this host thread's last error (cudaSuccess
 * leaves the state unchanged, as in CUDA). */
void cucpu_set_last_error(cudaError_t err);

/* Launches that do not name the kernel (cucpu_launch.h): a launch through
 * a function pointer pushes its configuration and calls the kernel's stub,
 * which pops it (0, and cudaErrorMissingConfiguration as the last error,
 * when none was pushed) and runs the launcher. cucpu_register_kernel makes
 * launch, which runs the launcher with args[i] pointing to argument i,
 * what cudaLaunchKernel(func, ...) runs; 1 when recorded. */
typedef void (*CucpuLaunchFn)(dim3 grid, dim3 block, size_t shmem, void **args);
void cucpu_push_config(dim3 grid, dim3 block, size_t shmem);
int cucpu_pop_config(dim3 *grid, dim3 *block, size_t *shmem);
int cucpu_register_kernel(const void *func, CucpuLaunchFn launch);
/* cucpu_register_kernel_args: the same, with the sizes of the kernel's
 * nargs parameters, which a graph's kernel node copies (graph.c). */
int cucpu_register_kernel_args(const void *func, CucpuLaunchFn launch, int nargs,
                               const size_t *sizes);

/* Launches `k<<<g, b, s, st>>>(args)` into a stream that may capture
 * (launch.c, capture.c). The launch passes cucpu_on_stream(st, s) as its
 * shared-memory size, which notes st for the launcher; the launcher's first
 * call, cucpu_launch_captured(), answers 0 (run), 1 (st captures: record
 * the launch with cucpu_capture_launch and return) or 2 (refused, the
 * error recorded: return). cucpu_capture_launch copies the nargs
 * arguments (args[i], sizes[i] bytes) now, as a GPU launch does; the graph
 * runs thunk(launcher, g, b, s, args). cucpu_capture_refuse: a launcher
 * that cannot record itself (C, template kernels): the capture is
 * invalidated and cudaErrorStreamCaptureUnsupported recorded. */
/* cucpu_stream_refuses: for the libraries (cuBLAS, cuSPARSE, cuFFT,
 * cuRAND), whose calls cannot be recorded: 1 when work on stream must not
 * run now (stream captures: that capture is invalidated and
 * cudaErrorStreamCaptureUnsupported recorded; or the legacy stream while a
 * blocking stream captures), 0 when it runs. */
int cucpu_stream_refuses(cudaStream_t stream);
typedef void (*CucpuCaptureFn)(const void *launcher, dim3 grid, dim3 block,
                               size_t shmem, void **args);
size_t cucpu_on_stream(cudaStream_t stream, size_t shmem);
int cucpu_launch_captured(void);
void cucpu_capture_launch(const void *launcher, CucpuCaptureFn thunk, dim3 grid, dim3 block,
                          size_t shmem, int nargs, const size_t *sizes, void **args);
void cucpu_capture_refuse(void);

/* cucpu_register_symbol: tell the runtime that the host global at addr
 * stands for a device symbol of size bytes (for cudaGetSymbolSize in C). */
void cucpu_register_symbol(const void *addr, size_t size);
/* cucpu_register_symbol_named: the same, and name (a string that outlives
 * the program's use of it; NULL for none) names the symbol for the symbol
 * calls that CUDA before 5.0 took by name: cudaMemcpyToSymbol("v", ...).
 * Translated files call it for each __device__, __constant__ and
 * __managed__ variable they define. */
void cucpu_register_symbol_named(const void *addr, size_t size,
                                 const char *name);

/* A texture object as the runtime keeps it; cudaTextureObject_t is its
 * address. Sizes are in texels (height and depth are 1 when unused). */
typedef struct CucpuTexture {
  const char *data;
  size_t width, height, depth;
  size_t pitch;      /* bytes from one row to the next */
  size_t slice;      /* bytes from one 2D slice to the next */
  size_t elem_size;  /* bytes of one texel */
  int channels;      /* 1, 2 or 4 (3 reads as 4 with w = 0) */
  int linear_memory; /* 1 for cudaResourceTypeLinear (tex1Dfetch) */
  int direct;        /* CUCPU_TEX_DIRECT of the texel type when tex1Dfetch
                        is a plain load of it, else 0 (see below) */
  struct cudaChannelFormatDesc fmt;
  struct cudaTextureDesc desc;
} CucpuTexture;

/* CUCPU_TEX_DIRECT: the code of texels with n (1, 2 or 4) channels of bits
 * each, of the given cudaChannelFormatKind; never 0. An object's direct
 * field holds it when its data is linear memory, its channels are laid out
 * exactly as cudaCreateChannelDesc<T>() describes some T (8/16/32-bit
 * integers or 32-bit floats; not 3 channels, which read as 4) and its read
 * mode returns elements unchanged. tex1Dfetch<T> of such an object in range
 * is then a load of element x of T, which cucpu_texture.h inlines. */
#define CUCPU_TEX_DIRECT(kind, bits, n) ((kind) * 1000 + (bits) * 10 + (n))

/* cucpu_tex_fetch: the texel of t at coordinates (x, y, z) (dims of them
 * used), after CUDA's coordinate normalization, addressing mode, filtering
 * (linear weights with 8 fractional bits, as on the GPU) and read mode;
 * out receives the four channels (missing ones 0). */
void cucpu_tex_fetch(const CucpuTexture *t, int dims, float x, float y,
                     float z, double out[4]);

/* cucpu_tex_fetch_index: tex1Dfetch's texel i of linear memory, no
 * filtering; out of range gives zeros. */
void cucpu_tex_fetch_index(const CucpuTexture *t, long i, double out[4]);

CUCPU_END_C

CUCPU_HD_BEGIN
/* cucpu_dim3: the dim3 (x, y, z); the translator builds launch shapes so. */
CUCPU_INLINE dim3 cucpu_dim3(unsigned int x, unsigned int y, unsigned int z)
{
  dim3 d;
  d.x = x; d.y = y; d.z = z;
  return d;
}
CUCPU_HD_END

#if defined(__cplusplus) && __cplusplus >= 201103L
/* cucpu_ref_run: a reference-mode block whose threads run f(tid). */
template <class F>
static inline int cucpu_ref_run(int nthreads, size_t frame, F &f)
{
  return cucpu_ref_block(nthreads, frame, [](void *c, int tid) { (*(F *)c)(tid); }, (void *)&f);
}
#endif

#ifdef __cplusplus
/* The element itself (any type, cv-qualified too), checked. */
template <class T>
static inline T &cucpu_chk_s(T &x, int kind, const char *site, int tid, const volatile void *base, size_t extent)
{
  return *(T *)cucpu_chk_shared((void *)__builtin_addressof(x), sizeof(T), kind, site, tid, (const void *)base, extent);
}
template <class T>
static inline T &cucpu_chk_g(T &x, int kind, const char *site, int tid)
{
  return *(T *)cucpu_chk_global((void *)__builtin_addressof(x), sizeof(T), kind, site, tid);
}
#endif

#endif
