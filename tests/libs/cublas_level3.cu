// cucpu-libs: -lcublas
// cuBLAS gemmBatched, gemmStridedBatched, geam and trsm in S, D, C and Z,
// against naive host references from the definitions: each product of a
// batch computed by loops, geam's sum element by element (with its
// transpose idiom, beta == 0 and B NULL, and in place), and trsm's
// solution checked by multiplying back: op(A) X == alpha B (side left) or
// X op(A) == alpha B (right), for both fill modes, all three operations
// and both diagonal kinds, with NaN in the triangle trsm must not read.
#include "libcheck.h"
#include "blas_types.h"

static const cublasOperation_t ops[3] = {CUBLAS_OP_N, CUBLAS_OP_T, CUBLAS_OP_C};

// C_b = alpha op(A_b) op(B_b) + beta C_b, one batch member, against R.
template <typename T>
static void check_product(const T *A, int lda, const T *B, int ldb, const T *C, const T *R,
                          int ldc, cublasOperation_t ta, cublasOperation_t tb, int m, int n,
                          int k, T alpha, T beta)
{
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      Cd s = cd(0, 0);
      for (int p = 0; p < k; p++)
        s = s + op_at(A, ta, i, p, lda) * op_at(B, tb, p, j, ldb);
      Cd want = to_cd(alpha) * s + to_cd(beta) * to_cd(C[i + j * ldc]);
      CHECK_NEAR(to_cd(R[i + j * ldc]).re, want.re, Elem<T>::tol() * k);
      CHECK_NEAR(to_cd(R[i + j * ldc]).im, want.im, Elem<T>::tol() * k);
    }
}

template <typename T> static void test_batched(cublasHandle_t h, int count)
{
  const int m = 4, n = 3, k = 5, ld = 6, size = ld * 6, stride = size + 5;
  cublasOperation_t ta = ops[count % 3], tb = ops[(count + 1) % 3];
  T *A = new T[stride * count], *B = new T[stride * count], *C = new T[stride * count];
  T *R = new T[stride * count];
  fill(A, stride * count);
  fill(B, stride * count);
  fill(C, stride * count);
  T alpha = Elem<T>::make(cd(0.5, 1.0)), beta = Elem<T>::make(cd(2.0, -0.5));
  T *dA = to_device(A, stride * count), *dB = to_device(B, stride * count);
  T *dC = to_device(C, stride * count);

  // Strided: members stride elements apart.
  CHECK(blas::gemm_strided(h, ta, tb, m, n, k, &alpha, dA, ld, stride, dB, ld, stride, &beta, dC,
                           ld, stride, count) == CUBLAS_STATUS_SUCCESS);
  from_device(R, dC, stride * count);
  for (int b = 0; b < count; b++)
    check_product(A + b * stride, ld, B + b * stride, ld, C + b * stride, R + b * stride, ld, ta,
                  tb, m, n, k, alpha, beta);

  // Pointer arrays (in device memory), members in reverse order.
  const T **pa = new const T *[count], **pb = new const T *[count];
  T **pc = new T *[count];
  for (int b = 0; b < count; b++) {
    pa[b] = dA + (count - 1 - b) * stride;
    pb[b] = dB + b * stride;
    pc[b] = dC + b * stride;
  }
  const T **dpa = to_device(pa, count), **dpb = to_device(pb, count);
  T **dpc = to_device(pc, count);
  CHECK(blas::gemm_batched(h, ta, tb, m, n, k, &alpha, dpa, ld, dpb, ld, &beta, dpc, ld, count) ==
        CUBLAS_STATUS_SUCCESS);
  T *R2 = new T[stride * count];
  from_device(R2, dC, stride * count);
  for (int b = 0; b < count; b++)
    check_product(A + (count - 1 - b) * stride, ld, B + b * stride, ld, R + b * stride,
                  R2 + b * stride, ld, ta, tb, m, n, k, alpha, beta);
  CHECK(blas::gemm_strided(h, ta, tb, m, n, k, &alpha, dA, ld, stride, dB, ld, stride, &beta, dC,
                           ld, stride, 0) == CUBLAS_STATUS_SUCCESS);
  CHECK(blas::gemm_strided(h, ta, tb, m, n, k, &alpha, dA, ld, stride, dB, ld, stride, &beta, dC,
                           ld, stride, -1) == CUBLAS_STATUS_INVALID_VALUE);
  cudaFree(dA);
  cudaFree(dB);
  cudaFree(dC);
  cudaFree(dpa);
  cudaFree(dpb);
  cudaFree(dpc);
  delete[] A;
  delete[] B;
  delete[] C;
  delete[] R;
  delete[] R2;
  delete[] pa;
  delete[] pb;
  delete[] pc;
}

