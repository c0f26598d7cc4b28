/* cuda_runtime_api.h: the C interface of the CUDA runtime that libcucpu_rt
 * implements on the host. Default arguments exist only in C++; C callers
 * pass every argument. In C, the allocation functions that take a `void **`
 * are macros that cast the pointer, so `cudaMalloc(&p, n)` compiles without
 * a warning for any `T *p`, as it does in C++ through cuda_runtime.h. */
#ifndef __CUDA_RUNTIME_API_H__
#define __CUDA_RUNTIME_API_H__

#include <stddef.h>
#include "host_defines.h"
#include "vector_types.h"
#include "driver_types.h"

/* The runtime API's version: CUDA 12.0 (the driver's __CUDACC_VER_*__ agree). */
#define CUDART_VERSION 12000

CUCPU_BEGIN_C

/* Memory */
cudaError_t cudaMalloc(void **devPtr, size_t size) CUCPU_NOTHROW;
cudaError_t cudaFree(void *devPtr) CUCPU_NOTHROW;
cudaError_t cudaMallocHost(void **ptr, size_t size) CUCPU_NOTHROW;
cudaError_t cudaHostAlloc(void **pHost, size_t size, unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaFreeHost(void *ptr) CUCPU_NOTHROW;
cudaError_t cudaHostGetDevicePointer(void **pDevice, void *pHost,
                                     unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaHostRegister(void *ptr, size_t size, unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaHostUnregister(void *ptr) CUCPU_NOTHROW;
cudaError_t cudaMallocManaged(void **devPtr, size_t size,
                              unsigned int flags CUCPU_DV(cudaMemAttachGlobal)) CUCPU_NOTHROW;
cudaError_t cudaMallocAsync(void **devPtr, size_t size, cudaStream_t stream) CUCPU_NOTHROW;
cudaError_t cudaFreeAsync(void *devPtr, cudaStream_t stream) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetDefaultMemPool(cudaMemPool_t *memPool, int device) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetMemPool(cudaMemPool_t *memPool, int device) CUCPU_NOTHROW;
cudaError_t cudaMemPoolSetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value) CUCPU_NOTHROW;
cudaError_t cudaMemPoolGetAttribute(cudaMemPool_t memPool, enum cudaMemPoolAttr attr, void *value) CUCPU_NOTHROW;
cudaError_t cudaMemPoolTrimTo(cudaMemPool_t memPool, size_t minBytesToKeep) CUCPU_NOTHROW;
cudaError_t cudaMallocPitch(void **devPtr, size_t *pitch, size_t width,
                            size_t height) CUCPU_NOTHROW;
cudaError_t cudaMemGetInfo(size_t *free, size_t *total) CUCPU_NOTHROW;
cudaError_t cudaPointerGetAttributes(struct cudaPointerAttributes *attributes,
                                     const void *ptr) CUCPU_NOTHROW;
cudaError_t cudaMemcpy(void *dst, const void *src, size_t count,
                       enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaMemcpyAsync(void *dst, const void *src, size_t count,
                            enum cudaMemcpyKind kind,
                            cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaMemcpyPeer(void *dst, int dstDevice, const void *src,
                           int srcDevice, size_t count) CUCPU_NOTHROW;
cudaError_t cudaMemcpyPeerAsync(void *dst, int dstDevice, const void *src,
                                int srcDevice, size_t count,
                                cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaMemset(void *devPtr, int value, size_t count) CUCPU_NOTHROW;
cudaError_t cudaMemsetAsync(void *devPtr, int value, size_t count,
                            cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaMemcpy2D(void *dst, size_t dpitch, const void *src,
                         size_t spitch, size_t width, size_t height,
                         enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaMemcpy2DAsync(void *dst, size_t dpitch, const void *src,
                              size_t spitch, size_t width, size_t height,
                              enum cudaMemcpyKind kind,
                              cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaMemset2D(void *devPtr, size_t pitch, int value, size_t width,
                         size_t height) CUCPU_NOTHROW;
cudaError_t cudaMemset2DAsync(void *devPtr, size_t pitch, int value,
                              size_t width, size_t height,
                              cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaMemPrefetchAsync(const void *devPtr, size_t count,
                                 int dstDevice,
                                 cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;

/* Symbols: a symbol is the address of the host global that stands for the
 * __device__ / __constant__ variable. */
cudaError_t cudaMemcpyToSymbol(const void *symbol, const void *src,
                               size_t count, size_t offset CUCPU_DV(0),
                               enum cudaMemcpyKind kind
                                   CUCPU_DV(cudaMemcpyHostToDevice)) CUCPU_NOTHROW;
cudaError_t cudaMemcpyFromSymbol(void *dst, const void *symbol, size_t count,
                                 size_t offset CUCPU_DV(0),
                                 enum cudaMemcpyKind kind
                                     CUCPU_DV(cudaMemcpyDeviceToHost)) CUCPU_NOTHROW;
cudaError_t cudaMemcpyToSymbolAsync(const void *symbol, const void *src,
                                    size_t count, size_t offset,
                                    enum cudaMemcpyKind kind,
                                    cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaMemcpyFromSymbolAsync(void *dst, const void *symbol,
                                      size_t count, size_t offset,
                                      enum cudaMemcpyKind kind,
                                      cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaGetSymbolAddress(void **devPtr, const void *symbol) CUCPU_NOTHROW;
cudaError_t cudaGetSymbolSize(size_t *size, const void *symbol) CUCPU_NOTHROW;

/* Errors */
cudaError_t cudaGetLastError(void) CUCPU_NOTHROW;
cudaError_t cudaPeekAtLastError(void) CUCPU_NOTHROW;
/* callable from device code too, as with the device runtime (a kernel's
 * error-check helper prints cudaGetErrorString(code)); they only read a table */
CUCPU_HD_BEGIN
const char *cudaGetErrorString(cudaError_t error) CUCPU_NOTHROW;
const char *cudaGetErrorName(cudaError_t error) CUCPU_NOTHROW;
CUCPU_HD_END

/* Device */
cudaError_t cudaGetDeviceCount(int *count) CUCPU_NOTHROW;
cudaError_t cudaSetDevice(int device) CUCPU_NOTHROW;
cudaError_t cudaGetDevice(int *device) CUCPU_NOTHROW;
cudaError_t cudaSetDeviceFlags(unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaGetDeviceFlags(unsigned int *flags) CUCPU_NOTHROW;
cudaError_t cudaChooseDevice(int *device, const struct cudaDeviceProp *prop) CUCPU_NOTHROW;
cudaError_t cudaGetDeviceProperties(struct cudaDeviceProp *prop, int device) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetAttribute(int *value, enum cudaDeviceAttr attr,
                                   int device) CUCPU_NOTHROW;
cudaError_t cudaDeviceSynchronize(void) CUCPU_NOTHROW;
cudaError_t cudaDeviceReset(void) CUCPU_NOTHROW;
cudaError_t cudaThreadSynchronize(void) CUCPU_NOTHROW;
cudaError_t cudaThreadExit(void) CUCPU_NOTHROW;
cudaError_t cudaDeviceSetLimit(enum cudaLimit limit, size_t value) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetLimit(size_t *pValue, enum cudaLimit limit) CUCPU_NOTHROW;
cudaError_t cudaDeviceSetCacheConfig(enum cudaFuncCache cacheConfig) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetCacheConfig(enum cudaFuncCache *pCacheConfig) CUCPU_NOTHROW;
cudaError_t cudaThreadSetCacheConfig(enum cudaFuncCache cacheConfig) CUCPU_NOTHROW;
cudaError_t cudaDeviceSetSharedMemConfig(enum cudaSharedMemConfig config) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetSharedMemConfig(enum cudaSharedMemConfig *pConfig) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetP2PAttribute(int *value, enum cudaDeviceP2PAttr attr,
                                      int srcDevice, int dstDevice) CUCPU_NOTHROW;
cudaError_t cudaDeviceCanAccessPeer(int *canAccessPeer, int device,
                                    int peerDevice) CUCPU_NOTHROW;
cudaError_t cudaDeviceEnablePeerAccess(int peerDevice, unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaDeviceDisablePeerAccess(int peerDevice) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetStreamPriorityRange(int *leastPriority,
                                             int *greatestPriority) CUCPU_NOTHROW;
cudaError_t cudaDriverGetVersion(int *driverVersion) CUCPU_NOTHROW;
cudaError_t cudaRuntimeGetVersion(int *runtimeVersion) CUCPU_NOTHROW;

/* Functions: accepted and ignored (a CPU has no cache split to choose). */
cudaError_t cudaFuncSetCacheConfig(const void *func,
                                   enum cudaFuncCache cacheConfig) CUCPU_NOTHROW;
cudaError_t cudaFuncSetSharedMemConfig(const void *func,
                                       enum cudaSharedMemConfig config) CUCPU_NOTHROW;
cudaError_t cudaFuncSetAttribute(const void *func, enum cudaFuncAttribute attr,
                                 int value) CUCPU_NOTHROW;
cudaError_t cudaFuncGetAttributes(struct cudaFuncAttributes *attr,
                                  const void *func) CUCPU_NOTHROW;

/* Events */
cudaError_t cudaEventCreate(cudaEvent_t *event) CUCPU_NOTHROW;
cudaError_t cudaEventCreateWithFlags(cudaEvent_t *event, unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaEventRecord(cudaEvent_t event, cudaStream_t stream CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaEventSynchronize(cudaEvent_t event) CUCPU_NOTHROW;
cudaError_t cudaEventQuery(cudaEvent_t event) CUCPU_NOTHROW;
cudaError_t cudaEventElapsedTime(float *ms, cudaEvent_t start, cudaEvent_t end) CUCPU_NOTHROW;
cudaError_t cudaEventDestroy(cudaEvent_t event) CUCPU_NOTHROW;

/* Streams: work runs synchronously, so a stream is always complete. */
typedef void (*cudaStreamCallback_t)(cudaStream_t stream, cudaError_t status,
                                     void *userData);
cudaError_t cudaStreamCreate(cudaStream_t *pStream) CUCPU_NOTHROW;
cudaError_t cudaStreamCreateWithFlags(cudaStream_t *pStream, unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaStreamCreateWithPriority(cudaStream_t *pStream,
                                         unsigned int flags, int priority) CUCPU_NOTHROW;
cudaError_t cudaStreamSynchronize(cudaStream_t stream) CUCPU_NOTHROW;
cudaError_t cudaStreamQuery(cudaStream_t stream) CUCPU_NOTHROW;
cudaError_t cudaStreamDestroy(cudaStream_t stream) CUCPU_NOTHROW;
cudaError_t cudaStreamWaitEvent(cudaStream_t stream, cudaEvent_t event,
                                unsigned int flags CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaStreamAttachMemAsync(cudaStream_t stream, void *devPtr,
                                     size_t length CUCPU_DV(0),
                                     unsigned int flags CUCPU_DV(cudaMemAttachSingle)) CUCPU_NOTHROW;
cudaError_t cudaStreamAddCallback(cudaStream_t stream,
                                  cudaStreamCallback_t callback,
                                  void *userData, unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaLaunchHostFunc(cudaStream_t stream, cudaHostFn_t fn,
                               void *userData) CUCPU_NOTHROW;

/* Stream capture and graphs (libcucpu_rt: capture.c, graph.c,
 * graph_exec.c), in CUDA 12.0's forms; cuda_runtime.h adds the CUDA 11
 * and CUDA 13 forms as C++ overloads. */
cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode) CUCPU_NOTHROW;
cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph) CUCPU_NOTHROW;
cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus) CUCPU_NOTHROW;
cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                     unsigned long long *id_out CUCPU_DV(0), cudaGraph_t *graph_out CUCPU_DV(0),
                                     const cudaGraphNode_t **dependencies_out CUCPU_DV(0),
                                     size_t *numDependencies_out CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                        unsigned long long *id_out CUCPU_DV(0), cudaGraph_t *graph_out CUCPU_DV(0),
                                        const cudaGraphNode_t **dependencies_out CUCPU_DV(0),
                                        size_t *numDependencies_out CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t stream, enum cudaStreamCaptureStatus *captureStatus_out,
                                        unsigned long long *id_out, cudaGraph_t *graph_out,
                                        const cudaGraphNode_t **dependencies_out,
                                        const cudaGraphEdgeData **edgeData_out,
                                        size_t *numDependencies_out) CUCPU_NOTHROW;
cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                size_t numDependencies, unsigned int flags CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode) CUCPU_NOTHROW;

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags) CUCPU_NOTHROW;
cudaError_t cudaGraphDestroy(cudaGraph_t graph) CUCPU_NOTHROW;
cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph) CUCPU_NOTHROW;
cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                     cudaGraph_t clonedGraph) CUCPU_NOTHROW;
cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *pCopyParams) CUCPU_NOTHROW;
cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *pMemsetParams) CUCPU_NOTHROW;
cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph) CUCPU_NOTHROW;
cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies) CUCPU_NOTHROW;
cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                        cudaEvent_t event) CUCPU_NOTHROW;
cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                      cudaEvent_t event) CUCPU_NOTHROW;
cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, size_t numDependencies) CUCPU_NOTHROW;
cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to, size_t numDependencies) CUCPU_NOTHROW;
cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes) CUCPU_NOTHROW;
cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
                                  size_t *pNumRootNodes) CUCPU_NOTHROW;
cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              size_t *numEdges) CUCPU_NOTHROW;
cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         size_t *pNumDependencies) CUCPU_NOTHROW;
cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           size_t *pNumDependentNodes) CUCPU_NOTHROW;
cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType) CUCPU_NOTHROW;
cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node) CUCPU_NOTHROW;
cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph) CUCPU_NOTHROW;
cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) CUCPU_NOTHROW;
cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out) CUCPU_NOTHROW;
cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *nodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                    void *dptr) CUCPU_NOTHROW;
cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, struct cudaMemAllocNodeParams *params_out) CUCPU_NOTHROW;
cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out) CUCPU_NOTHROW;
cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value) CUCPU_NOTHROW;
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value) CUCPU_NOTHROW;
cudaError_t cudaDeviceGraphMemTrim(int device) CUCPU_NOTHROW;
cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags) CUCPU_NOTHROW;

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams *instantiateParams) CUCPU_NOTHROW;
cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags) CUCPU_NOTHROW;
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream) CUCPU_NOTHROW;
cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream) CUCPU_NOTHROW;
cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec) CUCPU_NOTHROW;
cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo) CUCPU_NOTHROW;
cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                               void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *pNodeParams) CUCPU_NOTHROW;
cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                 cudaGraph_t childGraph) CUCPU_NOTHROW;

