/* events.c: events measure real elapsed time; streams exist, are always
 * idle, and run host callbacks at once. */
#include <math.h>
#include <time.h>
#include "cuda_runtime.h"
#include "check.h"

static int called;
static void cb(void *p) { called = *(int *)p; }

int main(void)
{
  cudaEvent_t a, b, nt;
  cudaStream_t s;
  float ms = 0;
  CHECK(cudaEventCreate(&a) == cudaSuccess);
  CHECK(cudaEventCreateWithFlags(&b, cudaEventBlockingSync) == cudaSuccess);
  CHECK(cudaEventElapsedTime(&ms, a, b) == cudaErrorNotReady);
  CHECK(cudaStreamCreate(&s) == cudaSuccess);
  CHECK(cudaEventRecord(a, s) == cudaSuccess);
  struct timespec ts = {0, 50 * 1000 * 1000};
  nanosleep(&ts, NULL);
  CHECK(cudaEventRecord(b, 0) == cudaSuccess);
  CHECK(cudaEventSynchronize(b) == cudaSuccess && cudaEventQuery(b) == cudaSuccess);
  CHECK(cudaEventElapsedTime(&ms, a, b) == cudaSuccess);
  CHECK(ms >= 49.0f && ms < 150.0f);
  CHECK(cudaEventCreateWithFlags(&nt, cudaEventDisableTiming) == cudaSuccess);
  cudaEventRecord(nt, 0);
  CHECK(cudaEventElapsedTime(&ms, a, nt) == cudaErrorInvalidResourceHandle);
  CHECK(cudaStreamWaitEvent(s, a, 0) == cudaSuccess);
  CHECK(cudaStreamQuery(s) == cudaSuccess && cudaStreamSynchronize(s) == cudaSuccess);
  int v = 7;
  CHECK(cudaLaunchHostFunc(s, cb, &v) == cudaSuccess && called == 7);
  CHECK(cudaStreamDestroy(s) == cudaSuccess);
  cudaEventDestroy(a); cudaEventDestroy(b); cudaEventDestroy(nt);
  long long t0 = clock64();
  __nanosleep(1000);
  CHECK(clock64() > t0);
  cudaGetLastError();
  return 0;
}
