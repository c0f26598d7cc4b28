// A macro that expands to several statements, one of them __syncthreads():
// every statement's range is the whole invocation, so they cannot be split
// at the barrier one by one.
#define STORE_SYNC(s, v) s[threadIdx.x] = v; __syncthreads()

__global__ void k(int *o)
{
  __shared__ int s[32];
  STORE_SYNC(s, o[threadIdx.x]);
  o[threadIdx.x] = s[31 - threadIdx.x];
}

int main()
{
  k<<<1, 32>>>(0);
  return 0;
}
