/* streams.c: streams exist to be passed around; every operation completes
 * before it returns, so streams are always idle, waits are no-ops and host
 * callbacks run at once. A stream may capture (capture.c): then its work
 * becomes graph nodes, and synchronizing it is an error. */
#include <stdlib.h>
#include "graph.h"

struct CUstream_st {
  unsigned int flags;
  int priority;
  void *cap;                /* capture.c's state, NULL when never captured */
};

/* the per-thread default stream's capture state, a thread's own */
static __thread void *rt_per_thread_cap;

void **rt_stream_cap_slot(cudaStream_t s)
{
  if (s == cudaStreamPerThread)
    return &rt_per_thread_cap;
  return s && s != cudaStreamLegacy ? &s->cap : NULL;
}

unsigned rt_stream_flags(cudaStream_t s)
{
  return s && s != cudaStreamLegacy && s != cudaStreamPerThread ? s->flags : 0;
}

/* rt_user_stream: whether s is a stream created by cudaStreamCreate*. */
static int rt_user_stream(cudaStream_t s)
{
  return s && s != cudaStreamLegacy && s != cudaStreamPerThread;
}

cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                         unsigned int flags, int priority)
{
  if (!pStream || flags > cudaStreamNonBlocking)
    return rt_fail(cudaErrorInvalidValue);
  if (!(*pStream = malloc(sizeof **pStream)))
    return rt_fail(cudaErrorMemoryAllocation);
  (*pStream)->flags = flags;
  (*pStream)->priority = priority;
  (*pStream)->cap = NULL;
  return cudaSuccess;
}

cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags)
{
  return cudaStreamCreateWithPriority(pStream, flags, 0);
}

cudaError_t cudaStreamCreate(cudaStream_t *pStream)
{
  return cudaStreamCreateWithPriority(pStream, cudaStreamDefault, 0);
}

cudaError_t cudaStreamSynchronize(cudaStream_t stream)
{
  cudaError_t err = rt_capture_sync(stream);
  if (err != cudaSuccess)
    return rt_fail(err);
  RT_STICKY();
  return cudaSuccess;
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
  cudaError_t err = rt_capture_sync(stream);
  return err == cudaSuccess ? err : rt_fail(err);
}

/* Managed memory is host memory, visible to every stream: nothing to do. */
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr,
                                     size_t length, unsigned int flags)
{
  (void)stream; (void)devPtr; (void)length;
  if (flags != cudaMemAttachGlobal && flags != cudaMemAttachHost && flags != cudaMemAttachSingle)
    return rt_fail(cudaErrorInvalidValue);
  return cudaSuccess;
}

cudaError_t cudaStreamDestroy(cudaStream_t stream)
{
  if (!rt_user_stream(stream))
    return rt_fail(cudaErrorInvalidResourceHandle);
  rt_capture_forget(stream);
  free(stream->cap);
  free(stream);
  return cudaSuccess;
}

/* cudaStreamWaitEvent: work is complete, so only a capture cares (a
 * fork or a join, capture.c). */
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags)
{
  (void)flags;
  if (!event)
    return rt_fail(cudaErrorInvalidResourceHandle);
  int done;
  cudaError_t err = rt_capture_wait(stream, event, &done);
  return err == cudaSuccess ? err : rt_fail(err);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                  cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags)
{
  if (!callback || flags != 0)
    return rt_fail(cudaErrorInvalidValue);
  /* CUDA refuses a callback in a capture (cudaLaunchHostFunc is allowed) */
  cudaError_t err = rt_capture_sync(stream);
  if (err != cudaSuccess)
    return rt_fail(err);
  callback(stream, cudaSuccess, userData);
  return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                               void *userData)
{
  if (!fn)
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeHost, .host = { fn, userData } };
  int captured;
  cudaError_t err = rt_capture_op(stream, &op, &captured);
  if (err != cudaSuccess)
    return rt_fail(err);
  if (!captured)
    fn(userData);
  return cudaSuccess;
}

cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                             int *greatestPriority)
{
  if (leastPriority) *leastPriority = 0;
  if (greatestPriority) *greatestPriority = 0;
  return cudaSuccess;
}
