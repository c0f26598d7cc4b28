/* fft_ref.h: the naive discrete Fourier transform in double, the
 * reference of the cuFFT tests. For dimensions n[0..rank) in C order (the
 * last varies fastest), out[k] = sum over j of in[j] exp(sign 2 pi i
 * sum_d j_d k_d / n_d), with no scaling in either direction (cuFFT's
 * definition). Plain host code: builds with cucpu and with nvcc. */
#ifndef FFT_REF_H
#define FFT_REF_H

#include <math.h>

struct Cplx {
  double re, im;
};

/* in and out hold prod(n) points, tight, in C order. */
static void naive_dft(const Cplx *in, Cplx *out, int rank, const int *n, int sign)
{
  int n0 = n[0], n1 = rank > 1 ? n[1] : 1, n2 = rank > 2 ? n[2] : 1;
  const double two_pi = 6.283185307179586476925286766559;
  for (int k0 = 0; k0 < n0; k0++)
    for (int k1 = 0; k1 < n1; k1++)
      for (int k2 = 0; k2 < n2; k2++) {
        double re = 0, im = 0;
        for (int j0 = 0; j0 < n0; j0++)
          for (int j1 = 0; j1 < n1; j1++)
            for (int j2 = 0; j2 < n2; j2++) {
              // Reduce each phase modulo n so that the angle stays small.
              double t = (double)(j0 * k0 % n0) / n0 + (double)(j1 * k1 % n1) / n1 +
                         (double)(j2 * k2 % n2) / n2;
              double c = cos(two_pi * t), s = sign * sin(two_pi * t);
              const Cplx x = in[(j0 * n1 + j1) * n2 + j2];
              re += x.re * c - x.im * s;
              im += x.re * s + x.im * c;
            }
        out[(k0 * n1 + k1) * n2 + k2].re = re;
        out[(k0 * n1 + k1) * n2 + k2].im = im;
      }
}

#endif
