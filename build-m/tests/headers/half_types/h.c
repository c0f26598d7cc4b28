#include <cuda_bf16.h>
#include <stdio.h>
int main(void) {
    __half_raw r = __double2half(1.0 / 3.0);
    __nv_bfloat16 b = __float2bfloat16_rz(1.0f / 3.0f);
    __half2 p = __floats2half2_rn(0.5f, 2.0f);
    printf("%x %x %g %d\n", r.x, b.x, __high2float(__hmul2(p, p)), __half2int_rn(__hdiv(r, r)));
    return 0;
}
