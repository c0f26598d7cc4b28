/* graph.c: building CUDA graphs (cudaGraphCreate, cudaGraphAdd*Node, the
 * edges, clones, the node parameters) and the table of live handles. A
 * graph owns its nodes; a node owns its operation (RtOp): a kernel node
 * owns a copy of its arguments, a child-graph node a clone of its graph,
 * as on a GPU. */
#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "graph.h"

/* ---- live handles: an open-addressing set of pointers ---------------------- */

static pthread_mutex_t rt_live_lock = PTHREAD_MUTEX_INITIALIZER;
static const void **rt_live;
static size_t rt_nlive, rt_caplive;
#define RT_TOMB ((const void *)1)

static size_t rt_live_slot(const void *p, size_t cap)
{
  uintptr_t h = (uintptr_t)p;
  h ^= h >> 17;
  h *= 0x9E3779B97F4A7C15ull;
  return (size_t)(h >> 7) & (cap - 1);
}

static void rt_live_grow(void)
{
  size_t cap = rt_caplive ? 2 * rt_caplive : 256;
  const void **t = calloc(cap, sizeof *t);
  if (!t)
    abort();
  rt_nlive = 0;
  for (size_t i = 0; i < rt_caplive; i++)
    if (rt_live[i] && rt_live[i] != RT_TOMB) {
      rt_nlive++;
      size_t j = rt_live_slot(rt_live[i], cap);
      while (t[j])
        j = (j + 1) & (cap - 1);
      t[j] = rt_live[i];
    }
  free(rt_live);
  rt_live = t;
  rt_caplive = cap;
}

void rt_live_add(const void *p)
{
  pthread_mutex_lock(&rt_live_lock);
  if (2 * (rt_nlive + 1) > rt_caplive)
    rt_live_grow();
  size_t j = rt_live_slot(p, rt_caplive);
  while (rt_live[j] && rt_live[j] != RT_TOMB)
    j = (j + 1) & (rt_caplive - 1);
  rt_live[j] = p;
  rt_nlive++;
  pthread_mutex_unlock(&rt_live_lock);
}

/* rt_live_find: the slot of p, or SIZE_MAX (lock held). Tombstones count
 * toward the load, so a probe always ends at an empty slot. */
static size_t rt_live_find(const void *p)
{
  if (!rt_caplive || !p || p == RT_TOMB)
    return SIZE_MAX;
  size_t j = rt_live_slot(p, rt_caplive);
  while (rt_live[j]) {
    if (rt_live[j] == p)
      return j;
    j = (j + 1) & (rt_caplive - 1);
  }
  return SIZE_MAX;
}

int rt_live_has(const void *p)
{
  pthread_mutex_lock(&rt_live_lock);
  int has = rt_live_find(p) != SIZE_MAX;
  pthread_mutex_unlock(&rt_live_lock);
  return has;
}

void rt_live_del(const void *p)
{
  pthread_mutex_lock(&rt_live_lock);
  size_t j = rt_live_find(p);
  if (j != SIZE_MAX)
    rt_live[j] = RT_TOMB; /* still counted in rt_nlive: keeps probes short */
  pthread_mutex_unlock(&rt_live_lock);
}

/* ---- operations ------------------------------------------------------------ */

void rt_op_free(RtOp *op)
{
  if (op->type == cudaGraphNodeTypeKernel) {
    free(op->k.sizes);
    free(op->k.buf);
    free(op->k.argv);
  }
  if (op->type == cudaGraphNodeTypeGraph && op->child)
    rt_graph_free(op->child);
  if (op->type == cudaGraphNodeTypeMemAlloc && op->mem)
    rt_gmem_unref(op->mem);
  memset(op, 0, sizeof *op);
}

