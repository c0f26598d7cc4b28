/* rt.h: what the runtime's files share: error recording, the clock, the
 * cudaArray layout and the dynamic shared-memory limit. Internal names
 * start with rt_; the public API keeps CUDA's names (cuda_runtime_api.h). */
#ifndef CUCPU_RT_INTERNAL_H
#define CUCPU_RT_INTERNAL_H

#define CUCPU_RT_BUILD 1
#include <stddef.h>
#include "cuda_runtime_api.h"
#include "cucpu_rt.h"

/* rt_fail: record err as this thread's last error and return it. */
cudaError_t rt_fail(cudaError_t err);

/* rt_now_ms: CLOCK_MONOTONIC in milliseconds. */
double rt_now_ms(void);

/* rt_copy_kind_ok: whether kind is a cudaMemcpyKind. */
int rt_copy_kind_ok(enum cudaMemcpyKind kind);

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
