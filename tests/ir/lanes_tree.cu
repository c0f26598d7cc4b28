// The lanes pass: a warp tree computes only the lanes whose results later
// statements may read, and the lanes those need.
//   lane0:   `if (t % 32 == 0)` reads lane 0: 16, 8, 4, 2, 1 lanes
//   strided: `(t & 7) == 0` reads lanes 0, 8, 16, 24
//   xor0:    an xor tree, lane 0: the even lanes, then every 4th, ...
//   killed:  lane 0 stored, then v assigned in every thread and read
//   all:     every thread stores its result: every lane (no change)
//   bcast:   a shuffle reads the result from other lanes: every lane
//   cond:    v assigned again in some threads only: every lane
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// RUN: %cucpu -fno-lanes --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// CHECK-LABEL: kernel lane0
// CHECK: text block "{ const int cucpu_1d = blockDim.y == 1 && blockDim.z == 1; cucpu_tree_down_lanes(cucpu_wv_0, cucpu_nt, 16, 32, cucpu_op_add(), cucpu_1d ? 0xffffu : 0xffffffffu);{{.*}}(lanes 0xffff,0xff,0xf,0x3,0x1)
// CHECK-LABEL: kernel strided
// CHECK: (lanes 0xffffffff,0xffffffff,0xf0f0f0f,0x3030303,0x1010101)
// CHECK-LABEL: kernel xor0
// CHECK: cucpu_tree_xor_lanes({{.*}}(lanes 0x55555555,0x11111111,0x1010101,0x10001,0x1)
// CHECK-LABEL: kernel killed
// CHECK: (lanes 0xffff,0xff,0xf,0x3,0x1)
// CHECK-LABEL: kernel all
// CHECK-NOT: (lanes
// CHECK-LABEL: kernel bcast
// CHECK-NOT: (lanes
// CHECK-LABEL: kernel cond
// CHECK-NOT: (lanes
// OFF-NOT: (lanes
// OFF-NOT: _lanes(
#define FULL 0xffffffffu

__global__ void lane0(const float *in, float *out)
{
    int t = threadIdx.x;
    float v = in[blockIdx.x * blockDim.x + t];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    if (t % 32 == 0) out[blockIdx.x * 8 + t / 32] = v;
}

__global__ void strided(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    if ((threadIdx.x & 7) == 0) out[g / 8] = v;
}

__global__ void xor0(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float x = in[g];
    for (int m = 1; m < 32; m <<= 1) x += __shfl_xor_sync(FULL, x, m);
    if (threadIdx.x % 32 == 0) out[g / 32] = x;
}

__global__ void killed(const float *in, float *out)
{
    __shared__ float w[8];
    int t = threadIdx.x, g = blockIdx.x * blockDim.x + t;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    if (t % 32 == 0) w[t / 32] = v;
    v = 1.0f;
    __syncthreads();
    out[g] = v + w[t / 32];
}

__global__ void all(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    out[g] = v;
}

__global__ void bcast(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    v = __shfl_sync(FULL, v, 0);
    if (threadIdx.x == 5) out[g] = v;
}

__global__ void cond(const float *in, float *out)
{
    int g = blockIdx.x * blockDim.x + threadIdx.x;
    float v = in[g];
    for (int o = 16; o > 0; o >>= 1) v += __shfl_down_sync(FULL, v, o);
    if (in[g] > 0) v = 0;
    if (threadIdx.x % 32 != 0) out[g] = v;
}
