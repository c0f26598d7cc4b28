/* cucpu_warp.h: the exchange step of the warp primitives in translated
 * kernels. The translator lowers `r = __shfl_down_sync(m, v, d)` to: every
 * thread of the block stores its operands in per-thread arrays indexed by
 * its linear thread id, the warp meets (a thread-loop split), and each
 * thread calls the helper below, which reads the operands of its warp's
 * lanes. Lanes are the linear thread ids tid = 32 * warp + lane, as on the
 * GPU; the last warp of a block may be partial (nt is the block's thread
 * count).
 *
 * Masks: `m[j]` is the mask lane j passed, or 0 when lane j did not reach
 * the call (inactive or exited). A lane takes part in a vote, match or
 * reduction when it is active and named in the caller's mask. Reading an
 * inactive or missing lane's value is undefined on the GPU; here it gives
 * the caller's own value. */
#ifndef CUCPU_WARP_H
#define CUCPU_WARP_H

#define CUCPU_WARP_INLINE static inline __attribute__((always_inline, unused))

/* shfl.sync as PTX defines it: c = ((32 - width) << 8) | clamp. A source
 * outside the caller's segment (up: below its start; down, xor: past its
 * end) gives the caller's own value. */
template <class T> CUCPU_WARP_INLINE T cucpu_shfl_idx(const T *v, int tid, int nt, int src, int width)
{
  int lane = tid & 31, seg = lane & ~(width - 1) & 31;
  int j = (tid - lane) + seg + (src & (width - 1));
  return j < nt ? v[j] : v[tid];
}

template <class T> CUCPU_WARP_INLINE T cucpu_shfl_up(const T *v, int tid, int nt, unsigned delta, int width)
{
  (void)nt;
  int lane = tid & 31, seg = lane & ~(width - 1) & 31;
  long j = (long)lane - (long)delta;
  return j >= seg ? v[tid - lane + j] : v[tid];
}

/* Branch-free, so that a thread loop of shuffles vectorizes: v is an
 * exchange array with 32 elements past the block's last thread
 * (IRV_EXCHANGE), so v[tid + d] loads for any d < 32 and the select keeps
 * the caller's own value where the source lane is past its segment or past
 * the block. A delta of 32 or more is past every segment. */
template <class T> CUCPU_WARP_INLINE T cucpu_shfl_down(const T *v, int tid, int nt, unsigned delta, int width)
{
  int lane = tid & 31, last = (lane & ~(width - 1) & 31) | ((width - 1) & 31);
  int d = delta < 32u ? (int)delta : 0, t = tid + d;
  T other = v[t], own = v[tid];
  return (lane + d <= last) & (t < nt) ? other : own;
}

template <class T> CUCPU_WARP_INLINE T cucpu_shfl_xor(const T *v, int tid, int nt, int mask, int width)
{
  int lane = tid & 31, last = (lane & ~(width - 1) & 31) | ((width - 1) & 31);
  unsigned j = (unsigned)lane ^ (unsigned)mask;
  if (j > (unsigned)last) return v[tid];
  int t = tid - lane + (int)j;
  return t < nt ? v[t] : v[tid];
}

/* The lanes of the caller's warp that take part: active and in its mask. */
CUCPU_WARP_INLINE unsigned cucpu_warp_lanes(const unsigned *m, int tid, int nt)
{
  int base = tid & ~31;
  unsigned r = 0;
  for (int j = 0; j < 32 && base + j < nt; j++)
    if (m[base + j]) r |= 1u << j;
  return r & m[tid];
}

CUCPU_WARP_INLINE unsigned cucpu_warp_ballot(const int *p, const unsigned *m, int tid, int nt)
{
  int base = tid & ~31;
  unsigned lanes = cucpu_warp_lanes(m, tid, nt), r = 0;
  for (int j = 0; j < 32; j++)
    if (((lanes >> j) & 1) && p[base + j]) r |= 1u << j;
  return r;
}

CUCPU_WARP_INLINE int cucpu_warp_any(const int *p, const unsigned *m, int tid, int nt)
{
  return cucpu_warp_ballot(p, m, tid, nt) != 0;
}

CUCPU_WARP_INLINE int cucpu_warp_all(const int *p, const unsigned *m, int tid, int nt)
{
  return cucpu_warp_ballot(p, m, tid, nt) == cucpu_warp_lanes(m, tid, nt);
}

