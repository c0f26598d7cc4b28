// cucpu-libs: -lcusparse
// cuSPARSE's generic SpMV, y = alpha op(A) x + beta y, in float and
// double: CSR with 32- and 64-bit indices from 0 and from 1, op N and T
// (C is an invalid value for real values, as on an H100), alpha and beta of several values (beta 0 too,
// pointer mode host and device), a COO matrix and a CSC matrix, and a
// CSR matrix whose row offsets come from cusparseXcoo2csr; against loops
// over the dense matrix in double. A 0 x n matrix and a matrix without
// entries. Also the statuses of mismatched sizes and of handles.
#include "sparse_ref.h"

#define M 53
#define N 41

// y = alpha op(A) x + beta y0 over the dense row-major matrix a.
static void ref_spmv(const double *a, int m, int n, bool t, double alpha, const double *x,
                     double beta, const double *y0, double *y)
{
  int rows = t ? n : m, cols = t ? m : n;
  for (int i = 0; i < rows; i++) {
    double s = 0;
    for (int j = 0; j < cols; j++)
      s += (t ? a[(size_t)j * n + i] : a[(size_t)i * n + j]) * x[j];
    y[i] = alpha * s + beta * y0[i];
  }
}

// Runs SpMV on matA (of the dense a) and checks it.
template <typename T>
static void check_spmv(cusparseHandle_t h, cusparseConstSpMatDescr_t matA, const double *a,
                       int m, int n, cusparseOperation_t op, double alpha, double beta,
                       const char *what)
{
  bool t = op != CUSPARSE_OPERATION_NON_TRANSPOSE;
  int nx = t ? m : n, ny = t ? n : m;
  double *x = new double[nx + 1], *y0 = new double[ny + 1], *want = new double[ny + 1];
  T *hx = new T[nx + 1], *hy = new T[ny + 1];
  for (int i = 0; i < nx; i++)
    hx[i] = (T)next_value(), x[i] = hx[i];
  for (int i = 0; i < ny; i++)
    hy[i] = (T)next_value(), y0[i] = hy[i];
  ref_spmv(a, m, n, t, alpha, x, beta, y0, want);
  T *dx = to_device(hx, nx), *dy = to_device(hy, ny);
  cusparseDnVecDescr_t vx, vy;
  CHECK(cusparseCreateDnVec(&vx, nx, dx, Real<T>::type) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseCreateDnVec(&vy, ny, dy, Real<T>::type) == CUSPARSE_STATUS_SUCCESS);
  T al = (T)alpha, be = (T)beta;
  size_t bytes = 1;
  CHECK(cusparseSpMV_bufferSize(h, op, &al, matA, vx, &be, vy, Real<T>::type,
                                CUSPARSE_SPMV_ALG_DEFAULT, &bytes) == CUSPARSE_STATUS_SUCCESS);
  void *buf = 0;
  cudaMalloc(&buf, bytes ? bytes : 1);
  CHECK(cusparseSpMV(h, op, &al, matA, vx, &be, vy, Real<T>::type, CUSPARSE_SPMV_ALG_DEFAULT,
                     buf) == CUSPARSE_STATUS_SUCCESS);
  from_device(hy, dy, ny);
  int before = failures;
  for (int i = 0; i < ny; i++)
    CHECK_NEAR(hy[i], want[i], Real<T>::tol() * 8);
  if (failures != before)
    printf("  in %s, op %d, alpha %g, beta %g\n", what, (int)op, alpha, beta);
  cusparseDestroyDnVec(vx);
  cusparseDestroyDnVec(vy);
  cudaFree(buf);
  cudaFree(dx);
  cudaFree(dy);
  delete[] x;
  delete[] y0;
  delete[] want;
  delete[] hx;
  delete[] hy;
}

static const cusparseOperation_t ops[2] = {CUSPARSE_OPERATION_NON_TRANSPOSE,
                                           CUSPARSE_OPERATION_TRANSPOSE};