/* Arrays and texture objects */
struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f) CUCPU_NOTHROW;
cudaError_t cudaMallocArray(cudaArray_t *array,
                            const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height CUCPU_DV(0),
                            unsigned int flags CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                              const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent,
                              unsigned int flags CUCPU_DV(0)) CUCPU_NOTHROW;
cudaError_t cudaFreeArray(cudaArray_t array) CUCPU_NOTHROW;
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count,
                              enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                size_t hOffset, const void *src, size_t spitch,
                                size_t width, size_t height,
                                enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src,
                                size_t wOffset, size_t hOffset, size_t count,
                                enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                  cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind) CUCPU_NOTHROW;
cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p) CUCPU_NOTHROW;
cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pViewDesc) CUCPU_NOTHROW;
cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject) CUCPU_NOTHROW;

#if defined(CUCPU_PARSE)
/* Only clang needs these: it lowers <<<...>>> to one of the first two. The
 * translator replaces launches, so they are never linked. */
int __cudaPushCallConfiguration(dim3 gridDim, dim3 blockDim,
                                size_t sharedMem = 0,
                                struct CUstream_st *stream = 0) CUCPU_NOTHROW;
unsigned cudaConfigureCall(dim3 gridDim, dim3 blockDim, size_t sharedMem = 0,
                           cudaStream_t stream = 0) CUCPU_NOTHROW;
