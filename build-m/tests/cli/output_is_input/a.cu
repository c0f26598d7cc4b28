// Built with nvcc's GPU-only flags, which cucpu must accept and ignore.
#include <stdio.h>

int main(void)
{
    printf("gpu flags ok\n");
    return 0;
}
