/* graph.h: what the graph files share (graph.c builds graphs,
 * graph_exec.c instantiates and runs them, capture.c records streams into
 * them). A node's operation (RtOp) is a value: instantiation copies it,
 * and running an executable graph runs its copies in a topological order,
 * one after another, as all work here is synchronous. */
#ifndef CUCPU_RT_GRAPH_H
#define CUCPU_RT_GRAPH_H

#include "rt.h"

/* How a kernel node runs: through the registry's thunk (cudaLaunchKernel's
 * func), or through a <<<>>> launch's thunk with the launcher itself. */
typedef struct RtKernelCall {
  const void *func;          /* what cudaKernelNodeParams.func reads */
  CucpuLaunchFn launch;      /* registry thunk, or NULL */
  CucpuCaptureFn thunk;      /* <<<>>> capture: thunk(launcher, ...) */
  dim3 grid, block;
  size_t shmem;
  int nargs;
  size_t *sizes;             /* owned: nargs sizes */
  char *buf;                 /* owned: the arguments' bytes, copied */
  void **argv;               /* owned: argv[i] points into buf */
} RtKernelCall;

typedef struct RtGraphMem RtGraphMem;

typedef struct RtOp {
  enum cudaGraphNodeType type;
  RtKernelCall k;                  /* cudaGraphNodeTypeKernel */
  struct cudaMemcpy3DParms copy;   /* Memcpy, unless copy1d */
  int copy1d;                      /* Memcpy: dst, src, count, kind */
  void *dst;
  const void *src;
  size_t count;
  enum cudaMemcpyKind kind;
  struct cudaMemsetParams set;     /* Memset */
  struct cudaHostNodeParams host;  /* Host */
  cudaGraph_t child;               /* Graph: owned, a clone */
  cudaEvent_t event;               /* EventRecord, WaitEvent */
  struct cudaMemAllocNodeParams alloc; /* MemAlloc, with mem (a reference) */
  RtGraphMem *mem;                 /* MemFree: dst is the pointer */
} RtOp;

struct CUgraphNode_st {
  cudaGraph_t graph;
  RtOp op;
  cudaGraphNode_t *deps;
  size_t ndeps, capdeps;
  cudaGraphNode_t origin;          /* the node this one is a clone of */
  size_t at;                       /* scratch: its index, see rt_number */
};

struct CUgraph_st {
  cudaGraphNode_t *nodes;          /* in creation order */
  size_t n, cap;
};

/* Live handles: a destroyed or made-up handle is an error, never a read. */
void rt_live_add(const void *p);
int rt_live_has(const void *p);
void rt_live_del(const void *p);

/* rt_graph_new: an empty graph (NULL when out of memory). */
cudaGraph_t rt_graph_new(void);
/* rt_graph_free: frees g, its nodes and what they own. */
void rt_graph_free(cudaGraph_t g);
/* rt_graph_clone: a deep copy of g, each node's origin its original. */
cudaGraph_t rt_graph_clone(cudaGraph_t g);
/* rt_node_add: a node of op (taken over) depending on deps (checked: of g,
 * no repeats); cudaErrorInvalidValue (op freed) otherwise. */
cudaError_t rt_node_add(cudaGraph_t g, const cudaGraphNode_t *deps,
                        size_t ndeps, RtOp *op, cudaGraphNode_t *out);
/* rt_number: sets each node's `at` to its index in g. */
void rt_number(cudaGraph_t g);
/* rt_node_index: the position of n in its graph. */
size_t rt_node_index(cudaGraphNode_t n);

/* rt_op_copy: a deep copy of op into *out (0 when out of memory). */
int rt_op_copy(RtOp *out, const RtOp *op);
void rt_op_free(RtOp *op);
/* rt_kernel_op: op for a launch of func with args (copied now, as a GPU
 * launch copies them); cudaErrorInvalidDeviceFunction for an unknown
 * func. */
cudaError_t rt_kernel_op(RtOp *op, const struct cudaKernelNodeParams *p);

