/* cuda_runtime.h: everything a CUDA program gets from the runtime header:
 * the runtime API (cuda_runtime_api.h), vector types and make_* functions,
 * the device library (math, intrinsics, atomics, textures), cucpu's own
 * helpers (cucpu_rt.h), and in C++ the template conveniences of CUDA
 * (cudaMalloc(T **), cudaMemcpyToSymbol(const T &symbol), ...). */
#ifndef __CUDA_RUNTIME_H__
#define __CUDA_RUNTIME_H__

/* The include guards of the toolkit headers that this header stands for,
 * defined as after nvcc's own cuda_runtime.h: programs test them to learn
 * what is declared (helper_cuda.h defines checkCudaErrors under
 * __DRIVER_TYPES_H__ and findCudaDevice under __CUDA_RUNTIME_H__). The
 * headers that exist here under their own names (host_defines.h,
 * vector_types.h, driver_types.h, cuda_runtime_api.h, vector_functions.h,
 * device_launch_parameters.h) define their guards themselves. */
#define __CHANNEL_DESCRIPTOR_H__
#define __COMMON_FUNCTIONS_H__
#define __CUDA_DEVICE_RUNTIME_API_H__
#define __DEVICE_ATOMIC_FUNCTIONS_H__
#define __DEVICE_DOUBLE_FUNCTIONS_H__
#define __DEVICE_FUNCTIONS_H__
#define __DEVICE_TYPES_H__
#define __DRIVER_FUNCTIONS_H__
#define __HOST_CONFIG_H__
#define __MATH_FUNCTIONS_H__
#define __SM_20_ATOMIC_FUNCTIONS_H__
#define __SM_20_INTRINSICS_H__
#define __SM_30_INTRINSICS_H__
#define __SM_32_ATOMIC_FUNCTIONS_H__
#define __SM_32_INTRINSICS_H__
#define __SM_35_ATOMIC_FUNCTIONS_H__
#define __SM_35_INTRINSICS_H__
#define __SM_60_ATOMIC_FUNCTIONS_H__
#define __SM_61_INTRINSICS_H__
#define __SM_70_RT_H__
#define __SM_80_RT_H__
#define __SM_90_RT_H__
#define __SM_100_RT_H__
#define __SURFACE_TYPES_H__
#define __TEXTURE_INDIRECT_FUNCTIONS_H__
#define __TEXTURE_TYPES_H__

#include "host_defines.h"
#include "builtin_types.h"
#include "cuda_runtime_api.h"
#include "vector_functions.h"
#include "cucpu_rt.h"
#include "cucpu_math.h"
#include "cucpu_intrinsics.h"
#include "cucpu_atomics.h"
#include "cucpu_shift.h"
#include "cucpu_device.h"
#include "device_launch_parameters.h"
#include "cucpu_texture.h"
#include "cucpu_texref.h"

#if defined(CUCPU_CXX)
/* placement new in device code: <new>'s is a host function to the
 * translator's parse (clang in CUDA mode), which needs device overloads, as
 * clang's own cuda_wrappers/new gives them */
#if defined(CUCPU_PARSE)
__device__ inline void *operator new(size_t, void *p) noexcept { return p; }
__device__ inline void *operator new[](size_t, void *p) noexcept { return p; }
#endif
#define CUCPU_PTR_TEMPLATE(name)                                         \
  template <class T> static inline cudaError_t name(T **p, size_t n)     \
  { return ::name((void **)(void *)p, n); }
CUCPU_PTR_TEMPLATE(cudaMalloc)
CUCPU_PTR_TEMPLATE(cudaMallocHost)
#undef CUCPU_PTR_TEMPLATE

template <class T>
static inline cudaError_t cudaHostAlloc(T **p, size_t n, unsigned int flags)
{ return ::cudaHostAlloc((void **)(void *)p, n, flags); }
template <class T>
static inline cudaError_t cudaMallocHost(T **p, size_t n, unsigned int flags)
{ return ::cudaHostAlloc((void **)(void *)p, n, flags); }
template <class T>
static inline cudaError_t cudaMallocManaged(T **p, size_t n,
                                            unsigned int flags = cudaMemAttachGlobal)
{ return ::cudaMallocManaged((void **)(void *)p, n, flags); }
template <class T>
static inline cudaError_t cudaMallocAsync(T **p, size_t n, cudaStream_t stream)
{ return ::cudaMallocAsync((void **)(void *)p, n, stream); }
template <class T>
static inline cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, T *p, size_t length = 0,
                                                   unsigned int flags = cudaMemAttachSingle)
{ return ::cudaStreamAttachMemAsync(stream, (void *)p, length, flags); }
template <class T>
static inline cudaError_t cudaMallocPitch(T **p, size_t *pitch, size_t w,
                                          size_t h)
{ return ::cudaMallocPitch((void **)(void *)p, pitch, w, h); }
template <class T>
static inline cudaError_t cudaHostGetDevicePointer(T **d, void *h,
                                                   unsigned int flags)
{ return ::cudaHostGetDevicePointer((void **)(void *)d, h, flags); }