// CSR with index type I (cusparse type it) from base 0 and 1.
template <typename T, typename I>
static void csr_tests(cusparseHandle_t h, const double *a, int m, int n, cusparseIndexType_t it)
{
  int nnz = count_nnz(a, m, n);
  for (int base = 0; base <= 1; base++) {
    I *off = new I[m + 1], *col = new I[nnz + 1];
    T *val = new T[nnz + 1];
    to_csr(a, m, n, base, off, col, val);
    I *doff = to_device(off, m + 1), *dcol = to_device(col, nnz);
    T *dval = to_device(val, nnz);
    cusparseSpMatDescr_t A;
    CHECK(cusparseCreateCsr(&A, m, n, nnz, doff, dcol, dval, it, it,
                            base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO,
                            Real<T>::type) == CUSPARSE_STATUS_SUCCESS);
    for (int o = 0; o < 2; o++) {
      check_spmv<T>(h, A, a, m, n, ops[o], 1.0, 0.0, "csr");
      check_spmv<T>(h, A, a, m, n, ops[o], -1.5, 0.5, "csr");
      check_spmv<T>(h, A, a, m, n, ops[o], 0.25, 1.0, "csr");
    }
    cusparseDestroySpMat(A);
    cudaFree(doff);
    cudaFree(dcol);
    cudaFree(dval);
    delete[] off;
    delete[] col;
    delete[] val;
  }
}

// The same matrix as CSC (entries in column-major order) and as COO
// (sorted by row, as cuSPARSE requires; cucpu takes any order); then CSR
// offsets made by cusparseXcoo2csr from row-sorted COO row indices.
template <typename T> static void other_formats(cusparseHandle_t h, const double *a, int m, int n)
{
  int nnz = count_nnz(a, m, n), q = 0;
  int *ri = new int[nnz + 1], *ci = new int[nnz + 1], *coff = new int[n + 1];
  int *cri = new int[nnz + 1], *cci = new int[nnz + 1];
  T *val = new T[nnz + 1], *cval = new T[nnz + 1];
  coff[0] = 0;
  for (int j = 0; j < n; j++) {
    for (int i = 0; i < m; i++)
      if (a[(size_t)i * n + j] != 0.0)
        ri[q] = i, ci[q] = j, val[q++] = (T)a[(size_t)i * n + j];
    coff[j + 1] = q;
  }
  q = 0;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      if (a[(size_t)i * n + j] != 0.0)
        cri[q] = i, cci[q] = j, cval[q++] = (T)a[(size_t)i * n + j];
  int *dri = to_device(ri, nnz), *dci = to_device(ci, nnz), *dcoff = to_device(coff, n + 1);
  int *dcri = to_device(cri, nnz), *dcci = to_device(cci, nnz);
  T *dval = to_device(val, nnz), *dcval = to_device(cval, nnz);
  cusparseSpMatDescr_t coo, csc;
  CHECK(cusparseCreateCoo(&coo, m, n, nnz, dcri, dcci, dcval, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_BASE_ZERO, Real<T>::type) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseCreateCsc(&csc, m, n, nnz, dcoff, dri, dval, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, Real<T>::type) ==
        CUSPARSE_STATUS_SUCCESS);
  for (int o = 0; o < 2; o++) {
    check_spmv<T>(h, coo, a, m, n, ops[o], 2.0, -1.0, "coo");
    check_spmv<T>(h, csc, a, m, n, ops[o], 2.0, -1.0, "csc");
  }
  cusparseDestroySpMat(coo);
  cusparseDestroySpMat(csc);

  // Row-sorted COO, 1-based, to CSR offsets.
  int *off = new int[m + 1], *rows = new int[nnz + 1], *cols = new int[nnz + 1];
  to_csr(a, m, n, 1, off, cols, val);
  for (int i = 0; i < m; i++)
    for (int p = off[i] - 1; p < off[i + 1] - 1; p++)
      rows[p] = i + 1;
  int *drows = to_device(rows, nnz), *dcols = to_device(cols, nnz), *doff;
  cudaMalloc((void **)&doff, sizeof(int) * (m + 1));
  cudaMemcpy(dval, val, sizeof(T) * nnz, cudaMemcpyHostToDevice);
  CHECK(cusparseXcoo2csr(h, drows, nnz, m, doff, CUSPARSE_INDEX_BASE_ONE) ==
        CUSPARSE_STATUS_SUCCESS);
  int *got = new int[m + 1];
  from_device(got, doff, m + 1);
  for (int i = 0; i <= m; i++)
    CHECK(got[i] == off[i]);
  cusparseSpMatDescr_t csr;
  CHECK(cusparseCreateCsr(&csr, m, n, nnz, doff, dcols, dval, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ONE, Real<T>::type) ==
        CUSPARSE_STATUS_SUCCESS);
  check_spmv<T>(h, csr, a, m, n, CUSPARSE_OPERATION_NON_TRANSPOSE, 1.0, 1.0, "coo2csr");
  cusparseDestroySpMat(csr);
  cudaFree(dri);
  cudaFree(dci);
  cudaFree(dcri);
  cudaFree(dcci);
  cudaFree(dcval);
  cudaFree(dcoff);
  cudaFree(dval);
  cudaFree(drows);
  cudaFree(dcols);
  cudaFree(doff);
  delete[] ri;
  delete[] ci;
  delete[] cri;
  delete[] cci;
  delete[] cval;
  delete[] coff;
  delete[] val;
  delete[] off;
  delete[] rows;
  delete[] cols;
  delete[] got;
}

