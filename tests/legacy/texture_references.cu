// texture_references.cu: the texture reference API of CUDA 11 and earlier
// (removed in CUDA 12), as kmeans, leukocyte, hybridsort and mummergpu use
// it: file-scope texture<T, dim, mode> references, bound with
// cudaBindTexture (with and without a channel descriptor),
// cudaBindTexture2D and cudaBindTextureToArray, read in kernels with
// tex1Dfetch, tex1D, tex2D and tex3D, unbound with cudaUnbindTexture; the
// reference's filterMode, normalized and addressMode fields; 8-bit texels
// read as normalized floats. Each result is checked against plain C.
#include <cstdio>
#include <cstring>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

texture<float, 1, cudaReadModeElementType> t_lin;           // linear, cudaBindTexture
texture<float4, 1, cudaReadModeElementType> t_vec;          // float4 texels
texture<unsigned char, 1, cudaReadModeNormalizedFloat> t_norm;
texture<float, 2, cudaReadModeElementType> t_pitch;         // cudaBindTexture2D
texture<uint4, 2, cudaReadModeElementType> t_arr;           // cudaBindTextureToArray
texture<float, 1> t_interp;                                 // tex1D, linear filter
texture<float, 3> t_vol;                                    // tex3D

__global__ void fetch1d(float *out, float4 *out4, float *outn, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) {
        out[i] = tex1Dfetch(t_lin, i);
        out4[i] = tex1Dfetch(t_vec, i);
        outn[i] = tex1Dfetch(t_norm, i);
    }
}

__global__ void fetch2d(float *out, uint4 *outa, int w, int h)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    if (x < w && y < h) {
        out[y * w + x] = tex2D(t_pitch, x + 0.5f, y + 0.5f);
        outa[y * w + x] = tex2D(t_arr, (float)x, (float)y);
    }
}

__global__ void interp(float *out, int m, float scale)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < m)
        out[i] = tex1D(t_interp, i * scale);
}

__global__ void fetch3d(float *out, int n)
{
    int x = threadIdx.x, y = threadIdx.y, z = blockIdx.x;
    if (x < n && y < n && z < n)
        out[(z * n + y) * n + x] = tex3D(t_vol, x + 0.5f, y + 0.5f, z + 0.5f);
}

static int fails = 0;
static void expect(int ok, const char *what, int i, double got, double want)
{
    if (!ok && fails++ < 10)
        printf("%s[%d] = %g, expected %g\n", what, i, got, want);
}

static int test_1d(void)
{
    const int n = 300;
    float h[n], got[n], gotn[n];
    float4 h4[n], got4[n];
    unsigned char hb[n];
    for (int i = 0; i < n; i++) {
        h[i] = 0.25f * i - 7.0f;
        h4[i] = make_float4(i, -i, 2.0f * i, 0.5f);
        hb[i] = (unsigned char)(i * 3);
    }
    float *d, *dout, *doutn;
    float4 *d4, *dout4;
    unsigned char *db;
    CK(cudaMalloc(&d, sizeof h));
    CK(cudaMalloc(&d4, sizeof h4));
    CK(cudaMalloc(&db, sizeof hb));
    CK(cudaMalloc(&dout, sizeof got));
    CK(cudaMalloc(&dout4, sizeof got4));
    CK(cudaMalloc(&doutn, sizeof gotn));
    CK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(d4, h4, sizeof h4, cudaMemcpyHostToDevice));
    CK(cudaMemcpy(db, hb, sizeof hb, cudaMemcpyHostToDevice));
    size_t offset = 1;
    CK(cudaBindTexture(&offset, t_lin, d, sizeof h));
    expect(offset == 0, "offset", 0, (double)offset, 0);
    cudaChannelFormatDesc desc4 = cudaCreateChannelDesc<float4>();
    CK(cudaBindTexture(NULL, t_vec, d4, desc4, sizeof h4));
    CK(cudaBindTexture(NULL, t_norm, db, sizeof hb));
    fetch1d<<<(n + 63) / 64, 64>>>(dout, dout4, doutn, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(got4, dout4, sizeof got4, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(gotn, doutn, sizeof gotn, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n; i++) {
        expect(got[i] == h[i], "tex1Dfetch float", i, got[i], h[i]);
        expect(got4[i].x == h4[i].x && got4[i].y == h4[i].y && got4[i].z == h4[i].z &&
               got4[i].w == h4[i].w, "tex1Dfetch float4 .x", i, got4[i].x, h4[i].x);
        expect(fabsf(gotn[i] - hb[i] / 255.0f) < 1e-6f, "tex1Dfetch normalized", i, gotn[i], hb[i] / 255.0);
    }
    CK(cudaUnbindTexture(t_lin));
    CK(cudaUnbindTexture(t_vec));
    CK(cudaUnbindTexture(t_norm));
    cudaFree(d); cudaFree(d4); cudaFree(db); cudaFree(dout); cudaFree(dout4); cudaFree(doutn);
    return 0;
}

static int test_2d(void)
{
    const int w = 37, hgt = 11;
    float hp[hgt][w], got[hgt * w];
    uint4 ha[hgt * w], gota[hgt * w];
    for (int y = 0; y < hgt; y++)
        for (int x = 0; x < w; x++) {
            hp[y][x] = 100.0f * y + x;
            ha[y * w + x] = make_uint4(x, y, x * y, 7);
        }
    float *dp, *dout;
    uint4 *douta;
    size_t pitch;
    CK(cudaMallocPitch(&dp, &pitch, w * sizeof(float), hgt));
    CK(cudaMemcpy2D(dp, pitch, hp, w * sizeof(float), w * sizeof(float), hgt, cudaMemcpyHostToDevice));
    CK(cudaBindTexture2D(NULL, t_pitch, dp, cudaCreateChannelDesc<float>(), w, hgt, pitch));
    cudaArray *arr;
    cudaChannelFormatDesc da = cudaCreateChannelDesc<uint4>();
    CK(cudaMallocArray(&arr, &da, w, hgt));
    CK(cudaMemcpy2DToArray(arr, 0, 0, ha, w * sizeof(uint4), w * sizeof(uint4), hgt, cudaMemcpyHostToDevice));
    CK(cudaBindTextureToArray(t_arr, arr));
    CK(cudaMalloc(&dout, sizeof got));
    CK(cudaMalloc(&douta, sizeof gota));
    fetch2d<<<dim3((w + 7) / 8, (hgt + 7) / 8), dim3(8, 8)>>>(dout, douta, w, hgt);
    CK(cudaGetLastError());
    CK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(gota, douta, sizeof gota, cudaMemcpyDeviceToHost));
    for (int i = 0; i < w * hgt; i++) {
        expect(got[i] == hp[i / w][i % w], "tex2D pitch", i, got[i], hp[i / w][i % w]);
        expect(gota[i].x == ha[i].x && gota[i].y == ha[i].y && gota[i].z == ha[i].z &&
               gota[i].w == ha[i].w, "tex2D array .z", i, gota[i].z, ha[i].z);
    }
    CK(cudaUnbindTexture(t_pitch));
    CK(cudaUnbindTexture(t_arr));
    cudaFreeArray(arr);
    cudaFree(dp); cudaFree(dout); cudaFree(douta);
    return 0;
}

