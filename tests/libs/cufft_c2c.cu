// cucpu-libs: -lcufft
// cuFFT complex transforms: C2C (float) and Z2Z (double), 1D (batched, a
// power of two and an odd size), 2D and 3D, forward and inverse, out of
// place and in place, against a naive O(n^2) DFT in double; the inverse is
// unnormalized (inverse after forward gives n times the input); a
// convolution through a kernel that multiplies spectra with cuCmulf. Also the
// errors: an unknown direction, sizes below 1, an exec call of another
// type, a destroyed plan.
#include <cufft.h>
#include <cuda_runtime.h>
#include "libcheck.h"
#include "fft_ref.h"

template <typename C> struct Prec;
template <> struct Prec<cufftComplex> {
  static const cufftType type = CUFFT_C2C;
  static cufftResult exec(cufftHandle p, cufftComplex *i, cufftComplex *o, int d)
  {
    return cufftExecC2C(p, i, o, d);
  }
  static double tol() { return 2e-5; }
};
template <> struct Prec<cufftDoubleComplex> {
  static const cufftType type = CUFFT_Z2Z;
  static cufftResult exec(cufftHandle p, cufftDoubleComplex *i, cufftDoubleComplex *o, int d)
  {
    return cufftExecZ2Z(p, i, o, d);
  }
  static double tol() { return 1e-12; }
};

// One transform of the plan's shape: batch sets of prod(n) points.
template <typename C>
static void run_case(cufftHandle plan, int rank, const int *n, int batch, int dir, bool in_place)
{
  int pts = 1;
  for (int d = 0; d < rank; d++)
    pts *= n[d];
  int total = pts * batch;
  C *h = new C[total], *r = new C[total];
  Cplx *x = new Cplx[pts], *want = new Cplx[pts];
  for (int i = 0; i < total; i++) {
    h[i].x = next_value();
    h[i].y = next_value();
  }
  C *din, *dout;
  cudaMalloc((void **)&din, sizeof(C) * total);
  dout = din;
  if (!in_place)
    cudaMalloc((void **)&dout, sizeof(C) * total);
  cudaMemcpy(din, h, sizeof(C) * total, cudaMemcpyHostToDevice);
  CHECK(Prec<C>::exec(plan, din, dout, dir) == CUFFT_SUCCESS);
  cudaMemcpy(r, dout, sizeof(C) * total, cudaMemcpyDeviceToHost);
  double tol = Prec<C>::tol() * sqrt((double)pts);
  for (int b = 0; b < batch; b++) {
    for (int i = 0; i < pts; i++) {
      x[i].re = h[b * pts + i].x;
      x[i].im = h[b * pts + i].y;
    }
    naive_dft(x, want, rank, n, dir);
    for (int i = 0; i < pts; i++) {
      CHECK_NEAR(r[b * pts + i].x, want[i].re, tol);
      CHECK_NEAR(r[b * pts + i].y, want[i].im, tol);
    }
  }
  // Out of place, the input is left as it was.
  if (!in_place) {
    C *again = new C[total];
    cudaMemcpy(again, din, sizeof(C) * total, cudaMemcpyDeviceToHost);
    for (int i = 0; i < total; i++)
      CHECK(again[i].x == h[i].x && again[i].y == h[i].y);
    delete[] again;
    cudaFree(dout);
  }
  cudaFree(din);
  delete[] h;
  delete[] r;
  delete[] x;
  delete[] want;
}

template <typename C> static void test_shapes(void)
{
  const int sizes1[2] = {16, 15};
  for (int s = 0; s < 2; s++) {
    cufftHandle plan;
    CHECK(cufftPlan1d(&plan, sizes1[s], Prec<C>::type, 3) == CUFFT_SUCCESS);
    for (int ip = 0; ip < 2; ip++) {
      run_case<C>(plan, 1, &sizes1[s], 3, CUFFT_FORWARD, ip);
      run_case<C>(plan, 1, &sizes1[s], 3, CUFFT_INVERSE, ip);
    }
    CHECK(cufftDestroy(plan) == CUFFT_SUCCESS);
  }
  int n2[2] = {6, 5}, n3[3] = {4, 3, 5};
  cufftHandle p2, p3;
  CHECK(cufftPlan2d(&p2, n2[0], n2[1], Prec<C>::type) == CUFFT_SUCCESS);
  CHECK(cufftPlan3d(&p3, n3[0], n3[1], n3[2], Prec<C>::type) == CUFFT_SUCCESS);
  for (int ip = 0; ip < 2; ip++)
    for (int dir = -1; dir <= 1; dir += 2) {
      run_case<C>(p2, 2, n2, 1, dir, ip);
      run_case<C>(p3, 3, n3, 1, dir, ip);
    }
  CHECK(cufftDestroy(p2) == CUFFT_SUCCESS);
  CHECK(cufftDestroy(p3) == CUFFT_SUCCESS);
}

