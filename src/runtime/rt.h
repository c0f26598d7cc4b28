/* rt.h: what the runtime's files share: error recording, the clock, the
 * cudaArray layout and the dynamic shared-memory limit. Internal names
 * start with rt_; the public API keeps CUDA's names (cuda_runtime_api.h). */
#ifndef CUCPU_RT_INTERNAL_H
#define CUCPU_RT_INTERNAL_H

#define CUCPU_RT_BUILD 1
#include <stddef.h>
#include "cuda_runtime_api.h"
#include "cucpu_rt.h"

/* rt_grid_check (grid.c): cudaErrorCooperativeLaunchTooLarge (recorded)
 * when the grid cannot run all at once, else cudaSuccess. */
cudaError_t rt_grid_check(dim3 grid, dim3 block);

/* rt_fail: record err as this thread's last error and return it. */
cudaError_t rt_fail(cudaError_t err);

/* rt_sticky: the error that a kernel fault (__trap, a failed assert) left
 * in the context, or cudaSuccess. Once set, the calls that would reach the
 * device return it, as on a GPU, until cudaDeviceReset. */
cudaError_t rt_sticky(void);
void rt_set_sticky(cudaError_t err);

/* RT_STICKY: the first line of a call that reaches the device, which a
 * dead context refuses. It also ends the profile's open launch (a launcher
 * that does not say when it ends is timed until the next such call). */
#define RT_STICKY()                                   \
  do {                                                \
    rt_prof_mark();                                   \
    cudaError_t rt_sticky_err_ = rt_sticky();         \
    if (rt_sticky_err_ != cudaSuccess)                \
      return rt_fail(rt_sticky_err_);                 \
  } while (0)

/* The profiler (profile.c records, profile_report.c prints at exit;
 * CUCPU_PROFILE turns it on). */
typedef enum RtProfKind {
  RT_PROF_KERNEL,   /* a kernel: addr is its launcher, or name is given */
  RT_PROF_HTOD,     /* cudaMemcpy host to device */
  RT_PROF_DTOH,
  RT_PROF_DTOD,
  RT_PROF_HTOH,
  RT_PROF_MEMSET,
} RtProfKind;

typedef struct RtProfEntry {
  RtProfKind kind;
  const void *addr;          /* an address in the kernel's launcher */
  const char *name;          /* the kernel's name, when the launcher gave it */
  unsigned long long calls;  /* launches, copies */
  unsigned long long bytes;  /* copied or set */
  double total, min, max;    /* milliseconds */
} RtProfEntry;

extern int rt_prof_on;
/* rt_prof_launch: a launch starts (addr in its launcher, or its name). */
void rt_prof_launch(const void *addr, const char *name);
/* rt_prof_mark: this host thread entered the runtime: its open launch
 * ends. Cheap when none is open. */
void rt_prof_mark(void);
/* rt_prof_copy: a copy or set of kind, bytes long, took ms. */
void rt_prof_copy(RtProfKind kind, size_t bytes, double ms);
/* rt_prof_copy_kind: the direction of a copy of kind from src to dst
 * (cudaMemcpyDefault: from the allocation table). */
RtProfKind rt_prof_copy_kind(const void *dst, const void *src,
                             enum cudaMemcpyKind kind);
/* rt_prof_pause: cudaProfilerStop (1) and cudaProfilerStart (0). */
void rt_prof_pause(int paused);
/* rt_prof_take: the entries so far (the caller frees the array);
 * *open_ended is 1 when some launch ended at a later event, not at
 * cucpu_launch_end. */
RtProfEntry *rt_prof_take(int *n, int *open_ended);
/* rt_prof_report: at exit, prints or writes the profile (CUCPU_PROFILE). */
void rt_prof_report(void);
/* rt_symbol_name: the demangled name of the function that holds addr
 * (from the ELF symbol table of its object), malloc'd; NULL if unknown. */
char *rt_symbol_name(const void *addr);

/* rt_now_ms: CLOCK_MONOTONIC in milliseconds. */
double rt_now_ms(void);

/* rt_copy_kind_ok: whether kind is a cudaMemcpyKind. */
int rt_copy_kind_ok(enum cudaMemcpyKind kind);

