// sweep: a barrier-free kernel whose __device__ function's loop walks a
// column-major array (Rodinia streamcluster's d_dist) takes the front
// end's alternative lowering: the function is inlined and its loop runs
// at block level, its trip count read from the parameter that the inlined
// `dim_2` copies, with a thread loop inside each iteration (under the
// `tid < num` guard, which the bounds pass makes the thread loop's limit)
// and the sum `r` kept per thread.
// -fno-sweep keeps the kernel one thread loop around the call.
// RUN: %cucpu --emit-ir %s -o - | FileCheck %s
// CHECK-LABEL: kernel cost
// CHECK: private r: float varying
// CHECK: for loop1 uniform init {
// CHECK-NEXT: decl i = "0"
// CHECK: cond "i < dim" inc "i++" {
// CHECK-NEXT: block_for #{{[0-9]+}} simd {{.*}} limit (num-(blockIdx.x*blockDim.x)){{( reg [A-Za-z_0-9]+)*}} {
// CHECK-NEXT: decl t = "a_2[i * num_2 + p1] - c_2[i]"
// CHECK-NEXT: text "r += t * t;"
// CHECK-LABEL: kernel rows
// CHECK-NOT: for loop
// CHECK: text "if (tid < n) out[tid] = sum(a, tid, n);"
// CHECK-LABEL: kernel shorts
// CHECK-NOT: for loop
// CHECK: text "if (tid < n) out[tid] = narrow(a, tid, n, m);"
// CHECK-LABEL: kernel anded
// CHECK-NOT: for loop
// CHECK: text "if (tid < n && dist(tid, n, dim, a, a) > 1.0f) out[tid] = 1.0f;"
// RUN: %cucpu -fno-bounds --emit-ir %s -o - | FileCheck --check-prefix=NOB %s
// NOB-LABEL: kernel cost
// NOB: cond "i < dim" inc "i++" {
// NOB-NEXT: block_for
// NOB-NEXT: if "tid < num" {
// NOB-NEXT: decl t = "a_2[i * num_2 + p1] - c_2[i]"
// RUN: %cucpu -fno-sweep --emit-ir %s -o - | FileCheck --check-prefix=OFF %s
// OFF-LABEL: kernel cost
// OFF-NOT: for loop
// OFF: text "if (tid < num) out[tid] = dist(tid, num, dim, a, c);"

__device__ float dist(int p1, int num, int dim, const float *a, const float *c)
{
    float r = 0.0f;
    for (int i = 0; i < dim; i++) {
        float t = a[i * num + p1] - c[i];
        r += t * t;
    }
    return r;
}

__global__ void cost(int num, int dim, const float *a, const float *c, float *out)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < num) out[tid] = dist(tid, num, dim, a, c);
}

// a loop whose trip count reads threadIdx: not swept
__device__ float sum(const float *a, int t, int n)
{
    float s = 0.0f;
    for (int j = 0; j < t % 7; j++) s += a[j * n + t];
    return s;
}

__global__ void rows(const float *a, float *out, int n)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) out[tid] = sum(a, tid, n);
}

// the trip count's copy has another type than the parameter (`short m_2 =
// m` is not m): not swept
__device__ float narrow(const float *a, int t, int n, short m)
{
    float s = 0.0f;
    for (int j = 0; j < m; j++) s += a[j * n + t];
    return s;
}

__global__ void shorts(const float *a, float *out, int n, int m)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n) out[tid] = narrow(a, tid, n, m);
}

// the call after `&&`: no alternative lowering (it would refuse the call)
__global__ void anded(const float *a, float *out, int n, int dim)
{
    int tid = blockIdx.x * blockDim.x + threadIdx.x;
    if (tid < n && dist(tid, n, dim, a, a) > 1.0f) out[tid] = 1.0f;
}
