/* lud/reference.c: plain serial C reference (right-looking Doolittle). */
#include "input.h"
#include "reference.h"

void lud_reference(float *m, int n)
{
    for (int k = 0; k < n; k++) {
        float pivot = m[(long)k * n + k];
        for (int r = k + 1; r < n; r++) {
            float *row = m + (long)r * n;
            const float *prow = m + (long)k * n;
            float l = row[k] / pivot;
            row[k] = l;
            for (int c = k + 1; c < n; c++)
                row[c] -= l * prow[c];
        }
    }
}
