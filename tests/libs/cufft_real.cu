// cucpu-libs: -lcufft
// cuFFT real transforms: R2C and C2R (float), D2Z and Z2D (double), in 1D
// (batched, even and odd sizes), 2D and 3D, out of place and in place with
// cuFFT's padding (each real row 2 (n/2 + 1) numbers long in place). R2C
// keeps the n/2 + 1 non-redundant outputs of the last dimension, checked
// against a naive DFT in double; C2R takes such a half spectrum (made by
// the naive DFT of a real signal) and must give the signal times the
// number of points: the unnormalized inverse.
#include <cufft.h>
#include <cuda_runtime.h>
#include "libcheck.h"
#include "fft_ref.h"

template <typename R> struct Real;
template <> struct Real<float> {
  typedef cufftComplex C;
  static const cufftType r2c = CUFFT_R2C, c2r = CUFFT_C2R;
  static cufftResult fwd(cufftHandle p, float *i, C *o) { return cufftExecR2C(p, i, o); }
  static cufftResult inv(cufftHandle p, C *i, float *o) { return cufftExecC2R(p, i, o); }
  static double tol() { return 2e-5; }
};
template <> struct Real<double> {
  typedef cufftDoubleComplex C;
  static const cufftType r2c = CUFFT_D2Z, c2r = CUFFT_Z2D;
  static cufftResult fwd(cufftHandle p, double *i, C *o) { return cufftExecD2Z(p, i, o); }
  static cufftResult inv(cufftHandle p, C *i, double *o) { return cufftExecZ2D(p, i, o); }
  static double tol() { return 1e-12; }
};

// A plan for rank dims n (batch for rank 1), of type t.
static cufftHandle plan_for(int rank, const int *n, int batch, cufftType t)
{
  cufftHandle p = 0;
  cufftResult r = rank == 1 ? cufftPlan1d(&p, n[0], t, batch)
                  : rank == 2 ? cufftPlan2d(&p, n[0], n[1], t)
                              : cufftPlan3d(&p, n[0], n[1], n[2], t);
  CHECK(r == CUFFT_SUCCESS);
  return p;
}

template <typename R> static void test_case(int rank, const int *n, int batch, bool in_place)
{
  typedef typename Real<R>::C C;
  int last = n[rank - 1], half = last / 2 + 1, rows = 1;
  for (int d = 0; d < rank - 1; d++)
    rows *= n[d];
  int pts = rows * last;
  int rlen = in_place ? 2 * half : last;   // real row length in memory
  int rdist = rows * rlen, cdist = rows * half;
  int bytes = (int)(in_place ? sizeof(C) * cdist * batch
                             : sizeof(R) * rdist * batch + sizeof(C) * cdist * batch);
  R *x = new R[rdist * batch];
  C *spec = new C[cdist * batch];
  Cplx *xc = new Cplx[pts], *want = new Cplx[pts];
  for (int i = 0; i < rdist * batch; i++)
    x[i] = next_value();
  char *dev;
  cudaMalloc((void **)&dev, bytes);
  R *dreal = (R *)dev;
  C *dcplx = in_place ? (C *)dev : (C *)(dev + sizeof(R) * rdist * batch);

  // Forward: real -> half spectrum.
  cufftHandle fwd = plan_for(rank, n, batch, Real<R>::r2c);
  cudaMemcpy(dreal, x, sizeof(R) * rdist * batch, cudaMemcpyHostToDevice);
  CHECK(Real<R>::fwd(fwd, dreal, dcplx) == CUFFT_SUCCESS);
  cudaMemcpy(spec, dcplx, sizeof(C) * cdist * batch, cudaMemcpyDeviceToHost);
  double tol = Real<R>::tol() * sqrt((double)pts);
  for (int b = 0; b < batch; b++) {
    for (int r = 0; r < rows; r++)
      for (int i = 0; i < last; i++) {
        xc[r * last + i].re = x[b * rdist + r * rlen + i];
        xc[r * last + i].im = 0;
      }
    naive_dft(xc, want, rank, n, CUFFT_FORWARD);
    for (int r = 0; r < rows; r++)
      for (int i = 0; i < half; i++) {
        const C got = spec[b * cdist + r * half + i];
        CHECK_NEAR(got.x, want[r * last + i].re, tol);
        CHECK_NEAR(got.y, want[r * last + i].im, tol);
      }
    // The exact half spectrum, the inverse's input.
    for (int r = 0; r < rows; r++)
      for (int i = 0; i < half; i++) {
        spec[b * cdist + r * half + i].x = want[r * last + i].re;
        spec[b * cdist + r * half + i].y = want[r * last + i].im;
      }
  }

  // Inverse: half spectrum -> pts times the signal.
  cufftHandle inv = plan_for(rank, n, batch, Real<R>::c2r);
  cudaMemcpy(dcplx, spec, sizeof(C) * cdist * batch, cudaMemcpyHostToDevice);
  CHECK(Real<R>::inv(inv, dcplx, dreal) == CUFFT_SUCCESS);
  R *back = new R[rdist * batch];
  cudaMemcpy(back, dreal, sizeof(R) * rdist * batch, cudaMemcpyDeviceToHost);
  for (int b = 0; b < batch; b++)
    for (int r = 0; r < rows; r++)
      for (int i = 0; i < last; i++)
        CHECK_NEAR(back[b * rdist + r * rlen + i], pts * (double)x[b * rdist + r * rlen + i],
                   tol * pts);
  CHECK(cufftDestroy(fwd) == CUFFT_SUCCESS);
  CHECK(cufftDestroy(inv) == CUFFT_SUCCESS);
  cudaFree(dev);
  delete[] x;
  delete[] spec;
  delete[] xc;
  delete[] want;
  delete[] back;
}

template <typename R> static void test_all(void)
{
  int n16[1] = {16}, n9[1] = {9}, n2[2] = {6, 8}, n2odd[2] = {4, 7}, n3[3] = {3, 4, 6};
  for (int ip = 0; ip < 2; ip++) {
    test_case<R>(1, n16, 3, ip);
    test_case<R>(1, n9, 2, ip);
    test_case<R>(2, n2, 1, ip);
    test_case<R>(2, n2odd, 1, ip);
    test_case<R>(3, n3, 1, ip);
  }
}

static void test_errors(void)
{
  cufftHandle p;
  float *d;
  cudaMalloc((void **)&d, 64 * sizeof(float));
  CHECK(cufftPlan1d(&p, 16, CUFFT_R2C, 1) == CUFFT_SUCCESS);
  CHECK(cufftExecC2R(p, (cufftComplex *)d, d) == CUFFT_INVALID_PLAN);
  CHECK(cufftExecC2C(p, (cufftComplex *)d, (cufftComplex *)d, CUFFT_FORWARD) == CUFFT_INVALID_PLAN);
  CHECK(cufftDestroy(p) == CUFFT_SUCCESS);
  cudaFree(d);
}

int main()
{
  test_all<float>();
  test_all<double>();
  test_errors();
  return finish("cufft_real");
}
