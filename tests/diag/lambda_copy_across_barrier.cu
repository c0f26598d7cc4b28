// A lambda that captures a per-thread value by copy and is called after a
// barrier: making it again there would copy later values.
__global__ void k(float *p)
{
    __shared__ float s[32];
    float v = p[threadIdx.x];
    auto scaled = [v](float x) { return v * x; };
    s[threadIdx.x] = v;
    v = 0;
    __syncthreads();
    p[threadIdx.x] = scaled(s[(threadIdx.x + 1) % 32]);
}
