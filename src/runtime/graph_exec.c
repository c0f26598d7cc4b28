/* graph_exec.c: executable graphs. cudaGraphInstantiate copies every
 * node's operation in a topological order (Kahn's, roots and then ready
 * nodes first-come in creation order: the same graph always gives the same
 * order); cudaGraphLaunch runs the copies one after another, which
 * respects every dependency, as work is synchronous here. A child graph
 * becomes an executable graph of its own. The updates (cudaGraphExec*
 * SetParams, cudaGraphExecUpdate) replace copies in place. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "graph.h"

struct CUgraphExec_st {
  size_t n;
  RtOp *ops;                 /* in the order they run */
  cudaGraphExec_t *kids;     /* kids[i]: op i's child graph, instantiated */
  cudaGraphNode_t *from;     /* from[i]: the node op i was copied from */
  size_t *pos;               /* pos[j]: where node j of the graph runs */
  size_t *sig;               /* the graph's edges, by node index, for update */
  size_t nsig;
  unsigned long long flags;
};

/* rt_topo: the nodes of g in a topological order (malloc'd); NULL when g
 * has a cycle. */
static size_t *rt_topo(cudaGraph_t g)
{
  size_t n = g->n, ne = 0;
  rt_number(g);
  for (size_t i = 0; i < n; i++)
    ne += g->nodes[i]->ndeps;
  /* the dependents of node j: next[first[j] .. first[j + 1]) */
  size_t *order = malloc((n + 1) * sizeof *order);
  size_t *indeg = calloc(n + 1, sizeof *indeg), *first = calloc(n + 2, sizeof *first);
  size_t *next = malloc((ne + 1) * sizeof *next), *fill = calloc(n + 1, sizeof *fill);
  if (!order || !indeg || !first || !next || !fill)
    abort();
  for (size_t i = 0; i < n; i++)
    for (size_t d = 0; d < g->nodes[i]->ndeps; d++)
      first[g->nodes[i]->deps[d]->at + 1]++;
  for (size_t j = 0; j < n; j++)
    first[j + 1] += first[j];
  for (size_t i = 0; i < n; i++) {
    indeg[i] = g->nodes[i]->ndeps;
    for (size_t d = 0; d < g->nodes[i]->ndeps; d++) {
      size_t j = g->nodes[i]->deps[d]->at;
      next[first[j] + fill[j]++] = i;
    }
  }
  size_t head = 0, tail = 0;
  for (size_t i = 0; i < n; i++)
    if (!indeg[i])
      order[tail++] = i;
  while (head < tail) {
    size_t j = order[head++];
    for (size_t e = first[j]; e < first[j + 1]; e++)
      if (--indeg[next[e]] == 0)
        order[tail++] = next[e];
  }
  free(indeg); free(first); free(next); free(fill);
  if (tail == n)
    return order;
  free(order);
  return NULL;
}

/* rt_signature: the edges of g as (to, from) index pairs. */
static size_t *rt_signature(cudaGraph_t g, size_t *nsig)
{
  size_t k = 0;
  rt_number(g);
  for (size_t i = 0; i < g->n; i++)
    k += g->nodes[i]->ndeps;
  size_t *sig = malloc((2 * k + 1) * sizeof *sig);
  if (!sig)
    abort();
  k = 0;
  for (size_t i = 0; i < g->n; i++)
    for (size_t d = 0; d < g->nodes[i]->ndeps; d++) {
      sig[k++] = i;
      sig[k++] = g->nodes[i]->deps[d]->at;
    }
  *nsig = k;
  return sig;
}

static void rt_exec_free(cudaGraphExec_t x)
{
  rt_live_del(x);
  for (size_t i = 0; i < x->n; i++) {
    if (x->kids[i])
      rt_exec_free(x->kids[i]);
    rt_op_free(&x->ops[i]);
  }
  free(x->ops); free(x->kids); free(x->from); free(x->pos); free(x->sig);
  free(x);
}

/* rt_exec_new: g instantiated; cudaErrorInvalidValue (*bad the node that
 * closes a cycle, or NULL) when g cannot be. */
