// team_host_loops.cu: host loops that cucpu runs in one OpenMP team (the
// `team` pass). A for loop with a counter declared before it swaps two
// device pointers that are used after the loop and copies results to the
// host inside the loop (once under an if, once every iteration); a while
// loop runs until a maximum computed from device results drops below a
// bound; a third loop swaps two pointers that main allocated itself with
// cudaMalloc(&p, ...) (their address is taken, but only by a CUDA call that
// keeps no pointer); a fourth, shaped like Rodinia's bfs and srad, repeats
// until a device flag copied into a host local stays clear, and copies a
// device value into a local declared inside the loop (the team shares the
// flag, and the local moves before the team). Everything is checked against
// the same steps on the host.
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <cuda_runtime.h>

#define ITERS 40
#define BLOCK 128

__global__ void smooth(const float *src, float *dst, int n)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= n) return;
    float l = i > 0 ? src[i - 1] : src[i], r = i < n - 1 ? src[i + 1] : src[i];
    dst[i] = 0.25f * l + 0.5f * src[i] + 0.25f * r;
}

__global__ void scale(float *x, int n, float s)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n) x[i] *= s;
}

/* per-block maximum of x, through shared memory (a kernel with barriers) */
__global__ void block_max(const float *x, float *partial, int n)
{
    __shared__ float m[BLOCK];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    m[threadIdx.x] = i < n ? x[i] : 0.0f;
    __syncthreads();
    for (int s = blockDim.x / 2; s > 0; s /= 2) {
        if (threadIdx.x < s && m[threadIdx.x + s] > m[threadIdx.x]) m[threadIdx.x] = m[threadIdx.x + s];
        __syncthreads();
    }
    if (threadIdx.x == 0) partial[blockIdx.x] = m[0];
}

__global__ void halve_large(float *x, int n, int *flag)
{
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < n && x[i] > 1.0f) {
        x[i] *= 0.5f;
        *flag = 1;
    }
}

static float *dev_alloc(int n)
{
    float *p = NULL;
    if (cudaMalloc(&p, n * sizeof(float)) != cudaSuccess) exit(1);
    return p;
}

static void host_smooth(const float *src, float *dst, int n)
{
    for (int i = 0; i < n; i++) {
        float l = i > 0 ? src[i - 1] : src[i], r = i < n - 1 ? src[i + 1] : src[i];
        dst[i] = 0.25f * l + 0.5f * src[i] + 0.25f * r;
    }
}

static int close_to(float a, float b) { return fabsf(a - b) <= 1e-4f * (1.0f + fabsf(b)); }

