// scale_kernel.cu: a kernel in a .cu that another .cu #includes, as the
// Rodinia programs do (used by included_kernels.cu).
__global__ void scale(float *x, float f, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= f;
}