/* rt_kernel_args: copies nargs arguments (sizes) from args into k. */
static int rt_kernel_args(RtKernelCall *k, int nargs, const size_t *sizes,
                          void *const *args)
{
  size_t total = 0;
  if (nargs > 0 && !args)
    return 0;
  for (int i = 0; i < nargs; i++)
    total += (sizes[i] + 15) & ~(size_t)15;
  k->nargs = nargs;
  k->sizes = malloc((nargs ? nargs : 1) * sizeof *k->sizes);
  k->argv = malloc((nargs ? nargs : 1) * sizeof *k->argv);
  k->buf = malloc(total ? total : 1);
  if (!k->sizes || !k->argv || !k->buf)
    return 0;
  size_t at = 0;
  for (int i = 0; i < nargs; i++) {
    k->sizes[i] = sizes[i];
    k->argv[i] = k->buf + at;
    memcpy(k->argv[i], args[i], sizes[i]);
    at += (sizes[i] + 15) & ~(size_t)15;
  }
  return 1;
}

cudaError_t rt_kernel_op(RtOp *op, const struct cudaKernelNodeParams *p)
{
  memset(op, 0, sizeof *op);
  op->type = cudaGraphNodeTypeKernel;
  int nargs;
  const size_t *sizes;
  if (!p->func || !rt_kernel_find(p->func, &op->k.launch, &nargs, &sizes))
    return cudaErrorInvalidDeviceFunction;
  /* the `extra` packing (CU_LAUNCH_PARAM_BUFFER_POINTER) is not supported */
  if (p->extra || (nargs > 0 && !p->kernelParams))
    return cudaErrorInvalidValue;
  op->k.func = p->func;
  op->k.grid = p->gridDim;
  op->k.block = p->blockDim;
  op->k.shmem = p->sharedMemBytes;
  if (!rt_kernel_args(&op->k, nargs, sizes, p->kernelParams)) {
    rt_op_free(op);
    return cudaErrorMemoryAllocation;
  }
  return cudaSuccess;
}

cudaError_t rt_thunk_op(RtOp *op, const void *launcher, CucpuCaptureFn thunk, dim3 grid,
                        dim3 block, size_t shmem, int nargs, const size_t *sizes,
                        void **args)
{
  *op = (RtOp){ .type = cudaGraphNodeTypeKernel };
  op->k = (RtKernelCall){ .func = launcher, .thunk = thunk, .grid = grid,
                          .block = block, .shmem = shmem };
  if (!rt_kernel_args(&op->k, nargs, sizes, args)) {
    rt_op_free(op);
    return cudaErrorMemoryAllocation;
  }
  return cudaSuccess;
}

int rt_op_copy(RtOp *out, const RtOp *op)
{
  *out = *op;
  if (op->type == cudaGraphNodeTypeKernel) {
    out->k.sizes = NULL;
    out->k.buf = NULL;
    out->k.argv = NULL;
    if (!rt_kernel_args(&out->k, op->k.nargs, op->k.sizes, op->k.argv)) {
      rt_op_free(out);
      return 0;
    }
  }
  if (op->type == cudaGraphNodeTypeGraph && !(out->child = rt_graph_clone(op->child)))
    return 0;
  if (op->type == cudaGraphNodeTypeMemAlloc)
    rt_gmem_ref(op->mem);
  return 1;
}

/* ---- graphs and nodes ------------------------------------------------------ */

cudaGraph_t rt_graph_new(void)
{
  cudaGraph_t g = calloc(1, sizeof *g);
  if (g)
    rt_live_add(g);
  return g;
}

static void rt_node_free(cudaGraphNode_t n)
{
  rt_live_del(n);
  rt_op_free(&n->op);
  free(n->deps);
  free(n);
}

void rt_graph_free(cudaGraph_t g)
{
  rt_live_del(g);
  for (size_t i = 0; i < g->n; i++)
    rt_node_free(g->nodes[i]);
  free(g->nodes);
  free(g);
}

void rt_number(cudaGraph_t g)
{
  for (size_t i = 0; i < g->n; i++)
    g->nodes[i]->at = i;
}

size_t rt_node_index(cudaGraphNode_t n)
{
  cudaGraph_t g = n->graph;
  for (size_t i = 0; i < g->n; i++)
    if (g->nodes[i] == n)
      return i;
  return SIZE_MAX;
}