// tex1D with the reference's fields: linear filtering over normalized
// coordinates with wrap addressing, set after binding to an array.
static int test_fields(void)
{
    const int n = 16, m = 64;
    float h[n], got[m];
    for (int i = 0; i < n; i++)
        h[i] = (float)(i * i);
    cudaArray *arr;
    cudaChannelFormatDesc df = cudaCreateChannelDesc<float>();
    CK(cudaMallocArray(&arr, &df, n));
    CK(cudaMemcpyToArray(arr, 0, 0, h, sizeof h, cudaMemcpyHostToDevice));
    CK(cudaBindTextureToArray(t_interp, arr, df));
    t_interp.filterMode = cudaFilterModeLinear;
    t_interp.normalized = true;
    t_interp.addressMode[0] = cudaAddressModeWrap;
    float *dout;
    CK(cudaMalloc(&dout, sizeof got));
    const float scale = 1.5f / m;   // coordinates 0 .. 1.5: wraps once
    interp<<<1, m>>>(dout, m, scale);
    CK(cudaGetLastError());
    CK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
    for (int i = 0; i < m; i++) {
        // The hardware's rule: x = u * n - 0.5, weights in 1/256 steps, wrap.
        double x = i * (double)scale * n - 0.5, fl = floor(x);
        double a = round((x - fl) * 256.0) / 256.0;
        int i0 = (((int)fl % n) + n) % n, i1 = (i0 + 1) % n;
        double want = (1.0 - a) * h[i0] + a * h[i1];
        expect(fabs(got[i] - want) < 1e-3 * (1.0 + fabs(want)), "tex1D linear wrap", i, got[i], want);
    }
    CK(cudaUnbindTexture(t_interp));
    cudaFreeArray(arr);
    cudaFree(dout);
    return 0;
}

static int test_3d(void)
{
    const int n = 6;
    float h[n * n * n], got[n * n * n];
    for (int i = 0; i < n * n * n; i++)
        h[i] = 0.5f * i;
    cudaArray *arr;
    cudaChannelFormatDesc df = cudaCreateChannelDesc<float>();
    CK(cudaMalloc3DArray(&arr, &df, make_cudaExtent(n, n, n)));
    cudaMemcpy3DParms p;
    memset(&p, 0, sizeof p);
    p.srcPtr = make_cudaPitchedPtr(h, n * sizeof(float), n, n);
    p.dstArray = arr;
    p.extent = make_cudaExtent(n, n, n);
    p.kind = cudaMemcpyHostToDevice;
    CK(cudaMemcpy3D(&p));
    CK(cudaBindTextureToArray(t_vol, arr));
    float *dout;
    CK(cudaMalloc(&dout, sizeof got));
    fetch3d<<<n, dim3(n, n)>>>(dout, n);
    CK(cudaGetLastError());
    CK(cudaMemcpy(got, dout, sizeof got, cudaMemcpyDeviceToHost));
    for (int i = 0; i < n * n * n; i++)
        expect(got[i] == h[i], "tex3D", i, got[i], h[i]);
    CK(cudaUnbindTexture(t_vol));
    cudaFreeArray(arr);
    cudaFree(dout);
    return 0;
}

int main(void)
{
    if (test_1d() || test_2d() || test_fields() || test_3d())
        return 1;
    if (fails)
        return 1;
    printf("PASS\n");
    return 0;
}
