// A name #undef'd inside a kernel's body and used after the #undef: cucpu
// puts the body's #define lines before the launcher and its #undef lines
// after it, which would change what the later use means.
#define N 4

__global__ void k(int *o)
{
  o[threadIdx.x] = N;
#undef N
  int N = 7;
  o[threadIdx.x] += N;
}

int main()
{
  k<<<1, 32>>>(0);
  return 0;
}
