// cucpu-libs: --extended-lambda
// Extended __device__ lambdas (nvcc --extended-lambda) handed to Thrust's
// algorithms, which on the CPU call them from host code: transform with
// `[] __device__ (float x) { return 2 * x; }`, a capturing lambda in
// for_each over a raw device pointer, count_if, a sort comparator, a
// transform_reduce; a __host__ __device__ lambda alongside; and a
// __device__ lambda passed to a kernel. Against host loops.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/transform.h>
#include <thrust/for_each.h>
#include <thrust/count.h>
#include <thrust/sort.h>
#include <thrust/transform_reduce.h>
#include <thrust/functional.h>
#include <thrust/iterator/counting_iterator.h>
#include <thrust/execution_policy.h>
#include <cuda_runtime.h>
#include "libcheck.h"

#define N 1000

template <typename F>
__global__ void apply(int *out, int n, F f)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) out[i] = f(i);
}

int main()
{
  thrust::host_vector<float> h(N);
  for (int i = 0; i < N; i++) h[i] = (float)next_value();
  thrust::device_vector<float> d = h, r(N);

  thrust::transform(d.begin(), d.end(), r.begin(), [] __device__ (float x) { return 2 * x; });
  thrust::host_vector<float> got = r;
  for (int i = 0; i < N; i++) CHECK(got[i] == 2 * h[i]);

  float scale = 3.0f;
  float *raw = thrust::raw_pointer_cast(r.data());
  thrust::for_each(thrust::device, thrust::counting_iterator<int>(0), thrust::counting_iterator<int>(N),
                   [=] __device__ (int i) { raw[i] = raw[i] * scale + i; });
  got = r;
  for (int i = 0; i < N; i++) CHECK(got[i] == 2 * h[i] * 3.0f + i);

  int pos = (int)thrust::count_if(d.begin(), d.end(), [] __device__ (float x) { return x > 0; });
  int want = 0;
  for (int i = 0; i < N; i++) want += h[i] > 0;
  CHECK(pos == want);

  thrust::device_vector<float> s = d;
  thrust::sort(s.begin(), s.end(), [] __device__ (float a, float b) { return a > b; });
  got = s;
  for (int i = 1; i < N; i++) CHECK(got[i - 1] >= got[i]);

  double sq = thrust::transform_reduce(d.begin(), d.end(), [] __host__ __device__ (float x) { return (double)x * x; },
                                       0.0, thrust::plus<double>());
  double wsq = 0;
  for (int i = 0; i < N; i++) wsq += (double)h[i] * h[i];
  CHECK_NEAR(sq, wsq, 1e-12);

  int *out;
  cudaMalloc((void **)&out, N * sizeof(int));
  int k = 7;
  apply<<<(N + 127) / 128, 128>>>(out, N, [=] __device__ (int i) { return i * k; });
  int hout[N];
  cudaMemcpy(hout, out, sizeof hout, cudaMemcpyDeviceToHost);
  for (int i = 0; i < N; i++) CHECK(hout[i] == i * 7);
  cudaFree(out);
  return finish("thrust_device_lambda");
}
