/* graph_dot.c: cudaGraphDebugDotPrint writes a graph as Graphviz DOT: a
 * node per graph node (its index, type and main parameters; a child graph
 * as a cluster), an edge per dependency. The same graph always gives the
 * same file (no addresses unless cudaGraphDebugDotFlagsHandles asks). */
#include <stdio.h>
#include <stdlib.h>
#include "graph.h"

static const char *rt_type_name(enum cudaGraphNodeType t)
{
  switch (t) {
  case cudaGraphNodeTypeKernel: return "KERNEL";
  case cudaGraphNodeTypeMemcpy: return "MEMCPY";
  case cudaGraphNodeTypeMemset: return "MEMSET";
  case cudaGraphNodeTypeHost: return "HOST";
  case cudaGraphNodeTypeGraph: return "GRAPH";
  case cudaGraphNodeTypeEmpty: return "EMPTY";
  case cudaGraphNodeTypeWaitEvent: return "WAIT_EVENT";
  case cudaGraphNodeTypeEventRecord: return "EVENT_RECORD";
  case cudaGraphNodeTypeMemAlloc: return "MEM_ALLOC";
  case cudaGraphNodeTypeMemFree: return "MEM_FREE";
  default: return "OTHER";
  }
}

/* rt_dot_label: the node's parameters after its type. */
static void rt_dot_label(FILE *f, const RtOp *op)
{
  if (op->type == cudaGraphNodeTypeKernel) {
    char *name = rt_symbol_name(op->k.func);
    fprintf(f, "\\n%s\\n<<<(%u,%u,%u),(%u,%u,%u),%zu>>>", name ? name : "?",
            op->k.grid.x, op->k.grid.y, op->k.grid.z, op->k.block.x, op->k.block.y,
            op->k.block.z, op->k.shmem);
    free(name);
  } else if (op->type == cudaGraphNodeTypeMemcpy) {
    static const char *kinds[] = { "HtoH", "HtoD", "DtoH", "DtoD", "Default" };
    enum cudaMemcpyKind k = op->copy1d ? op->kind : op->copy.kind;
    if (op->copy1d)
      fprintf(f, "\\n%s %zu bytes", kinds[k], op->count);
    else
      fprintf(f, "\\n%s %zux%zux%zu", kinds[k], op->copy.extent.width,
              op->copy.extent.height, op->copy.extent.depth);
  } else if (op->type == cudaGraphNodeTypeMemset) {
    fprintf(f, "\\nvalue %u, %u-byte elements, %zux%zu", op->set.value,
            op->set.elementSize, op->set.width, op->set.height ? op->set.height : 1);
  }
}

static void rt_dot_graph(FILE *f, cudaGraph_t g, const char *prefix, unsigned flags)
{
  rt_number(g);
  for (size_t i = 0; i < g->n; i++) {
    const RtOp *op = &g->nodes[i]->op;
    if (op->type == cudaGraphNodeTypeGraph) {
      char sub[256];
      snprintf(sub, sizeof sub, "%s%zu_", prefix, i);
      fprintf(f, "subgraph cluster_%s%zu {\nlabel=\"GRAPH %zu\";\n", prefix, i, i);
      fprintf(f, "\"%s%zu\" [shape=point];\n", prefix, i);
      rt_dot_graph(f, op->child, sub, flags);
      rt_number(g);
      fprintf(f, "}\n");
      continue;
    }
    fprintf(f, "\"%s%zu\" [shape=box, label=\"%zu %s", prefix, i, i, rt_type_name(op->type));
    rt_dot_label(f, op);
    if (flags & cudaGraphDebugDotFlagsHandles)
      fprintf(f, "\\n%p", (void *)g->nodes[i]);
    fprintf(f, "\"];\n");
  }
  for (size_t i = 0; i < g->n; i++)
    for (size_t d = 0; d < g->nodes[i]->ndeps; d++)
      fprintf(f, "\"%s%zu\" -> \"%s%zu\";\n", prefix, g->nodes[i]->deps[d]->at, prefix, i);
}

cudaError_t cudaGraphDebugDotPrint(cudaGraph_t graph, const char *path, unsigned int flags)
{
  if (!rt_live_has(graph) || !path)
    return rt_fail(cudaErrorInvalidValue);
  FILE *f = fopen(path, "w");
  if (!f)
    return rt_fail(cudaErrorOperatingSystem);
  fprintf(f, "digraph cudaGraph {\nrankdir=TB;\n");
  rt_dot_graph(f, graph, "n", flags);
  fprintf(f, "}\n");
  return fclose(f) == 0 ? cudaSuccess : rt_fail(cudaErrorOperatingSystem);
}