static cudaError_t rt_exec_new(cudaGraph_t g, cudaGraphExec_t *out, cudaGraphNode_t *bad)
{
  size_t *order = rt_topo(g);
  if (!order) {
    *bad = g->n ? g->nodes[0] : NULL;
    return cudaErrorInvalidValue;
  }
  cudaGraphExec_t x = calloc(1, sizeof *x);
  size_t n = g->n ? g->n : 1;
  if (!x || !(x->ops = calloc(n, sizeof *x->ops)) || !(x->kids = calloc(n, sizeof *x->kids)) ||
      !(x->from = calloc(n, sizeof *x->from)) || !(x->pos = calloc(n, sizeof *x->pos)))
    abort();
  x->n = g->n;
  cudaError_t err = cudaSuccess;
  for (size_t i = 0; i < g->n; i++) {
    cudaGraphNode_t node = g->nodes[order[i]];
    x->from[i] = node;
    x->pos[order[i]] = i;
    if (!rt_op_copy(&x->ops[i], &node->op))
      abort();
    if (node->op.type == cudaGraphNodeTypeGraph && err == cudaSuccess)
      err = rt_exec_new(node->op.child, &x->kids[i], bad);
  }
  free(order);
  x->sig = rt_signature(g, &x->nsig);
  rt_live_add(x);
  if (err != cudaSuccess) {
    rt_exec_free(x);
    return err;
  }
  *out = x;
  return cudaSuccess;
}

/* rt_memset_run: a memset node: height rows of width elements. */
static cudaError_t rt_memset_run(const struct cudaMemsetParams *p)
{
  size_t h = p->height ? p->height : 1;
  size_t row = p->width * p->elementSize;
  size_t pitch = h > 1 ? p->pitch : row;
  if (h > 1 && row > pitch)
    return cudaErrorInvalidValue;
  size_t span = row ? (h - 1) * pitch + row : 0;
  cudaError_t err = rt_mem_check(p->dst, span, RT_SIDE_DEVICE_DST);
  if (err != cudaSuccess)
    return err;
  for (size_t r = 0; r < h; r++) {
    char *d = (char *)p->dst + r * pitch;
    for (size_t i = 0; i < p->width; i++) {
      if (p->elementSize == 1) {
        unsigned char v = (unsigned char)p->value;
        memcpy(d + i, &v, 1);
      } else if (p->elementSize == 2) {
        unsigned short v = (unsigned short)p->value;
        memcpy(d + 2 * i, &v, 2);
      } else {
        memcpy(d + 4 * i, &p->value, 4);
      }
    }
  }
  return cudaSuccess;
}

/* rt_op_run: runs one operation (kid: its child graph's executable). */
static cudaError_t rt_op_run(const RtOp *op, cudaGraphExec_t kid)
{
  RT_STICKY();
  const RtKernelCall *k = &op->k;
  switch (op->type) {
  case cudaGraphNodeTypeKernel:
    if (k->launch)
      k->launch(k->grid, k->block, k->shmem, k->argv);
    else
      k->thunk(k->func, k->grid, k->block, k->shmem, k->argv);
    return cudaSuccess;
  case cudaGraphNodeTypeMemcpy:
    if (op->copy1d)
      return op->count ? rt_memcpy(op->dst, op->src, op->count, op->kind) : cudaSuccess;
    return cudaMemcpy3D(&op->copy);
  case cudaGraphNodeTypeMemset:
    return rt_memset_run(&op->set);
  case cudaGraphNodeTypeHost:
    op->host.fn(op->host.userData);
    return cudaSuccess;
  case cudaGraphNodeTypeGraph:
    return rt_exec_run(kid);
  case cudaGraphNodeTypeEventRecord:
    rt_event_stamp(op->event);
    return cudaSuccess;
  case cudaGraphNodeTypeMemAlloc:
    rt_gmem_run_alloc(op->mem);
    return cudaSuccess;
  case cudaGraphNodeTypeMemFree: {
    /* graph memory stays reserved; memory of cudaMallocAsync is freed */
    cudaError_t err;
    return rt_gmem_free(op->dst, &err) ? err : cudaFree(op->dst);
  }
  default: /* empty and event-wait nodes: order only */
    return cudaSuccess;
  }
}

cudaError_t rt_exec_run(cudaGraphExec_t x)
{
  cudaError_t first = cudaSuccess;
  for (size_t i = 0; i < x->n; i++) {
    cudaError_t err = rt_op_run(&x->ops[i], x->kids[i]);
    if (err != cudaSuccess && first == cudaSuccess)
      first = err;
  }
  return first;
}

/* ---- the API --------------------------------------------------------------- */

