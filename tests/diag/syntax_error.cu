// A kernel with a missing semicolon: cucpu must report the parse error at
// its location and write no output.
__global__ void scale(float *x, float a, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x
    if (i < n)
        x[i] *= a;
}

int main()
{
    float *d = 0;
    scale<<<1, 32>>>(d, 2.0f, 32);
    return 0;
}
