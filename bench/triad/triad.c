/* triad.c: STREAM-style triad a[i] = b[i] + s * c[i] over three arrays of
   doubles far larger than the caches, OpenMP static schedule, arrays first
   touched by the same threads and schedule that use them. Prints the best
   of NTIMES runs as GB/s (10^9 bytes), counting 24 bytes per element (two
   reads and a write, STREAM's convention: write-allocate traffic is not
   counted). Usage: triad [elements] [times]; threads from OMP_NUM_THREADS. */
#include <omp.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv)
{
    long n = argc > 1 ? atol(argv[1]) : 1L << 26;
    int times = argc > 2 ? atoi(argv[2]) : 10;
    double *a = malloc(n * sizeof *a), *b = malloc(n * sizeof *b), *c = malloc(n * sizeof *c);
    if (!a || !b || !c) {
        fprintf(stderr, "triad: out of memory for %ld elements\n", n);
        return 1;
    }
#pragma omp parallel for schedule(static)
    for (long i = 0; i < n; i++) {
        a[i] = 0.0;
        b[i] = 1.0 + (double)(i & 1023);
        c[i] = 2.0;
    }
    const double s = 3.0;
    double best = 1e30;
    for (int t = 0; t < times; t++) {
        double t0 = omp_get_wtime();
#pragma omp parallel for schedule(static)
        for (long i = 0; i < n; i++)
            a[i] = b[i] + s * c[i];
        double dt = omp_get_wtime() - t0;
        if (dt < best)
            best = dt;
    }
    /* check one element of each kind so the loop cannot be dropped */
    for (long i = 0; i < n; i += n / 7 + 1)
        if (a[i] != 1.0 + (double)(i & 1023) + 6.0) {
            fprintf(stderr, "triad: wrong a[%ld] = %g\n", i, a[i]);
            return 1;
        }
    printf("triad threads=%d elements=%ld best_s=%.6f GB/s=%.2f\n", omp_get_max_threads(), n, best,
           24.0 * n / best / 1e9);
    free(a); free(b); free(c);
    return 0;
}