#endif
/* Launches by address: func is a kernel (in C++, `(void *)k` or k
 * itself); args[i] points to argument i (libcucpu_rt: launch.c). */
cudaError_t cudaLaunchKernel(const void *func, dim3 gridDim, dim3 blockDim,
                             void **args, size_t sharedMem,
                             cudaStream_t stream) CUCPU_NOTHROW;
cudaError_t cudaLaunchCooperativeKernel(const void *func, dim3 gridDim,
                                        dim3 blockDim, void **args,
                                        size_t sharedMem, cudaStream_t stream) CUCPU_NOTHROW;

CUCPU_END_C

CUCPU_HD_BEGIN
/* make_cudaExtent: the extent (w, h, d); w in bytes for linear memory. */
CUCPU_INLINE struct cudaExtent make_cudaExtent(size_t w, size_t h, size_t d)
{
  struct cudaExtent e;
  e.width = w; e.height = h; e.depth = d;
  return e;
}

/* make_cudaPos: the position (x, y, z). */
CUCPU_INLINE struct cudaPos make_cudaPos(size_t x, size_t y, size_t z)
{
  struct cudaPos p;
  p.x = x; p.y = y; p.z = z;
  return p;
}

/* make_cudaPitchedPtr: a pitched pointer of row pitch p and logical size
 * xsz bytes by ysz rows. */
CUCPU_INLINE struct cudaPitchedPtr make_cudaPitchedPtr(void *d, size_t p,
                                                       size_t xsz, size_t ysz)
{
  struct cudaPitchedPtr r;
  r.ptr = d; r.pitch = p; r.xsize = xsz; r.ysize = ysz;
  return r;
}
CUCPU_HD_END

/* libcucpu_rt defines CUCPU_RT_BUILD to define the functions themselves. */
#if defined(CUCPU_C) && !defined(CUCPU_RT_BUILD)
#define cudaMalloc(p, n) cudaMalloc((void **)(p), n)
#define cudaMallocHost(p, n) cudaMallocHost((void **)(p), n)
#define cudaHostAlloc(p, n, f) cudaHostAlloc((void **)(p), n, f)
#define cudaMallocManaged(p, n, f) cudaMallocManaged((void **)(p), n, f)
#define cudaMallocPitch(p, pitch, w, h) \
  cudaMallocPitch((void **)(p), pitch, w, h)
#define cudaHostGetDevicePointer(p, h, f) \
  cudaHostGetDevicePointer((void **)(p), h, f)
#define cudaGetSymbolAddress(p, s) cudaGetSymbolAddress((void **)(p), s)
#endif

#endif