/* Symbols: the host global itself, passed by reference. */
template <class T>
static inline cudaError_t cudaMemcpyToSymbol(const T &symbol, const void *src,
                                             size_t count, size_t offset = 0,
                                             cudaMemcpyKind kind = cudaMemcpyHostToDevice)
{ return ::cudaMemcpyToSymbol((const void *)&symbol, src, count, offset, kind); }
template <class T>
static inline cudaError_t cudaMemcpyFromSymbol(void *dst, const T &symbol,
                                               size_t count, size_t offset = 0,
                                               cudaMemcpyKind kind = cudaMemcpyDeviceToHost)
{ return ::cudaMemcpyFromSymbol(dst, (const void *)&symbol, count, offset, kind); }
template <class T>
static inline cudaError_t cudaMemcpyToSymbolAsync(const T &symbol,
                                                  const void *src, size_t count,
                                                  size_t offset = 0,
                                                  cudaMemcpyKind kind = cudaMemcpyHostToDevice,
                                                  cudaStream_t stream = 0)
{ return ::cudaMemcpyToSymbolAsync((const void *)&symbol, src, count, offset, kind, stream); }
template <class T>
static inline cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const T &symbol,
                                                    size_t count, size_t offset = 0,
                                                    cudaMemcpyKind kind = cudaMemcpyDeviceToHost,
                                                    cudaStream_t stream = 0)
{ return ::cudaMemcpyFromSymbolAsync(dst, (const void *)&symbol, count, offset, kind, stream); }
template <class T>
static inline cudaError_t cudaGetSymbolAddress(void **devPtr, const T &symbol)
{ return ::cudaGetSymbolAddress(devPtr, (const void *)&symbol); }
template <class T>
static inline cudaError_t cudaGetSymbolSize(size_t *size, const T &symbol)
{
  (void)symbol;
  *size = sizeof(T);
  return cudaSuccess;
}
/* A char array may be a variable or, as CUDA before 5.0 allowed, a string
 * naming one: the runtime tells them apart. */
template <size_t N>
static inline cudaError_t cudaGetSymbolSize(size_t *size, const char (&symbol)[N])
{ return ::cudaGetSymbolSize(size, (const void *)symbol); }

/* Function attributes: any function pointer. */
template <class T>
static inline cudaError_t cudaFuncSetCacheConfig(T *func, cudaFuncCache c)
{ return ::cudaFuncSetCacheConfig((const void *)func, c); }
template <class T>
static inline cudaError_t cudaFuncSetSharedMemConfig(T *func,
                                                     cudaSharedMemConfig c)
{ return ::cudaFuncSetSharedMemConfig((const void *)func, c); }
template <class T>
static inline cudaError_t cudaFuncSetAttribute(T *func, cudaFuncAttribute a,
                                               int value)
{ return ::cudaFuncSetAttribute((const void *)func, a, value); }
template <class T>
static inline cudaError_t cudaFuncGetAttributes(cudaFuncAttributes *attr,
                                                T *func)
{ return ::cudaFuncGetAttributes(attr, (const void *)func); }

/* Occupancy: a CPU runs any block size; suggest 256 threads and one block
 * per processor. */
template <class T>
static inline cudaError_t cudaOccupancyMaxPotentialBlockSize(
    int *minGridSize, int *blockSize, T func, size_t dynamicSMemSize = 0,
    int blockSizeLimit = 0)
{
  (void)func;
  (void)dynamicSMemSize;
  int procs = 1;
  cudaDeviceGetAttribute(&procs, cudaDevAttrMultiProcessorCount, 0);
  *blockSize = blockSizeLimit > 0 && blockSizeLimit < 256 ? blockSizeLimit : 256;
  *minGridSize = procs;
  return cudaSuccess;
}
template <class T>
static inline cudaError_t cudaOccupancyMaxActiveBlocksPerMultiprocessor(
    int *numBlocks, T func, int blockSize, size_t dynamicSMemSize)
{
  (void)func;
  (void)dynamicSMemSize;
  *numBlocks = blockSize > 0 ? 2048 / blockSize : 0;
  return cudaSuccess;
}

/* Launches by address: any function pointer (a kernel's stub, see
 * cucpu_launch.h) or void *. */