cudaError_t cudaGraphInstantiateWithParams(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                           cudaGraphInstantiateParams *params)
{
  if (!pGraphExec || !params || !rt_live_has(graph) || (params->flags & ~0xfull))
    return rt_fail(cudaErrorInvalidValue);
  if (params->flags & cudaGraphInstantiateFlagDeviceLaunch) {
    params->result_out = cudaGraphInstantiateNodeOperationNotSupported;
    return rt_fail(cudaErrorNotSupported);
  }
  params->errNode_out = NULL;
  cudaError_t err = rt_exec_new(graph, pGraphExec, &params->errNode_out);
  params->result_out = err == cudaSuccess ? cudaGraphInstantiateSuccess
                                          : cudaGraphInstantiateInvalidStructure;
  if (err != cudaSuccess)
    return rt_fail(err);
  (*pGraphExec)->flags = params->flags;
  return cudaSuccess;
}

cudaError_t cudaGraphInstantiateWithFlags(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                          unsigned long long flags)
{
  cudaGraphInstantiateParams p = { flags, NULL, NULL, cudaGraphInstantiateSuccess };
  return cudaGraphInstantiateWithParams(pGraphExec, graph, &p);
}

cudaError_t cudaGraphInstantiate(cudaGraphExec_t *pGraphExec, cudaGraph_t graph,
                                 unsigned long long flags)
{
  return cudaGraphInstantiateWithFlags(pGraphExec, graph, flags);
}

cudaError_t cudaGraphExecGetFlags(cudaGraphExec_t graphExec, unsigned long long *flags)
{
  if (!rt_live_has(graphExec) || !flags)
    return rt_fail(cudaErrorInvalidValue);
  *flags = graphExec->flags;
  return cudaSuccess;
}

cudaError_t cudaGraphExecDestroy(cudaGraphExec_t graphExec)
{
  if (!rt_live_has(graphExec))
    return rt_fail(cudaErrorInvalidValue);
  rt_exec_free(graphExec);
  return cudaSuccess;
}

/* cudaGraphLaunch: the graph's work, in order, on stream. Launched into a
 * capturing stream (a child graph node in CUDA) it is not supported. */
cudaError_t cudaGraphLaunch(cudaGraphExec_t graphExec, cudaStream_t stream)
{
  if (!rt_live_has(graphExec))
    return rt_fail(cudaErrorInvalidValue);
  cudaError_t err = rt_capture_sync(stream);
  if (err != cudaSuccess)
    return rt_fail(err);
  err = rt_exec_run(graphExec);
  return err == cudaSuccess ? err : rt_fail(err);
}

cudaError_t cudaGraphUpload(cudaGraphExec_t graphExec, cudaStream_t stream)
{
  (void)stream;
  return rt_live_has(graphExec) ? cudaSuccess : rt_fail(cudaErrorInvalidValue);
}

/* rt_exec_op: the copy in x of node (a node of the graph x came from). */
static RtOp *rt_exec_op(cudaGraphExec_t x, cudaGraphNode_t node, enum cudaGraphNodeType t)
{
  if (!rt_live_has(x))
    return NULL;
  for (size_t i = 0; i < x->n; i++)
    if (x->from[i] == node)
      return x->ops[i].type == t ? &x->ops[i] : NULL;
  return NULL;
}

cudaError_t cudaGraphExecKernelNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaKernelNodeParams *p)
{
  RtOp *at = rt_exec_op(hGraphExec, node, cudaGraphNodeTypeKernel), op;
  if (!at || !p)
    return rt_fail(cudaErrorInvalidValue);
  cudaError_t err = rt_kernel_op(&op, p);
  if (err != cudaSuccess)
    return rt_fail(err);
  rt_op_free(at);
  *at = op;
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemcpyNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemcpy3DParms *p)
{
  RtOp *at = rt_exec_op(hGraphExec, node, cudaGraphNodeTypeMemcpy);
  if (!at || !p || (!p->srcArray && !p->srcPtr.ptr) || (!p->dstArray && !p->dstPtr.ptr) ||
      !rt_copy_kind_ok(p->kind))
    return rt_fail(cudaErrorInvalidValue);
  *at = (RtOp){ .type = cudaGraphNodeTypeMemcpy, .copy = *p };
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemcpyNodeSetParams1D(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                               void *dst, const void *src, size_t count,
                                               enum cudaMemcpyKind kind)
{
  RtOp *at = rt_exec_op(hGraphExec, node, cudaGraphNodeTypeMemcpy);
  if (!at || !rt_copy_kind_ok(kind) ||
      (count && rt_copy_check(dst, src, count, kind) != cudaSuccess))
    return rt_fail(cudaErrorInvalidValue);
  *at = (RtOp){ .type = cudaGraphNodeTypeMemcpy, .copy1d = 1, .dst = dst, .src = src,
                .count = count, .kind = kind };
  return cudaSuccess;
}

cudaError_t cudaGraphExecMemsetNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                             const struct cudaMemsetParams *p)
{
  RtOp *at = rt_exec_op(hGraphExec, node, cudaGraphNodeTypeMemset);
  if (!at || !p || !p->dst || (p->elementSize != 1 && p->elementSize != 2 && p->elementSize != 4))
    return rt_fail(cudaErrorInvalidValue);
  at->set = *p;
  return cudaSuccess;
}

