/* memory.c: allocation, copies and memsets round-trip, 2D copies respect
 * pitches, and bad arguments report CUDA's errors. */
#include <math.h>
#include <stdint.h>
#include <string.h>
#include "cuda_runtime.h"
#include "check.h"

int main(void)
{
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
