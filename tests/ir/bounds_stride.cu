// Thread loops of a kernel with barriers (srad_v1's reduce): the loop
// counter `i`, reused by a per-thread loop in another branch, gets its own
// variable in the uniform barrier loop (versions: its value is dead once
// the loop exits), so the loop is uniform and `i_2` one per block; then
// the bounds pass turns `if ((tx + 1) % i_2 == 0)` into a thread loop that
// starts at the first thread that passes and steps by i_2, and `tid < s`
// into a limit; `tx == NT - 1` runs one thread (a start and a limit).
// hotspot's `computed = false;` before its guard moves to a thread loop of
// its own. A counter read after its loop keeps one variable.
// (-fno-flags: the flags pass would drop the flag's stores, tests/ir/flags.cu)
// RUN: %cucpu -fno-flags --emit-ir %s -o - | FileCheck --check-prefix=IR %s
// IR-LABEL: kernel reduce bounds
// IR: local i_2: int blockvar
// IR: for loop0 uniform init {
// IR-NEXT: decl i_2 = "2"
// IR: block_for #{{[0-9]+}} simd recompute tx every i_2 at -1 {
// IR-NEXT: text "if((tx+1) % i_2 == 0){{.*}}(guard in bounds)
// IR-NEXT: }
// IR-NEXT: }
// IR-NEXT: block_for #{{[0-9]+}} simd recompute tx limit (((512-1)-0)+1) from ((512-1)-0) {
// IR-LABEL: kernel halving bounds
// IR: block_for #{{[0-9]+}} simd recompute tid limit (s-0) {
// IR-LABEL: kernel flagged bounds
// IR: cond "i < iters"
// IR-NEXT: block_for #[[SEG:[0-9]+]] simd {
// IR-NEXT: text "computed = false;"
// IR-NEXT: }
// IR-NEXT: block_for #[[SEG]] simd recompute tx limit (((64-2)-0)+1) from (1-0) {
// IR-NEXT: text "if (tx >= 1 && tx <= 64 - 2) {{.*}}(guard in bounds)
// IR-LABEL: kernel live_after
// IR-NOT: i_2
// IR-NOT: every
// RUN: %cucpu --emit-source %s -o - | FileCheck %s
// CHECK-LABEL: {{^}}void CUCPU_KERNEL_OPT reduce(
// CHECK: int i_2 = 2;
// CHECK-NEXT: for (; i_2<=NT; i_2=2*i_2) {
// CHECK: long cucpu_step = (long)i_2, cucpu_first;
// CHECK: cucpu_first = -(1L) % cucpu_step;
// CHECK-NEXT: cucpu_first = (cucpu_first < 0 ? cucpu_first + cucpu_step : cucpu_first);
// CHECK: #pragma omp simd
// CHECK-NEXT: for (int cucpu_tx = (int)cucpu_first; cucpu_tx < cucpu_end; cucpu_tx += (int)cucpu_step) {
// CHECK-NOT: %
// CHECK: d_psum[tx] = d_psum[tx] + d_psum[tx-i_2/2];
// RUN: %cucpu -fno-bounds -fno-versions --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// OFF-LABEL: kernel reduce
// OFF: private i: int varying
// OFF-NOT: every
#define NT 512
__global__ void reduce(int d_no, float *d_sums)
{
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int ei = bx * NT + tx;
    int nf = NT - (gridDim.x * NT - d_no);
    int i;
    __shared__ float d_psum[NT];
    if (ei < d_no) d_psum[tx] = d_sums[ei];
    __syncthreads();
    if (nf == NT) {
        for(i=2; i<=NT; i=2*i){
            if((tx+1) % i == 0){
                d_psum[tx] = d_psum[tx] + d_psum[tx-i/2];
            }
            __syncthreads();
        }
        if (tx == NT - 1) d_sums[bx] = d_psum[tx];
    } else if (tx == 0) {
        for (i = 0; i < nf; i++) d_sums[bx] += d_psum[i];
    }
}

__global__ void halving(const int *in, int *out)
{
    __shared__ int sd[64];
    int tid = threadIdx.x;
    sd[tid] = in[blockIdx.x * 64 + tid];
    __syncthreads();
    for (int s = 32; s > 0; s >>= 1) {
        if (tid < s) sd[tid] += sd[tid + s];
        __syncthreads();
    }
    if (tid == 0) out[blockIdx.x] = sd[0];
}

__global__ void flagged(const float *in, float *out, int iters)
{
    __shared__ float t[64], u[64];
    int tx = threadIdx.x;
    t[tx] = in[tx];
    __syncthreads();
    bool computed = false;
    for (int i = 0; i < iters; i++) {
        computed = false;
        if (tx >= 1 && tx <= 64 - 2) {
            computed = true;
            u[tx] = t[tx - 1] + t[tx + 1];
        }
        __syncthreads();
        if (computed) t[tx] = u[tx];
        __syncthreads();
    }
    out[tx] = t[tx];
}

__global__ void live_after(int *out)
{
    __shared__ int s[64];
    int tx = threadIdx.x;
    int i;
    s[tx] = tx;
    __syncthreads();
    for (i = 1; i < 64; i *= 2) {
        if (tx % (2 * i) == 0) s[tx] += s[tx + i];
        __syncthreads();
    }
    out[blockIdx.x * 64 + tx] = s[tx] + i;
}
