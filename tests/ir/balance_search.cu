// balance: a kernel whose threads do unequal work gets a round-robin
// schedule. search: each thread scans a sorted table until it finds its
// key (a loop that breaks early, Rodinia particlefilter's find_index): all
// six loops are dealt out in chunks of 64 threads. blocksum: a kernel with
// shared memory whose threads search keeps its block loop and deals blocks
// one at a time. expand: loop bounds loaded from memory (Rodinia bfs's edge
// lists) vary at random, not along the thread index: no balance. scale: a
// loop bounded by a parameter keeps the plain static schedule and its SIMD
// loop. -fno-balance turns it off.
// RUN: %cucpu --passes=balance --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR: kernel search balance{{$}}
// IR: kernel expand{{$}}
// IR: kernel blocksum balance{{$}}
// IR: kernel scale{{$}}
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT search(
// CHECK: {{^ +}}#pragma omp parallel for collapse(6) schedule(static, 64)
// CHECK-NOT: #pragma omp simd
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT expand(
// CHECK: {{^ +}}#pragma omp parallel for collapse(5) schedule(static)
// CHECK-NEXT: for (unsigned cucpu_bz
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT blocksum(
// CHECK: {{^ +}}#pragma omp for collapse(3) schedule(static, 1)
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT scale(
// CHECK: {{^ +}}#pragma omp parallel for collapse(5) schedule(static)
// CHECK: {{^ +}}#pragma omp simd
// RUN: %cucpu -fno-balance --emit-source %s -o - | FileCheck --check-prefix=OFF %s
// OFF-NOT: {{^ +}}#pragma omp {{.*}}schedule(static, 
// OFF-NOT: {{^ +}}#pragma omp {{.*}}collapse(6)
__global__ void search(const float *cdf, const float *u, int *index, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int k = n - 1;
        for (int x = 0; x < n; x++) {
            if (cdf[x] >= u[i]) {
                k = x;
                break;
            }
        }
        index[i] = k;
    }
}

__global__ void expand(const int *start, const int *edges, const int *cost, int *best, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        int m = 1 << 30;
        for (int e = start[i]; e < start[i + 1]; e++)
            m = min(m, cost[edges[e]]);
        best[i] = m;
    }
}

__global__ void blocksum(const int *len, const float *v, float *out, int n)
{
    __shared__ float part[256];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float s = 0.0f;
    if (i < n)
        for (int j = 0; j < n; j++) {
            if (len[j] > i) break;
            s += v[j];
        }
    part[threadIdx.x] = s;
    __syncthreads();
    if (threadIdx.x == 0) {
        float t = 0.0f;
        for (int j = 0; j < (int)blockDim.x; j++) t += part[j];
        out[blockIdx.x] = t;
    }
}

__global__ void scale(float *a, int n, int reps)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        for (int r = 0; r < reps; r++) a[i] = a[i] * 0.5f + 1.0f;
}