/* The allocation table (alloc.c): each block the runtime handed out, with
 * its exact size and kind. */
typedef enum RtMemKind {
  RT_MEM_DEVICE,     /* cudaMalloc, cudaMallocPitch: cudaFree */
  RT_MEM_MANAGED,    /* cudaMallocManaged: cudaFree */
  RT_MEM_PINNED,     /* cudaMallocHost, cudaHostAlloc: cudaFreeHost */
  RT_MEM_REGISTERED, /* cudaHostRegister: cudaHostUnregister */
  RT_MEM_ARRAY,      /* a CUDA array's storage: cudaFreeArray */
  RT_MEM_SYMBOL,     /* a registered __device__ variable: never freed */
} RtMemKind;
#define RT_MEM_BIT(kind) (1u << (kind))

typedef struct RtMem {
  char *base;
  size_t size;       /* as asked for: copies are checked against it */
  size_t span;       /* as reserved (rounded up), at least size */
  RtMemKind kind;
} RtMem;

/* rt_mem_add: record [base, base + span) as a block of kind: 1; -1 when
 * it overlaps a live block, 0 when the table cannot grow. */
int rt_mem_add(void *base, size_t size, size_t span, RtMemKind kind);
/* rt_mem_generation: changes whenever a block is added or removed. */
extern unsigned rt_mem_generation;
/* rt_mem_find: *out = the block that p points into; 0 when none. */
int rt_mem_find(const void *p, RtMem *out);

/* digest.c: CUCPU_DIGEST. rt_digest_on says whether it is set; rt_digest
 * prints a line with what, n and a hash of [p, p + n) to stderr;
 * rt_digest_block finds the device or managed block p points into (1),
 * else 0. */
int rt_digest_on(void);
void rt_digest(const char *what, const void *p, size_t n);
int rt_digest_block(const void *p, RtMem *m);

/* rt_mem_take: remove and return the block that starts at base, when its
 * kind is among kinds (RT_MEM_BIT set); 0 (table unchanged) otherwise. */
int rt_mem_take(const void *base, unsigned kinds, RtMem *out);

/* Which memory a copy's pointer must be, from its cudaMemcpyKind. */
typedef enum RtCopySide {
  RT_SIDE_HOST,        /* anything; blocks of the table are bounds-checked */
  RT_SIDE_DEVICE_SRC,  /* a block of the table, or a __device__ variable */
  RT_SIDE_DEVICE_DST,  /* the same, in writable memory */
} RtCopySide;

/* rt_mem_check: cudaSuccess when len bytes at p are memory of that side
 * that a copy may touch (a known block: within its exact size); else
 * cudaErrorInvalidValue (not recorded). len 0 is always fine. */
cudaError_t rt_mem_check(const void *p, size_t len, RtCopySide side);
/* rt_copy_side: the side of a copy of kind that its dst (dst 1) or its src
 * (dst 0) is on. */
RtCopySide rt_copy_side(enum cudaMemcpyKind kind, int dst);
/* rt_copy_check: rt_mem_check of both ends of a copy of kind (a valid
 * cudaMemcpyKind; cudaMemcpyDefault infers the sides from the table). */
cudaError_t rt_copy_check(void *dst, const void *src, size_t count,
                          enum cudaMemcpyKind kind);

/* The largest dynamic shared memory a launch may ask for (48 KiB until
 * cudaFuncSetAttribute raises it). */
size_t rt_shmem_limit(void);
void rt_raise_shmem_limit(size_t bytes);

/* Opt-in shared memory per block that we claim (as an sm_80 GPU). */
#define RT_SHMEM_OPTIN (163 * 1024)

/* A CUDA array: dense texels, row after row, slice after slice. */
struct cudaArray {
  char *data;
  size_t width, height, depth; /* texels; height/depth 0 when unused */
  size_t elem_size;
  struct cudaChannelFormatDesc desc;
};

/* rt_array_rows / rt_array_slices: height and depth, at least 1. */
size_t rt_array_rows(const struct cudaArray *a);
size_t rt_array_slices(const struct cudaArray *a);

#endif
