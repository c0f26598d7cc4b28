#include <cuda_bf16.h>
#include <stdio.h>
int main() {
    half one = 1;
    __half h = one + one;
    __nv_bfloat16 b = 0.1;
    long long big = h;
    printf("%g %lld %x %x\n", (float)h, big, __bfloat16_as_ushort(b),
           __half_as_ushort(__float2half_ru(0.1f)));
    return 0;
}