CUCPU_WARP_INLINE int cucpu_warp_uni(const int *p, const unsigned *m, int tid, int nt)
{
  unsigned b = cucpu_warp_ballot(p, m, tid, nt);
  return b == 0 || b == cucpu_warp_lanes(m, tid, nt);
}

/* __activemask: the lanes that reached the call together. */
CUCPU_WARP_INLINE unsigned cucpu_warp_activemask(const unsigned *m, int tid, int nt)
{
  return cucpu_warp_lanes(m, tid, nt);
}

/* Values compare by their bits, as the GPU's match does. */
template <class T> CUCPU_WARP_INLINE int cucpu_warp_same(const T &a, const T &b)
{
  return __builtin_memcmp(&a, &b, sizeof(T)) == 0;
}

template <class T> CUCPU_WARP_INLINE unsigned cucpu_warp_match_any(const T *v, const unsigned *m, int tid, int nt)
{
  int base = tid & ~31;
  unsigned lanes = cucpu_warp_lanes(m, tid, nt), r = 0;
  for (int j = 0; j < 32; j++)
    if (((lanes >> j) & 1) && cucpu_warp_same(v[base + j], v[tid])) r |= 1u << j;
  return r;
}

template <class T>
CUCPU_WARP_INLINE unsigned cucpu_warp_match_all(const T *v, const unsigned *m, int tid, int nt, int *pred)
{
  unsigned lanes = cucpu_warp_lanes(m, tid, nt), same = cucpu_warp_match_any(v, m, tid, nt);
  int all = same == lanes;
  if (pred) *pred = all;
  return all ? lanes : 0u;
}

/* __reduce_*_sync: over the active lanes in the caller's mask. */
#define CUCPU_WARP_REDUCE(name, init, step)                                                        \
  template <class T> CUCPU_WARP_INLINE T cucpu_warp_reduce_##name(const T *v, const unsigned *m, \
                                                                    int tid, int nt)              \
  {                                                                                                \
    int base = tid & ~31;                                                                          \
    unsigned lanes = cucpu_warp_lanes(m, tid, nt);                                                 \
    T r = init;                                                                                    \
    for (int j = 0; j < 32; j++)                                                                   \
      if ((lanes >> j) & 1) {                                                                      \
        T x = v[base + j];                                                                         \
        r = step;                                                                                  \
      }                                                                                            \
    return r;                                                                                      \
  }
CUCPU_WARP_REDUCE(add, (T)0, (T)(r + x))
CUCPU_WARP_REDUCE(min, v[tid], (x < r ? x : r))
CUCPU_WARP_REDUCE(max, v[tid], (x > r ? x : r))
CUCPU_WARP_REDUCE(and, (T)~(T)0, (T)(r & x))
CUCPU_WARP_REDUCE(or, (T)0, (T)(r | x))
CUCPU_WARP_REDUCE(xor, (T)0, (T)(r ^ x))
#undef CUCPU_WARP_REDUCE

/* ---- cooperative groups ------------------------------------------------------- */

/* The lanes of the caller's tile of `width` lanes, as a warp mask. */
CUCPU_WARP_INLINE unsigned cucpu_tile_mask(int tid, int width)
{
  unsigned seg = (unsigned)tid & 31u & ~(unsigned)(width - 1);
  unsigned m = width >= 32 ? 0xffffffffu : (1u << width) - 1u;
  return m << seg;
}

/* A warp mask made relative to the caller's tile: bit i is the tile's lane i. */
CUCPU_WARP_INLINE unsigned cucpu_tile_bits(unsigned bits, int tid, int width)
{
  unsigned seg = (unsigned)tid & 31u & ~(unsigned)(width - 1);
  unsigned m = width >= 32 ? 0xffffffffu : (1u << width) - 1u;
  return (bits >> seg) & m;
}

/* The lane of rank `rank` of a coalesced group (its rank-th lane). */
CUCPU_WARP_INLINE int cucpu_coalesced_lane(unsigned mask, int rank)
{
  int n = __builtin_popcount(mask);
  if (n) rank = ((rank % n) + n) % n;
  for (int j = 0; j < 32; j++)
    if ((mask >> j) & 1) {
      if (rank == 0) return j;
      rank--;
    }
  return 0;
}

