/* capture.c: stream capture. Between cudaStreamBeginCapture and
 * cudaStreamEndCapture, the work given to the stream (and to the streams
 * that joined its capture by waiting on an event recorded in it) becomes
 * nodes of a graph instead of running. Each capturing stream keeps its
 * frontier: the nodes the next operation depends on. An event recorded in
 * a capturing stream remembers the frontier, and a stream that waits on it
 * joins the capture with that frontier (fork) or adds it to its own (join).
 *
 * What CUDA refuses during a capture is refused here with CUDA's codes:
 * synchronizing a capturing stream or the device
 * (cudaErrorStreamCaptureUnsupported), work on the legacy stream while a
 * blocking stream captures (cudaErrorStreamCaptureImplicit); either
 * invalidates the capture, and cudaStreamEndCapture then answers
 * cudaErrorStreamCaptureInvalidated. A capture whose forked streams did
 * not join back into the origin stream ends with
 * cudaErrorStreamCaptureUnjoined. One lock guards all capture state; when
 * nothing captures, the hooks cost one atomic load. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "graph.h"

typedef struct RtCapture {
  cudaGraph_t graph;
  enum cudaStreamCaptureMode mode;
  int invalid;
  unsigned long long id;
  cudaStream_t origin;
  pthread_t thread;
  cudaStream_t *streams;           /* every stream in it, origin first */
  size_t nstreams;
  cudaGraphNode_t *orphans;        /* the last work of streams destroyed in it */
  size_t norphans;
  struct RtCapture *next;
} RtCapture;

/* What a stream's capture slot points to while it captures. */
typedef struct RtStreamCap {
  RtCapture *cap;
  cudaGraphNode_t *front;
  size_t nfront;
  cudaGraphEdgeData *edges;        /* nfront default edges, for _v3 */
} RtStreamCap;

static pthread_mutex_t rt_cap_lock = PTHREAD_MUTEX_INITIALIZER;
static RtCapture *rt_caps;         /* the active captures */
static int rt_ncaps;               /* how many: read without the lock */
static unsigned long long rt_cap_ids;
static __thread enum cudaStreamCaptureMode rt_thread_mode = cudaStreamCaptureModeGlobal;

static int rt_any_capture(void)
{
  return __atomic_load_n(&rt_ncaps, __ATOMIC_ACQUIRE) != 0;
}

/* rt_sc: the capture state of s (lock held); NULL when s does not capture. */
static RtStreamCap *rt_sc(cudaStream_t s)
{
  void **slot = rt_stream_cap_slot(s);
  RtStreamCap *sc = slot ? *slot : NULL;
  return sc && sc->cap ? sc : NULL;
}

/* rt_front_set: s's frontier becomes the n nodes v (a union when add). */
static void rt_front_set(RtStreamCap *sc, const cudaGraphNode_t *v, size_t n, int add)
{
  size_t keep = add ? sc->nfront : 0;
  cudaGraphNode_t *f = malloc((keep + n + 1) * sizeof *f);
  cudaGraphEdgeData *e = calloc(keep + n + 1, sizeof *e);
  if (!f || !e)
    abort();
  size_t k = 0;
  for (size_t i = 0; i < keep; i++)
    f[k++] = sc->front[i];
  for (size_t i = 0; i < n; i++) {
    int dup = 0;
    for (size_t j = 0; j < k && !dup; j++)
      dup = f[j] == v[i];
    if (!dup)
      f[k++] = v[i];
  }
  free(sc->front);
  free(sc->edges);
  sc->front = f;
  sc->edges = e;
  sc->nfront = k;
}

/* rt_join: s takes part in cap from now on, frontier v (lock held). */
static cudaError_t rt_join(cudaStream_t s, RtCapture *cap, const cudaGraphNode_t *v, size_t n)
{
  void **slot = rt_stream_cap_slot(s);
  if (!slot)
    return cudaErrorStreamCaptureUnsupported;
  RtStreamCap *sc = *slot;
  if (!sc && !(sc = *slot = calloc(1, sizeof *sc)))
    return cudaErrorMemoryAllocation;
  cudaStream_t *ss = realloc(cap->streams, (cap->nstreams + 1) * sizeof *ss);
  if (!ss)
    return cudaErrorMemoryAllocation;
  cap->streams = ss;
  cap->streams[cap->nstreams++] = s;
  sc->cap = cap;
  rt_front_set(sc, v, n, 0);
  return cudaSuccess;
}

