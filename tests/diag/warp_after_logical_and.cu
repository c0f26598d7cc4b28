// A warp vote after `&&` runs only in the lanes where the left operand
// holds; cucpu cannot hoist it out of the expression, and says so.
__global__ void votes(const int *in, int *out)
{
    int v = in[threadIdx.x];
    if (v > 0 && __any_sync(0xffffffffu, v > 10))
        out[threadIdx.x] = 1;
}

int main()
{
    int *in = 0, *out = 0;
    votes<<<1, 64>>>(in, out);
    return 0;
}
