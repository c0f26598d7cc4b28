/* alloc.c: the allocation table. Bad pointers, sizes past the end of a
 * block, double frees and frees through the wrong function return
 * cudaErrorInvalidValue (recorded as the last error, not sticky) and never
 * crash; host memory still works where CUDA takes it. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include "cuda_runtime.h"
#include "check.h"

/* FAILS(call, err): call returns err, which is then the last error, and
 * the next call finds the context working (not sticky). */
#define FAILS(call, err)                                 \
  do {                                                   \
    CHECK((call) == (err));                              \
    CHECK(cudaGetLastError() == (err));                  \
    CHECK(cudaGetLastError() == cudaSuccess);            \
  } while (0)

static int dev_var[16];   /* as a __device__ variable is: a host global */

static void copies(void)
{
  char host[512], *d, *stack_dev = host;
  char *heap = malloc(64);
  CHECK(heap && cudaMalloc((void **)&d, 100) == cudaSuccess);
  memset(host, 7, sizeof host);
  /* Exact sizes: the 256-byte rounding does not widen the block. */
  CHECK(cudaMemcpy(d, host, 100, cudaMemcpyHostToDevice) == cudaSuccess);
  FAILS(cudaMemcpy(d, host, 101, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  FAILS(cudaMemcpy(d + 50, host, 51, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  FAILS(cudaMemcpy(host, d + 100, 1, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  FAILS(cudaMemcpy(host, d, SIZE_MAX, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  FAILS(cudaMemcpy(host, d + 1, SIZE_MAX, cudaMemcpyDefault), cudaErrorInvalidValue);
  /* A host pointer where the kind says device, and the reverse mistake. */
  FAILS(cudaMemcpy(heap, host, 8, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  FAILS(cudaMemcpy(host, stack_dev, 8, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  FAILS(cudaMemcpy(heap, d, 8, cudaMemcpyDeviceToDevice), cudaErrorInvalidValue);
  FAILS(cudaMemcpy((void *)(uintptr_t)0x10, host, 8, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  FAILS(cudaMemcpy(NULL, host, 8, cudaMemcpyHostToHost), cudaErrorInvalidValue);
  /* Host to host and cudaMemcpyDefault take any host memory. */
  CHECK(cudaMemcpy(heap, host, 64, cudaMemcpyHostToHost) == cudaSuccess);
  CHECK(cudaMemcpy(heap, d, 64, cudaMemcpyDefault) == cudaSuccess && heap[63] == 7);
  CHECK(cudaMemcpy(d, heap, 64, cudaMemcpyDefault) == cudaSuccess);
  /* __device__ variables (static data) are device memory. */
  CHECK(cudaMemcpy(dev_var, d, sizeof dev_var, cudaMemcpyDeviceToDevice) == cudaSuccess);
  void *sym;
  CHECK(cudaGetSymbolAddress(&sym, dev_var) == cudaSuccess);
  CHECK(cudaMemcpy(host, sym, sizeof dev_var, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(cudaMemcpyToSymbol(dev_var, host, sizeof dev_var, 0, cudaMemcpyHostToDevice) == cudaSuccess);
  FAILS(cudaMemcpyToSymbol(heap, host, 4, 0, cudaMemcpyHostToDevice), cudaErrorInvalidSymbol);
  /* Fills. */
  CHECK(cudaMemset(d, 0, 100) == cudaSuccess);
  FAILS(cudaMemset(d, 0, 101), cudaErrorInvalidValue);
  FAILS(cudaMemset(heap, 0, 8), cudaErrorInvalidValue);
  FAILS(cudaMemset((void *)(uintptr_t)0x10, 0, 8), cudaErrorInvalidValue);
  FAILS(cudaMemset(d, 0, SIZE_MAX), cudaErrorInvalidValue);
  /* 2D: the last row must end inside the block. */
  CHECK(cudaMemcpy2D(d, 25, host, 25, 25, 4, cudaMemcpyHostToDevice) == cudaSuccess);
  FAILS(cudaMemcpy2D(d, 26, host, 26, 25, 4, cudaMemcpyHostToDevice), cudaErrorInvalidValue);
  FAILS(cudaMemset2D(d, SIZE_MAX / 2, 0, 8, 3), cudaErrorInvalidValue);
  CHECK(cudaFree(d) == cudaSuccess);
  FAILS(cudaMemcpy(host, d, 8, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  free(heap);
}

static void frees(void)
{
  char *d, *h, *m, local;
  char *heap = malloc(16);
  CHECK(heap && cudaMalloc((void **)&d, 64) == cudaSuccess);
  CHECK(cudaMallocHost((void **)&h, 64) == cudaSuccess);
  CHECK(cudaMallocManaged((void **)&m, 64, cudaMemAttachGlobal) == cudaSuccess);
  FAILS(cudaFree(d + 8), cudaErrorInvalidValue);
  FAILS(cudaFree(heap), cudaErrorInvalidValue);
  FAILS(cudaFree(&local), cudaErrorInvalidValue);
  FAILS(cudaFree(h), cudaErrorInvalidValue);
  FAILS(cudaFreeHost(d), cudaErrorInvalidValue);
  FAILS(cudaFreeHost(heap), cudaErrorInvalidValue);
  CHECK(cudaFree(NULL) == cudaSuccess && cudaFreeHost(NULL) == cudaSuccess);
  CHECK(cudaFree(d) == cudaSuccess);
  FAILS(cudaFree(d), cudaErrorInvalidValue);   /* double free */
  CHECK(cudaFree(m) == cudaSuccess);
  CHECK(cudaFreeHost(h) == cudaSuccess);
  FAILS(cudaFreeHost(h), cudaErrorInvalidValue);
  free(heap);
}

static void host_memory(void)
{
  char *h, *m, *dp;
  char *reg = malloc(4096), host[64] = {0};
  CHECK(reg != NULL);
  /* Pinned, mapped and managed memory are device memory too. */
  CHECK(cudaHostAlloc((void **)&h, 64, cudaHostAllocMapped) == cudaSuccess);
  CHECK(cudaMemcpy(h, host, 64, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemset(h, 1, 64) == cudaSuccess);
  FAILS(cudaMemset(h, 1, 65), cudaErrorInvalidValue);
  CHECK(cudaHostGetDevicePointer((void **)&dp, h + 4, 0) == cudaSuccess && dp == h + 4);
  FAILS(cudaHostGetDevicePointer((void **)&dp, reg, 0), cudaErrorInvalidValue);
  FAILS(cudaHostAlloc((void **)&dp, 64, 0x100), cudaErrorInvalidValue);
  CHECK(cudaMallocManaged((void **)&m, 32, cudaMemAttachGlobal) == cudaSuccess);
  CHECK(cudaMemcpy(m, h, 32, cudaMemcpyDeviceToDevice) == cudaSuccess && m[31] == 1);
  /* Registered memory: device memory until unregistered. */
  FAILS(cudaMemset(reg, 0, 16), cudaErrorInvalidValue);
  CHECK(cudaHostRegister(reg, 4096, cudaHostRegisterDefault) == cudaSuccess);
  CHECK(cudaMemset(reg, 0, 4096) == cudaSuccess);
  FAILS(cudaHostRegister(reg + 100, 8, 0), cudaErrorHostMemoryAlreadyRegistered);
  CHECK(cudaHostUnregister(reg) == cudaSuccess);
  FAILS(cudaHostUnregister(reg), cudaErrorHostMemoryNotRegistered);
  FAILS(cudaMemset(reg, 0, 16), cudaErrorInvalidValue);
  /* What cudaPointerGetAttributes says of each. */
  struct cudaPointerAttributes a;
  char *d;
  CHECK(cudaMalloc((void **)&d, 8) == cudaSuccess);
  CHECK(cudaPointerGetAttributes(&a, d + 3) == cudaSuccess);
  CHECK(a.type == cudaMemoryTypeDevice && a.devicePointer == d + 3 && !a.hostPointer);
  CHECK(cudaPointerGetAttributes(&a, h) == cudaSuccess && a.type == cudaMemoryTypeHost);
  CHECK(cudaPointerGetAttributes(&a, m) == cudaSuccess && a.type == cudaMemoryTypeManaged);
  CHECK(cudaPointerGetAttributes(&a, reg) == cudaSuccess && a.type == cudaMemoryTypeUnregistered);
  CHECK(!a.devicePointer);
  cudaFree(d); cudaFree(m); cudaFreeHost(h);
  free(reg);
}

static void arrays(void)
{
  cudaArray_t arr;
  struct cudaChannelFormatDesc desc = cudaCreateChannelDesc(32, 0, 0, 0, cudaChannelFormatKindFloat);
  float in[8] = {1, 2, 3, 4, 5, 6, 7, 8}, out[8];
  CHECK(cudaMallocArray(&arr, &desc, 8, 0, 0) == cudaSuccess);
  CHECK(cudaMemcpyToArray(arr, 0, 0, in, sizeof in, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemcpyFromArray(out, arr, 0, 0, sizeof out, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(out[7] == 8);
  CHECK(cudaFreeArray(arr) == cudaSuccess);
  FAILS(cudaFreeArray(arr), cudaErrorInvalidValue);
  FAILS(cudaFreeArray((cudaArray_t)in), cudaErrorInvalidValue);
}

/* Fresh device memory reads as zeros, as a GPU's does, also where a freed
 * block with other contents is reused. */
static void zeroed(void)
{
  unsigned char *d, *e;
  CHECK(cudaMalloc((void **)&d, 4096) == cudaSuccess);
  CHECK(cudaMemset(d, 0xab, 4096) == cudaSuccess);
  CHECK(cudaFree(d) == cudaSuccess);
  CHECK(cudaMalloc((void **)&e, 4096) == cudaSuccess);
  unsigned char host[4096];
  CHECK(cudaMemcpy(host, e, sizeof host, cudaMemcpyDeviceToHost) == cudaSuccess);
  int nonzero = 0;
  for (int i = 0; i < 4096; i++) nonzero += host[i] != 0;
  CHECK(nonzero == 0);
  CHECK(cudaFree(e) == cudaSuccess);
}

/* Blocks of 32 MiB and more are mappings of their own (memory.c): zeroed
 * without a memset, checked at their exact size like any block, freed by
 * munmap, for each allocating function; the address range of a freed one
 * is no longer device memory, and reusing it reads zeros again. */
static void large(void)
{
  size_t n = ((size_t)32 << 20) + 100;   /* not a multiple of a page */
  unsigned char *d, *h, *m, byte = 1;
  /* cudaMalloc itself touches no page of it (8192 pages of 4 KiB) */
  struct rusage r0, r1;
  getrusage(RUSAGE_SELF, &r0);
  CHECK(cudaMalloc((void **)&d, n) == cudaSuccess && ((uintptr_t)d & 255) == 0);
  getrusage(RUSAGE_SELF, &r1);
  CHECK(r1.ru_minflt - r0.ru_minflt < 1000);
  CHECK(cudaMallocHost((void **)&h, n) == cudaSuccess);
  CHECK(cudaMallocManaged((void **)&m, n, cudaMemAttachGlobal) == cudaSuccess);
  size_t nonzero = 0;
  for (size_t i = 0; i < n; i += 4093) nonzero += d[i] != 0 || h[i] != 0 || m[i] != 0;
  CHECK(nonzero == 0 && d[n - 1] == 0);
  CHECK(cudaMemcpy(&byte, d + n - 1, 1, cudaMemcpyDeviceToHost) == cudaSuccess && byte == 0);
  FAILS(cudaMemcpy(&byte, d + n, 1, cudaMemcpyDeviceToHost), cudaErrorInvalidValue);
  FAILS(cudaMemset(d, 0, n + 1), cudaErrorInvalidValue);
  FAILS(cudaFree(d + 4096), cudaErrorInvalidValue);
  CHECK(cudaMemset(d, 0x5a, n) == cudaSuccess && d[n - 1] == 0x5a);
  CHECK(cudaMemcpy(h, d, n, cudaMemcpyDeviceToHost) == cudaSuccess && h[12345] == 0x5a);
  CHECK(cudaMemcpy(m, h, n, cudaMemcpyHostToDevice) == cudaSuccess && m[n - 1] == 0x5a);
  CHECK(cudaFree(d) == cudaSuccess);
  FAILS(cudaFree(d), cudaErrorInvalidValue);
  FAILS(cudaMemset(d, 0, 8), cudaErrorInvalidValue);
  FAILS(cudaFreeHost(m), cudaErrorInvalidValue);
  CHECK(cudaFreeHost(h) == cudaSuccess && cudaFree(m) == cudaSuccess);
  CHECK(cudaMalloc((void **)&d, n) == cudaSuccess);
  for (size_t i = 0; i < n; i += 4093) nonzero += d[i] != 0;
  CHECK(nonzero == 0);
  CHECK(cudaFree(d) == cudaSuccess);
}

/* The VmFlags of the mapping that holds p in /proc/self/smaps (the kernel
 * may have merged it with a neighbour of the same flags), in flags
 * (NUL-terminated): 1; 0 when there is no such mapping; -1 when
 * there is no /proc to read (the flag checks are then left out). */
static int vm_flags(const void *p, char *flags, size_t len)
{
  FILE *f = fopen("/proc/self/smaps", "r");
  char line[512];
  int in = 0, found = 0;
  if (!f) return -1;
  while (!found && fgets(line, sizeof line, f)) {
    unsigned long lo, hi;
    if (sscanf(line, "%lx-%lx ", &lo, &hi) == 2) in = lo <= (uintptr_t)p && (uintptr_t)p < hi;
    else if (in && !strncmp(line, "VmFlags:", 8)) {
      snprintf(flags, len, "%s", line + 8);
      found = 1;
    }
  }
  fclose(f);
  return found;
}

/* Whether the kernel has transparent huge pages and allows madvise ones. */
static int thp_available(void)
{
  FILE *f = fopen("/sys/kernel/mm/transparent_hugepage/enabled", "r");
  char line[128] = "";
  if (!f) return 0;
  if (!fgets(line, sizeof line, f)) line[0] = 0;
  fclose(f);
  return strstr(line, "[never]") == NULL && line[0] != 0;
}

/* Large blocks start on a 2 MiB boundary; with CUCPU_HUGEPAGES=1 in the
 * environment they are advised MADV_HUGEPAGE (smaps flag "hg"), as a GPU
 * maps device memory in large pages; by default they are not. */
static void huge_pages(void)
{
  size_t n = (size_t)40 << 20;
  char flags[512];
  unsigned char *d;
  unsetenv("CUCPU_HUGEPAGES");
  CHECK(cudaMalloc((void **)&d, n) == cudaSuccess && ((uintptr_t)d & ((2u << 20) - 1)) == 0);
  int smaps = vm_flags(d, flags, sizeof flags);
  CHECK(smaps != 0);
  CHECK(smaps < 0 || strstr(flags, " hg") == NULL);
  d[n - 1] = 3;   /* the whole exact size is mapped */
  CHECK(cudaFree(d) == cudaSuccess);
  setenv("CUCPU_HUGEPAGES", "1", 1);
  CHECK(cudaMalloc((void **)&d, n) == cudaSuccess && ((uintptr_t)d & ((2u << 20) - 1)) == 0);
  CHECK(smaps < 0 || vm_flags(d, flags, sizeof flags) > 0);
  if (smaps > 0 && thp_available()) CHECK(strstr(flags, " hg") != NULL);
  d[n - 1] = 3;
  CHECK(cudaFree(d) == cudaSuccess);
  unsetenv("CUCPU_HUGEPAGES");
}

int main(void)
{
  zeroed();
  large();
  huge_pages();
  copies();
  frees();
  host_memory();
  arrays();
  /* Many blocks, freed out of order: the table stays sorted. */
  enum { N = 1000 };
  static void *p[N];
  for (int i = 0; i < N; i++) CHECK(cudaMalloc(&p[i], (size_t)(i % 7) * 100 + 1) == cudaSuccess);
  for (int i = 0; i < N; i += 2) CHECK(cudaFree(p[i]) == cudaSuccess);
  for (int i = 1; i < N; i += 2) CHECK(cudaMemset(p[i], 0, (size_t)(i % 7) * 100 + 1) == cudaSuccess);
  for (int i = 1; i < N; i += 2) CHECK(cudaFree(p[i]) == cudaSuccess);
  return 0;
}