// Scalars in device memory (CUSPARSE_POINTER_MODE_DEVICE).
static void device_scalars(cusparseHandle_t h, const double *a, int m, int n)
{
  int nnz = count_nnz(a, m, n);
  int *off = new int[m + 1], *col = new int[nnz + 1];
  double *val = new double[nnz + 1], x[N], y0[M], want[M], got[M];
  to_csr(a, m, n, 0, off, col, val);
  for (int j = 0; j < n; j++)
    x[j] = next_value();
  for (int i = 0; i < m; i++)
    y0[i] = next_value();
  double scal[2] = {0.75, -2.0};
  ref_spmv(a, m, n, false, scal[0], x, scal[1], y0, want);
  int *doff = to_device(off, m + 1), *dcol = to_device(col, nnz);
  double *dval = to_device(val, nnz), *dx = to_device(x, n), *dy = to_device(y0, m);
  double *dscal = to_device(scal, 2);
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  cusparseCreateCsr(&A, m, n, nnz, doff, dcol, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
  cusparseCreateDnVec(&vx, n, dx, CUDA_R_64F);
  cusparseCreateDnVec(&vy, m, dy, CUDA_R_64F);
  CHECK(cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_DEVICE) == CUSPARSE_STATUS_SUCCESS);
  cusparsePointerMode_t mode;
  CHECK(cusparseGetPointerMode(h, &mode) == CUSPARSE_STATUS_SUCCESS &&
        mode == CUSPARSE_POINTER_MODE_DEVICE);
  size_t bytes = 0;
  CHECK(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, dscal, A, vx, dscal + 1, vy,
                                CUDA_R_64F, CUSPARSE_SPMV_CSR_ALG1, &bytes) ==
        CUSPARSE_STATUS_SUCCESS);
  void *buf;
  cudaMalloc(&buf, bytes ? bytes : 1);
  CHECK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, dscal, A, vx, dscal + 1, vy, CUDA_R_64F,
                     CUSPARSE_SPMV_CSR_ALG1, buf) == CUSPARSE_STATUS_SUCCESS);
  cudaDeviceSynchronize();
  from_device(got, dy, m);
  for (int i = 0; i < m; i++)
    CHECK_NEAR(got[i], want[i], 1e-12);
  cusparseSetPointerMode(h, CUSPARSE_POINTER_MODE_HOST);
  cusparseDestroySpMat(A);
  cusparseDestroyDnVec(vx);
  cusparseDestroyDnVec(vy);
  cudaFree(buf);
  cudaFree(doff);
  cudaFree(dcol);
  cudaFree(dval);
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dscal);
  delete[] off;
  delete[] col;
  delete[] val;
}

