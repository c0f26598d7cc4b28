/* graph_mem.c: graph memory nodes (cudaGraphAddMemAllocNode and
 * MemFreeNode, and cudaMallocAsync / cudaFreeAsync in a capture). As on a
 * GPU, an allocation node's address is fixed when the node is made, and
 * the memory is the graph's: it is reserved (cudaMalloc) then, shared by
 * every copy of the node (clones, executable graphs, counted in refs) and
 * released when the last copy goes. Running the allocation node makes the
 * memory live; a free node, or cudaFree / cudaFreeAsync outside a graph,
 * makes it dead again (a second free is cudaErrorInvalidValue) without
 * releasing it, so the next launch finds it at the same address. */
#include <pthread.h>
#include <stdlib.h>
#include "graph.h"

struct RtGraphMem {
  void *ptr;
  size_t size;
  int refs;
  int live;
  RtGraphMem *next;
};

static pthread_mutex_t rt_gmem_lock = PTHREAD_MUTEX_INITIALIZER;
static RtGraphMem *rt_gmems;
static unsigned long long rt_gmem_used, rt_gmem_high;

static RtGraphMem *rt_gmem_find(const void *p)
{
  for (RtGraphMem *m = rt_gmems; m; m = m->next)
    if (m->ptr == p)
      return m;
  return NULL;
}

/* rt_gmem_new: size bytes of graph memory, one reference. */
static cudaError_t rt_gmem_new(size_t size, RtGraphMem **out)
{
  RtGraphMem *m = calloc(1, sizeof *m);
  if (!m)
    return cudaErrorMemoryAllocation;
  cudaError_t err = cudaMalloc(&m->ptr, size);
  if (err != cudaSuccess) {
    free(m);
    return err;
  }
  m->size = size;
  m->refs = 1;
  pthread_mutex_lock(&rt_gmem_lock);
  m->next = rt_gmems;
  rt_gmems = m;
  rt_gmem_used += size;
  if (rt_gmem_used > rt_gmem_high)
    rt_gmem_high = rt_gmem_used;
  pthread_mutex_unlock(&rt_gmem_lock);
  *out = m;
  return cudaSuccess;
}

void rt_gmem_ref(RtGraphMem *m)
{
  pthread_mutex_lock(&rt_gmem_lock);
  m->refs++;
  pthread_mutex_unlock(&rt_gmem_lock);
}

void rt_gmem_unref(RtGraphMem *m)
{
  pthread_mutex_lock(&rt_gmem_lock);
  int last = --m->refs == 0;
  if (last) {
    RtGraphMem **p = &rt_gmems;
    while (*p != m)
      p = &(*p)->next;
    *p = m->next;
    rt_gmem_used -= m->size;
  }
  pthread_mutex_unlock(&rt_gmem_lock);
  if (last) {
    cudaFree(m->ptr); /* no longer in the list: a real release */
    free(m);
  }
}

void *rt_gmem_ptr(const RtGraphMem *m)
{
  return m->ptr;
}

void rt_gmem_run_alloc(RtGraphMem *m)
{
  pthread_mutex_lock(&rt_gmem_lock);
  m->live = 1;
  pthread_mutex_unlock(&rt_gmem_lock);
}

int rt_gmem_free(void *p, cudaError_t *err)
{
  pthread_mutex_lock(&rt_gmem_lock);
  RtGraphMem *m = rt_gmem_find(p);
  if (m) {
    *err = m->live ? cudaSuccess : cudaErrorInvalidValue;
    m->live = 0;
  }
  pthread_mutex_unlock(&rt_gmem_lock);
  return m != NULL;
}

