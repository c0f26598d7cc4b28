// A loop whose trip count depends on threadIdx contains a barrier, so the
// threads of a block reach different numbers of barriers.
__global__ void uneven(int *x)
{
    __shared__ int s[32];
    s[threadIdx.x] = x[threadIdx.x];
    for (int k = 0; k < (int)threadIdx.x % 4; k++) {
        __syncthreads();
        s[threadIdx.x] += s[(threadIdx.x + 1) % 32];
    }
    x[threadIdx.x] = s[threadIdx.x];
}

int main()
{
    int *d = 0;
    uneven<<<1, 32>>>(d);
    return 0;
}
