/* stats.c: plain C, built by $(CC). */
#include "proj.h"

float mean_of(const float *h, int n)
{
    double s = 0;
    for (int i = 0; i < n; i++) s += h[i];
    return (float)(s / n);
}
