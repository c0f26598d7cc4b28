/* particlefilter_omp.c: hand-written OpenMP particle filter: parallel
 * particle moves and likelihoods with a reduction of the weights, a serial
 * CDF, and resampling by binary search (same first CDF entry >= u). */
#include <omp.h>
#include "../common/rodinia.h"
#include "input.h"

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

int main(int argc, char **argv)
{
    PfSize s = pf_size(rd_size(argc, argv));
    int N = s.Nparticles;
    int *video = malloc(sizeof(int) * (long)s.IszX * s.IszY * s.Nfr);
    pf_video(&s, video);
    int objxy[2 * PF_MAX_DISK];
    int count = pf_disk(objxy);
    int *seed = malloc(sizeof(int) * N);
    float *ax = malloc(sizeof(float) * N), *ay = malloc(sizeof(float) * N);
    float *xj = malloc(sizeof(float) * N), *yj = malloc(sizeof(float) * N);
    float *w = malloc(sizeof(float) * N), *cdf = malloc(sizeof(float) * N);
    double *xe = malloc(sizeof(double) * s.Nfr), *ye = malloc(sizeof(double) * s.Nfr);
    pf_seeds(seed, N);
    pf_truth(&s, 0, &xe[0], &ye[0]);
    for (int i = 0; i < N; i++) { xj[i] = (float)xe[0]; yj[i] = (float)ye[0]; w[i] = 1.0f / N; }

    double t0 = rd_now_ms();
    for (int k = 1; k < s.Nfr; k++) {
        const int *frame = video + (long)k * s.IszX * s.IszY;
        float total = 0.0f;
        #pragma omp parallel for reduction(+ : total)
        for (int i = 0; i < N; i++) {
            ax[i] = (float)(xj[i] + 1.0 + 5.0 * randn(seed, i));
            ay[i] = (float)(yj[i] - 2.0 + 2.0 * randn(seed, i));
            int rx = (int)roundf(ax[i]), ry = (int)roundf(ay[i]);
            float sum = 0.0f;
            for (int j = 0; j < count; j++) {
                int x = clampi(rx + objxy[2 * j + 1], s.IszX - 1);
                int y = clampi(ry + objxy[2 * j], s.IszY - 1);
                sum += pf_term(frame[y * s.IszX + x]);
            }
            w[i] = w[i] * expf(sum / (float)count);
            total += w[i];
        }
        float acc = 0.0f;
        for (int i = 0; i < N; i++) { acc += w[i] / total; cdf[i] = acc; }
        double u1 = randu(seed, 0) / N;
        double ex = 0.0, ey = 0.0;
        #pragma omp parallel for reduction(+ : ex, ey)
        for (int i = 0; i < N; i++) {
            w[i] = w[i] / total;
            ex += (double)ax[i] * w[i];
            ey += (double)ay[i] * w[i];
        }
        xe[k] = ex; ye[k] = ey;
        #pragma omp parallel for
        for (int i = 0; i < N; i++) {
            float u = (float)(u1 + (double)i / N);
            int lo = 0, hi = N - 1;          /* first cdf[j] >= u, else N-1 */
            while (lo < hi) {
                int mid = (lo + hi) / 2;
                if (cdf[mid] >= u) hi = mid; else lo = mid + 1;
            }
            xj[i] = ax[lo]; yj[i] = ay[lo];
            w[i] = 1.0f / N;
        }
    }
    double t1 = rd_now_ms();

    double sx = 0.0, sy = 0.0, tx, ty;
    for (int k = 0; k < s.Nfr; k++) { sx += xe[k]; sy += ye[k]; }
    pf_truth(&s, s.Nfr - 1, &tx, &ty);
    rd_result("final_xe", xe[s.Nfr - 1]);
    rd_result("final_ye", ye[s.Nfr - 1]);
    rd_result("sum_xe", sx);
    rd_result("sum_ye", sy);
    /* distance to the truth: informative only (a difference of close
     * numbers, too sensitive to compare across machines) */
    fprintf(stderr, "tracking error %g\n", sqrt((xe[s.Nfr - 1] - tx) * (xe[s.Nfr - 1] - tx)
                                              + (ye[s.Nfr - 1] - ty) * (ye[s.Nfr - 1] - ty)));
    rd_time_ms(t1 - t0);
    free(video); free(seed); free(ax); free(ay); free(xj); free(yj); free(w);
    free(cdf); free(xe); free(ye);
    return 0;
}
