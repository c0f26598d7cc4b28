// Calls twice() from twice.cu: linked from two objects built with -c.
#include <stdio.h>
#include "twice.h"

int main(void)
{
    int r = twice(21);
    printf("twice(21) = %d\n", r);
    return r == 42 ? 0 : 1;
}
