/* main_c.c: the same program in C, built by $(CC) and linked by gcc. */
#include <stdio.h>
#include <cuda_runtime.h>
#include "proj.h"

int main(void)
{
    enum { N = 1000 };
    static float h[N];
    for (int i = 0; i < N; i++) h[i] = 1.0f;
    run_scale(h, N, 3.0f);
    double sum = run_sum(h, N);
    int ok = sum == 3000.0 && mean_of(h, N) == 3.0f && cudaDeviceSynchronize() == cudaSuccess;
    printf("c link: sum %.0f %s\n", sum, ok ? "ok" : "FAIL");
    return !ok;
}