cudaError_t cudaGraphExecHostNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                           const struct cudaHostNodeParams *p)
{
  RtOp *at = rt_exec_op(hGraphExec, node, cudaGraphNodeTypeHost);
  if (!at || !p || !p->fn)
    return rt_fail(cudaErrorInvalidValue);
  at->host = *p;
  return cudaSuccess;
}

/* rt_same_shape: x could have been instantiated from g (same nodes, types
 * and edges, child graphs alike): what cudaGraphExecUpdate needs. */
static int rt_same_shape(cudaGraphExec_t x, cudaGraph_t g, cudaGraphExecUpdateResultInfo *info)
{
  if (g->n != x->n) {
    info->result = cudaGraphExecUpdateErrorTopologyChanged;
    return 0;
  }
  size_t nsig, *sig = rt_signature(g, &nsig);
  int same = nsig == x->nsig && !memcmp(sig, x->sig, nsig * sizeof *sig);
  free(sig);
  if (!same) {
    info->result = cudaGraphExecUpdateErrorTopologyChanged;
    return 0;
  }
  for (size_t j = 0; j < g->n; j++) {
    const RtOp *old = &x->ops[x->pos[j]];
    if (old->type != g->nodes[j]->op.type) {
      info->result = cudaGraphExecUpdateErrorNodeTypeChanged;
      info->errorNode = g->nodes[j];
      info->errorFromNode = x->from[x->pos[j]];
      return 0;
    }
    if (old->type == cudaGraphNodeTypeGraph &&
        !rt_same_shape(x->kids[x->pos[j]], g->nodes[j]->op.child, info))
      return 0;
  }
  return 1;
}

/* rt_exec_refill: every copy in x from the nodes of g (same shape). */
static void rt_exec_refill(cudaGraphExec_t x, cudaGraph_t g)
{
  for (size_t j = 0; j < g->n; j++) {
    size_t i = x->pos[j];
    if (g->nodes[j]->op.type == cudaGraphNodeTypeGraph) {
      rt_exec_refill(x->kids[i], g->nodes[j]->op.child);
      continue;
    }
    RtOp op;
    if (!rt_op_copy(&op, &g->nodes[j]->op))
      abort();
    rt_op_free(&x->ops[i]);
    x->ops[i] = op;
  }
}

cudaError_t cudaGraphExecUpdate(cudaGraphExec_t hGraphExec, cudaGraph_t hGraph,
                                cudaGraphExecUpdateResultInfo *resultInfo)
{
  cudaGraphExecUpdateResultInfo info = { cudaGraphExecUpdateSuccess, NULL, NULL };
  if (!rt_live_has(hGraphExec) || !rt_live_has(hGraph))
    return rt_fail(cudaErrorInvalidValue);
  int ok = rt_same_shape(hGraphExec, hGraph, &info);
  if (ok)
    rt_exec_refill(hGraphExec, hGraph);
  if (resultInfo)
    *resultInfo = info;
  return ok ? cudaSuccess : rt_fail(cudaErrorGraphExecUpdateFailure);
}

cudaError_t cudaGraphExecChildGraphNodeSetParams(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
                                                 cudaGraph_t childGraph)
{
  RtOp *at = rt_exec_op(hGraphExec, node, cudaGraphNodeTypeGraph);
  if (!at || !rt_live_has(childGraph))
    return rt_fail(cudaErrorInvalidValue);
  cudaGraphExec_t kid = hGraphExec->kids[at - hGraphExec->ops];
  cudaGraphExecUpdateResultInfo info;
  if (!rt_same_shape(kid, childGraph, &info))
    return rt_fail(cudaErrorInvalidValue);
  rt_exec_refill(kid, childGraph);
  return cudaSuccess;
}
