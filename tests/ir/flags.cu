// The flags pass: a flag reset in every thread, set first thing under a
// guard that the bounds pass made into a thread loop's bounds, and tested
// `if (F) S` after a barrier: the test's thread loop takes the guard's
// bounds and prints S alone. After a counted loop that leaves only through
// `if (i == n - 1) break;` right after the guard, the test takes the
// bounds with n - 1 for i. When no test is left, the reset loop and the
// `F = true;` go (hotspot's `computed`). Left alone: a flag initialized
// before the loop (the loop may not run), a loop with a continue, a break
// on another iteration, a bound written between the set and the test, a
// flag not set first thing, -fno-flags.
// RUN: %cucpu --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR-LABEL: kernel hot bounds
// IR: block_for #{{[0-9]+}} simd recompute tx recompute ty limit ((((8-1)-i)-0)+1) from ((i+lo)-0) when tid.y>=i when tid.y<=((8-1)-i) {
// IR-NEXT: text "if (tx >= i + lo {{.*}}(guard in bounds)
// IR: block_for #{{[0-9]+}} simd recompute ty recompute tx limit ((((8-1)-i)-0)+1) from ((i+lo)-0) when tid.y>=i when tid.y<=((8-1)-i) {
// IR-NEXT: text "if (computed) v[ty][tx] = w[ty][tx];"{{.*}}(guard in bounds)
// IR: limit ((((8-1)-(n-1))-0)+1) from (((n-1)+lo)-0) when tid.y>=(n-1) when tid.y<=((8-1)-(n-1)) {
// IR-NEXT: text "if (computed) out{{.*}}(guard in bounds)
// IR-NOT: text "computed = false;"
// IR-LABEL: kernel init
// IR: text "if (f) u[tx] = w[(tx + 1) % 64];"{{.*}}(guard in bounds)
// IR: text "if (f) out[tx] = u[tx];"
// IR-NOT: (guard in bounds)
// IR-LABEL: kernel cont
// IR: text "if (f) u[tx] = w[(tx + 1) % 64];"{{.*}}(guard in bounds)
// IR: text "if (f) out[tx] = u[tx];"
// IR-NOT: (guard in bounds)
// IR-LABEL: kernel early
// IR: text "if (f) u[tx] = w[(tx + 1) % 64];"{{.*}}(guard in bounds)
// IR: text "if (f) out[tx] = u[tx];"
// IR-NOT: (guard in bounds)
// IR-LABEL: kernel moved
// IR: text "f = false;"
// IR: text "if (f) u[tx] = w[(tx + 1) % 64];"
// IR-NOT: (guard in bounds)
// IR-LABEL: kernel second
// IR: text "if (f) u[tx] = w[(tx + 1) % 64];"
// IR-NOT: (guard in bounds)
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT hot(
// CHECK-NOT: computed[cucpu_tid]
// CHECK: cucpu_lim = (long)n - 1L + (long)lo - 0L;
// CHECK-NOT: computed[cucpu_tid]
// CHECK: {{^}}void
// RUN: %cucpu -fno-flags --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// OFF-LABEL: kernel hot bounds
// OFF: text "computed = false;"
// OFF: text "if (computed) v[ty][tx] = w[ty][tx];" {W v[ty][tx] R w[ty][tx]}
// OFF-NEXT: }
#define BS 8
__global__ void hot(const int *in, int *out, int n, int lo)
{
    __shared__ int v[BS][BS];
    __shared__ int w[BS][BS];
    int tx = threadIdx.x, ty = threadIdx.y;
    v[ty][tx] = in[ty * BS + tx];
    __syncthreads();
    bool computed;
    for (int i = 0; i < n; i++) {
        computed = false;
        if (tx >= i + lo && tx <= BS - 1 - i && ty >= i && ty <= BS - 1 - i) {
            computed = true;
            w[ty][tx] = v[ty][(tx + 1) % BS] + i;
        }
        __syncthreads();
        if (i == n - 1) break;
        if (computed) v[ty][tx] = w[ty][tx];
        __syncthreads();
    }
    if (computed) out[(blockIdx.x * BS + ty) * BS + tx] = w[ty][tx];
}

__global__ void init(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    u[tx] = 0;
    __syncthreads();
    bool f = true;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= lo + i) {
            f = true;
            w[tx] = u[(tx + 1) % 64] + i;
        }
        __syncthreads();
        if (i == n - 1) break;
        if (f) u[tx] = w[(tx + 1) % 64];
        __syncthreads();
    }
    if (f) out[tx] = u[tx];
}

__global__ void cont(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    u[tx] = 0;
    __syncthreads();
    bool f;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= lo + i) {
            f = true;
            w[tx] = u[(tx + 1) % 64] + i;
        }
        __syncthreads();
        if (i == 1) continue;
        if (i == n - 1) break;
        if (f) u[tx] = w[(tx + 1) % 64];
        __syncthreads();
    }
    if (f) out[tx] = u[tx];
}

__global__ void early(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    u[tx] = 0;
    __syncthreads();
    bool f;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= lo + i) {
            f = true;
            w[tx] = u[(tx + 1) % 64] + i;
        }
        __syncthreads();
        if (i == n - 2) break;
        if (f) u[tx] = w[(tx + 1) % 64];
        __syncthreads();
    }
    if (f) out[tx] = u[tx];
}

__global__ void moved(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    u[tx] = 0;
    __syncthreads();
    int l = lo;
    bool f;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= l + i) {
            f = true;
            w[tx] = u[(tx + 1) % 64] + i;
        }
        __syncthreads();
        l = l + 1;
        if (f) u[tx] = w[(tx + 1) % 64];
        __syncthreads();
    }
    out[tx] = u[tx];
}

__global__ void second(int *out, int n, int lo)
{
    __shared__ int w[64], u[64];
    int tx = threadIdx.x;
    u[tx] = 0;
    __syncthreads();
    bool f;
    for (int i = 0; i < n; i++) {
        f = false;
        if (tx >= lo + i) {
            w[tx] = u[(tx + 1) % 64] + i;
            f = true;
        }
        __syncthreads();
        if (f) u[tx] = w[(tx + 1) % 64];
        __syncthreads();
    }
    out[tx] = u[tx];
}
