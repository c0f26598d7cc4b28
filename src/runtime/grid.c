/* grid.c: grid-wide synchronization for kernels that call grid.sync().
 * Their launcher runs every block of the grid at once, one OpenMP thread
 * each (cooperative launches require the grid to fit on the device at
 * once), and grid.sync() is a barrier of those threads. It cannot be
 * `#pragma omp barrier`: the blocks run inside a worksharing loop. */
#include <sched.h>
#include <omp.h>
#include "rt.h"

/* A sense-reversing barrier: the last block to arrive flips the sense. */
static long rt_grid_total;
static long rt_grid_waiting;
static int rt_grid_sense;

/* The most blocks of `threads` threads a grid that synchronizes may have:
 * what cudaOccupancyMaxActiveBlocksPerMultiprocessor says fit on each
 * multiprocessor (CPU core), times their number. */
static long rt_grid_limit(long threads)
{
  int procs = 1;
  cudaDeviceGetAttribute(&procs, cudaDevAttrMultiProcessorCount, 0);
  long per_sm = threads > 0 ? 2048 / threads : 0;
  return (long)procs * (per_sm > 0 ? per_sm : 1);
}

cudaError_t rt_grid_check(dim3 grid, dim3 block)
{
  long n = (long)grid.x * grid.y * grid.z;
  return n > rt_grid_limit((long)block.x * block.y * block.z) ? rt_fail(cudaErrorCooperativeLaunchTooLarge)
                                                               : cudaSuccess;
}

cudaError_t cucpu_grid_begin(dim3 grid, dim3 block)
{
  long n = (long)grid.x * grid.y * grid.z;
  if (rt_grid_check(grid, block) != cudaSuccess)
    return cudaErrorCooperativeLaunchTooLarge;
  omp_set_dynamic(0);
  __atomic_store_n(&rt_grid_total, n, __ATOMIC_SEQ_CST);
  __atomic_store_n(&rt_grid_waiting, 0, __ATOMIC_SEQ_CST);
  return cudaSuccess;
}

void cucpu_grid_sync(void)
{
  int sense = __atomic_load_n(&rt_grid_sense, __ATOMIC_ACQUIRE);
  if (__atomic_add_fetch(&rt_grid_waiting, 1, __ATOMIC_ACQ_REL) == rt_grid_total) {
    __atomic_store_n(&rt_grid_waiting, 0, __ATOMIC_RELAXED);
    __atomic_store_n(&rt_grid_sense, !sense, __ATOMIC_RELEASE);
    return;
  }
  /* more blocks than cores: let the others run */
  while (__atomic_load_n(&rt_grid_sense, __ATOMIC_ACQUIRE) == sense)
    sched_yield();
}
