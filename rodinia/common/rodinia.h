/*
 * rodinia.h: helpers shared by every workload in rodinia/ (C and CUDA).
 * Everything is static inline so the header can be included from a .cu, a
 * reference .c and an OpenMP .c of the same program without link clashes.
 *
 * API (stable):
 *   rd_lcg g; rd_seed(&g, seed);        seeded 64-bit LCG (Knuth MMIX constants)
 *   rd_u32(&g)                          next 32 random bits
 *   rd_uniform(&g)                      double in [0,1)
 *   rd_uniformf(&g, lo, hi)             float in [lo,hi)
 *   rd_range(&g, lo, hi)                int in [lo,hi)
 *   rd_size(argc, argv)                 RD_SMALL (default) or RD_LARGE; exits 2 on a bad arg
 *   rd_now_ms()                         monotonic wall clock in ms (host timing)
 *   rd_result(label, v)                 prints "RESULT <label> <v %.9g>"
 *   rd_result_i(label, v)               prints "RESULT <label> <v>" (long long)
 *   rd_time_ms(ms)                      prints "TIME_MS <ms %.3f>"; with RD_SKIP_VERIFY=1
 *                                       in the environment it then prints
 *                                       "VERIFY SKIPPED" and exits 0
 *   rd_relerr(a, b)                     |a-b| / max(|a|,|b|,RD_REL_FLOOR)
 *   rd_maxrelerr_f/d(x, ref, n, &idx)   max rd_relerr over arrays, idx of the worst
 *   rd_mismatch_i(x, ref, n, &idx)      number of differing ints, idx of the first
 *   rd_sum_f/d/i(x, n)                  checksums (double accumulation, serial order)
 *   rd_verify(ok, fmt, ...)             prints "VERIFY PASS" or "VERIFY FAIL <what>",
 *                                       returns the exit status (0 / 1)
 *   RD_CHECK(call)                      CUDA runtime error check (only usable in .cu)
 *
 * Relative error: values whose magnitude is below RD_REL_FLOOR (1e-6) are
 * compared absolutely against that floor, so near-zero outputs do not blow
 * up the relative error. cmpgolden uses the same definition.
 *
 * Build convention (rodinia/Makefile): program P of folder W is built as
 *   $(NVCC) $(NVCCFLAGS) -o bin/P W/P.cu W/reference.c -lm
 * (W/reference_P.c instead of W/reference.c when that file exists), so
 * reference.c is compiled as C: wrap reference.h in extern "C" under
 * __cplusplus. The OpenMP version is $(CC) -O2 -fopenmp -o bin/P_omp
 * W/P_omp.c -lm (standalone; it may #include "reference.c" itself).
 * Include this header as "../common/rodinia.h".
 */
#ifndef RODINIA_COMMON_H
#define RODINIA_COMMON_H

#ifndef _POSIX_C_SOURCE
#define _POSIX_C_SOURCE 200809L
#endif
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdarg.h>
#include <stdint.h>
#include <math.h>
#include <time.h>

#define RD_SMALL 0
#define RD_LARGE 1
#define RD_REL_FLOOR 1e-6

typedef struct { uint64_t s; } rd_lcg;

static inline void rd_seed(rd_lcg *g, uint64_t seed)
{
    g->s = seed * 0x9E3779B97F4A7C15ULL + 0x2545F4914F6CDD1DULL;
}

static inline uint32_t rd_u32(rd_lcg *g)
{
    g->s = g->s * 6364136223846793005ULL + 1442695040888963407ULL;
    return (uint32_t)(g->s >> 32);
}

static inline double rd_uniform(rd_lcg *g)
{
    return (double)rd_u32(g) * (1.0 / 4294967296.0);
}

static inline float rd_uniformf(rd_lcg *g, float lo, float hi)
{
    return lo + (hi - lo) * (float)rd_uniform(g);
}

static inline int rd_range(rd_lcg *g, int lo, int hi)
{
    if (hi <= lo) return lo;
    return lo + (int)(rd_u32(g) % (uint32_t)(hi - lo));
}

