#include <cstdio>
__global__ void k(int *p) { int half = 3; *p = half; }
int main() {
    int *d, h, half = 2;
    cudaMalloc(&d, sizeof h);
    k<<<1, 1>>>(d);
    cudaMemcpy(&h, d, sizeof h, cudaMemcpyDeviceToHost);
    printf("%d\n", h + half);
    return 0;
}
