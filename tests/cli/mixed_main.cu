// Calls thrice() from thrice.c: a .c input mixed with a .cu.
#include <stdio.h>
#include "twice.h"

int main(void)
{
    printf("thrice(14) = %d\n", thrice(14));
    return thrice(14) == 42 ? 0 : 1;
}
