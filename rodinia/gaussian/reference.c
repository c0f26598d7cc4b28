#include "reference.h"

void gaussian_backsub(int n, const float *a, const float *b, float *x)
{
    for (int i = n - 1; i >= 0; i--) {
        float s = b[i];
        for (int j = i + 1; j < n; j++) s -= a[(long)i * n + j] * x[j];
        x[i] = s / a[(long)i * n + i];
    }
}

void gaussian_reference(int n, float *a, float *b, float *x)
{
    for (int t = 0; t < n - 1; t++) {
        for (int i = t + 1; i < n; i++) {
            float m = a[(long)i * n + t] / a[(long)t * n + t];
            for (int j = t; j < n; j++) a[(long)i * n + j] -= m * a[(long)t * n + j];
            b[i] -= m * b[t];
        }
    }
    gaussian_backsub(n, a, b, x);
}
