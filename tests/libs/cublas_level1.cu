// cucpu-libs: -lcublas
// cuBLAS level 1 in S, D, C and Z: axpy, dot (dotu, dotc), nrm2, scal
// (and Csscal, Zdscal), asum, iamax, with unit and non-unit increments,
// against loops written from the BLAS definitions; results through host
// and device pointers (pointer mode), cuBLAS's answers for n <= 0, and a
// NULL result pointer.
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "libcheck.h"

#define N 37

// Fills a device copy of v (n elements of T) and returns it.
template <typename T> static T *to_device(const T *v, int n)
{
  T *d;
  cudaMalloc((void **)&d, sizeof(T) * n);
  cudaMemcpy(d, v, sizeof(T) * n, cudaMemcpyHostToDevice);
  return d;
}

template <typename T> static void from_device(T *h, const T *d, int n)
{
  cudaMemcpy(h, d, sizeof(T) * n, cudaMemcpyDeviceToHost);
}

static void real_tests(cublasHandle_t h)
{
  float xs[2 * N], ys[3 * N];
  double xd[2 * N], yd[3 * N];
  for (int i = 0; i < 2 * N; i++)
    xd[i] = next_value(), xs[i] = (float)xd[i];
  for (int i = 0; i < 3 * N; i++)
    yd[i] = next_value(), ys[i] = (float)yd[i];
  xd[2 * 11] = xs[2 * 11] = -3.5;  // the largest |x| of the strided x
  xd[2 * 20] = xs[2 * 20] = 3.5;   // as large, later: iamax keeps the first

  float *dxs = to_device(xs, 2 * N), *dys = to_device(ys, 3 * N);
  double *dxd = to_device(xd, 2 * N), *dyd = to_device(yd, 3 * N);

  // dot, nrm2, asum, iamax over x with incx 2 and y with incy 3.
  double dot = 0, nrm = 0, asum = 0;
  for (int i = 0; i < N; i++) {
    dot += xd[2 * i] * yd[3 * i];
    nrm += xd[2 * i] * xd[2 * i];
    asum += fabs(xd[2 * i]);
  }
  nrm = sqrt(nrm);
  float rs;
  double rd;
  int ri;
  CHECK(cublasSdot(h, N, dxs, 2, dys, 3, &rs) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rs, dot, 1e-5);
  CHECK(cublasDdot(h, N, dxd, 2, dyd, 3, &rd) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rd, dot, 1e-12);
  CHECK(cublasSnrm2(h, N, dxs, 2, &rs) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rs, nrm, 1e-6);
  CHECK(cublasDnrm2(h, N, dxd, 2, &rd) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rd, nrm, 1e-13);
  CHECK(cublasSasum(h, N, dxs, 2, &rs) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rs, asum, 1e-6);
  CHECK(cublasDasum(h, N, dxd, 2, &rd) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rd, asum, 1e-13);
  CHECK(cublasIsamax(h, N, dxs, 2, &ri) == CUBLAS_STATUS_SUCCESS);
  CHECK(ri == 12);  // 1-based: element 11 of the strided vector
  CHECK(cublasIdamax(h, N, dxd, 2, &ri) == CUBLAS_STATUS_SUCCESS);
  CHECK(ri == 12);

  // axpy: y = alpha x + y, then scal: x = alpha x.
  float as = -0.75f;
  double ad = -0.75;
  CHECK(cublasSaxpy(h, N, &as, dxs, 2, dys, 3) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasDaxpy(h, N, &ad, dxd, 2, dyd, 3) == CUBLAS_STATUS_SUCCESS);
  float ys2[3 * N];
  double yd2[3 * N];
  from_device(ys2, dys, 3 * N);
  from_device(yd2, dyd, 3 * N);
  for (int i = 0; i < 3 * N; i++) {
    double want = i % 3 == 0 ? yd[i] + ad * xd[2 * (i / 3)] : yd[i];
    CHECK_NEAR(ys2[i], want, 1e-6);
    CHECK_NEAR(yd2[i], want, 1e-14);
  }
  as = 2.5f;
  ad = 2.5;
  CHECK(cublasSscal(h, N, &as, dxs, 2) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasDscal(h, N, &ad, dxd, 2) == CUBLAS_STATUS_SUCCESS);
  float xs2[2 * N];
  double xd2[2 * N];
  from_device(xs2, dxs, 2 * N);
  from_device(xd2, dxd, 2 * N);
  for (int i = 0; i < 2 * N; i++) {
    double want = i % 2 == 0 ? 2.5 * xd[i] : xd[i];
    CHECK_NEAR(xs2[i], want, 1e-6);
    CHECK_NEAR(xd2[i], want, 1e-14);
  }

  // cuBLAS's answers for empty vectors and non-positive increments.
  rs = 7;
  CHECK(cublasSnrm2(h, 0, dxs, 1, &rs) == CUBLAS_STATUS_SUCCESS && rs == 0);
  rs = 7;
  CHECK(cublasSasum(h, N, dxs, 0, &rs) == CUBLAS_STATUS_SUCCESS && rs == 0);
  ri = 7;
  CHECK(cublasIsamax(h, 0, dxs, 1, &ri) == CUBLAS_STATUS_SUCCESS && ri == 0);
  ri = 7;
  CHECK(cublasIdamax(h, N, dxd, -1, &ri) == CUBLAS_STATUS_SUCCESS && ri == 0);
  rd = 7;
  CHECK(cublasDdot(h, 0, dxd, 1, dyd, 1, &rd) == CUBLAS_STATUS_SUCCESS && rd == 0);
  CHECK(cublasSdot(h, N, dxs, 1, dys, 1, NULL) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(cublasSnrm2(NULL, N, dxs, 1, &rs) == CUBLAS_STATUS_NOT_INITIALIZED);

  // Device pointer mode: the result lands in device memory.
  float *dres;
  cudaMalloc((void **)&dres, sizeof(float));
  CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_DEVICE) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSasum(h, N, dxs, 2, dres) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasSetPointerMode(h, CUBLAS_POINTER_MODE_HOST) == CUBLAS_STATUS_SUCCESS);
  cudaMemcpy(&rs, dres, sizeof(float), cudaMemcpyDeviceToHost);
  CHECK_NEAR(rs, 2.5 * asum, 1e-6);
  cudaFree(dres);
  cudaFree(dxs);
  cudaFree(dys);
  cudaFree(dxd);
  cudaFree(dyd);
}

