/* nw/reference.c: serial Needleman-Wunsch score matrix. */
#include "reference.h"

static int max3(int a, int b, int c)
{
    int m = a > b ? a : b;
    return m > c ? m : c;
}

void nw_reference(int *score, const int *reference, int n, int penalty)
{
    int cols = n + 1;
    for (int i = 1; i < cols; i++)
        for (int j = 1; j < cols; j++)
            score[i * cols + j] = max3(
                score[(i - 1) * cols + j - 1] + reference[i * cols + j],
                score[i * cols + j - 1] - penalty,
                score[(i - 1) * cols + j] - penalty);
}
