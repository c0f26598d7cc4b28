// team: a host loop that launches kernels runs in one OpenMP team. Its
// launches call the kernels' team entries; outer locals it assigns (the
// swapped pointers) are firstprivate and written back by the master thread.
// A flag that cudaMemcpy copies into an outer local is shared by the team:
// the master thread assigns it between barriers. A local declared in the
// loop that cudaMemcpy writes moves before the team (shared), unless it has
// an initializer or its name means something else in the loop; an outer
// reference is never shared. -fno-team (or --passes= without team) turns
// fusion off.
// Pointers whose address only cudaMalloc took before the loop are copied per
// thread; one whose address a user function took, or that cudaMalloc
// assigns inside the loop, is shared instead: the master thread assigns it.
// The pass alone, in the IR dump: both kernels run in a fused loop's team.
// RUN: %cucpu --passes=team --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR: kernel step team{{$}}
// IR: kernel check team{{$}}
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK: {{^}}void CUCPU_KERNEL_OPT __attribute__((nothrow)) cucpu_team_step(dim3 gridDim, dim3 blockDim, size_t cucpu_shmem, const float *in, float *out, int n, int cucpu_sync)
// CHECK: {{^ +}}#pragma omp for collapse(
// CHECK: {{^}}void step(
// CHECK: {{^ +}}#pragma omp parallel{{$}}
// CHECK-NEXT: {{^ +}}cucpu_team_step(gridDim, blockDim, cucpu_shmem, in, out, n, 0);
// CHECK: {{^}}void check(
// CHECK: {{^}}int relax(
// CHECK-NOT: #pragma omp parallel
// CHECK: {{^ +}}#pragma omp parallel firstprivate(a, b){{$}}
// CHECK-NOT: #pragma omp parallel
// CHECK: cucpu_team_step(
// CHECK: cucpu_team_step(
// CHECK: {{^ +}}#pragma omp master
// CHECK-NEXT: { *cucpu_wb_a = a; *cucpu_wb_b = b; }
// CHECK: {{^}}int converge(
// CHECK-NOT: {{^}}}
// CHECK: {{^ +}}#pragma omp parallel firstprivate(rounds){{$}}
// CHECK-NEXT: {
// CHECK: {{^ +}}#pragma omp barrier
// CHECK-NEXT: {{^ +}}#pragma omp master
// CHECK: {{^ +}}flag = 0;
// CHECK-NEXT: {{^ +}}cudaMemcpy(d_flag, &flag,
// CHECK: cucpu_team_check(
// CHECK-NOT: {{^ +}}#pragma omp barrier
// CHECK: {{^ +}}#pragma omp master
// CHECK-NEXT: {
// CHECK-NEXT: #line
// CHECK-NEXT: {{^ +}}cudaMemcpy(&flag, d_flag,
// CHECK: {{^}}int relax_alloc(
// CHECK-NOT: {{^}}}
// CHECK: {{^ +}}#pragma omp parallel firstprivate(a, b){{$}}
// CHECK: {{^}}int relax_escape(
// CHECK-NOT: {{^}}}
// CHECK: {{^ +}}#pragma omp parallel firstprivate(b){{$}}
// CHECK: {{^ +}}#pragma omp master
// CHECK-NEXT: {
// CHECK-NEXT: #line
// CHECK-NEXT: {{^ +}}a = b;
// CHECK: {{^}}int relax_realloc(
// CHECK-NOT: {{^}}}
// CHECK: {{^ +}}#pragma omp parallel firstprivate(a){{$}}
// CHECK: {{^ +}}cudaMalloc(&b,
// CHECK: {{^ +}}a = b;
// CHECK: {{^ +}}#pragma omp master
// CHECK-NEXT: {
// CHECK-NEXT: #line
// CHECK-NEXT: {{^ +}}b = tmp;
// CHECK: {{^}}float mean_loop(
// CHECK-NOT: {{^}}}
// CHECK: { __typeof__(scale) *cucpu_wb_scale = &scale;
// CHECK-NEXT: {{^ +}}float total;
// CHECK-NEXT: {{^ +}}#pragma omp parallel firstprivate(scale){{$}}
// CHECK: {{^ +}}/* declared before the team */
// CHECK: {{^ +}}#pragma omp master
// CHECK: cudaMemcpy(&total,
// CHECK: {{^}}float mean_init(
// CHECK-NOT: #pragma omp parallel
// CHECK: {{^}}float mean_clash(
// CHECK-NOT: #pragma omp parallel
// CHECK: {{^}}void flag_ref(
// CHECK-NOT: #pragma omp parallel
// CHECK: {{^}}}
// RUN: %cucpu -fno-team --emit-source %s -o - | FileCheck --check-prefix=OFF %s
// OFF-NOT: {{^[^/]*}}cucpu_team_
// OFF-NOT: {{^ *}}#pragma omp parallel firstprivate
// OFF: {{^}}int relax(
// OFF: {{^ +}}step(cucpu_dim3(
// RUN: %cucpu --passes=licm,collapse --emit-source %s -o - | FileCheck --check-prefix=OFF %s
#include <cuda_runtime.h>

