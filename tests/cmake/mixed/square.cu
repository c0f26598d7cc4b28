#include "square.h"

__global__ void square_kernel(float *x, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n)
        x[i] = x[i] * x[i];
}

void square_on_device(float *d_x, int n)
{
    square_kernel<<<(n + 127) / 128, 128>>>(d_x, n);
}
