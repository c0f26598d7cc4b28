// Thrust's execution policies with the CUDA runtime: thrust::device and
// thrust::cuda::par on cudaMalloc memory (raw pointers and device_ptr),
// thrust::cuda::par.on(stream) between kernels launched on the same
// stream, thrust::host on host arrays and host_vectors, and a
// device_vector whose raw_pointer_cast(data()) a kernel fills before
// Thrust sorts it and reduces it on a stream.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/execution_policy.h>
#include <thrust/system/cuda/execution_policy.h>
#include <thrust/sort.h>
#include <thrust/reduce.h>
#include <thrust/scan.h>
#include <thrust/transform.h>
#include <thrust/sequence.h>
#include <thrust/fill.h>
#include <thrust/functional.h>
#include <cuda_runtime.h>
#include <algorithm>
#include <vector>
#include "libcheck.h"

__global__ void fill_pattern(int *p, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] = (i * 7919) % 1009;
}

__global__ void double_all(int *p, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] *= 2;
}

struct plus_one {
  __host__ __device__ int operator()(int x) const { return x + 1; }
};

int main()
{
  const int n = 5000;
  std::vector<int> ref(n);
  for (int i = 0; i < n; i++)
    ref[i] = (i * 7919) % 1009;
  std::vector<int> sorted = ref;
  std::sort(sorted.begin(), sorted.end());
  long long sum = 0;
  for (int i = 0; i < n; i++)
    sum += ref[i];

  // par.on(stream): kernel, sort, kernel, reduce, all on one stream.
  cudaStream_t s;
  CHECK(cudaStreamCreate(&s) == cudaSuccess);
  thrust::device_vector<int> d(n);
  int *raw = thrust::raw_pointer_cast(d.data());
  fill_pattern<<<(n + 255) / 256, 256, 0, s>>>(raw, n);
  thrust::sort(thrust::cuda::par.on(s), d.begin(), d.end());
  double_all<<<(n + 255) / 256, 256, 0, s>>>(raw, n);
  int total = thrust::reduce(thrust::cuda::par.on(s), d.begin(), d.end());
  CHECK(total == 2 * sum);
  CHECK(cudaStreamSynchronize(s) == cudaSuccess);
  thrust::host_vector<int> h = d;
  bool ok = true;
  for (int i = 0; i < n; i++)
    ok = ok && h[i] == 2 * sorted[i];
  CHECK(ok);

  // Raw cudaMalloc pointers with thrust::device, thrust::cuda::par and
  // par.on(stream); cudaMemcpy between them and the host.
  int *a, *b;
  CHECK(cudaMalloc(&a, n * sizeof(int)) == cudaSuccess);
  CHECK(cudaMalloc(&b, n * sizeof(int)) == cudaSuccess);
  fill_pattern<<<(n + 127) / 128, 128>>>(a, n);
  thrust::inclusive_scan(thrust::device, a, a + n, b);
  std::vector<int> got(n);
  CHECK(cudaMemcpy(got.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
  int acc = 0;
  ok = true;
  for (int i = 0; i < n; i++)
    ok = ok && got[i] == (acc += ref[i]);
  CHECK(ok);
  thrust::transform(thrust::cuda::par, a, a + n, b, plus_one());
  CHECK(cudaMemcpy(got.data(), b, n * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
  ok = true;
  for (int i = 0; i < n; i++)
    ok = ok && got[i] == ref[i] + 1;
  CHECK(ok);
  thrust::sort(thrust::cuda::par.on(s), a, a + n, thrust::greater<int>());
  CHECK(cudaMemcpy(got.data(), a, n * sizeof(int), cudaMemcpyDeviceToHost) == cudaSuccess);
  ok = true;
  for (int i = 0; i < n; i++)
    ok = ok && got[i] == sorted[n - 1 - i];
  CHECK(ok);
  thrust::device_ptr<int> pa = thrust::device_pointer_cast(a);
  thrust::sequence(thrust::device, pa, pa + n);
  CHECK(thrust::reduce(thrust::cuda::par, pa, pa + n) == n * (n - 1) / 2);
  CHECK(cudaFree(a) == cudaSuccess && cudaFree(b) == cudaSuccess);

  // thrust::host on host memory.
  std::vector<int> hv = ref;
  thrust::sort(thrust::host, hv.data(), hv.data() + n);
  CHECK(hv == sorted);
  thrust::host_vector<int> hh(ref.begin(), ref.end());
  CHECK(thrust::reduce(thrust::host, hh.begin(), hh.end()) == sum);
  thrust::fill(thrust::host, hh.begin(), hh.end(), 4);
  CHECK(thrust::reduce(hh.begin(), hh.end()) == 4 * n);

  CHECK(cudaStreamDestroy(s) == cudaSuccess);
  return finish("thrust_policies");
}
