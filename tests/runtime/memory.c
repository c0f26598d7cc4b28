/* memory.c: allocation, copies and memsets round-trip, 2D copies respect
 * pitches, and bad arguments report CUDA's errors. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include <omp.h>
#include "cuda_runtime.h"
#include "check.h"

/* Large copies and memsets made inside a parallel region: by the master
 * thread while the team waits at a barrier (how a host loop whose launches
 * share one team copies), and by every thread at once. */
static void copies_in_team(void)
{
  enum { N = (5 << 20) + 7 };   /* bytes: above the parallel-copy size, odd */
  unsigned char *h = malloc(N), *back = malloc(N), *d;
  CHECK(h && back && cudaMalloc((void **)&d, N) == cudaSuccess);
  for (size_t i = 0; i < N; i++) h[i] = (unsigned char)(i * 7 + 1);
#pragma omp parallel num_threads(4)
  {
#pragma omp master
    {
      CHECK(cudaMemcpy(d, h, N, cudaMemcpyHostToDevice) == cudaSuccess);
      CHECK(cudaMemcpy(back, d, N, cudaMemcpyDeviceToHost) == cudaSuccess);
    }
#pragma omp barrier
#pragma omp master
    CHECK(memcmp(h, back, N) == 0);
#pragma omp master
    CHECK(cudaMemset(d + 3, 0x5a, N - 3) == cudaSuccess);
#pragma omp barrier
  }
  CHECK(cudaMemcpy(back, d, N, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(back[0] == h[0] && back[2] == h[2] && back[3] == 0x5a && back[N - 1] == 0x5a);
  enum { PER = 1 << 21 };
  unsigned char *mine = malloc(4 * (size_t)PER);
  CHECK(mine != NULL);
#pragma omp parallel num_threads(4)
  {
    size_t t = (size_t)omp_get_thread_num();
    CHECK(cudaMemcpy(mine + t * PER, h + t, PER, cudaMemcpyHostToHost) == cudaSuccess);
  }
  for (size_t t = 0; t < 4; t++) CHECK(memcmp(mine + t * PER, h + t, PER) == 0);
  cudaFree(d);
  free(h); free(back); free(mine);
}

int main(void)
{
  copies_in_team();
  int h[64], back[64];
  int *d;
  for (int i = 0; i < 64; i++) h[i] = i * 3;
  CHECK(cudaMalloc(&d, sizeof h) == cudaSuccess);
  CHECK(((uintptr_t)d & 255) == 0);
  CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(cudaMemcpy(back, d, sizeof h, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(memcmp(h, back, sizeof h) == 0);
  CHECK(cudaMemset(d, 0xff, sizeof h) == cudaSuccess);
  CHECK(cudaMemcpyAsync(back, d, sizeof h, cudaMemcpyDeviceToHost, 0) == cudaSuccess);
  CHECK(back[0] == -1 && back[63] == -1);
  CHECK(cudaMemcpy(back, d, 4, (enum cudaMemcpyKind)7) == cudaErrorInvalidMemcpyDirection);
  CHECK(cudaGetLastError() == cudaErrorInvalidMemcpyDirection);
  CHECK(cudaFree(d) == cudaSuccess);

  /* 2D: 5 rows of 12 bytes in a pitched allocation. */
  char *p2, src[5][12], out[5][12];
  size_t pitch;
  CHECK(cudaMallocPitch(&p2, &pitch, 12, 5) == cudaSuccess && pitch >= 12);
  for (int r = 0; r < 5; r++)
    for (int c = 0; c < 12; c++) src[r][c] = (char)(r * 12 + c);
  CHECK(cudaMemset2D(p2, pitch, 0, pitch, 5) == cudaSuccess);
  CHECK(cudaMemcpy2D(p2, pitch, src, 12, 12, 5, cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(p2[pitch + 1] == 13 && p2[12] == 0);
  CHECK(cudaMemcpy2D(out, 12, p2, pitch, 12, 5, cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(memcmp(src, out, sizeof src) == 0);
  CHECK(cudaMemcpy2D(out, 4, p2, pitch, 12, 5, cudaMemcpyDeviceToHost) == cudaErrorInvalidPitchValue);
  cudaGetLastError();
  cudaFree(p2);

  /* Host, mapped and managed memory. */
  float *hp, *dp, *mp;
  CHECK(cudaHostAlloc(&hp, 16, cudaHostAllocMapped) == cudaSuccess);
  CHECK(cudaHostGetDevicePointer(&dp, hp, 0) == cudaSuccess && dp == hp);
  CHECK(cudaMallocManaged(&mp, 16, cudaMemAttachGlobal) == cudaSuccess);
  mp[3] = 2.0f;
  CHECK(mp[3] == 2.0f);
  cudaFreeHost(hp);
  cudaFree(mp);
  size_t fr, tot;
  CHECK(cudaMemGetInfo(&fr, &tot) == cudaSuccess && fr <= tot && tot > 0);
  CHECK(cudaMalloc(&d, (size_t)-1) == cudaErrorMemoryAllocation);
  CHECK(cudaGetLastError() == cudaErrorMemoryAllocation);
  CHECK(cudaGetLastError() == cudaSuccess);
  return 0;
}