int main()
{
    const int n = 1000, nb = (n + BLOCK - 1) / BLOCK;
    float *h = (float *)malloc(n * sizeof(float)), *ref = (float *)malloc(n * sizeof(float));
    float *tmp = (float *)malloc(n * sizeof(float)), *snap = (float *)malloc(n * sizeof(float));
    float *snap_ref = (float *)malloc(n * sizeof(float)), *part = (float *)malloc(nb * sizeof(float));
    float trace[ITERS], trace_ref[ITERS];
    for (int i = 0; i < n; i++) h[i] = (float)((i * 37) % 101);
    float *d0 = dev_alloc(n), *d1 = dev_alloc(n), *d_part = dev_alloc(nb);
    cudaMemcpy(d0, h, n * sizeof(float), cudaMemcpyHostToDevice);

    float *src = d0, *dst = d1;
    int it;
    for (it = 0; it < ITERS; it++) {
        smooth<<<nb, BLOCK>>>(src, dst, n);
        float *t = src;
        src = dst;
        dst = t;
        if (it == ITERS / 2)
            cudaMemcpy(snap, src, n * sizeof(float), cudaMemcpyDeviceToHost);
        cudaMemcpy(&trace[it], src + n / 2, sizeof(float), cudaMemcpyDeviceToHost);
    }

    float m = 1e30f;
    int rounds = 0;
    while (m > 1.0f && rounds < 100) {
        scale<<<nb, BLOCK>>>(src, n, 0.5f);
        block_max<<<nb, BLOCK>>>(src, d_part, n);
        cudaMemcpy(part, d_part, nb * sizeof(float), cudaMemcpyDeviceToHost);
        m = 0.0f;
        for (int b = 0; b < nb; b++)
            m = part[b] > m ? part[b] : m;
        rounds++;
    }
    cudaMemcpy(h, src, n * sizeof(float), cudaMemcpyDeviceToHost);

    float *e0 = NULL, *e1 = NULL, *eh = (float *)malloc(n * sizeof(float));
    cudaMalloc(&e0, n * sizeof(float));
    cudaMalloc((void **)&e1, n * sizeof(float));
    for (int i = 0; i < n; i++) eh[i] = (float)((i * 11) % 7);
    cudaMemcpy(e0, eh, n * sizeof(float), cudaMemcpyHostToDevice);
    for (int k = 0; k < ITERS + 1; k++) {
        smooth<<<nb, BLOCK>>>(e0, e1, n);
        float *t = e0;
        e0 = e1;
        e1 = t;
    }
    cudaMemcpy(eh, e0, n * sizeof(float), cudaMemcpyDeviceToHost);

    int *d_flag = NULL, more, sweeps = 0;
    float top_sum = 0.0f;
    float *fh = (float *)malloc(n * sizeof(float)), *fref = (float *)malloc(n * sizeof(float));
    cudaMalloc(&d_flag, sizeof(int));
    for (int i = 0; i < n; i++) fh[i] = (float)((i * 37) % 101);
    cudaMemcpy(d0, fh, n * sizeof(float), cudaMemcpyHostToDevice);
    do {
        more = 0;
        cudaMemcpy(d_flag, &more, sizeof more, cudaMemcpyHostToDevice);
        halve_large<<<nb, BLOCK>>>(d0, n, d_flag);
        block_max<<<nb, BLOCK>>>(d0, d_part, n);
        cudaMemcpy(&more, d_flag, sizeof more, cudaMemcpyDeviceToHost);
        float top;
        cudaMemcpy(&top, d_part, sizeof top, cudaMemcpyDeviceToHost);
        top_sum += top;
        sweeps++;
    } while (more);
    if (cudaGetLastError() != cudaSuccess) { printf("launch error\n"); return 1; }

    /* the same on the host */
    for (int i = 0; i < n; i++) ref[i] = (float)((i * 37) % 101);
    for (int k = 0; k < ITERS; k++) {
        host_smooth(ref, tmp, n);
        for (int i = 0; i < n; i++) ref[i] = tmp[i];
        if (k == ITERS / 2)
            for (int i = 0; i < n; i++) snap_ref[i] = ref[i];
        trace_ref[k] = ref[n / 2];
    }
    float m_ref = 1e30f;
    int rounds_ref = 0;
    while (m_ref > 1.0f && rounds_ref < 100) {
        m_ref = 0.0f;
        for (int i = 0; i < n; i++) {
            ref[i] *= 0.5f;
            m_ref = ref[i] > m_ref ? ref[i] : m_ref;
        }
        rounds_ref++;
    }

    float *eref = (float *)malloc(n * sizeof(float));
    for (int i = 0; i < n; i++) eref[i] = (float)((i * 11) % 7);
    for (int k = 0; k < ITERS + 1; k++) {
        host_smooth(eref, tmp, n);
        for (int i = 0; i < n; i++) eref[i] = tmp[i];
    }

    for (int i = 0; i < n; i++) fref[i] = (float)((i * 37) % 101);
    int more_ref, sweeps_ref = 0;
    float top_sum_ref = 0.0f;
    do {
        more_ref = 0;
        for (int i = 0; i < n; i++)
            if (fref[i] > 1.0f) {
                fref[i] *= 0.5f;
                more_ref = 1;
            }
        float top = 0.0f;
        for (int i = 0; i < BLOCK; i++) top = fref[i] > top ? fref[i] : top;
        top_sum_ref += top;
        sweeps_ref++;
    } while (more_ref);

    int bad = 0;
    if (sweeps != sweeps_ref || !close_to(top_sum, top_sum_ref)) {
        printf("flag loop: %d sweeps, top sum %g, expected %d %g\n", sweeps, top_sum, sweeps_ref, top_sum_ref);
        bad = 1;
    }
    for (int i = 0; i < n && !bad; i++)
        if (!close_to(eh[i], eref[i])) {
            printf("third loop: x[%d] = %g, expected %g\n", i, eh[i], eref[i]);
            bad = 1;
        }
    if (it != ITERS) { printf("it = %d, expected %d\n", it, ITERS); bad = 1; }
    if (src != (ITERS % 2 ? d1 : d0) || dst != (ITERS % 2 ? d0 : d1)) { printf("pointer swap lost\n"); bad = 1; }
    if (rounds != rounds_ref || !close_to(m, m_ref)) {
        printf("while loop: rounds %d m %g, expected %d %g\n", rounds, m, rounds_ref, m_ref);
        bad = 1;
    }
    for (int i = 0; i < n && !bad; i++)
        if (!close_to(h[i], ref[i]) || !close_to(snap[i], snap_ref[i])) {
            printf("x[%d] = %g (snapshot %g), expected %g (%g)\n", i, h[i], snap[i], ref[i], snap_ref[i]);
            bad = 1;
        }
    for (int k = 0; k < ITERS && !bad; k++)
        if (!close_to(trace[k], trace_ref[k])) {
            printf("trace[%d] = %g, expected %g\n", k, trace[k], trace_ref[k]);
            bad = 1;
        }
    cudaFree(d0);
    cudaFree(d1);
    cudaFree(d_part);
    cudaFree(e0);
    cudaFree(e1);
    cudaFree(d_flag);
    free(eh); free(eref); free(fh); free(fref);
    free(h); free(ref); free(tmp); free(snap); free(snap_ref); free(part);
    if (bad) return 1;
    printf("PASS\n");
    return 0;
}