__global__ void step(const float *in, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) out[i] = 0.5f * in[i];
}

__global__ void check(const float *a, int n, int *flag)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && a[i] > 1.0f) *flag = 1;
}

int relax(float *a, float *b, int n, int iters)
{
    for (int t = 0; t < iters; t++) {
        step<<<(n + 127) / 128, 128>>>(a, b, n);
        step<<<(n + 127) / 128, 128>>>(b, a, n);
        float *tmp = a;
        a = b;
        b = tmp;
    }
    return a[0] > 0.0f;
}

int converge(float *a, int n, int *d_flag)
{
    int flag, rounds = 0;
    do {
        flag = 0;
        cudaMemcpy(d_flag, &flag, sizeof flag, cudaMemcpyHostToDevice);
        check<<<(n + 127) / 128, 128>>>(a, n, d_flag);
        cudaMemcpy(&flag, d_flag, sizeof flag, cudaMemcpyDeviceToHost);
        rounds++;
    } while (flag && rounds < 10);
    return rounds;
}

void keep(float **slot);

int relax_alloc(int n, int iters)
{
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc((void **)&b, n * sizeof(float));
    for (int t = 0; t < iters; t++) {
        step<<<(n + 127) / 128, 128>>>(a, b, n);
        float *tmp = a;
        a = b;
        b = tmp;
    }
    cudaFree(b);
    return cudaFree(a) == cudaSuccess;
}

int relax_escape(int n, int iters)
{
    float *a, *b;
    cudaMalloc(&a, n * sizeof(float));
    cudaMalloc(&b, n * sizeof(float));
    keep(&a);
    for (int t = 0; t < iters; t++) {
        step<<<(n + 127) / 128, 128>>>(a, b, n);
        float *tmp = a;
        a = b;
        b = tmp;
    }
    return a != b;
}

int relax_realloc(float *a, float *b, int n, int iters)
{
    for (int t = 0; t < iters; t++) {
        if (t == 1)
            cudaMalloc(&b, n * sizeof(float));
        step<<<(n + 127) / 128, 128>>>(a, b, n);
        float *tmp = a;
        a = b;
        b = tmp;
    }
    return cudaFree(b) == cudaSuccess;
}

float mean_loop(float *a, float *d_sum, int n, int iters)
{
    float scale = 1.0f;
    for (int t = 0; t < iters; t++) {
        step<<<(n + 127) / 128, 128>>>(a, d_sum, n);
        float total;
        cudaMemcpy(&total, d_sum, sizeof total, cudaMemcpyDeviceToHost);
        scale = total / n;
    }
    return scale;
}

float mean_init(float *a, float *d_sum, int n, int iters)
{
    float scale = 1.0f;
    for (int t = 0; t < iters; t++) {
        step<<<(n + 127) / 128, 128>>>(a, d_sum, n);
        float total = 0.0f;
        cudaMemcpy(&total, d_sum, sizeof total, cudaMemcpyDeviceToHost);
        scale = total / n;
    }
    return scale;
}

float mean_clash(float *a, float *d_sum, int n, int iters)
{
    float scale = 1.0f;
    for (int t = 0; t < iters; t++) {
        if (t > 0) {
            int total = t;
            scale += total;
        }
        step<<<(n + 127) / 128, 128>>>(a, d_sum, n);
        float total;
        cudaMemcpy(&total, d_sum, sizeof total, cudaMemcpyDeviceToHost);
        scale = total / n;
    }
    return scale;
}

void flag_ref(float *a, int n, int *d_flag, int &flag)
{
    do {
        flag = 0;
        cudaMemcpy(d_flag, &flag, sizeof flag, cudaMemcpyHostToDevice);
        check<<<(n + 127) / 128, 128>>>(a, n, d_flag);
        cudaMemcpy(&flag, d_flag, sizeof flag, cudaMemcpyDeviceToHost);
    } while (flag);
}
