// texture_fetch_fast.cu: tex1Dfetch<T> on texture objects over linear
// memory, for the texel types that cucpu reads with an inline load (float,
// int, unsigned int, int2, float4, unsigned char read as elements) and for
// unsigned char read as normalized floats (converted by the runtime). Every
// element is fetched, plus indices out of range on both sides, which must
// give zeros. The buffers hold GUARD more nonzero texels past the N that
// the texture covers, so a fetch past the end that reads memory shows.
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <climits>
#include <cmath>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

// out[k] = texel idx[k] of tex, read as T.
template <class T>
__global__ void fetch(cudaTextureObject_t tex, const int *idx, T *out, int m)
{
    int k = blockIdx.x * blockDim.x + threadIdx.x;
    if (k < m)
        out[k] = tex1Dfetch<T>(tex, idx[k]);
}

static const int N = 1000, GUARD = 8;
static const int OUTSIDE[] = {-1, -2, -1000, INT_MIN, N, N + 1, 5 * N, INT_MAX};
static const int M = N + (int)(sizeof OUTSIDE / sizeof OUTSIDE[0]);

// The indices fetched: 0..N-1 in a scrambled order, then OUTSIDE.
static void make_indices(int *idx)
{
    for (int k = 0; k < N; k++)
        idx[k] = (k * 7) % N;
    for (int k = N; k < M; k++)
        idx[k] = OUTSIDE[k - N];
}

// A texture object over the n texels of desc at d, read with mode.
static int make_tex(cudaTextureObject_t *tex, void *d, size_t bytes,
                    cudaChannelFormatDesc desc, cudaTextureReadMode mode)
{
    cudaResourceDesc rd;
    memset(&rd, 0, sizeof rd);
    rd.resType = cudaResourceTypeLinear;
    rd.res.linear.devPtr = d;
    rd.res.linear.desc = desc;
    rd.res.linear.sizeInBytes = bytes;
    cudaTextureDesc td;
    memset(&td, 0, sizeof td);
    td.readMode = mode;
    CK(cudaCreateTextureObject(tex, &rd, &td, NULL));
    return 0;
}

// Fetches all indices of a T texture over the first N of the N + GUARD
// host values h (read as elements) and compares with h, zeros out of
// range. Returns the number of failures.
template <class T>
static int check_elements(const char *name, const T *h, const int *didx)
{
    T *d, *dout, *out = (T *)malloc(M * sizeof(T));
    cudaTextureObject_t tex;
    CK(cudaMalloc(&d, (N + GUARD) * sizeof(T)));
    CK(cudaMalloc(&dout, M * sizeof(T)));
    CK(cudaMemcpy(d, h, (N + GUARD) * sizeof(T), cudaMemcpyHostToDevice));
    if (make_tex(&tex, d, N * sizeof(T), cudaCreateChannelDesc<T>(), cudaReadModeElementType))
        return 1;
    fetch<T><<<(M + 127) / 128, 128>>>(tex, didx, dout, M);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, M * sizeof(T), cudaMemcpyDeviceToHost));
    int idx[M], failures = 0;
    make_indices(idx);
    T zero;
    memset(&zero, 0, sizeof zero);
    for (int k = 0; k < M; k++) {
        const T *want = idx[k] >= 0 && idx[k] < N ? &h[idx[k]] : &zero;
        if (memcmp(&out[k], want, sizeof(T)) != 0 && failures++ < 5)
            printf("%s: texel %d differs\n", name, idx[k]);
    }
    CK(cudaDestroyTextureObject(tex));
    CK(cudaFree(d));
    CK(cudaFree(dout));
    free(out);
    return failures;
}

// Fetches all indices of an unsigned char texture read as normalized
// floats: v / 255 in range, 0 outside.
static int check_normalized(const unsigned char *h, const int *didx)
{
    unsigned char *d;
    float *dout, out[M];
    cudaTextureObject_t tex;
    CK(cudaMalloc(&d, N + GUARD));
    CK(cudaMalloc(&dout, M * sizeof(float)));
    CK(cudaMemcpy(d, h, N + GUARD, cudaMemcpyHostToDevice));
    if (make_tex(&tex, d, N, cudaCreateChannelDesc<unsigned char>(),
                 cudaReadModeNormalizedFloat))
        return 1;
    fetch<float><<<(M + 127) / 128, 128>>>(tex, didx, dout, M);
    CK(cudaGetLastError());
    CK(cudaMemcpy(out, dout, sizeof out, cudaMemcpyDeviceToHost));
    int idx[M], failures = 0;
    make_indices(idx);
    for (int k = 0; k < M; k++) {
        float want = idx[k] >= 0 && idx[k] < N ? h[idx[k]] / 255.0f : 0.0f;
        if (!(out[k] >= 0.0f && out[k] <= 1.0f && fabsf(out[k] - want) <= 1e-6f) &&
            failures++ < 5)
            printf("normalized uchar: texel %d: got %g, want %g\n", idx[k], out[k], want);
    }
    CK(cudaDestroyTextureObject(tex));
    CK(cudaFree(d));
    CK(cudaFree(dout));
    return failures;
}

int main()
{
    static float hf[N + GUARD];
    static int hi[N + GUARD];
    static unsigned int hu[N + GUARD];
    static int2 hi2[N + GUARD];
    static float4 hf4[N + GUARD];
    static unsigned char hc[N + GUARD];
    for (int i = 0; i < N + GUARD; i++) {
        hf[i] = 0.25f * (float)i - 17.5f;
        hi[i] = i * 37 - 20000;
        hu[i] = 4000000000u - (unsigned)i * 3u;
        hi2[i] = make_int2(i + 1, -i - 1);
        hf4[i] = make_float4((float)i + 0.5f, -(float)i, 1.0f / (float)(i + 1), 1e6f + (float)i);
        hc[i] = (unsigned char)(i * 13 + 1);
    }
    int idx[M], *didx;
    make_indices(idx);
    CK(cudaMalloc(&didx, sizeof idx));
    CK(cudaMemcpy(didx, idx, sizeof idx, cudaMemcpyHostToDevice));

    int failures = 0;
    failures += check_elements("float", hf, didx);
    failures += check_elements("int", hi, didx);
    failures += check_elements("unsigned int", hu, didx);
    failures += check_elements("int2", hi2, didx);
    failures += check_elements("float4", hf4, didx);
    failures += check_elements("unsigned char", hc, didx);
    failures += check_normalized(hc, didx);
    CK(cudaFree(didx));
    if (failures) {
        printf("FAIL: %d wrong texels\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