/* rt_thunk_op: op for a <<<>>> launch captured (cucpu_capture_launch). */
cudaError_t rt_thunk_op(RtOp *op, const void *launcher, CucpuCaptureFn thunk, dim3 grid,
                        dim3 block, size_t shmem, int nargs, const size_t *sizes,
                        void **args);

/* rt_kernel_find (launch.c): the registry's thunk and argument sizes of
 * func; 0 when func is no registered kernel. */
int rt_kernel_find(const void *func, CucpuLaunchFn *launch, int *nargs,
                   const size_t **sizes);
/* rt_event_stamp (events.c): records e now (as an event node runs). */
void rt_event_stamp(cudaEvent_t e);

/* Capture (capture.c). rt_capture_op: when stream captures, adds op (taken
 * over) after the stream's last work and sets *captured; an invalidated
 * capture gives cudaErrorStreamCaptureInvalidated. When stream is the
 * legacy stream and a blocking stream captures, that capture is
 * invalidated and the answer is cudaErrorStreamCaptureImplicit. Else
 * cudaSuccess with *captured 0 (op untouched). */
cudaError_t rt_capture_op(cudaStream_t stream, RtOp *op, int *captured);
/* rt_capture_probe: 1 when stream captures (its work must become nodes);
 * else 0, *err saying whether work on it is refused now (the legacy stream
 * while a blocking stream captures: that capture is invalidated). */
int rt_capture_probe(cudaStream_t stream, cudaError_t *err);
/* rt_capture_sync: a synchronizing call on stream, or one that a capture
 * cannot record (rt_capture_device(): the device); capturing streams make
 * it cudaErrorStreamCaptureUnsupported and invalidate their capture. */
cudaError_t rt_capture_sync(cudaStream_t stream);
/* rt_capture_device: the stream rt_capture_sync takes for the device. */
cudaStream_t rt_capture_device(void);
/* rt_capture_forget: stream is destroyed: an origin's capture ends, a
 * joined stream leaves its capture (capture.c). */
void rt_capture_forget(cudaStream_t stream);
/* rt_capture_record / rt_capture_wait: cudaEventRecord and
 * cudaStreamWaitEvent during a capture; *done says whether they were. */
cudaError_t rt_capture_record(cudaEvent_t e, cudaStream_t stream, int *done);
cudaError_t rt_capture_wait(cudaStream_t stream, cudaEvent_t e, int *done);
/* The capture state an event keeps (events.c owns the field). */
typedef struct RtEventCap {
  unsigned long long id;           /* the capture it was recorded in, or 0 */
  cudaGraphNode_t *front;
  size_t nfront;
} RtEventCap;
RtEventCap *rt_event_cap(cudaEvent_t e);
/* rt_stream_flags (streams.c): the flags s was created with (legacy: 0). */
unsigned rt_stream_flags(cudaStream_t s);
/* rt_stream_cap_slot (streams.c): where s keeps its capture state (a
 * thread's own for cudaStreamPerThread); NULL for the legacy stream. */
void **rt_stream_cap_slot(cudaStream_t s);

/* rt_memcpy (memory.c): cudaMemcpy without the capture check. */
cudaError_t rt_memcpy(void *dst, const void *src, size_t count, enum cudaMemcpyKind kind);

/* Graph memory (graph_mem.c). rt_alloc_op: an allocation node's op
 * (p->dptr set to its address). rt_gmem_ref/unref count the op copies
 * that share an allocation (the last releases it). rt_gmem_run_alloc: the
 * node ran. rt_gmem_free: p is graph memory, freed (*err: cudaSuccess, or
 * cudaErrorInvalidValue when it was not live); 0 when p is not. */
cudaError_t rt_alloc_op(RtOp *op, struct cudaMemAllocNodeParams *p);
void rt_gmem_ref(RtGraphMem *m);
void rt_gmem_unref(RtGraphMem *m);
void rt_gmem_run_alloc(RtGraphMem *m);
int rt_gmem_free(void *p, cudaError_t *err);

/* rt_exec_run (graph_exec.c): runs every node of x; the first error. */
cudaError_t rt_exec_run(cudaGraphExec_t x);

#endif
