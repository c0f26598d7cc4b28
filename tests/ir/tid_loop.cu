// A thread loop whose body names no thread index, only per-thread state
// (hotspot's `computed = false;`, a thread loop of its own after bounds),
// runs as one loop over cucpu_tid, in the order of the nested loops
// (z, y, x), so that gcc sees one range. Loops that read threadIdx, and
// bounded ones, keep their nested loops; -fcpuify=inner-parallel keeps
// its collapsed parallel loop.
// (-fno-flags: the flags pass would drop the flag's stores, tests/ir/flags.cu)
// RUN: %cucpu -fno-flags --emit-source %s -o - | FileCheck %s
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT flags(
// CHECK: {{^ *}}for (int cucpu_tid = 0; cucpu_tid < (int)(blockDim.x * blockDim.y * blockDim.z); cucpu_tid++) {
// CHECK: computed[cucpu_tid] = false;
// CHECK: for (int cucpu_tz = 0; cucpu_tz < (int)blockDim.z; cucpu_tz++)
// CHECK: computed[cucpu_tid] = true;
// RUN: %cucpu -fno-flags -fcpuify=inner-parallel --emit-source %s -o - | FileCheck --check-prefix=PAR %s
// PAR-NOT: {{^ *}}for (int cucpu_tid = 0;
#define BS 8
__global__ void flags(const float *in, float *out, int lo, int iters)
{
    __shared__ float t[BS][BS];
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    t[ty][tx] = in[ty * BS + tx];
    __syncthreads();
    bool computed;
    for (int i = 0; i < iters; i++) {
        computed = false;
        if (tx >= lo && tx < BS - lo) {
            computed = true;
            out[ty * BS + tx] = t[ty][tx] + t[ty][(tx + 1) % BS];
        }
        __syncthreads();
        if (computed) t[ty][tx] += 1.0f;
        __syncthreads();
    }
}
