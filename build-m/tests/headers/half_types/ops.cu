#include <cuda_fp16.h>
__global__ void k(__half *p) { p[0] = p[0] + p[0]; }
int main() { return 0; }
