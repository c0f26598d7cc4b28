// The registers pass: a thread loop keeps each per-thread array's element
// in a local for the iteration (`reg v` on the loop; codegen loads
// cucpu_r_v first and stores it back at the iteration's end).
//   cond:  conditional updates of a value kept across a barrier
//   addr:  its address taken: left in memory
//   flag:  a bool: left in memory
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// RUN: %cucpu --emit-source %s -o - | FileCheck --check-prefix=SRC %s
// RUN: %cucpu -fno-registers --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// CHECK-LABEL: kernel cond
// CHECK: block_for #0 simd reg v {
// CHECK-LABEL: kernel addr
// CHECK-NOT: reg v
// CHECK-LABEL: kernel flag
// CHECK-NOT: reg b
// SRC-LABEL: void CUCPU_KERNEL_OPT cond(
// SRC: float cucpu_r_v = v[cucpu_tid];
// SRC: if (i < n) cucpu_r_v += in[i];
// SRC: v[cucpu_tid] = cucpu_r_v;
// OFF-NOT: reg
__global__ void cond(const float *in, float *out, int n)
{
    __shared__ float s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    float v = 0;
    if (i < n) v += in[i];
    if (i + 1 < n) v += in[i + 1];
    s[t] = v;
    __syncthreads();
    out[i] = v + s[(t + 1) % 256];
}

__global__ void addr(const float *in, float *out)
{
    __shared__ float s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    float v = in[i];
    float *p = &v;
    *p += 1;
    s[t] = v;
    __syncthreads();
    out[i] = v + s[(t + 1) % 256];
}

__global__ void flag(const float *in, float *out)
{
    __shared__ float s[256];
    int t = threadIdx.x, i = blockIdx.x * blockDim.x + t;
    bool b = in[i] > 0;
    s[t] = in[i];
    __syncthreads();
    out[i] = b ? s[(t + 1) % 256] : 0;
}