/* A warp mask made relative to a coalesced group: bit r is its rank r. */
CUCPU_WARP_INLINE unsigned cucpu_coalesced_bits(unsigned bits, unsigned mask)
{
  unsigned r = 0;
  int k = 0;
  for (int j = 0; j < 32; j++)
    if ((mask >> j) & 1) {
      if ((bits >> j) & 1) r |= 1u << k;
      k++;
    }
  return r;
}

/* cg::reduce and the scans over the lanes of m[tid] (the group), in lane
 * order; the exclusive scan gives T() at the group's first lane. */
template <class T, class Op>
CUCPU_WARP_INLINE T cucpu_cg_reduce(const T *v, const unsigned *m, int tid, int nt, Op op)
{
  int base = tid & ~31, first = 1;
  unsigned lanes = cucpu_warp_lanes(m, tid, nt);
  T r = v[tid];
  for (int j = 0; j < 32; j++)
    if ((lanes >> j) & 1) {
      r = first ? v[base + j] : op(r, v[base + j]);
      first = 0;
    }
  return r;
}

template <class T, class Op>
CUCPU_WARP_INLINE T cucpu_cg_scan(const T *v, const unsigned *m, int tid, int nt, Op op, int inclusive)
{
  int base = tid & ~31, lane = tid & 31, first = 1;
  unsigned lanes = cucpu_warp_lanes(m, tid, nt);
  T r = T();
  for (int j = 0; j < lane + inclusive; j++)
    if ((lanes >> j) & 1) {
      r = first ? v[base + j] : op(r, v[base + j]);
      first = 0;
    }
  return r;
}

template <class T, class Op>
CUCPU_WARP_INLINE T cucpu_cg_inclusive_scan(const T *v, const unsigned *m, int tid, int nt, Op op)
{
  return cucpu_cg_scan(v, m, tid, nt, op, 1);
}

template <class T, class Op>
CUCPU_WARP_INLINE T cucpu_cg_exclusive_scan(const T *v, const unsigned *m, int tid, int nt, Op op)
{
  return cucpu_cg_scan(v, m, tid, nt, op, 0);
}

/* ---- tiles of more than 32 threads --------------------------------------------------- */

/* thread_block_tile<Size> for Size 64 to 512 is a segment of Size threads
 * of the block by linear rank, over several warps. CUDA gives it shfl,
 * any, all, sync, cg::reduce and the scans (not shfl_up/down/xor, ballot,
 * match_* or a partition). Every thread of the tile takes part; m[j] is 0
 * where thread j did not reach the call. A source rank past the tile
 * wraps around it, one past the block gives the caller's own value. */
template <int Size, class T> CUCPU_WARP_INLINE T cucpu_bigtile_shfl(const T *v, int tid, int nt, int src, int width)
{
  (void)width;
  int j = (tid & ~(Size - 1)) + (src & (Size - 1));
  return j < nt ? v[j] : v[tid];
}

template <int Size> CUCPU_WARP_INLINE int cucpu_bigtile_any(const int *p, const unsigned *m, int tid, int nt)
{
  int base = tid & ~(Size - 1), r = 0;
  for (int j = base; j < base + Size && j < nt; j++) r |= m[j] && p[j];
  return r;
}

template <int Size> CUCPU_WARP_INLINE int cucpu_bigtile_all(const int *p, const unsigned *m, int tid, int nt)
{
  int base = tid & ~(Size - 1), r = 1;
  for (int j = base; j < base + Size && j < nt; j++) r &= !m[j] || p[j];
  return r;
}

/* cg::reduce and the scans over the tile's threads that reached the call,
 * in rank order; the exclusive scan gives T() at the first. */
template <int Size, class T, class Op>
CUCPU_WARP_INLINE T cucpu_bigtile_scan(const T *v, const unsigned *m, int tid, int nt, Op op, int upto)
{
  int base = tid & ~(Size - 1), first = 1;
  T r = T();
  for (int j = base; j < upto && j < nt; j++)
    if (m[j]) {
      r = first ? v[j] : op(r, v[j]);
      first = 0;
    }
  return r;
}

template <int Size, class T, class Op>
CUCPU_WARP_INLINE T cucpu_bigtile_reduce(const T *v, const unsigned *m, int tid, int nt, Op op)
{
  return cucpu_bigtile_scan<Size>(v, m, tid, nt, op, (tid & ~(Size - 1)) + Size);
}

