/* streams.c: streams exist to be passed around; every operation completes
 * before it returns, so streams are always idle, waits are no-ops and host
 * callbacks run at once. */
#include <stdlib.h>
#include "rt.h"

struct CUstream_st {
  unsigned int flags;
  int priority;
};

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
  (void)stream;
  RT_STICKY();
  return cudaSuccess;
}

cudaError_t cudaStreamQuery(cudaStream_t stream)
{
  (void)stream;
  return cudaSuccess;
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
  free(stream);
  return cudaSuccess;
}

cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags)
{
  (void)stream; (void)flags;
  return event ? cudaSuccess : rt_fail(cudaErrorInvalidResourceHandle);
}

cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                  cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags)
{
  if (!callback || flags != 0)
    return rt_fail(cudaErrorInvalidValue);
  callback(stream, cudaSuccess, userData);
  return cudaSuccess;
}

cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                               void *userData)
{
  (void)stream;
  if (!fn)
    return rt_fail(cudaErrorInvalidValue);
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