static int rt_dep_push(cudaGraphNode_t n, cudaGraphNode_t d)
{
  if (n->ndeps == n->capdeps) {
    size_t cap = n->capdeps ? 2 * n->capdeps : 4;
    cudaGraphNode_t *v = realloc(n->deps, cap * sizeof *v);
    if (!v)
      return 0;
    n->deps = v;
    n->capdeps = cap;
  }
  n->deps[n->ndeps++] = d;
  return 1;
}

static int rt_has_dep(cudaGraphNode_t n, cudaGraphNode_t d)
{
  for (size_t i = 0; i < n->ndeps; i++)
    if (n->deps[i] == d)
      return 1;
  return 0;
}

/* rt_deps_ok: deps are live nodes of g, none twice. */
static int rt_deps_ok(cudaGraph_t g, const cudaGraphNode_t *deps, size_t ndeps)
{
  if (ndeps && !deps)
    return 0;
  for (size_t i = 0; i < ndeps; i++) {
    if (!rt_live_has(deps[i]) || deps[i]->graph != g)
      return 0;
    for (size_t j = 0; j < i; j++)
      if (deps[j] == deps[i])
        return 0;
  }
  return 1;
}

cudaError_t rt_node_add(cudaGraph_t g, const cudaGraphNode_t *deps,
                        size_t ndeps, RtOp *op, cudaGraphNode_t *out)
{
  cudaGraphNode_t n = calloc(1, sizeof *n);
  if (!n || !rt_deps_ok(g, deps, ndeps)) {
    free(n);
    rt_op_free(op);
    return n ? cudaErrorInvalidValue : cudaErrorMemoryAllocation;
  }
  n->graph = g;
  n->op = *op;
  for (size_t i = 0; i < ndeps; i++)
    if (!rt_dep_push(n, deps[i]))
      abort();
  if (g->n == g->cap) {
    size_t cap = g->cap ? 2 * g->cap : 16;
    cudaGraphNode_t *v = realloc(g->nodes, cap * sizeof *v);
    if (!v)
      abort();
    g->nodes = v;
    g->cap = cap;
  }
  g->nodes[g->n++] = n;
  rt_live_add(n);
  *out = n;
  return cudaSuccess;
}

cudaGraph_t rt_graph_clone(cudaGraph_t g)
{
  cudaGraph_t c = rt_graph_new();
  if (!c)
    return NULL;
  for (size_t i = 0; i < g->n; i++) {
    cudaGraphNode_t n;
    RtOp op;
    if (!rt_op_copy(&op, &g->nodes[i]->op) || rt_node_add(c, NULL, 0, &op, &n) != cudaSuccess)
      abort();
    n->origin = g->nodes[i];
  }
  /* then the edges: a node may depend on one created after it */
  rt_number(g);
  for (size_t i = 0; i < g->n; i++)
    for (size_t d = 0; d < g->nodes[i]->ndeps; d++)
      if (!rt_dep_push(c->nodes[i], c->nodes[g->nodes[i]->deps[d]->at]))
        abort();
  return c;
}

/* ---- the API --------------------------------------------------------------- */

#define RT_GRAPH_OK(g) \
  do { if (!rt_live_has(g)) return rt_fail(cudaErrorInvalidValue); } while (0)

cudaError_t cudaGraphCreate(cudaGraph_t *pGraph, unsigned int flags)
{
  if (!pGraph || flags)
    return rt_fail(cudaErrorInvalidValue);
  return (*pGraph = rt_graph_new()) ? cudaSuccess : rt_fail(cudaErrorMemoryAllocation);
}

cudaError_t cudaGraphDestroy(cudaGraph_t graph)
{
  RT_GRAPH_OK(graph);
  rt_graph_free(graph);
  return cudaSuccess;
}

cudaError_t cudaGraphClone(cudaGraph_t *pGraphClone, cudaGraph_t originalGraph)
{
  if (!pGraphClone)
    return rt_fail(cudaErrorInvalidValue);
  RT_GRAPH_OK(originalGraph);
  return (*pGraphClone = rt_graph_clone(originalGraph)) ? cudaSuccess
                                                        : rt_fail(cudaErrorMemoryAllocation);
}

