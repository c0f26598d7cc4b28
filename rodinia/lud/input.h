/* lud/input.h: deterministic diagonally dominant matrix, result printing
 * and comparison for lud. Plain C, shared by lud.cu, reference.c and
 * lud_omp.c. */
#ifndef LUD_INPUT_H
#define LUD_INPUT_H
#include "../common/rodinia.h"

#define LUD_TOLERANCE 1e-4

static inline int lud_dim(int size) { return size == RD_LARGE ? 1024 : 256; }

/* off-diagonal entries uniform in [-1, 1), diagonal n/2 + 1 + [0, 1):
 * strictly diagonally dominant, so LU without pivoting is stable. Row-major. */
static inline void lud_generate(int n, float *m)
{
    rd_lcg g;
    rd_seed(&g, 1234567u);
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++)
            m[(long)r * n + c] = (r == c) ? (float)(0.5 * n + 1.0 + rd_uniform(&g))
                                          : rd_uniformf(&g, -1.0f, 1.0f);
}

/* In-place LU: U on and above the diagonal, unit-lower L below it. */
static inline void lud_print_results(const float *m, int n)
{
    double diag = 0.0, logdet = 0.0, uabs = 0.0, labs = 0.0, usq = 0.0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            double v = m[(long)r * n + c];
            if (r == c) { diag += v; logdet += log(fabs(v)); }
            if (c >= r) { uabs += fabs(v); usq += v * v; }
            else labs += fabs(v);
        }
    rd_result("diag_sum", diag);
    rd_result("log_abs_det", logdet);
    rd_result("U_abs_sum", uabs);
    rd_result("U_sq_sum", usq);
    rd_result("L_abs_sum", labs);
    rd_result("U_last", m[(long)n * n - 1]);
    rd_result("U_mid_diag", m[(long)(n / 2) * n + n / 2]);
}

/* Max error, element-wise: |x - ref| / max(|ref|, s), with s = 1 for U
 * entries and s = 1/|U_cc| for L entries (L ~ A/U_cc), so entries that
 * come out near zero by cancellation are judged against their scale. */
static inline double lud_error(const float *x, const float *ref, int n, long *idx)
{
    double worst = 0.0;
    long wi = 0;
    for (int r = 0; r < n; r++)
        for (int c = 0; c < n; c++) {
            long i = (long)r * n + c;
            double s = (c >= r) ? 1.0 : 1.0 / fabs((double)ref[(long)c * n + c]);
            double b = fabs((double)ref[i]);
            double e = fabs((double)x[i] - (double)ref[i]) / (b > s ? b : s);
            if (!(e <= worst)) { worst = e; wi = i; }
        }
    if (idx) *idx = wi;
    return worst;
}
#endif