/* rt_blocking_capture: an active capture with a blocking stream in it,
 * which work on the legacy stream would wait for (lock held). */
static RtCapture *rt_blocking_capture(void)
{
  for (RtCapture *c = rt_caps; c; c = c->next)
    for (size_t i = 0; i < c->nstreams; i++)
      if (!(rt_stream_flags(c->streams[i]) & cudaStreamNonBlocking))
        return c;
  return NULL;
}

/* rt_legacy_use: work on the legacy stream (lock held): it would wait for
 * every capture with a blocking stream, which it invalidates. */
static cudaError_t rt_legacy_use(void)
{
  cudaError_t err = cudaSuccess;
  for (RtCapture *c = rt_caps; c; c = c->next)
    for (size_t i = 0; i < c->nstreams; i++)
      if (!(rt_stream_flags(c->streams[i]) & cudaStreamNonBlocking)) {
        c->invalid = 1;
        err = cudaErrorStreamCaptureImplicit;
      }
  return err;
}

cudaError_t rt_capture_op(cudaStream_t stream, RtOp *op, int *captured)
{
  *captured = 0;
  if (!rt_any_capture())
    return cudaSuccess;
  pthread_mutex_lock(&rt_cap_lock);
  cudaError_t err = cudaSuccess;
  RtStreamCap *sc = rt_sc(stream);
  if (!rt_stream_cap_slot(stream)) {
    err = rt_legacy_use();
  } else if (sc) {
    *captured = 1;
    cudaGraphNode_t n;
    if (sc->cap->invalid) {
      rt_op_free(op);
      err = cudaErrorStreamCaptureInvalidated;
    } else if ((err = rt_node_add(sc->cap->graph, sc->front, sc->nfront, op, &n)) == cudaSuccess) {
      rt_front_set(sc, &n, 1, 0);
    }
  }
  pthread_mutex_unlock(&rt_cap_lock);
  return err;
}

int rt_capture_probe(cudaStream_t stream, cudaError_t *err)
{
  *err = cudaSuccess;
  if (!rt_any_capture())
    return 0;
  pthread_mutex_lock(&rt_cap_lock);
  int captures = 0;
  if (!rt_stream_cap_slot(stream))
    *err = rt_legacy_use();
  else
    captures = rt_sc(stream) != NULL;
  pthread_mutex_unlock(&rt_cap_lock);
  return captures;
}

/* rt_blocks: whether a synchronizing call of this thread must refuse
 * while c captures (relaxed captures allow them; thread-local ones only
 * bind their own thread). */
static int rt_blocks(const RtCapture *c)
{
  if (c->mode == cudaStreamCaptureModeRelaxed)
    return 0;
  return c->mode == cudaStreamCaptureModeGlobal || pthread_equal(c->thread, pthread_self());
}

cudaError_t rt_capture_sync(cudaStream_t stream)
{
  if (!rt_any_capture())
    return cudaSuccess;
  pthread_mutex_lock(&rt_cap_lock);
  cudaError_t err = cudaSuccess;
  if (stream == (cudaStream_t)&rt_cap_lock) { /* the device */
    for (RtCapture *c = rt_caps; c; c = c->next)
      if (rt_blocks(c)) {
        c->invalid = 1;
        err = cudaErrorStreamCaptureUnsupported;
      }
  } else if (!rt_stream_cap_slot(stream)) {
    err = rt_legacy_use();
  } else {
    RtStreamCap *sc = rt_sc(stream);
    if (sc) {
      sc->cap->invalid = 1;
      err = cudaErrorStreamCaptureUnsupported;
    }
  }
  pthread_mutex_unlock(&rt_cap_lock);
  return err;
}

/* rt_capture_device: the stream that rt_capture_sync takes for the device. */
cudaStream_t rt_capture_device(void)
{
  return (cudaStream_t)&rt_cap_lock;
}

static RtCapture *rt_cap_by_id(unsigned long long id)
{
  for (RtCapture *c = rt_caps; c; c = c->next)
    if (c->id == id)
      return c;
  return NULL;
}