template <int Size, class T, class Op>
CUCPU_WARP_INLINE T cucpu_bigtile_inclusive_scan(const T *v, const unsigned *m, int tid, int nt, Op op)
{
  return cucpu_bigtile_scan<Size>(v, m, tid, nt, op, tid + 1);
}

template <int Size, class T, class Op>
CUCPU_WARP_INLINE T cucpu_bigtile_exclusive_scan(const T *v, const unsigned *m, int tid, int nt, Op op)
{
  return cucpu_bigtile_scan<Size>(v, m, tid, nt, op, tid);
}

/* ---- a warp's tree of shuffles, all steps at block level ------------------------ */

/* `for (o = 16; o > 0; o >>= 1) v += __shfl_down_sync(m, v, o)` and its
 * like (src/frontend/lower_warp_tree.c): every thread stores v in the
 * exchange array v, then each step below runs once for the whole block and
 * gives every lane l of every warp op(own, source) where the shuffle of
 * that step would have read `source` (the lane's own value where the
 * shuffle gives it back: past the segment or past the block), exactly as
 * the step-by-step lowering with cucpu_shfl_down / cucpu_shfl_xor does.
 * Lanes of warps that did not reach the loop are computed and never
 * read. */
/* Signed integers wrap as the GPU's do: lanes of warps that did not reach
 * the loop hold values nobody reads, whose sums may overflow. */
template <class T> CUCPU_WARP_INLINE T cucpu_tree_add(T a, T b) { return (T)(a + b); }
template <class T> CUCPU_WARP_INLINE T cucpu_tree_mul(T a, T b) { return (T)(a * b); }
#define CUCPU_TREE_WRAP(T, U)                                                                  \
  CUCPU_WARP_INLINE T cucpu_tree_add(T a, T b) { return (T)((U)a + (U)b); }                   \
  CUCPU_WARP_INLINE T cucpu_tree_mul(T a, T b) { return (T)((U)a * (U)b); }
CUCPU_TREE_WRAP(int, unsigned int)
CUCPU_TREE_WRAP(long, unsigned long)
CUCPU_TREE_WRAP(long long, unsigned long long)
#undef CUCPU_TREE_WRAP
struct cucpu_op_add { template <class T> T operator()(T a, T b) const { return cucpu_tree_add(a, b); } };
struct cucpu_op_mul { template <class T> T operator()(T a, T b) const { return cucpu_tree_mul(a, b); } };
struct cucpu_op_and { template <class T> T operator()(T a, T b) const { return (T)(a & b); } };
struct cucpu_op_or { template <class T> T operator()(T a, T b) const { return (T)(a | b); } };
struct cucpu_op_xor { template <class T> T operator()(T a, T b) const { return (T)(a ^ b); } };

/* One shfl_down step of delta d on a warp w of n lanes (n < 32 at the
 * block's end), over segments of `width` lanes, in place: ascending lanes
 * read lane l + d before it is written. */
template <class T, class Op> CUCPU_WARP_INLINE void cucpu_tree_down_step(T *w, int n, int d, int width, Op op)
{
  for (int seg = 0; seg < n; seg += width) {
    int end = seg + width < n ? seg + width : n, l = seg;
    for (; l + d < end; l++) w[l] = op(w[l], w[l + d]);
    for (; l < end; l++) w[l] = op(w[l], w[l]);
  }
}

/* One step of the loop, delta d (a constant where inlined: one call per
 * step), over the whole block. Step by step over the block, a step reads
 * lanes the one before wrote a block ago, from L1 (all steps of one warp
 * at a time would make each load wait on the stores just before it, and
 * run twice as long). A whole warp of one segment goes through two loops
 * of known trip that the host compiler vectorizes. */
template <class T, class Op> CUCPU_WARP_INLINE void cucpu_tree_down(T *v, int nt, int d, int width, Op op)
{
  for (int base = 0; base < nt; base += 32) {
    T *w = v + base;
    int n = nt - base < 32 ? nt - base : 32;
    if (n == 32 && width == 32 && d >= 0 && d < 32) {
      for (int l = 0; l < 32 - d; l++) w[l] = op(w[l], w[l + d]);
      for (int l = 32 - d; l < 32; l++) w[l] = op(w[l], w[l]);
    } else
      cucpu_tree_down_step(w, n, d, width, op);
  }
}

