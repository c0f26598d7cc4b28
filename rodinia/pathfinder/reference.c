/* pathfinder/reference.c: serial row-by-row dynamic programming. */
#include <stdlib.h>
#include <string.h>
#include "reference.h"

void pf_reference(const int *wall, int rows, int cols, int *result)
{
    int *src = (int *)malloc(sizeof(int) * cols);
    memcpy(result, wall, sizeof(int) * cols);
    for (int r = 1; r < rows; r++) {
        memcpy(src, result, sizeof(int) * cols);
        for (int c = 0; c < cols; c++) {
            int m = src[c];
            if (c > 0 && src[c - 1] < m) m = src[c - 1];
            if (c < cols - 1 && src[c + 1] < m) m = src[c + 1];
            result[c] = wall[(long)r * cols + c] + m;
        }
    }
    free(src);
}
