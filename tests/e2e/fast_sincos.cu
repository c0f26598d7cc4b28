// __sinf, __cosf and __sincosf in a kernel give an H100's bits (CUDA 13,
// recorded with __sincosf): inputs from all four quadrants of x / 2 pi for
// x > 0 and x < 0, the zeros that keep a sign (sin of a tiny negative x is
// -0, cos(pi/2 rounded) is -0), cuRAND Box-Muller angles, tiny inputs
// (quantized to 2^-25 revolutions) and a dense window near 0.3. cucpu
// computes them with the model of MUFU.SIN/COS in include/cucpu_mufu.h.
#include <cstdio>
#include <cstring>

// {x, __sinf(x), __cosf(x)} as bit patterns, recorded on the GPU.
static const unsigned ref[][3] = {
  {0x3fbdfa9bu, 0x3f7f0a7du, 0x3db11b3cu}, {0x3f7b5c76u, 0x3f54dffcu, 0x3f0e32a9u}, {0x3fb46506u, 0x3f7cab94u, 0x3e249ef3u},
  {0x3f898fb0u, 0x3f612361u, 0x3ef3b60eu}, {0xbdb2a10du, 0xbdb26714u, 0x3f7f06e0u}, {0xbeb51d34u, 0xbeb15c47u, 0x3f70264au},
  {0xbef167d9u, 0xbee88f67u, 0x3f64115eu}, {0xbee5433eu, 0xbeddad7cu, 0x3f66c2dfu}, {0x4034a928u, 0x3ea07596u, 0xbf731a6fu},
  {0x3fe37d47u, 0x3f7a9023u, 0xbe51ebaau}, {0x4037169au, 0x3e8de80eu, 0xbf75f885u}, {0x4016c601u, 0x3f351599u, 0xbf34f44au},
  {0xc02cdc16u, 0xbeda62f8u, 0xbf678b5eu}, {0xc002fe8au, 0xbf638b02u, 0xbeea9b8cu}, {0xc0008550u, 0xbf67e7d5u, 0xbed8d920u},
  {0xc006df16u, 0xbf5c060cu, 0xbf02dd63u}, {0x40792116u, 0xbf2eb243u, 0xbf3b20f6u}, {0x407bc8a6u, 0xbf364e36u, 0xbf33b952u},
  {0x40805a50u, 0xbf439308u, 0xbf252fceu}, {0x4081cff7u, 0xbf4ae71fu, 0xbf1c18f5u}, {0xc083cdfcu, 0x3f5438c4u, 0xbf0f2bc2u},
  {0xc08c5f9au, 0x3f728a2bu, 0xbea3d5c1u}, {0xc087bacdu, 0x3f6424f8u, 0xbee84271u}, {0xc06b584au, 0x3f02aac1u, 0xbf5c2422u},
  {0x409ed95eu, 0xbf77efe3u, 0x3e7ef927u}, {0x40c1e55du, 0xbe63665bu, 0x3f799b9cu}, {0x40b595f4u, 0xbf125dd9u, 0x3f5207cfu},
  {0x40c14620u, 0xbe76c373u, 0x3f7874a7u}, {0xc09896f5u, 0x3f7f991fu, 0x3d65693au}, {0xc0c7912cu, 0x3d3f45aau, 0x3f7fb881u},
  {0xc0b0ad51u, 0x3f30bd6eu, 0x3f393326u}, {0xc09de954u, 0x3f79b2bbu, 0x3e61ced2u}, {0xb3490fdbu, 0x80000000u, 0x3f800000u},
  {0x3fc90fdcu, 0x3f800000u, 0x80000000u}, {0xbfc90fdcu, 0xbf800000u, 0x80000000u}, {0x40490fdcu, 0x80000000u, 0xbf800000u},
  {0x409036c4u, 0xbf7a9a55u, 0xbe51288au}, {0x400134d4u, 0x3f66bb16u, 0xbeddcde5u}, {0x409b98b6u, 0xbf7d2014u, 0x3e1906d6u},
  {0x3ddb6994u, 0x3ddafe19u, 0x3f7e8841u}, {0x3fbd04d2u, 0x3f7ede24u, 0x3dc067b9u}, {0x3f3790f3u, 0x3f283c2bu, 0x3f40f55du},
  {0x3f928700u, 0x3f691d62u, 0x3ed3993bu}, {0x40a1792bu, 0xbf71e1deu, 0x3ea7ad7bu}, {0x4074fbcdu, 0xbf223793u, 0xbf460b5fu},
  {0x3fe62a63u, 0x3f79693eu, 0xbe66d3fdu}, {0x3971bd6bu, 0x3971b755u, 0x3f7fffffu}, {0x35898886u, 0x357b5680u, 0x3f800000u},
  {0x38702225u, 0x386f8e72u, 0x3f7fffffu}, {0x3e99de1bu, 0x3e978fddu, 0x3f7486cbu}, {0x3e9a2240u, 0x3e97d0f0u, 0x3f747cb3u},
  {0x3e9a909du, 0x3e983a55u, 0x3f746c51u},
};
enum { N = sizeof ref / sizeof ref[0] };

__global__ void fast_trig(const float *x, float *out, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n)
        return;
    float s, c;
    __sincosf(x[i], &s, &c);
    out[4 * i] = __sinf(x[i]);
    out[4 * i + 1] = __cosf(x[i]);
    out[4 * i + 2] = s;
    out[4 * i + 3] = c;
}

int main()
{
    float hx[N], ho[4 * N];
    for (int i = 0; i < N; i++)
        memcpy(&hx[i], &ref[i][0], 4);
    float *dx, *dout;
    cudaMalloc(&dx, sizeof hx);
    cudaMalloc(&dout, sizeof ho);
    cudaMemcpy(dx, hx, sizeof hx, cudaMemcpyHostToDevice);
    fast_trig<<<(N + 31) / 32, 32>>>(dx, dout, N);
    cudaMemcpy(ho, dout, sizeof ho, cudaMemcpyDeviceToHost);
    int bad = 0;
    for (int i = 0; i < N; i++)
        for (int k = 0; k < 4; k++) {
            unsigned got, want = ref[i][1 + k % 2];
            memcpy(&got, &ho[4 * i + k], 4);
            if (got != want && bad++ < 10)
                printf("x=%a: %s = %08x, want %08x\n", hx[i],
                       k == 0 ? "__sinf" : k == 1 ? "__cosf" : k == 2 ? "sincos s" : "sincos c", got, want);
        }
    cudaFree(dx);
    cudaFree(dout);
    if (bad) {
        printf("FAIL: %d of %d differ\n", bad, 4 * N);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
