// The warp primitives without masks that CUDA 9 deprecated and sm_70
// removed: __shfl, __shfl_up, __shfl_down, __shfl_xor, __ballot, __any and
// __all. Older programs (written for sm_30..sm_62) still call them; the
// lanes that take part are the active ones. The reference is computed on
// the host.
#include <cstdio>

enum { NT = 64, NB = 2, NR = 7 };

__global__ void legacy(const int *in, int *out)
{
    int tid = threadIdx.x, g = blockIdx.x * blockDim.x + tid;
    int v = in[g], *o = out + g * NR;
    o[0] = __shfl(v, 3);
    o[1] = __shfl_up(v, 2);
    o[2] = __shfl_down(v, 5, 16);
    o[3] = __shfl_xor(v, 1);
    o[4] = (int)__ballot(v % 2);
    o[5] = __any(v == 13);
    o[6] = 0;
    if (tid % 32 < 8) o[6] = __all(v > 10) + 2 * (int)__ballot(1);
}

int main()
{
    const int n = NB * NT;
    int *in, *out;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&out, n * NR * sizeof(int));
    for (int i = 0; i < n; i++) in[i] = (i * 41 + 13) % 60;
    legacy<<<NB, NT>>>(in, out);
    cudaDeviceSynchronize();
    int bad = 0;
    for (int g = 0; g < n; g++) {
        int base = g / 32 * 32, lane = g % 32, e[NR];
        e[0] = in[base + 3];
        e[1] = lane >= 2 ? in[g - 2] : in[g];
        e[2] = lane % 16 + 5 < 16 ? in[g + 5] : in[g];
        e[3] = in[base + (lane ^ 1)];
        unsigned odd = 0;
        int any13 = 0, all10 = 1;
        for (int j = 0; j < 32; j++) {
            if (in[base + j] % 2) odd |= 1u << j;
            any13 |= in[base + j] == 13;
            if (j < 8) all10 &= in[base + j] > 10;
        }
        e[4] = (int)odd;
        e[5] = any13;
        e[6] = lane < 8 ? all10 + 2 * 0xff : 0;
        for (int r = 0; r < NR; r++)
            if (out[g * NR + r] != e[r] && bad++ < 8) printf("thread %d result %d: got %d want %d\n", g, r, out[g * NR + r], e[r]);
    }
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