/* rt_alloc_op: an allocation node's operation for params (dptr set). */
cudaError_t rt_alloc_op(RtOp *op, struct cudaMemAllocNodeParams *p)
{
  const struct cudaMemPoolProps *pp = &p->poolProps;
  if (!p->bytesize || pp->allocType != cudaMemAllocationTypePinned ||
      pp->location.type != cudaMemLocationTypeDevice || pp->location.id != 0)
    return cudaErrorInvalidValue;
  for (size_t i = 0; i < p->accessDescCount; i++)
    if (!p->accessDescs || p->accessDescs[i].location.type != cudaMemLocationTypeDevice ||
        p->accessDescs[i].location.id != 0)
      return cudaErrorInvalidValue;
  *op = (RtOp){ .type = cudaGraphNodeTypeMemAlloc, .alloc = *p };
  cudaError_t err = rt_gmem_new(p->bytesize, &op->mem);
  if (err == cudaSuccess)
    p->dptr = op->alloc.dptr = op->mem->ptr;
  return err;
}

cudaError_t cudaGraphAddMemAllocNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     struct cudaMemAllocNodeParams *nodeParams)
{
  if (!pGraphNode || !nodeParams || !rt_live_has(graph))
    return rt_fail(cudaErrorInvalidValue);
  RtOp op;
  cudaError_t err = rt_alloc_op(&op, nodeParams);
  if (err == cudaSuccess)
    err = rt_node_add(graph, pDependencies, numDependencies, &op, pGraphNode);
  return err == cudaSuccess ? err : rt_fail(err);
}

cudaError_t cudaGraphAddMemFreeNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                    const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                    void *dptr)
{
  if (!pGraphNode || !dptr || !rt_live_has(graph))
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeMemFree, .dst = dptr };
  cudaError_t err = rt_node_add(graph, pDependencies, numDependencies, &op, pGraphNode);
  return err == cudaSuccess ? err : rt_fail(err);
}

cudaError_t cudaGraphMemAllocNodeGetParams(cudaGraphNode_t node, struct cudaMemAllocNodeParams *params_out)
{
  if (!rt_live_has(node) || node->op.type != cudaGraphNodeTypeMemAlloc || !params_out)
    return rt_fail(cudaErrorInvalidValue);
  *params_out = node->op.alloc;
  params_out->accessDescs = NULL;
  params_out->accessDescCount = 0;
  return cudaSuccess;
}

cudaError_t cudaGraphMemFreeNodeGetParams(cudaGraphNode_t node, void *dptr_out)
{
  if (!rt_live_has(node) || node->op.type != cudaGraphNodeTypeMemFree || !dptr_out)
    return rt_fail(cudaErrorInvalidValue);
  *(void **)dptr_out = node->op.dst;
  return cudaSuccess;
}

cudaError_t cudaDeviceGetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
  if (device != 0)
    return rt_fail(cudaErrorInvalidDevice);
  if (!value || (unsigned)attr > cudaGraphMemAttrReservedMemHigh)
    return rt_fail(cudaErrorInvalidValue);
  pthread_mutex_lock(&rt_gmem_lock);
  int high = attr == cudaGraphMemAttrUsedMemHigh || attr == cudaGraphMemAttrReservedMemHigh;
  *(unsigned long long *)value = high ? rt_gmem_high : rt_gmem_used;
  pthread_mutex_unlock(&rt_gmem_lock);
  return cudaSuccess;
}

/* Only the high watermarks may be set, and only to 0 (a reset). */
cudaError_t cudaDeviceSetGraphMemAttribute(int device, enum cudaGraphMemAttributeType attr, void *value)
{
  if (device != 0)
    return rt_fail(cudaErrorInvalidDevice);
  if (!value || (attr != cudaGraphMemAttrUsedMemHigh && attr != cudaGraphMemAttrReservedMemHigh) ||
      *(unsigned long long *)value != 0)
    return rt_fail(cudaErrorInvalidValue);
  pthread_mutex_lock(&rt_gmem_lock);
  rt_gmem_high = rt_gmem_used;
  pthread_mutex_unlock(&rt_gmem_lock);
  return cudaSuccess;
}

cudaError_t cudaDeviceGraphMemTrim(int device)
{
  return device == 0 ? cudaSuccess : rt_fail(cudaErrorInvalidDevice);
}