cudaError_t rt_capture_record(cudaEvent_t e, cudaStream_t stream, int *done)
{
  RtEventCap *ec = rt_event_cap(e);
  *done = 0;
  if (!rt_any_capture()) {
    ec->id = 0;
    return cudaSuccess;
  }
  pthread_mutex_lock(&rt_cap_lock);
  cudaError_t err = cudaSuccess;
  RtStreamCap *sc = rt_sc(stream);
  ec->id = 0;
  if (!rt_stream_cap_slot(stream)) {
    err = rt_legacy_use();
  } else if (sc) {
    *done = 1;
    if (sc->cap->invalid) {
      err = cudaErrorStreamCaptureInvalidated;
    } else {
      cudaGraphNode_t *f = malloc((sc->nfront + 1) * sizeof *f);
      if (!f)
        abort();
      memcpy(f, sc->front, sc->nfront * sizeof *f);
      free(ec->front);
      ec->front = f;
      ec->nfront = sc->nfront;
      ec->id = sc->cap->id;
    }
  }
  pthread_mutex_unlock(&rt_cap_lock);
  return err;
}

cudaError_t rt_capture_wait(cudaStream_t stream, cudaEvent_t e, int *done)
{
  RtEventCap *ec = rt_event_cap(e);
  *done = 0;
  if (!rt_any_capture())
    return cudaSuccess;
  pthread_mutex_lock(&rt_cap_lock);
  cudaError_t err = cudaSuccess;
  RtCapture *cap = ec->id ? rt_cap_by_id(ec->id) : NULL;
  RtStreamCap *sc = rt_sc(stream);
  /* an event recorded outside every capture has completed: nothing to add */
  if (cap) {
    *done = 1;
    if (!rt_stream_cap_slot(stream)) {
      cap->invalid = 1;
      err = cudaErrorStreamCaptureImplicit;
    } else if (!sc) {
      err = rt_join(stream, cap, ec->front, ec->nfront);
    } else if (sc->cap != cap) {
      cap->invalid = sc->cap->invalid = 1;
      err = cudaErrorStreamCaptureMerge;
    } else {
      rt_front_set(sc, ec->front, ec->nfront, 1);
    }
  } else if (!rt_stream_cap_slot(stream)) {
    err = rt_legacy_use();
  }
  pthread_mutex_unlock(&rt_cap_lock);
  return err;
}

/* ---- the API --------------------------------------------------------------- */

cudaError_t cudaStreamBeginCapture(cudaStream_t stream, enum cudaStreamCaptureMode mode)
{
  if ((unsigned)mode > cudaStreamCaptureModeRelaxed)
    return rt_fail(cudaErrorInvalidValue);
  if (!rt_stream_cap_slot(stream))
    return rt_fail(cudaErrorStreamCaptureUnsupported);
  RtCapture *cap = calloc(1, sizeof *cap);
  if (!cap || !(cap->graph = rt_graph_new())) {
    free(cap);
    return rt_fail(cudaErrorMemoryAllocation);
  }
  pthread_mutex_lock(&rt_cap_lock);
  cudaError_t err = rt_sc(stream) ? cudaErrorIllegalState : cudaSuccess;
  if (err == cudaSuccess) {
    cap->mode = mode;
    cap->id = ++rt_cap_ids;
    cap->origin = stream;
    cap->thread = pthread_self();
    err = rt_join(stream, cap, NULL, 0);
  }
  if (err == cudaSuccess) {
    cap->next = rt_caps;
    rt_caps = cap;
    __atomic_add_fetch(&rt_ncaps, 1, __ATOMIC_RELEASE);
  } else {
    rt_graph_free(cap->graph);
    free(cap->streams);
    free(cap);
  }
  pthread_mutex_unlock(&rt_cap_lock);
  return err == cudaSuccess ? err : rt_fail(err);
}

/* rt_unjoined: a stream of cap whose last work the origin's frontier does
 * not depend on (lock held). */
