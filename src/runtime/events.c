/* events.c: events record CLOCK_MONOTONIC when they are recorded; work is
 * synchronous, so a recorded event is always complete and the difference
 * of two recordings is the real elapsed time. */
#include <stdlib.h>
#include <time.h>
#include "graph.h"

struct CUevent_st {
  double ms;
  int recorded;
  unsigned int flags;
  RtEventCap cap;   /* where it was last recorded in a capture */
};

RtEventCap *rt_event_cap(cudaEvent_t e)
{
  return &e->cap;
}

void rt_event_stamp(cudaEvent_t e)
{
  e->ms = rt_now_ms();
  e->recorded = 1;
}

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

/* cudaEventRecord: in a capturing stream the event remembers the
 * capture's point instead (capture.c). */
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream)
{
  if (!event)
    return rt_fail(cudaErrorInvalidResourceHandle);
  int done;
  cudaError_t err = rt_capture_record(event, stream, &done);
  if (err != cudaSuccess)
    return rt_fail(err);
  if (!done)
    rt_event_stamp(event);
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
  free(event->cap.front);
  free(event);
  return cudaSuccess;
}