// Mismatched sizes, queries of descriptors, status strings.
static void statuses(cusparseHandle_t h)
{
  float one = 1, x[4] = {1, 2, 3, 4}, y[4];
  int off[3] = {0, 1, 2}, col[2] = {0, 1};
  float val[2] = {1, 1};
  float *dx = to_device(x, 4), *dy = to_device(y, 4), *dval = to_device(val, 2);
  int *doff = to_device(off, 3), *dcol = to_device(col, 2);
  cusparseSpMatDescr_t A;
  cusparseDnVecDescr_t vx, vy;
  CHECK(cusparseCreateCsr(&A, 2, 3, 2, doff, dcol, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseCreateDnVec(&vx, 4, dx, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseCreateDnVec(&vy, 2, dy, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS);
  size_t bytes;
  // x has 4 elements, A 3 columns.
  CHECK(cusparseSpMV_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &one, vy,
                                CUDA_R_32F, CUSPARSE_SPMV_ALG_DEFAULT, &bytes) ==
        CUSPARSE_STATUS_INVALID_VALUE);
  CHECK(cusparseSpMV(h, CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, vx, &one, vy, CUDA_R_32F,
                     CUSPARSE_SPMV_ALG_DEFAULT, 0) == CUSPARSE_STATUS_INVALID_VALUE);
  // The conjugate transpose of a real matrix (sizes that fit A^T).
  cusparseDnVecDescr_t x2, y3;
  CHECK(cusparseCreateDnVec(&x2, 2, dx, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseCreateDnVec(&y3, 3, dy, CUDA_R_32F) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseSpMV(h, CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE, &one, A, x2, &one, y3, CUDA_R_32F,
                     CUSPARSE_SPMV_ALG_DEFAULT, 0) == CUSPARSE_STATUS_INVALID_VALUE);
  cusparseDestroyDnVec(x2);
  cusparseDestroyDnVec(y3);
  int64_t rows, cols, nnz;
  CHECK(cusparseSpMatGetSize(A, &rows, &cols, &nnz) == CUSPARSE_STATUS_SUCCESS && rows == 2 &&
        cols == 3 && nnz == 2);
  cusparseFormat_t format;
  CHECK(cusparseSpMatGetFormat(A, &format) == CUSPARSE_STATUS_SUCCESS &&
        format == CUSPARSE_FORMAT_CSR);
  void *values;
  CHECK(cusparseDnVecGetValues(vx, &values) == CUSPARSE_STATUS_SUCCESS && values == dx);
  cudaStream_t s, got;
  cudaStreamCreate(&s);
  CHECK(cusparseSetStream(h, s) == CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseGetStream(h, &got) == CUSPARSE_STATUS_SUCCESS && got == s);
  cusparseSetStream(h, 0);
  cudaStreamDestroy(s);
  int version = 0, major = -1;
  CHECK(cusparseGetVersion(h, &version) == CUSPARSE_STATUS_SUCCESS && version >= 12000);
  CHECK(cusparseGetProperty(MAJOR_VERSION, &major) == CUSPARSE_STATUS_SUCCESS && major >= 12);
  CHECK(strcmp(cusparseGetErrorString(CUSPARSE_STATUS_SUCCESS), "success") == 0);
  CHECK(strcmp(cusparseGetErrorString(CUSPARSE_STATUS_INVALID_VALUE), "invalid value") == 0);
  CHECK(strcmp(cusparseGetErrorName(CUSPARSE_STATUS_NOT_SUPPORTED),
               "CUSPARSE_STATUS_NOT_SUPPORTED") == 0);
  cusparseDestroySpMat(A);
  cusparseDestroyDnVec(vx);
  cusparseDestroyDnVec(vy);
  cudaFree(dx);
  cudaFree(dy);
  cudaFree(dval);
  cudaFree(doff);
  cudaFree(dcol);
}

int main()
{
  cusparseHandle_t h;
  CHECK(cusparseCreate(&h) == CUSPARSE_STATUS_SUCCESS);
  double *a = make_dense(M, N);
  csr_tests<float, int>(h, a, M, N, CUSPARSE_INDEX_32I);
  csr_tests<double, int>(h, a, M, N, CUSPARSE_INDEX_32I);
  csr_tests<double, int64_t>(h, a, M, N, CUSPARSE_INDEX_64I);
  other_formats<float>(h, a, M, N);
  other_formats<double>(h, a, M, N);
  device_scalars(h, a, M, N);
  // A large matrix, so that the product runs on several threads.
  double *big = make_dense(1500, 700);
  csr_tests<double, int>(h, big, 1500, 700, CUSPARSE_INDEX_32I);
  // Edge shapes: no rows; entries all zero (an empty CSR).
  double *none = make_dense(0, 5);
  csr_tests<float, int>(h, none, 0, 5, CUSPARSE_INDEX_32I);
  double zeros[12] = {0};
  csr_tests<float, int>(h, zeros, 4, 3, CUSPARSE_INDEX_32I);
  statuses(h);
  CHECK(cusparseDestroy(h) == CUSPARSE_STATUS_SUCCESS);
  delete[] a;
  delete[] big;
  delete[] none;
  return finish("cusparse_spmv");
}