cudaError_t cudaGraphNodeFindInClone(cudaGraphNode_t *pNode, cudaGraphNode_t originalNode,
                                     cudaGraph_t clonedGraph)
{
  if (!pNode)
    return rt_fail(cudaErrorInvalidValue);
  RT_GRAPH_OK(clonedGraph);
  for (size_t i = 0; i < clonedGraph->n; i++)
    if (clonedGraph->nodes[i]->origin == originalNode) {
      *pNode = clonedGraph->nodes[i];
      return cudaSuccess;
    }
  return rt_fail(cudaErrorInvalidValue);
}

/* rt_add: the common tail of cudaGraphAdd*Node. */
static cudaError_t rt_add(cudaGraphNode_t *out, cudaGraph_t g,
                          const cudaGraphNode_t *deps, size_t ndeps, RtOp *op)
{
  if (!out || !rt_live_has(g)) {
    rt_op_free(op);
    return rt_fail(cudaErrorInvalidValue);
  }
  cudaError_t err = rt_node_add(g, deps, ndeps, op, out);
  return err == cudaSuccess ? err : rt_fail(err);
}

cudaError_t cudaGraphAddKernelNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaKernelNodeParams *pNodeParams)
{
  RtOp op;
  if (!pNodeParams)
    return rt_fail(cudaErrorInvalidValue);
  cudaError_t err = rt_kernel_op(&op, pNodeParams);
  if (err != cudaSuccess)
    return rt_fail(err);
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

/* rt_copy3d_ok: what cudaMemcpy3D would refuse at once. */
static int rt_copy3d_ok(const struct cudaMemcpy3DParms *p)
{
  return p && (p->srcArray || p->srcPtr.ptr) && (p->dstArray || p->dstPtr.ptr) &&
         rt_copy_kind_ok(p->kind);
}

cudaError_t cudaGraphAddMemcpyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemcpy3DParms *pCopyParams)
{
  if (!rt_copy3d_ok(pCopyParams))
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeMemcpy, .copy = *pCopyParams };
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

/* rt_copy1d_op: a 1D copy, checked as cudaMemcpy checks it. */
static cudaError_t rt_copy1d_op(RtOp *op, void *dst, const void *src, size_t count,
                                enum cudaMemcpyKind kind)
{
  if (!rt_copy_kind_ok(kind))
    return cudaErrorInvalidMemcpyDirection;
  cudaError_t err = count ? rt_copy_check(dst, src, count, kind) : cudaSuccess;
  *op = (RtOp){ .type = cudaGraphNodeTypeMemcpy, .copy1d = 1, .dst = dst,
                .src = src, .count = count, .kind = kind };
  return err;
}

cudaError_t cudaGraphAddMemcpyNode1D(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                     const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                     void *dst, const void *src, size_t count,
                                     enum cudaMemcpyKind kind)
{
  RtOp op;
  cudaError_t err = rt_copy1d_op(&op, dst, src, count, kind);
  if (err != cudaSuccess)
    return rt_fail(err);
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

/* rt_memset_ok: element size 1, 2 or 4; rows within the pitch. */
static int rt_memset_ok(const struct cudaMemsetParams *p)
{
  return p && p->dst && (p->elementSize == 1 || p->elementSize == 2 || p->elementSize == 4) &&
         (p->height <= 1 || p->width * p->elementSize <= p->pitch);
}

cudaError_t cudaGraphAddMemsetNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                   const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                   const struct cudaMemsetParams *pMemsetParams)
{
  if (!rt_memset_ok(pMemsetParams))
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeMemset, .set = *pMemsetParams };
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

cudaError_t cudaGraphAddHostNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                 const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                 const struct cudaHostNodeParams *pNodeParams)
{
  if (!pNodeParams || !pNodeParams->fn)
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeHost, .host = *pNodeParams };
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

cudaError_t cudaGraphAddChildGraphNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                       const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                       cudaGraph_t childGraph)
{
  RT_GRAPH_OK(childGraph);
  if (childGraph == graph)
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeGraph, .child = rt_graph_clone(childGraph) };
  if (!op.child)
    return rt_fail(cudaErrorMemoryAllocation);
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

cudaError_t cudaGraphAddEmptyNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                  const cudaGraphNode_t *pDependencies, size_t numDependencies)
{
  RtOp op = { .type = cudaGraphNodeTypeEmpty };
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

cudaError_t cudaGraphAddEventRecordNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                        const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                        cudaEvent_t event)
{
  if (!event)
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeEventRecord, .event = event };
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

cudaError_t cudaGraphAddEventWaitNode(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
                                      const cudaGraphNode_t *pDependencies, size_t numDependencies,
                                      cudaEvent_t event)
{
  if (!event)
    return rt_fail(cudaErrorInvalidValue);
  RtOp op = { .type = cudaGraphNodeTypeWaitEvent, .event = event };
  return rt_add(pGraphNode, graph, pDependencies, numDependencies, &op);
}

/* rt_edges_ok: from[i] and to[i] are distinct live nodes of graph. */
static int rt_edges_ok(cudaGraph_t graph, const cudaGraphNode_t *from,
                       const cudaGraphNode_t *to, size_t n)
{
  if (!rt_live_has(graph) || (n && (!from || !to)))
    return 0;
  for (size_t i = 0; i < n; i++)
    if (!rt_live_has(from[i]) || !rt_live_has(to[i]) || from[i] == to[i] ||
        from[i]->graph != graph || to[i]->graph != graph)
      return 0;
  return 1;
}

cudaError_t cudaGraphAddDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                     const cudaGraphNode_t *to, size_t numDependencies)
{
  if (!rt_edges_ok(graph, from, to, numDependencies))
    return rt_fail(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; i++)
    if (rt_has_dep(to[i], from[i]))
      return rt_fail(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; i++)
    if (!rt_has_dep(to[i], from[i]) && !rt_dep_push(to[i], from[i]))
      return rt_fail(cudaErrorMemoryAllocation);
  return cudaSuccess;
}

static void rt_drop_dep(cudaGraphNode_t n, cudaGraphNode_t d)
{
  for (size_t i = 0; i < n->ndeps; i++)
    if (n->deps[i] == d) {
      memmove(n->deps + i, n->deps + i + 1, (n->ndeps - i - 1) * sizeof *n->deps);
      n->ndeps--;
      return;
    }
}

cudaError_t cudaGraphRemoveDependencies(cudaGraph_t graph, const cudaGraphNode_t *from,
                                        const cudaGraphNode_t *to, size_t numDependencies)
{
  if (!rt_edges_ok(graph, from, to, numDependencies))
    return rt_fail(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; i++)
    if (!rt_has_dep(to[i], from[i]))
      return rt_fail(cudaErrorInvalidValue);
  for (size_t i = 0; i < numDependencies; i++)
    rt_drop_dep(to[i], from[i]);
  return cudaSuccess;
}

/* rt_list: CUDA's two-call protocol: NULL out asks for the count; else
 * up to *count entries are written and *count is how many exist. */
static cudaError_t rt_list(cudaGraphNode_t *out, size_t *count,
                           const cudaGraphNode_t *v, size_t n)
{
  if (!count)
    return rt_fail(cudaErrorInvalidValue);
  if (out) {
    for (size_t i = 0; i < n && i < *count; i++)
      out[i] = v[i];
    for (size_t i = n; i < *count; i++)
      out[i] = NULL;
  }
  *count = n;
  return cudaSuccess;
}

cudaError_t cudaGraphGetNodes(cudaGraph_t graph, cudaGraphNode_t *nodes, size_t *numNodes)
{
  RT_GRAPH_OK(graph);
  return rt_list(nodes, numNodes, graph->nodes, graph->n);
}

/* rt_filter: the nodes of g that keep(g, node) says, in creation order. */
static cudaGraphNode_t *rt_filter(cudaGraph_t g, cudaGraphNode_t about,
                                  int (*keep)(cudaGraphNode_t, cudaGraphNode_t), size_t *n)
{
  cudaGraphNode_t *v = malloc((g->n ? g->n : 1) * sizeof *v);
  if (!v)
    abort();
  *n = 0;
  for (size_t i = 0; i < g->n; i++)
    if (keep(g->nodes[i], about))
      v[(*n)++] = g->nodes[i];
  return v;
}

