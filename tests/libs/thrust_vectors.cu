// Thrust's containers and pointers with the CUDA runtime: host_vector and
// device_vector (construction, copies both ways, resize, push_back, element
// access through device_reference, assign, swap, clear), device_ptr from
// device_pointer_cast over cudaMalloc memory, raw_pointer_cast of
// device_vector::data() passed to a <<<>>> kernel and to cudaMemcpy both
// ways, device_malloc/device_free, and a device_vector of a struct.
#include <thrust/device_vector.h>
#include <thrust/host_vector.h>
#include <thrust/device_ptr.h>
#include <thrust/device_malloc.h>
#include <thrust/device_free.h>
#include <thrust/fill.h>
#include <thrust/copy.h>
#include <cuda_runtime.h>
#include "libcheck.h"

struct Pt { int x; float y; };

__global__ void add_index(int *p, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n)
    p[i] += i;
}

__global__ void move_points(Pt *p, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    p[i].x += 1;
    p[i].y *= 2.0f;
  }
}

int main()
{
  const int n = 1000;
  thrust::host_vector<int> h(n);
  for (int i = 0; i < n; i++)
    h[i] = 3 * i - 7;

  // host -> device, a kernel on raw_pointer_cast(data()), device -> host.
  thrust::device_vector<int> d = h;
  CHECK(d.size() == (size_t)n);
  add_index<<<(n + 127) / 128, 128>>>(thrust::raw_pointer_cast(d.data()), n);
  CHECK(cudaDeviceSynchronize() == cudaSuccess);
  thrust::host_vector<int> back = d;
  for (int i = 0; i < n; i++)
    CHECK(back[i] == 4 * i - 7);

  // device_reference: reads and writes of single elements.
  d[5] = 42;
  int five = d[5];
  CHECK(five == 42);
  CHECK(d.front() == -7 && d.back() == 4 * (n - 1) - 7);

  // cudaMemcpy into and out of a device_vector.
  int src[4] = {9, 8, 7, 6}, dst[4] = {0, 0, 0, 0};
  CHECK(cudaMemcpy(thrust::raw_pointer_cast(&d[10]), src, sizeof src,
                   cudaMemcpyHostToDevice) == cudaSuccess);
  CHECK(d[10] == 9 && d[13] == 6);
  CHECK(cudaMemcpy(dst, thrust::raw_pointer_cast(d.data()) + 11, sizeof dst,
                   cudaMemcpyDeviceToHost) == cudaSuccess);
  CHECK(dst[0] == 8 && dst[1] == 7 && dst[2] == 6 && dst[3] == 4 * 14 - 7);

  // resize, push_back, assign, swap, clear.
  thrust::device_vector<int> e(3, 1);
  e.push_back(5);
  e.resize(6, 2);
  int want_e[6] = {1, 1, 1, 5, 2, 2};
  for (int i = 0; i < 6; i++)
    CHECK(e[i] == want_e[i]);
  e.swap(d);
  CHECK(e.size() == (size_t)n && d.size() == 6);
  d.assign(4, 11);
  CHECK(d.size() == 4 && d[3] == 11);
  d.clear();
  CHECK(d.empty());

  // device_ptr over cudaMalloc memory: Thrust algorithms and a kernel
  // share it.
  int *raw;
  CHECK(cudaMalloc(&raw, n * sizeof(int)) == cudaSuccess);
  thrust::device_ptr<int> p = thrust::device_pointer_cast(raw);
  thrust::fill(p, p + n, 3);
  add_index<<<(n + 255) / 256, 256>>>(raw, n);
  thrust::host_vector<int> hp(p, p + n);
  for (int i = 0; i < n; i++)
    CHECK(hp[i] == 3 + i);
  CHECK(thrust::raw_pointer_cast(p) == raw);
  CHECK(p[7] == 10);
  CHECK(cudaFree(raw) == cudaSuccess);

  // device_malloc / device_free.
  thrust::device_ptr<float> f = thrust::device_malloc<float>(16);
  thrust::fill(f, f + 16, 0.5f);
  float fsum = 0;
  for (int i = 0; i < 16; i++)
    fsum += f[i];
  CHECK(fsum == 8.0f);
  thrust::device_free(f);

  // A device_vector of a struct, through a kernel.
  thrust::host_vector<Pt> hpts(50);
  for (int i = 0; i < 50; i++) {
    hpts[i].x = i;
    hpts[i].y = 0.25f * i;
  }
  thrust::device_vector<Pt> dpts = hpts;
  move_points<<<1, 64>>>(thrust::raw_pointer_cast(dpts.data()), 50);
  thrust::copy(dpts.begin(), dpts.end(), hpts.begin());
  for (int i = 0; i < 50; i++)
    CHECK(hpts[i].x == i + 1 && hpts[i].y == 0.5f * i);

  // std::vector -> device_vector -> std::vector.
  std::vector<double> sv(20);
  for (int i = 0; i < 20; i++)
    sv[i] = i * 1.5;
  thrust::device_vector<double> dv(sv.begin(), sv.end());
  std::vector<double> sv2(20);
  thrust::copy(dv.begin(), dv.end(), sv2.begin());
  CHECK(sv == sv2);
  return finish("thrust_vectors");
}
