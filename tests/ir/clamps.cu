// The clamps pass: in a bounded thread loop, leading declarations
// `v = C ? X : Y` whose condition C compares the innermost thread id with
// a value the same for the whole loop take their varying branch on a
// range; the loop runs as three, the middle one with `v = (type)(branch)`.
// hotspot's clamped neighbours (E, W: the range's limit and start), a
// `?:` of type double, a varying first branch; left alone: a clamp on ty
// (the same for the whole x loop), t with coefficient 2, both branches
// varying, an unsigned comparison, a loop without a guard in its bounds.
// RUN: %cucpu --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR-LABEL: kernel stencil
// IR: block_for #{{[0-9]+}} simd {{.*}}clamp W_2 clamp E_2 clamp_limit ((hi-1)+1) clamp_from (lo-(0-1)) {
// IR-LABEL: kernel shapes
// IR: block_for #{{[0-9]+}} simd recompute tx limit (63-0) from (1-0) clamp a clamp_from ((lo-0)+1) {
// IR-LABEL: kernel left_alone
// IR-NOT: clamp
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT stencil(
// CHECK: {{^ *}}long cucpu_ilo = cucpu_beg, cucpu_ihi = cucpu_end;   /* where the clamps take one branch */
// CHECK-NEXT: cucpu_lim = (long)lo - (0L - 1L);
// CHECK-NEXT: if (cucpu_lim > cucpu_ilo) cucpu_ilo = cucpu_lim;
// CHECK-NEXT: cucpu_lim = (long)hi - 1L + 1L;
// CHECK-NEXT: if (cucpu_lim < cucpu_ihi) cucpu_ihi = cucpu_lim;
// CHECK-NEXT: if (cucpu_ilo > cucpu_end) cucpu_ilo = cucpu_end;
// CHECK-NEXT: if (cucpu_ihi < cucpu_ilo) cucpu_ihi = cucpu_ilo;
// CHECK-NEXT: #pragma omp simd
// CHECK-NEXT: for (int cucpu_tx = (int)cucpu_beg; cucpu_tx < cucpu_ilo; cucpu_tx++) {
// CHECK: int W_2 = (W < lo) ? lo : W;
// CHECK: int E_2 = (E > hi) ? hi : E;
// CHECK: #pragma omp simd
// CHECK-NEXT: for (int cucpu_tx = (int)cucpu_ilo; cucpu_tx < cucpu_ihi; cucpu_tx++) {
// CHECK: int W_2 = (int)(W);
// CHECK: int E_2 = (int)(E);
// CHECK: #pragma omp simd
// CHECK-NEXT: for (int cucpu_tx = (int)cucpu_ihi; cucpu_tx < cucpu_end; cucpu_tx++) {
// CHECK: int E_2 = (E > hi) ? hi : E;
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT shapes(
// CHECK: int a = (int)(tx);
// e converts a double to int: the GPU's saturating conversion wraps the ?:
// (__double2int_rz), so it is not a clamp the pass takes apart.
// CHECK: int e = __double2int_rz((tx + 1 > m) ? m : tx * 1.5);
// RUN: %cucpu -fno-clamps --emit-source %s -o - | FileCheck --check-prefix=OFF %s
// OFF-NOT: {{^ *}}long cucpu_ilo
#define BS 16
__global__ void stencil(const float *in, float *out, int lo, int hi)
{
    __shared__ float t[BS][BS];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    t[ty][tx] = in[ty * BS + tx];
    __syncthreads();
    int W = tx - 1;
    int E = tx + 1;
    W = (W < lo) ? lo : W;
    E = (E > hi) ? hi : E;
    if (tx >= 1 && tx <= 14)
        out[ty * BS + tx] = t[ty][E] + t[ty][W];
}

__global__ void shapes(const int *in, int *out, int lo, int m)
{
    __shared__ int s[64];
    int tx = threadIdx.x;
    s[tx] = in[blockIdx.x * 64 + tx];
    __syncthreads();
    int a = lo < tx ? tx : lo;
    int e = (tx + 1 > m) ? m : tx * 1.5;
    if (tx >= 1 && tx < 63) out[blockIdx.x * 64 + tx] = s[a & 63] + e;
}

__global__ void left_alone(const int *in, int *out, int lo, unsigned u)
{
    __shared__ int s[64];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    s[tx] = in[tx];
    __syncthreads();
    int a = ty > lo ? lo : ty;
    int b = 2 * tx > lo ? lo : 2 * tx;
    int c = tx > lo ? tx - 1 : tx + 1;
    int d = tx > u ? (int)u : tx;
    if (tx < 60) out[tx] = s[a & 63] + s[b & 63] + s[c & 63] + s[d & 63];
    __syncthreads();
    int f = tx > lo ? lo : tx;
    out[tx] += s[f & 63];
}
