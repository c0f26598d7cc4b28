/* events.c: events record CLOCK_MONOTONIC when they are recorded; work is
 * synchronous, so a recorded event is always complete and the difference
 * of two recordings is the real elapsed time. */
#include <stdlib.h>
#include <time.h>
#include "rt.h"

struct CUevent_st {
  double ms;
  int recorded;
  unsigned int flags;
};

double rt_now_ms(void)
{
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags)
{
  if (!event || (flags & ~0x7u))
    return rt_fail(cudaErrorInvalidValue);
  if (!(*event = calloc(1, sizeof **event)))
    return rt_fail(cudaErrorMemoryAllocation);
  (*event)->flags = flags;
  return cudaSuccess;
}

cudaError_t cudaEventCreate(cudaEvent_t *event)
{
  return cudaEventCreateWithFlags(event, cudaEventDefault);
}

cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
  (void)stream;
  if (!event)
    return rt_fail(cudaErrorInvalidResourceHandle);
  event->ms = rt_now_ms();
  event->recorded = 1;
  return cudaSuccess;
}

cudaError_t cudaEventSynchronize(cudaEvent_t event)
{
  RT_STICKY();
  return event ? cudaSuccess : rt_fail(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaEventQuery(cudaEvent_t event)
{
  return event ? cudaSuccess : rt_fail(cudaErrorInvalidResourceHandle);
}

/* cudaEventElapsedTime: milliseconds from start to end; both must have been
 * recorded and created with timing. */
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end)
{
  if (!ms)
    return rt_fail(cudaErrorInvalidValue);
  if (!start || !end || (start->flags & cudaEventDisableTiming) ||
      (end->flags & cudaEventDisableTiming))
    return rt_fail(cudaErrorInvalidResourceHandle);
  if (!start->recorded || !end->recorded)
    return rt_fail(cudaErrorNotReady);
  *ms = (float)(end->ms - start->ms);
  return cudaSuccess;
}

cudaError_t cudaEventDestroy(cudaEvent_t event)
{
  if (!event)
    return rt_fail(cudaErrorInvalidResourceHandle);
  free(event);
  return cudaSuccess;
}