static int rt_unjoined(RtCapture *cap)
{
  cudaGraph_t g = cap->graph;
  rt_number(g);
  char *seen = calloc(g->n + 1, 1);
  size_t *stack = malloc((g->n + 1) * sizeof *stack), top = 0;
  if (!seen || !stack)
    abort();
  RtStreamCap *o = rt_sc(cap->origin);
  for (size_t i = 0; i < o->nfront; i++)
    if (!seen[o->front[i]->at]++)
      stack[top++] = o->front[i]->at;
  while (top) {
    cudaGraphNode_t n = g->nodes[stack[--top]];
    for (size_t d = 0; d < n->ndeps; d++)
      if (!seen[n->deps[d]->at]++)
        stack[top++] = n->deps[d]->at;
  }
  int bad = 0;
  for (size_t i = 0; i < cap->norphans && !bad; i++)
    bad = !seen[cap->orphans[i]->at];
  for (size_t s = 1; s < cap->nstreams && !bad; s++) {
    RtStreamCap *sc = rt_sc(cap->streams[s]);
    for (size_t i = 0; sc && i < sc->nfront && !bad; i++)
      bad = !seen[sc->front[i]->at];
  }
  free(seen);
  free(stack);
  return bad;
}

/* rt_cap_end: every stream leaves cap, which is freed (lock held). */
static void rt_cap_end(RtCapture *cap)
{
  for (size_t s = 0; s < cap->nstreams; s++) {
    RtStreamCap *sc = *rt_stream_cap_slot(cap->streams[s]);
    free(sc->front);
    free(sc->edges);
    memset(sc, 0, sizeof *sc);
  }
  RtCapture **p = &rt_caps;
  while (*p != cap)
    p = &(*p)->next;
  *p = cap->next;
  __atomic_sub_fetch(&rt_ncaps, 1, __ATOMIC_RELEASE);
  free(cap->streams);
  free(cap->orphans);
  free(cap);
}

cudaError_t cudaStreamEndCapture(cudaStream_t stream, cudaGraph_t *pGraph)
{
  if (!pGraph)
    return rt_fail(cudaErrorInvalidValue);
  pthread_mutex_lock(&rt_cap_lock);
  RtStreamCap *sc = rt_stream_cap_slot(stream) ? rt_sc(stream) : NULL;
  RtCapture *cap = sc ? sc->cap : NULL;
  cudaError_t err = cudaSuccess;
  if (!cap) {
    err = cudaErrorIllegalState;
  } else if (cap->origin != stream) {
    cap->invalid = 1;
    err = cudaErrorStreamCaptureUnmatched;
  } else if (cap->mode != cudaStreamCaptureModeRelaxed &&
             !pthread_equal(cap->thread, pthread_self())) {
    err = cudaErrorStreamCaptureWrongThread;
  } else {
    err = cap->invalid ? cudaErrorStreamCaptureInvalidated
          : rt_unjoined(cap) ? cudaErrorStreamCaptureUnjoined : cudaSuccess;
    *pGraph = err == cudaSuccess ? cap->graph : NULL;
    if (err != cudaSuccess)
      rt_graph_free(cap->graph);
    rt_cap_end(cap);
  }
  pthread_mutex_unlock(&rt_cap_lock);
  return err == cudaSuccess ? err : rt_fail(err);
}

/* rt_status: the capture status of stream (lock held); the legacy stream
 * cannot say while a blocking stream captures. */
static cudaError_t rt_status(cudaStream_t stream, enum cudaStreamCaptureStatus *st,
                             RtStreamCap **out)
{
  *out = NULL;
  *st = cudaStreamCaptureStatusNone;
  if (!rt_stream_cap_slot(stream))
    return rt_blocking_capture() ? cudaErrorStreamCaptureImplicit : cudaSuccess;
  if ((*out = rt_sc(stream)))
    *st = (*out)->cap->invalid ? cudaStreamCaptureStatusInvalidated
                               : cudaStreamCaptureStatusActive;
  return cudaSuccess;
}

cudaError_t cudaStreamIsCapturing(cudaStream_t stream, enum cudaStreamCaptureStatus *pCaptureStatus)
{
  if (!pCaptureStatus)
    return rt_fail(cudaErrorInvalidValue);
  RtStreamCap *sc;
  pthread_mutex_lock(&rt_cap_lock);
  cudaError_t err = rt_status(stream, pCaptureStatus, &sc);
  pthread_mutex_unlock(&rt_cap_lock);
  return err == cudaSuccess ? err : rt_fail(err);
}