/* One shfl_xor step of lane mask m on a warp w of n lanes. A whole warp
 * whose partners stay in their segment (m a power of two below width)
 * goes pair by pair; any other through a copy, lane by lane as
 * cucpu_shfl_xor reads. */
template <class T, class Op> CUCPU_WARP_INLINE void cucpu_tree_xor_step(T *w, int n, int m, int width, Op op)
{
  if (n == 32 && m > 0 && m < width && !(m & (m - 1))) {
    for (int b = 0; b < 32; b += 2 * m)
      for (int i = b; i < b + m; i++) {
        T x = w[i], y = w[i + m];
        w[i] = op(x, y);
        w[i + m] = op(y, x);
      }
    return;
  }
  T t[32];
  for (int l = 0; l < n; l++) t[l] = w[l];
  for (int l = 0; l < n; l++) {
    unsigned last = ((unsigned)l & ~(unsigned)(width - 1) & 31u) | ((unsigned)(width - 1) & 31u);
    unsigned j = (unsigned)l ^ (unsigned)m;
    w[l] = op(t[l], j > last || j >= (unsigned)n ? t[l] : t[j]);
  }
}

template <class T, class Op> CUCPU_WARP_INLINE void cucpu_tree_xor(T *v, int nt, int m, int width, Op op)
{
  for (int base = 0; base < nt; base += 32) cucpu_tree_xor_step(v + base, nt - base < 32 ? nt - base : 32, m, width, op);
}

/* ---- a warp tree whose result only some lanes read ------------------------------ */

/* The same steps as cucpu_tree_down / cucpu_tree_xor, computing only the
 * lanes set in `lanes` (the lanes passes/lanes.c found that a later step,
 * or a later read of the result, needs; the others are left as they are
 * and never read). A demanded lane does the same operations on the same
 * values as in the full tree: the result is the same to the bit. */
template <class T, class Op>
CUCPU_WARP_INLINE void cucpu_tree_down_lanes(T *v, int nt, int d, int width, Op op, unsigned lanes)
{
  if (lanes == 0xffffffffu) {
    cucpu_tree_down(v, nt, d, width, op);
    return;
  }
  /* lanes 0..c-1 (the usual shape: a result read by lane 0) of whole
   * warps of one segment, ascending: lane l reads l + d before this step
   * writes it */
  int base = 0;
  if (!(lanes & (lanes + 1u)) && width == 32 && d >= 0 && d < 32) {
    int c = __builtin_popcount(lanes), k = c < 32 - d ? c : 32 - d;
    for (; base + 32 <= nt; base += 32) {
      T *w = v + base;
      int l = 0;
      for (; l < k; l++) w[l] = op(w[l], w[l + d]);
      for (; l < c; l++) w[l] = op(w[l], w[l]);
    }
  }
  for (; base < nt; base += 32) {
    T *w = v + base;
    int n = nt - base < 32 ? nt - base : 32;
    for (int l = 0; l < n; l++) {
      if (!((lanes >> l) & 1u)) continue;
      int end = (l & ~(width - 1)) + width;
      if (end > n) end = n;
      w[l] = l + d < end ? op(w[l], w[l + d]) : op(w[l], w[l]);
    }
  }
}

template <class T, class Op>
CUCPU_WARP_INLINE void cucpu_tree_xor_lanes(T *v, int nt, int m, int width, Op op, unsigned lanes)
{
  if (lanes == 0xffffffffu) {
    cucpu_tree_xor(v, nt, m, width, op);
    return;
  }
  for (int base = 0; base < nt; base += 32) {
    T *w = v + base, t[32];
    int n = nt - base < 32 ? nt - base : 32;
    for (int l = 0; l < n; l++) t[l] = w[l];
    for (int l = 0; l < n; l++) {
      if (!((lanes >> l) & 1u)) continue;
      unsigned last = ((unsigned)l & ~(unsigned)(width - 1) & 31u) | ((unsigned)(width - 1) & 31u);
      unsigned j = (unsigned)l ^ (unsigned)m;
      w[l] = op(t[l], j > last || j >= (unsigned)n ? t[l] : t[j]);
    }
  }
}

#endif
