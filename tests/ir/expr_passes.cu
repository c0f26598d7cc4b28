// Facts derived from typed trees, and trees kept in step by the passes.
// guard: the comparisons of `if (C) return;` come from C's tree (`; guard`),
// and the bounds pass turns them into the thread loop's limit; mixed: a
// condition that is not an || of comparisons is no guard. vers: versions
// makes `N = rhs;` a declaration N_2 whose initializer's tree is rhs (kept
// with its parentheses), and later trees read N_2. typedef_index: bounds
// knows a signed integer by clang's class of its type, a typedef's too;
// typedef_unsigned keeps its guard, and so does short_index (a short
// wraps past 32767 where the bounds, computed in long, would not). fwd: forward moves the
// stored value's tree to the register s_t, which the load's tree now reads.
// RUN: %cucpu --passes=versions,collapse,bounds,forward --emit-ir=typed %s -o - | FileCheck %s
// CHECK-LABEL: kernel guard flat bounds
// CHECK: block_for #0 limit (n-(blockIdx.x*blockDim.x)) {
// CHECK: ; guard (>= (var i : int {i}) (var n : int {i}) : bool {b})
// CHECK-NEXT: text "if (i >= n) return;" (guard in bounds)
// CHECK-LABEL: kernel mixed flat
// CHECK-NOT: ; guard
// CHECK: text "if (i >= n && n > 0 || i < 0) return;"
// CHECK-LABEL: kernel typedef_index flat bounds
// CHECK: block_for #0 limit (n-(blockIdx.x*blockDim.x)) {
// CHECK-LABEL: kernel typedef_unsigned flat{{$}}
// CHECK-NOT: limit
// CHECK-LABEL: kernel short_index flat{{$}}
// CHECK-NOT: limit
// CHECK-LABEL: kernel vers
// CHECK: ; init (?: (< (var N : int {i}) (var lo : int {i}) : bool {b}) (var lo : int {i}) (var N : int {i}) : int {i})
// CHECK-NEXT: decl N_2 private = "(N < lo) ? lo : N"
// CHECK: ; expr (= ([] (var out : float * {p}) (+ (* (var ty : int {i}) (int 32 : int {i}) : int {i}) (var tx : int {i}) : int {i}) : float {f}) ([] (icast ([] (icast (var temp : float[32][32]) : float (*)[32] {p}) (var N_2 : int {i}) : float[32]) : float * {p}) (var tx : int {i}) : float {f}) : float {f})
// CHECK-LABEL: kernel fwd
// CHECK: ; init (* ([] (var in : const float * {p}) (var t : int {i}) : const float {f}) (float 2 : float {f}) : float {f})
// CHECK-NEXT: decl s_t private = "in[t] * 2.0f"
// CHECK: ; expr (= ([] (var out : float * {p}) (var t : int {i}) : float {f}) (+ (var s_t : float {f}) (float 1 : float {f}) : float {f}) : float {f})
// CHECK-NEXT: text "out[t] = s_t + 1.0f;"
__global__ void guard(float *y, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = 2.0f * x[i];
}

__global__ void mixed(float *y, const float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n && n > 0 || i < 0) return;
    y[i] = 2.0f * x[i];
}

typedef int idx_t;
typedef unsigned uidx_t;
__global__ void typedef_index(float *y, const float *x, idx_t n)
{
    idx_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = 2.0f * x[i];
}

__global__ void typedef_unsigned(float *y, const float *x, uidx_t n)
{
    uidx_t i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = 2.0f * x[i];
}

__global__ void short_index(float *y, const float *x, int n)
{
    short i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    y[i] = 2.0f * x[i];
}

__global__ void vers(float *out, const float *in, int lo)
{
    __shared__ float temp[32][32];
    int tx = threadIdx.x, ty = threadIdx.y;
    int N = ty - 1;
    N = (N < lo) ? lo : N;
    temp[ty][tx] = in[ty * 32 + tx];
    __syncthreads();
    out[ty * 32 + tx] = temp[N][tx];
}

__global__ void fwd(float *out, const float *in)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[t] * 2.0f;
    __syncthreads();
    out[t] = s[t] + 1.0f;
}
