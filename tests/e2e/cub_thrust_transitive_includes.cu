// cub_thrust_transitive_includes.cu: names that CUDA's Thrust and CUB headers
// bring in with them: std::cout after <thrust/host_vector.h> and
// <thrust/device_vector.h> (HeCBench's mtf), std::chrono after
// <cub/cub.cuh> (HeCBench's nonzero), neither header included here.
#include <cstdio>
#include <thrust/host_vector.h>
#include <thrust/device_vector.h>
#include <cub/cub.cuh>

int main()
{
  auto start = std::chrono::steady_clock::now();
  thrust::host_vector<int> h(4, 3);
  thrust::device_vector<int> d = h;
  int s = 0;
  for (int i = 0; i < 4; i++) s += d[i];
  auto end = std::chrono::steady_clock::now();
  std::cout << (s == 12 && end >= start ? "PASS" : "FAIL") << std::endl;
  return s == 12 ? 0 : 1;
}