template <class T>
static inline cudaError_t cudaLaunchKernel(T *func, dim3 gridDim, dim3 blockDim,
                                          void **args, size_t sharedMem = 0,
                                          cudaStream_t stream = 0)
{ return ::cudaLaunchKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream); }
template <class T>
static inline cudaError_t cudaLaunchCooperativeKernel(T *func, dim3 gridDim, dim3 blockDim,
                                                     void **args, size_t sharedMem = 0,
                                                     cudaStream_t stream = 0)
{ return ::cudaLaunchCooperativeKernel((const void *)func, gridDim, blockDim, args, sharedMem, stream); }

/* cudaEventCreate with flags: C++ only, as in CUDA. */
static inline cudaError_t cudaEventCreate(cudaEvent_t *event, unsigned int flags)
{ return cudaEventCreateWithFlags(event, flags); }

/* The graph calls' CUDA 11 forms (error node and log buffer; the update's
 * error node and result) and CUDA 13's capture info (with edge data),
 * which programs written for those toolkits call. */
static inline cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                               cudaGraphNode_t *pErrorNode, char *pLogBuffer,
                                               size_t bufferSize)
{
  cudaGraphInstantiateParams p = {};
  cudaError_t err = cudaGraphInstantiateWithParams(pGraphExec, graph, &p);
  if (pErrorNode) *pErrorNode = p.errNode_out;
  if (pLogBuffer && bufferSize) pLogBuffer[0] = 0;
  return err;
}
static inline cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                              cudaGraphNode_t *hErrorNode_out,
                                              enum cudaGraphExecUpdateResult *updateResult_out)
{
  cudaGraphExecUpdateResultInfo info = {};
  cudaError_t err = cudaGraphExecUpdate(hGraphExec, hGraph, &info);
  if (hErrorNode_out) *hErrorNode_out = info.errorNode;
  if (updateResult_out) *updateResult_out = info.result;
  return err;
}
/* CUDA 13's edge calls: only default (all zero) edges exist here. */
static inline int cucpu_default_edges(const cudaGraphEdgeData *e, size_t n)
{
  for (size_t i = 0; e && i < n; i++)
    if (e[i].from_port || e[i].to_port || e[i].type)
      return 0;
  return 1;
}
static inline void cucpu_zero_edges(cudaGraphEdgeData *e, size_t n, size_t *count)
{
  for (size_t i = 0; e && i < n && i < *count; i++)
    e[i] = cudaGraphEdgeData();
}
static inline cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                   const cudaGraphNode_t *to,
                                                   const cudaGraphEdgeData *edgeData,
                                                   size_t numDependencies)
{
  if (!cucpu_default_edges(edgeData, numDependencies)) return cudaErrorNotSupported;
  return cudaGraphAddDependencies(graph, from, to, numDependencies);
}
static inline cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                                      const cudaGraphNode_t *to,
                                                      const cudaGraphEdgeData *edgeData,
                                                      size_t numDependencies)
{
  if (!cucpu_default_edges(edgeData, numDependencies)) return cudaErrorNotSupported;
  return cudaGraphRemoveDependencies(graph, from, to, numDependencies);
}
static inline cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from,
                                            cudaGraphNode_t *to, cudaGraphEdgeData *edgeData,
                                            size_t *numEdges)
{
  size_t room = numEdges ? *numEdges : 0;
  cudaError_t err = cudaGraphGetEdges(graph, from, to, numEdges);
  if (err == cudaSuccess) cucpu_zero_edges(edgeData, room, numEdges);
  return err;
}
static inline cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *deps,
                                                       cudaGraphEdgeData *edgeData, size_t *num)
{
  size_t room = num ? *num : 0;
  cudaError_t err = cudaGraphNodeGetDependencies(node, deps, num);
  if (err == cudaSuccess) cucpu_zero_edges(edgeData, room, num);
  return err;
}
static inline cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *deps,
                                                         cudaGraphEdgeData *edgeData, size_t *num)
{
  size_t room = num ? *num : 0;
  cudaError_t err = cudaGraphNodeGetDependentNodes(node, deps, num);
  if (err == cudaSuccess) cucpu_zero_edges(edgeData, room, num);
  return err;
}
static inline cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream,
                                                   enum cudaStreamCaptureStatus *captureStatus_out,
                                                   unsigned long long *id_out, cudaGraph_t *graph_out,
                                                   const cudaGraphNode_t **dependencies_out,
                                                   const cudaGraphEdgeData **edgeData_out,
                                                   size_t *numDependencies_out)
{
  return cudaStreamGetCaptureInfo_v3(stream, captureStatus_out, id_out, graph_out,
                                     dependencies_out, edgeData_out, numDependencies_out);
}
#endif

#if defined(CUCPU_CXX) && !defined(CUCPU_PARSE)
#include "cucpu_launch.h"
#endif

#endif