static void complex_tests(cublasHandle_t h)
{
  cuComplex xc[N], yc[N];
  cuDoubleComplex xz[N], yz[N];
  for (int i = 0; i < N; i++) {
    xz[i] = make_cuDoubleComplex(next_value(), next_value());
    yz[i] = make_cuDoubleComplex(next_value(), next_value());
    xc[i] = cuComplexDoubleToFloat(xz[i]);
    yc[i] = cuComplexDoubleToFloat(yz[i]);
  }
  xz[9] = make_cuDoubleComplex(2.0, -1.5);  // largest |re| + |im|
  xc[9] = cuComplexDoubleToFloat(xz[9]);
  cuComplex *dxc = to_device(xc, N), *dyc = to_device(yc, N);
  cuDoubleComplex *dxz = to_device(xz, N), *dyz = to_device(yz, N);

  double ur = 0, ui = 0, cr = 0, ci = 0, nrm = 0, asum = 0;
  for (int i = 0; i < N; i++) {
    double a = xz[i].x, b = xz[i].y, c = yz[i].x, d = yz[i].y;
    ur += a * c - b * d;
    ui += a * d + b * c;
    cr += a * c + b * d;  // conj(x) y
    ci += a * d - b * c;
    nrm += a * a + b * b;
    asum += fabs(a) + fabs(b);
  }
  nrm = sqrt(nrm);
  cuComplex rc;
  cuDoubleComplex rz;
  float rs;
  double rd;
  int ri;
  CHECK(cublasCdotu(h, N, dxc, 1, dyc, 1, &rc) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rc.x, ur, 1e-5);
  CHECK_NEAR(rc.y, ui, 1e-5);
  CHECK(cublasCdotc(h, N, dxc, 1, dyc, 1, &rc) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rc.x, cr, 1e-5);
  CHECK_NEAR(rc.y, ci, 1e-5);
  CHECK(cublasZdotu(h, N, dxz, 1, dyz, 1, &rz) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rz.x, ur, 1e-13);
  CHECK_NEAR(rz.y, ui, 1e-13);
  CHECK(cublasZdotc(h, N, dxz, 1, dyz, 1, &rz) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rz.x, cr, 1e-13);
  CHECK_NEAR(rz.y, ci, 1e-13);
  CHECK(cublasScnrm2(h, N, dxc, 1, &rs) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rs, nrm, 1e-6);
  CHECK(cublasDznrm2(h, N, dxz, 1, &rd) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rd, nrm, 1e-13);
  CHECK(cublasScasum(h, N, dxc, 1, &rs) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rs, asum, 1e-6);
  CHECK(cublasDzasum(h, N, dxz, 1, &rd) == CUBLAS_STATUS_SUCCESS);
  CHECK_NEAR(rd, asum, 1e-13);
  CHECK(cublasIcamax(h, N, dxc, 1, &ri) == CUBLAS_STATUS_SUCCESS && ri == 10);
  CHECK(cublasIzamax(h, N, dxz, 1, &ri) == CUBLAS_STATUS_SUCCESS && ri == 10);

  // axpy with a complex alpha, then scal by a complex and by a real.
  cuComplex ac = make_cuComplex(0.5f, -2.0f);
  cuDoubleComplex az = make_cuDoubleComplex(0.5, -2.0);
  CHECK(cublasCaxpy(h, N, &ac, dxc, 1, dyc, 1) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasZaxpy(h, N, &az, dxz, 1, dyz, 1) == CUBLAS_STATUS_SUCCESS);
  cuComplex yc2[N];
  cuDoubleComplex yz2[N];
  from_device(yc2, dyc, N);
  from_device(yz2, dyz, N);
  for (int i = 0; i < N; i++) {
    double re = yz[i].x + 0.5 * xz[i].x + 2.0 * xz[i].y;
    double im = yz[i].y + 0.5 * xz[i].y - 2.0 * xz[i].x;
    CHECK_NEAR(yc2[i].x, re, 1e-6);
    CHECK_NEAR(yc2[i].y, im, 1e-6);
    CHECK_NEAR(yz2[i].x, re, 1e-14);
    CHECK_NEAR(yz2[i].y, im, 1e-14);
  }
  CHECK(cublasCscal(h, N, &ac, dxc, 1) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasZscal(h, N, &az, dxz, 1) == CUBLAS_STATUS_SUCCESS);
  float sc = 3.0f;
  double sz = 3.0;
  CHECK(cublasCsscal(h, N, &sc, dxc, 1) == CUBLAS_STATUS_SUCCESS);
  CHECK(cublasZdscal(h, N, &sz, dxz, 1) == CUBLAS_STATUS_SUCCESS);
  cuComplex xc2[N];
  cuDoubleComplex xz2[N];
  from_device(xc2, dxc, N);
  from_device(xz2, dxz, N);
  for (int i = 0; i < N; i++) {
    double re = 3 * (0.5 * xz[i].x + 2.0 * xz[i].y), im = 3 * (0.5 * xz[i].y - 2.0 * xz[i].x);
    CHECK_NEAR(xc2[i].x, re, 1e-5);
    CHECK_NEAR(xc2[i].y, im, 1e-5);
    CHECK_NEAR(xz2[i].x, re, 1e-13);
    CHECK_NEAR(xz2[i].y, im, 1e-13);
  }
  cudaFree(dxc);
  cudaFree(dyc);
  cudaFree(dxz);
  cudaFree(dyz);
}

int main()
{
  cublasHandle_t h;
  CHECK(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS);
  real_tests(h);
  complex_tests(h);
  CHECK(cublasDestroy(h) == CUBLAS_STATUS_SUCCESS);
  return finish("cublas_level1");
}