static int rt_is_root(cudaGraphNode_t n, cudaGraphNode_t about) { (void)about; return n->ndeps == 0; }
static int rt_depends_on(cudaGraphNode_t n, cudaGraphNode_t about) { return rt_has_dep(n, about); }

cudaError_t cudaGraphGetRootNodes(cudaGraph_t graph, cudaGraphNode_t *pRootNodes,
                                  size_t *pNumRootNodes)
{
  RT_GRAPH_OK(graph);
  size_t n;
  cudaGraphNode_t *v = rt_filter(graph, NULL, rt_is_root, &n);
  cudaError_t err = rt_list(pRootNodes, pNumRootNodes, v, n);
  free(v);
  return err;
}

cudaError_t cudaGraphGetEdges(cudaGraph_t graph, cudaGraphNode_t *from, cudaGraphNode_t *to,
                              size_t *numEdges)
{
  RT_GRAPH_OK(graph);
  if (!numEdges || (!from) != (!to))
    return rt_fail(cudaErrorInvalidValue);
  size_t k = 0;
  for (size_t i = 0; i < graph->n; i++)
    for (size_t d = 0; d < graph->nodes[i]->ndeps; d++, k++)
      if (from && k < *numEdges) {
        from[k] = graph->nodes[i]->deps[d];
        to[k] = graph->nodes[i];
      }
  for (size_t i = k; from && i < *numEdges; i++)
    from[i] = to[i] = NULL;
  *numEdges = k;
  return cudaSuccess;
}

#define RT_NODE_OK(n) \
  do { if (!rt_live_has(n)) return rt_fail(cudaErrorInvalidValue); } while (0)

cudaError_t cudaGraphNodeGetDependencies(cudaGraphNode_t node, cudaGraphNode_t *pDependencies,
                                         size_t *pNumDependencies)
{
  RT_NODE_OK(node);
  return rt_list(pDependencies, pNumDependencies, node->deps, node->ndeps);
}

cudaError_t cudaGraphNodeGetDependentNodes(cudaGraphNode_t node, cudaGraphNode_t *pDependentNodes,
                                           size_t *pNumDependentNodes)
{
  RT_NODE_OK(node);
  size_t n;
  cudaGraphNode_t *v = rt_filter(node->graph, node, rt_depends_on, &n);
  cudaError_t err = rt_list(pDependentNodes, pNumDependentNodes, v, n);
  free(v);
  return err;
}

cudaError_t cudaGraphNodeGetType(cudaGraphNode_t node, enum cudaGraphNodeType *pType)
{
  RT_NODE_OK(node);
  if (!pType)
    return rt_fail(cudaErrorInvalidValue);
  *pType = node->op.type;
  return cudaSuccess;
}

cudaError_t cudaGraphDestroyNode(cudaGraphNode_t node)
{
  RT_NODE_OK(node);
  cudaGraph_t g = node->graph;
  size_t at = rt_node_index(node);
  for (size_t i = 0; i < g->n; i++)
    rt_drop_dep(g->nodes[i], node);
  memmove(g->nodes + at, g->nodes + at + 1, (g->n - at - 1) * sizeof *g->nodes);
  g->n--;
  rt_node_free(node);
  return cudaSuccess;
}

/* rt_typed: node is live and of type t. */
static int rt_typed(cudaGraphNode_t node, enum cudaGraphNodeType t)
{
  return rt_live_has(node) && node->op.type == t;
}