cudaError_t cudaStreamGetCaptureInfo_v3(cudaStream_t stream, enum cudaStreamCaptureStatus *status,
                                        unsigned long long *id_out, cudaGraph_t *graph_out,
                                        const cudaGraphNode_t **dependencies_out,
                                        const cudaGraphEdgeData **edgeData_out,
                                        size_t *numDependencies_out)
{
  if (!status)
    return rt_fail(cudaErrorInvalidValue);
  RtStreamCap *sc;
  pthread_mutex_lock(&rt_cap_lock);
  cudaError_t err = rt_status(stream, status, &sc);
  if (err == cudaSuccess && sc) {
    if (id_out) *id_out = sc->cap->id;
    if (graph_out) *graph_out = sc->cap->graph;
    if (dependencies_out) *dependencies_out = sc->front;
    if (edgeData_out) *edgeData_out = sc->edges;
    if (numDependencies_out) *numDependencies_out = sc->nfront;
  }
  pthread_mutex_unlock(&rt_cap_lock);
  return err == cudaSuccess ? err : rt_fail(err);
}

cudaError_t cudaStreamGetCaptureInfo(cudaStream_t stream, enum cudaStreamCaptureStatus *status,
                                     unsigned long long *id_out, cudaGraph_t *graph_out,
                                     const cudaGraphNode_t **dependencies_out,
                                     size_t *numDependencies_out)
{
  return cudaStreamGetCaptureInfo_v3(stream, status, id_out, graph_out, dependencies_out,
                                     NULL, numDependencies_out);
}

cudaError_t cudaStreamGetCaptureInfo_v2(cudaStream_t stream, enum cudaStreamCaptureStatus *status,
                                        unsigned long long *id_out, cudaGraph_t *graph_out,
                                        const cudaGraphNode_t **dependencies_out,
                                        size_t *numDependencies_out)
{
  return cudaStreamGetCaptureInfo_v3(stream, status, id_out, graph_out, dependencies_out,
                                     NULL, numDependencies_out);
}

cudaError_t cudaStreamUpdateCaptureDependencies(cudaStream_t stream, cudaGraphNode_t *dependencies,
                                                size_t numDependencies, unsigned int flags)
{
  if (flags > cudaStreamSetCaptureDependencies || (numDependencies && !dependencies))
    return rt_fail(cudaErrorInvalidValue);
  pthread_mutex_lock(&rt_cap_lock);
  RtStreamCap *sc = rt_stream_cap_slot(stream) ? rt_sc(stream) : NULL;
  cudaError_t err = sc ? cudaSuccess : cudaErrorIllegalState;
  for (size_t i = 0; sc && i < numDependencies; i++)
    if (!rt_live_has(dependencies[i]) || dependencies[i]->graph != sc->cap->graph)
      err = cudaErrorInvalidValue;
  if (err == cudaSuccess)
    rt_front_set(sc, dependencies, numDependencies, flags == cudaStreamAddCaptureDependencies);
  pthread_mutex_unlock(&rt_cap_lock);
  return err == cudaSuccess ? err : rt_fail(err);
}

cudaError_t cudaThreadExchangeStreamCaptureMode(enum cudaStreamCaptureMode *mode)
{
  if (!mode || (unsigned)*mode > cudaStreamCaptureModeRelaxed)
    return rt_fail(cudaErrorInvalidValue);
  enum cudaStreamCaptureMode old = rt_thread_mode;
  rt_thread_mode = *mode;
  *mode = old;
  return cudaSuccess;
}

/* rt_capture_forget: stream is being destroyed. An origin's capture is
 * invalidated and ends; a stream that joined one leaves it, its last work
 * kept, which the origin must still join (cudaStreamEndCapture checks). */
void rt_capture_forget(cudaStream_t stream)
{
  if (!rt_any_capture())
    return;
  pthread_mutex_lock(&rt_cap_lock);
  RtStreamCap *sc = rt_sc(stream);
  if (sc) {
    RtCapture *cap = sc->cap;
    if (cap->origin == stream) {
      rt_graph_free(cap->graph);
      rt_cap_end(cap);
    } else {
      cudaGraphNode_t *o = realloc(cap->orphans, (cap->norphans + sc->nfront + 1) * sizeof *o);
      if (!o)
        abort();
      cap->orphans = o;
      for (size_t i = 0; i < sc->nfront; i++)
        cap->orphans[cap->norphans++] = sc->front[i];
      for (size_t i = 0; i < cap->nstreams; i++)
        if (cap->streams[i] == stream)
          cap->streams[i] = cap->streams[--cap->nstreams];
      free(sc->front);
      free(sc->edges);
      memset(sc, 0, sizeof *sc);
    }
  }
  pthread_mutex_unlock(&rt_cap_lock);
}
