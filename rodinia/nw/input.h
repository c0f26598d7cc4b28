/* nw/input.h: deterministic input of Needleman-Wunsch: two random sequences
 * over a 24-letter alphabet and a generated BLOSUM-like substitution table
 * (symmetric, positive diagonal, small mostly negative off-diagonal).
 * The score matrix is (n+1) x (n+1), n a multiple of 16. Plain C. */
#ifndef NW_INPUT_H
#define NW_INPUT_H
#include "../common/rodinia.h"

#define NW_SEED 4242u
#define NW_ALPHA 24
#define NW_PENALTY 10

static inline int nw_length(int size)
{
    return size == RD_LARGE ? 4096 : 1024;
}

/* Fills blosum[NW_ALPHA*NW_ALPHA], seq_a[n], seq_b[n]. */
static inline void nw_generate(int *blosum, int *seq_a, int *seq_b, int n)
{
    rd_lcg g;
    rd_seed(&g, NW_SEED);
    for (int i = 0; i < NW_ALPHA; i++) {
        blosum[i * NW_ALPHA + i] = rd_range(&g, 4, 12);
        for (int j = 0; j < i; j++) {
            int v = rd_range(&g, -4, 4);
            blosum[i * NW_ALPHA + j] = v;
            blosum[j * NW_ALPHA + i] = v;
        }
    }
    for (int i = 0; i < n; i++) seq_a[i] = rd_range(&g, 0, NW_ALPHA);
    for (int i = 0; i < n; i++) seq_b[i] = rd_range(&g, 0, NW_ALPHA);
}

/* reference[(n+1)^2]: substitution score of a[i-1] vs b[j-1] at (i, j);
 * score[(n+1)^2]: first row and column hold the gap penalties, rest 0. */
static inline void nw_init(const int *blosum, const int *seq_a,
                           const int *seq_b, int n, int *reference, int *score)
{
    int cols = n + 1;
    for (int i = 0; i < cols; i++)
        for (int j = 0; j < cols; j++) {
            score[i * cols + j] = 0;
            reference[i * cols + j] = (i > 0 && j > 0)
                ? blosum[seq_a[i - 1] * NW_ALPHA + seq_b[j - 1]] : 0;
        }
    for (int i = 0; i < cols; i++) {
        score[i * cols] = -i * NW_PENALTY;
        score[i] = -i * NW_PENALTY;
    }
}

/* Order-dependent checksum of an int matrix, kept below 1e9 so %.9g prints
 * it exactly. */
static inline long long nw_hash(const int *m, long count)
{
    unsigned long long h = 0;
    for (long i = 0; i < count; i++)
        h = (h * 1000003ULL + (unsigned)m[i]) % 999999937ULL;
    return (long long)h;
}
#endif