cudaError_t cudaGraphKernelNodeGetParams(cudaGraphNode_t node, struct cudaKernelNodeParams *p)
{
  if (!rt_typed(node, cudaGraphNodeTypeKernel) || !p)
    return rt_fail(cudaErrorInvalidValue);
  const RtKernelCall *k = &node->op.k;
  *p = (struct cudaKernelNodeParams){ (void *)k->func, k->grid, k->block,
                                      (unsigned)k->shmem, k->argv, NULL };
  return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeSetParams(cudaGraphNode_t node, const struct cudaKernelNodeParams *p)
{
  if (!rt_typed(node, cudaGraphNodeTypeKernel) || !p)
    return rt_fail(cudaErrorInvalidValue);
  RtOp op;
  cudaError_t err = rt_kernel_op(&op, p);
  if (err != cudaSuccess)
    return rt_fail(err);
  rt_op_free(&node->op);
  node->op = op;
  return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeGetParams(cudaGraphNode_t node, struct cudaMemcpy3DParms *p)
{
  if (!rt_typed(node, cudaGraphNodeTypeMemcpy) || !p)
    return rt_fail(cudaErrorInvalidValue);
  const RtOp *op = &node->op;
  if (!op->copy1d) {
    *p = op->copy;
    return cudaSuccess;
  }
  memset(p, 0, sizeof *p);
  p->srcPtr = (struct cudaPitchedPtr){ (void *)op->src, op->count, op->count, 1 };
  p->dstPtr = (struct cudaPitchedPtr){ op->dst, op->count, op->count, 1 };
  p->extent = (struct cudaExtent){ op->count, 1, 1 };
  p->kind = op->kind;
  return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams(cudaGraphNode_t node, const struct cudaMemcpy3DParms *p)
{
  if (!rt_typed(node, cudaGraphNodeTypeMemcpy) || !rt_copy3d_ok(p))
    return rt_fail(cudaErrorInvalidValue);
  node->op = (RtOp){ .type = cudaGraphNodeTypeMemcpy, .copy = *p };
  return cudaSuccess;
}

cudaError_t cudaGraphMemcpyNodeSetParams1D(cudaGraphNode_t node, void *dst, const void *src,
                                           size_t count, enum cudaMemcpyKind kind)
{
  if (!rt_typed(node, cudaGraphNodeTypeMemcpy))
    return rt_fail(cudaErrorInvalidValue);
  RtOp op;
  cudaError_t err = rt_copy1d_op(&op, dst, src, count, kind);
  if (err != cudaSuccess)
    return rt_fail(err);
  node->op = op;
  return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeGetParams(cudaGraphNode_t node, struct cudaMemsetParams *p)
{
  if (!rt_typed(node, cudaGraphNodeTypeMemset) || !p)
    return rt_fail(cudaErrorInvalidValue);
  *p = node->op.set;
  return cudaSuccess;
}

cudaError_t cudaGraphMemsetNodeSetParams(cudaGraphNode_t node, const struct cudaMemsetParams *p)
{
  if (!rt_typed(node, cudaGraphNodeTypeMemset) || !rt_memset_ok(p))
    return rt_fail(cudaErrorInvalidValue);
  node->op.set = *p;
  return cudaSuccess;
}

cudaError_t cudaGraphHostNodeGetParams(cudaGraphNode_t node, struct cudaHostNodeParams *p)
{
  if (!rt_typed(node, cudaGraphNodeTypeHost) || !p)
    return rt_fail(cudaErrorInvalidValue);
  *p = node->op.host;
  return cudaSuccess;
}

cudaError_t cudaGraphHostNodeSetParams(cudaGraphNode_t node, const struct cudaHostNodeParams *p)
{
  if (!rt_typed(node, cudaGraphNodeTypeHost) || !p || !p->fn)
    return rt_fail(cudaErrorInvalidValue);
  node->op.host = *p;
  return cudaSuccess;
}

cudaError_t cudaGraphChildGraphNodeGetGraph(cudaGraphNode_t node, cudaGraph_t *pGraph)
{
  if (!rt_typed(node, cudaGraphNodeTypeGraph) || !pGraph)
    return rt_fail(cudaErrorInvalidValue);
  *pGraph = node->op.child;
  return cudaSuccess;
}

cudaError_t cudaGraphEventRecordNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
  if (!rt_typed(node, cudaGraphNodeTypeEventRecord) || !event_out)
    return rt_fail(cudaErrorInvalidValue);
  *event_out = node->op.event;
  return cudaSuccess;
}

cudaError_t cudaGraphEventWaitNodeGetEvent(cudaGraphNode_t node, cudaEvent_t *event_out)
{
  if (!rt_typed(node, cudaGraphNodeTypeWaitEvent) || !event_out)
    return rt_fail(cudaErrorInvalidValue);
  *event_out = node->op.event;
  return cudaSuccess;
}