static inline int rd_size(int argc, char **argv)
{
    if (argc < 2 || strcmp(argv[1], "small") == 0) return RD_SMALL;
    if (strcmp(argv[1], "large") == 0) return RD_LARGE;
    fprintf(stderr, "usage: %s [small|large]\n", argv[0]);
    exit(2);
}

static inline double rd_now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e3 + (double)ts.tv_nsec * 1e-6;
}

static inline void rd_result(const char *label, double v)
{
    printf("RESULT %s %.9g\n", label, v);
}

static inline void rd_result_i(const char *label, long long v)
{
    printf("RESULT %s %lld\n", label, v);
}

/* Every program prints its RESULT lines, then TIME_MS, then computes the
 * reference. Benchmark repetitions after the first (bench/run.py) set
 * RD_SKIP_VERIFY=1: the measured part is the same, and the serial reference
 * no longer dominates the machine time of a run. */
static inline void rd_time_ms(double ms)
{
    printf("TIME_MS %.3f\n", ms);
    const char *skip = getenv("RD_SKIP_VERIFY");
    if (skip && *skip && strcmp(skip, "0") != 0) {
        printf("VERIFY SKIPPED\n");
        fflush(stdout);
        exit(0);
    }
}

static inline double rd_relerr(double a, double b)
{
    double m = fabs(a) > fabs(b) ? fabs(a) : fabs(b);
    if (m < RD_REL_FLOOR) m = RD_REL_FLOOR;
    if (a != a || b != b) return (a != a && b != b) ? 0.0 : INFINITY;
    return fabs(a - b) / m;
}

static inline double rd_maxrelerr_f(const float *x, const float *ref, long n, long *idx)
{
    double worst = 0.0; long wi = 0;
    for (long i = 0; i < n; i++) {
        double e = rd_relerr(x[i], ref[i]);
        if (e > worst || e != e) { worst = e; wi = i; }
    }
    if (idx) *idx = wi;
    return worst;
}

static inline double rd_maxrelerr_d(const double *x, const double *ref, long n, long *idx)
{
    double worst = 0.0; long wi = 0;
    for (long i = 0; i < n; i++) {
        double e = rd_relerr(x[i], ref[i]);
        if (e > worst || e != e) { worst = e; wi = i; }
    }
    if (idx) *idx = wi;
    return worst;
}

static inline long rd_mismatch_i(const int *x, const int *ref, long n, long *idx)
{
    long bad = 0, first = -1;
    for (long i = 0; i < n; i++)
        if (x[i] != ref[i]) { if (first < 0) first = i; bad++; }
    if (idx) *idx = first;
    return bad;
}

static inline double rd_sum_f(const float *x, long n)
{
    double s = 0.0;
    for (long i = 0; i < n; i++) s += x[i];
    return s;
}

static inline double rd_sum_d(const double *x, long n)
{
    double s = 0.0;
    for (long i = 0; i < n; i++) s += x[i];
    return s;
}

static inline long long rd_sum_i(const int *x, long n)
{
    long long s = 0;
    for (long i = 0; i < n; i++) s += x[i];
    return s;
}

static inline int rd_verify(int ok, const char *fmt, ...)
{
    if (ok) {
        printf("VERIFY PASS\n");
    } else {
        va_list ap;
        printf("VERIFY FAIL ");
        va_start(ap, fmt);
        vprintf(fmt, ap);
        va_end(ap);
        printf("\n");
    }
    fflush(stdout);
    return ok ? 0 : 1;
}

/* CUDA runtime error check; expands only where used (i.e. in .cu files). */
#define RD_CHECK(call)                                                        \
    do {                                                                      \
        cudaError_t rd_err_ = (call);                                         \
        if (rd_err_ != cudaSuccess) {                                         \
            fprintf(stderr, "%s:%d: CUDA error %s: %s\n", __FILE__, __LINE__, \
                    #call, cudaGetErrorString(rd_err_));                      \
            exit(3);                                                          \
        }                                                                     \
    } while (0)

#endif