// Inverse after forward is n times the input: no scaling anywhere.
static void test_unnormalized(void)
{
  const int n = 12;
  cufftComplex h[n], r[n], *d;
  for (int i = 0; i < n; i++)
    h[i] = make_cuComplex((float)next_value(), (float)next_value());
  cudaMalloc((void **)&d, sizeof h);
  cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice);
  cufftHandle plan;
  CHECK(cufftPlan1d(&plan, n, CUFFT_C2C, 1) == CUFFT_SUCCESS);
  CHECK(cufftExecC2C(plan, d, d, CUFFT_FORWARD) == CUFFT_SUCCESS);
  CHECK(cufftExecC2C(plan, d, d, CUFFT_INVERSE) == CUFFT_SUCCESS);
  cudaMemcpy(r, d, sizeof r, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    CHECK_NEAR(r[i].x, n * h[i].x, 1e-5);
    CHECK_NEAR(r[i].y, n * h[i].y, 1e-5);
  }
  cudaFree(d);
  CHECK(cufftDestroy(plan) == CUFFT_SUCCESS);
}

// Circular convolution the cuFFT way: forward transforms, a kernel that
// multiplies pointwise with cuCmulf and scales by 1/n (cuFFT does not),
// the inverse; against the convolution sum on the host.
__global__ void multiply_scaled(cufftComplex *a, const cufftComplex *b, int n)
{
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) {
    cufftComplex p = cuCmulf(a[i], b[i]);
    a[i] = make_cuComplex(cuCrealf(p) / n, cuCimagf(p) / n);
  }
}

static void test_convolution(void)
{
  const int n = 40;
  cufftComplex x[n], k[n], r[n], *dx, *dk;
  for (int i = 0; i < n; i++) {
    x[i] = make_cuComplex((float)next_value(), (float)next_value());
    k[i] = make_cuComplex(i < 5 ? (float)next_value() : 0.0f, 0.0f);
  }
  cudaMalloc((void **)&dx, sizeof x);
  cudaMalloc((void **)&dk, sizeof k);
  cudaMemcpy(dx, x, sizeof x, cudaMemcpyHostToDevice);
  cudaMemcpy(dk, k, sizeof k, cudaMemcpyHostToDevice);
  cufftHandle plan;
  CHECK(cufftPlan1d(&plan, n, CUFFT_C2C, 1) == CUFFT_SUCCESS);
  CHECK(cufftExecC2C(plan, dx, dx, CUFFT_FORWARD) == CUFFT_SUCCESS);
  CHECK(cufftExecC2C(plan, dk, dk, CUFFT_FORWARD) == CUFFT_SUCCESS);
  multiply_scaled<<<(n + 31) / 32, 32>>>(dx, dk, n);
  CHECK(cufftExecC2C(plan, dx, dx, CUFFT_INVERSE) == CUFFT_SUCCESS);
  cudaMemcpy(r, dx, sizeof r, cudaMemcpyDeviceToHost);
  for (int i = 0; i < n; i++) {
    double re = 0, im = 0;
    for (int j = 0; j < n; j++) {
      cufftComplex a = x[j], b = k[(i - j + n) % n];
      re += (double)a.x * b.x - (double)a.y * b.y;
      im += (double)a.x * b.y + (double)a.y * b.x;
    }
    CHECK_NEAR(r[i].x, re, 1e-5);
    CHECK_NEAR(r[i].y, im, 1e-5);
  }
  CHECK(cufftDestroy(plan) == CUFFT_SUCCESS);
  cudaFree(dx);
  cudaFree(dk);
}

static void test_errors(void)
{
  cufftHandle plan;
  cufftComplex *d;
  cudaMalloc((void **)&d, sizeof(cufftComplex) * 8);
  CHECK(cufftPlan1d(&plan, 0, CUFFT_C2C, 1) == CUFFT_INVALID_SIZE);
  CHECK(cufftPlan1d(&plan, 8, CUFFT_C2C, 0) == CUFFT_INVALID_SIZE);
  CHECK(cufftPlan2d(&plan, 8, -1, CUFFT_Z2Z) == CUFFT_INVALID_SIZE);
  CHECK(cufftPlan1d(&plan, 8, (cufftType)0x11, 1) == CUFFT_INVALID_TYPE);
  CHECK(cufftPlan1d(&plan, 8, CUFFT_C2C, 1) == CUFFT_SUCCESS);
  CHECK(cufftExecC2C(plan, d, d, 0) == CUFFT_INVALID_VALUE);
  CHECK(cufftExecZ2Z(plan, (cufftDoubleComplex *)d, (cufftDoubleComplex *)d, CUFFT_FORWARD) ==
        CUFFT_INVALID_PLAN);
  CHECK(cufftDestroy(plan) == CUFFT_SUCCESS);
  CHECK(cufftExecC2C(plan, d, d, CUFFT_FORWARD) == CUFFT_INVALID_PLAN);
  CHECK(cufftDestroy(plan) == CUFFT_INVALID_PLAN);
  cudaFree(d);
}

int main()
{
  test_shapes<cufftComplex>();
  test_shapes<cufftDoubleComplex>();
  test_unnormalized();
  test_convolution();
  test_errors();
  return finish("cufft_c2c");
}
