// The shape of barrier_elim_launch_distinct.cu, where the launch sites do not
// prove in and out distinct: every kernel keeps its barrier. A kernel whose
// launches do prove it (control) loses its barrier.
// RUN: %cucpu --passes=barrier-elim --print-ir-after=barrier-elim --emit-ir %s -o /dev/null | FileCheck %s
// CHECK-LABEL: kernel same_buffer
// CHECK: barrier #0
// CHECK-LABEL: kernel assigned
// CHECK: barrier #0
// CHECK-LABEL: kernel initialized
// CHECK: barrier #0
// CHECK-LABEL: kernel offset_alias
// CHECK: barrier #0
// CHECK-LABEL: kernel by_reference
// CHECK: barrier #0
// CHECK-LABEL: kernel incremented
// CHECK: barrier #0
// CHECK-LABEL: kernel host_param
// CHECK: barrier #0
// CHECK-LABEL: kernel address_taken
// CHECK: barrier #0
// CHECK-LABEL: kernel param_written
// CHECK: barrier #0
// CHECK-LABEL: kernel control
// CHECK-NOT: barrier
// CHECK: text "out[i] = right;"
#include <cuda_runtime.h>

/* one launch passes the same buffer for both */
__global__ void same_buffer(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* out's argument was assigned from another pointer */
__global__ void assigned(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* in's argument is initialized from another pointer */
__global__ void initialized(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* the second launch passes a and a + 64 */
__global__ void offset_alias(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* out's argument is passed by reference to a host function */
__global__ void by_reference(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* in's argument is incremented on the host */
__global__ void incremented(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* in's argument is a parameter of the launching function */
__global__ void host_param(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* the kernel is also launched through cudaLaunchKernel */
__global__ void address_taken(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* the kernel itself may point in at out's buffer */
__global__ void param_written(const float *in, float *out, int n)
{
    if (n < 0)
        in = out;
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

/* control: distinct allocations at its only launch */
__global__ void control(const float *in, float *out)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    float right = in[i + 1];
    __syncthreads();
    out[i] = right;
}

static void grow(float *&p) { cudaMalloc(&p, 1024); }

static void from_param(float *a)
{
    float *b;
    cudaMalloc(&b, 1024);
    host_param<<<1, 32>>>(a, b);
}

static void launch_indirect()
{
    float *x, *y;
    cudaMalloc(&x, 1024);
    cudaMalloc(&y, 1024);
    address_taken<<<1, 32>>>(x, y);
    void *args[] = { &x, &y };
    cudaLaunchKernel((const void *)address_taken, dim3(1), dim3(32), args, 0, 0);
}

int main()
{
    float *a, *b, *c, *d = 0, *e, *f;
    cudaMalloc(&a, 1024);
    cudaMalloc(&b, 1024);
    cudaMalloc(&c, 1024);
    cudaMalloc(&e, 1024);
    cudaMalloc(&f, 1024);
    float *g = a;
    same_buffer<<<1, 32>>>(a, a);
    d = b;
    assigned<<<1, 32>>>(a, d);
    initialized<<<1, 32>>>(g, b);
    offset_alias<<<1, 32>>>(a, b);
    offset_alias<<<1, 32>>>(a, a + 64);
    grow(c);
    by_reference<<<1, 32>>>(a, c);
    e++;
    incremented<<<1, 32>>>(e, f);
    from_param(a);
    launch_indirect();
    param_written<<<1, 32>>>(b, f, 1);
    control<<<1, 32>>>(b, f);
    return 0;
}