template <typename T> static void test_geam(cublasHandle_t h)
{
  const int m = 5, n = 4, ld = 7;
  T A[ld * 7], B[ld * 7], C[ld * 7], R[ld * 7];
  T alpha = Elem<T>::make(cd(1.5, -0.5)), beta = Elem<T>::make(cd(-0.25, 2.0));
  T zero = Elem<T>::make(cd(0, 0)), one = Elem<T>::make(cd(1, 0));
  for (int a = 0; a < 3; a++)
    for (int b = 0; b < 3; b++) {
      fill(A, ld * 7);
      fill(B, ld * 7);
      fill(C, ld * 7);
      T *dA = to_device(A, ld * 7), *dB = to_device(B, ld * 7), *dC = to_device(C, ld * 7);
      CHECK(blas::geam(h, ops[a], ops[b], m, n, &alpha, dA, ld, &beta, dB, ld, dC, ld) ==
            CUBLAS_STATUS_SUCCESS);
      from_device(R, dC, ld * 7);
      for (int j = 0; j < n; j++)
        for (int i = 0; i < m; i++) {
          Cd want = to_cd(alpha) * op_at(A, ops[a], i, j, ld) + to_cd(beta) * op_at(B, ops[b], i, j, ld);
          CHECK_NEAR(to_cd(R[i + j * ld]).re, want.re, Elem<T>::tol());
          CHECK_NEAR(to_cd(R[i + j * ld]).im, want.im, Elem<T>::tol());
        }
      cudaFree(dA);
      cudaFree(dB);
      cudaFree(dC);
    }
  // The transpose idiom: beta == 0 and B NULL.
  T *dA = to_device(A, ld * 7), *dC = to_device(C, ld * 7);
  CHECK(blas::geam(h, CUBLAS_OP_T, CUBLAS_OP_N, m, n, &one, dA, ld, &zero, (const T *)NULL, ld,
                   dC, ld) == CUBLAS_STATUS_SUCCESS);
  from_device(R, dC, ld * 7);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++)
      CHECK(to_cd(R[i + j * ld]).re == to_cd(A[j + i * ld]).re &&
            to_cd(R[i + j * ld]).im == to_cd(A[j + i * ld]).im);
  // In place: C == A with op N and the same leading dimension; with op T
  // it is an error.
  CHECK(blas::geam(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, &alpha, dA, ld, &beta, dA, ld, dA, ld) ==
        CUBLAS_STATUS_SUCCESS);
  from_device(R, dA, ld * 7);
  for (int j = 0; j < n; j++)
    for (int i = 0; i < m; i++) {
      Cd want = (to_cd(alpha) + to_cd(beta)) * to_cd(A[i + j * ld]);
      CHECK_NEAR(to_cd(R[i + j * ld]).re, want.re, Elem<T>::tol());
      CHECK_NEAR(to_cd(R[i + j * ld]).im, want.im, Elem<T>::tol());
    }
  CHECK(blas::geam(h, CUBLAS_OP_T, CUBLAS_OP_N, n, n, &alpha, dA, ld, &beta, dC, ld, dA, ld) ==
        CUBLAS_STATUS_INVALID_VALUE);
  CHECK(blas::geam(h, CUBLAS_OP_N, CUBLAS_OP_N, m, n, &alpha, dA, m - 1, &beta, dC, ld, dC, ld) ==
        CUBLAS_STATUS_INVALID_VALUE);
  cudaFree(dA);
  cudaFree(dC);
}

