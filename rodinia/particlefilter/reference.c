/* particlefilter/reference.c: serial particle filter (same steps and the
 * same random streams as the CUDA program). */
#include "reference.h" /* first: rodinia.h sets _POSIX_C_SOURCE */
#include <math.h>
#include <stdlib.h>

static double randu(int *seed, int i)
{
    seed[i] = PF_LCG_NEXT(seed[i]);
    return PF_LCG_UNIFORM(seed[i]);
}

static double randn(int *seed, int i)
{
    double u = randu(seed, i), v = randu(seed, i);
    return sqrt(-2.0 * log(u)) * cos(2.0 * PF_PI * v);
}

static int clampi(int v, int hi) { return v < 0 ? 0 : (v > hi ? hi : v); }

void pf_reference(const PfSize *s, const int *video, double *xe, double *ye)
{
    int N = s->Nparticles;
    int objxy[2 * PF_MAX_DISK];
    int count = pf_disk(objxy);
    int *seed = malloc(sizeof(int) * N);
    float *ax = malloc(sizeof(float) * N), *ay = malloc(sizeof(float) * N);
    float *xj = malloc(sizeof(float) * N), *yj = malloc(sizeof(float) * N);
    float *w = malloc(sizeof(float) * N), *cdf = malloc(sizeof(float) * N);
    pf_seeds(seed, N);
    pf_truth(s, 0, &xe[0], &ye[0]);
    for (int i = 0; i < N; i++) {
        xj[i] = (float)xe[0];
        yj[i] = (float)ye[0];
        w[i] = 1.0f / N;
    }
    for (int k = 1; k < s->Nfr; k++) {
        const int *frame = video + (long)k * s->IszX * s->IszY;
        float total = 0.0f;
        for (int i = 0; i < N; i++) {
            ax[i] = (float)(xj[i] + 1.0 + 5.0 * randn(seed, i));
            ay[i] = (float)(yj[i] - 2.0 + 2.0 * randn(seed, i));
            float sum = 0.0f;
            for (int j = 0; j < count; j++) {
                int x = clampi((int)roundf(ax[i]) + objxy[2 * j + 1], s->IszX - 1);
                int y = clampi((int)roundf(ay[i]) + objxy[2 * j], s->IszY - 1);
                sum += pf_term(frame[y * s->IszX + x]);
            }
            float lik = sum / (float)count;
            w[i] = w[i] * expf(lik);
            total += w[i];
        }
        float acc = 0.0f;
        for (int i = 0; i < N; i++) {
            acc += w[i] / total;
            cdf[i] = acc;
        }
        double u1 = randu(seed, 0) / N;
        double ex = 0.0, ey = 0.0;
        for (int i = 0; i < N; i++) {
            w[i] = w[i] / total;
            ex += (double)ax[i] * w[i];
            ey += (double)ay[i] * w[i];
        }
        xe[k] = ex;
        ye[k] = ey;
        for (int i = 0; i < N; i++) {
            float u = (float)(u1 + (double)i / N);
            int j = 0;
            while (j < N - 1 && cdf[j] < u) j++;
            xj[i] = ax[j];
            yj[i] = ay[j];
        }
        for (int i = 0; i < N; i++) w[i] = 1.0f / N;
    }
    free(seed); free(ax); free(ay); free(xj); free(yj); free(w); free(cdf);
}