template <typename T> static void test_trsm(cublasHandle_t h)
{
  const int m = 5, n = 3, ld = 7;
  const cublasFillMode_t fills[2] = {CUBLAS_FILL_MODE_LOWER, CUBLAS_FILL_MODE_UPPER};
  const cublasDiagType_t diags[2] = {CUBLAS_DIAG_NON_UNIT, CUBLAS_DIAG_UNIT};
  for (int side = 0; side < 2; side++)
    for (int f = 0; f < 2; f++)
      for (int o = 0; o < 3; o++)
        for (int d = 0; d < 2; d++) {
          int ka = side == 0 ? m : n;
          T A[ld * 7], B[ld * 7], X[ld * 7];
          Cd eff[7][7];  // the triangular matrix trsm reads
          for (int j = 0; j < ka; j++)
            for (int i = 0; i < ka; i++) {
              bool stored = fills[f] == CUBLAS_FILL_MODE_LOWER ? i >= j : i <= j;
              Cd v = cd(0.3 * next_value(), Elem<T>::complex ? 0.3 * next_value() : 0);
              if (i == j)
                v = v + cd(2.0 + 0.1 * i, 0);
              A[i + j * ld] = stored ? Elem<T>::make(v) : Elem<T>::make(cd(nan(""), 0));
              eff[i][j] = stored ? v : cd(0, 0);
              if (i == j && diags[d] == CUBLAS_DIAG_UNIT) {
                A[i + j * ld] = Elem<T>::make(cd(nan(""), 0));  // never read
                eff[i][j] = cd(1, 0);
              }
            }
          fill(B, ld * n);
          T alpha = Elem<T>::make(cd(0.5, 0.25));
          T *dA = to_device(A, ld * ka), *dB = to_device(B, ld * n);
          CHECK(blas::trsm(h, side == 0 ? CUBLAS_SIDE_LEFT : CUBLAS_SIDE_RIGHT, fills[f], ops[o],
                           diags[d], m, n, &alpha, dA, ld, dB, ld) == CUBLAS_STATUS_SUCCESS);
          from_device(X, dB, ld * n);
          for (int j = 0; j < n; j++)
            for (int i = 0; i < m; i++) {
              Cd s = cd(0, 0);
              for (int p = 0; p < ka; p++) {
                int r = side == 0 ? i : p, c = side == 0 ? p : j;  // op(A)(r, c)
                Cd av = ops[o] == CUBLAS_OP_N ? eff[r][c] : eff[c][r];
                if (ops[o] == CUBLAS_OP_C)
                  av = conj(av);
                s = s + (side == 0 ? av * to_cd(X[p + j * ld]) : to_cd(X[i + p * ld]) * av);
              }
              Cd want = to_cd(alpha) * to_cd(B[i + j * ld]);
              CHECK_NEAR(s.re, want.re, Elem<T>::tol() * 10);
              CHECK_NEAR(s.im, want.im, Elem<T>::tol() * 10);
            }
          cudaFree(dA);
          cudaFree(dB);
        }
  T alpha = Elem<T>::make(cd(1, 0));
  CHECK(blas::trsm(h, CUBLAS_SIDE_LEFT, CUBLAS_FILL_MODE_FULL, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 2,
                   2, &alpha, (const T *)NULL, 2, (T *)NULL, 2) == CUBLAS_STATUS_INVALID_VALUE);
  CHECK(blas::trsm(h, CUBLAS_SIDE_RIGHT, CUBLAS_FILL_MODE_LOWER, CUBLAS_OP_N, CUBLAS_DIAG_UNIT, 4,
                   3, &alpha, (const T *)NULL, 2, (T *)NULL, 4) == CUBLAS_STATUS_INVALID_VALUE);
}

template <typename T> static void test_all(cublasHandle_t h)
{
  test_batched<T>(h, 1);
  test_batched<T>(h, 3);
  test_batched<T>(h, 64);  // many small products: spread over the threads
  test_geam<T>(h);
  test_trsm<T>(h);
}

int main()
{
  cublasHandle_t h;
  CHECK(cublasCreate(&h) == CUBLAS_STATUS_SUCCESS);
  test_all<float>(h);
  test_all<double>(h);
  test_all<cuComplex>(h);
  test_all<cuDoubleComplex>(h);
  CHECK(cublasDestroy(h) == CUBLAS_STATUS_SUCCESS);
  return finish("cublas_level3");
}
