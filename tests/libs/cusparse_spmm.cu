// cucpu-libs: -lcusparse
// cuSPARSE's generic SpMM, C = alpha op(A) op(B) + beta C, in float and
// double: A in CSR (32- and 64-bit indices, from 0 and from 1) and COO,
// op(A) N and T, op(B) N and T, B and C column-major and row-major (each
// its own order, leading dimensions larger than needed), beta 0 and not;
// against loops over the dense matrices in double. Also a product large
// enough for several threads, and a mismatched shape.
#include "sparse_ref.h"

#define M 29
#define K 23
#define NC 70 // more than one block of 64 columns

struct Dense {
  int rows, cols;
  int64_t ld;
  cusparseOrder_t order;
  size_t at(int i, int j) const
  {
    return order == CUSPARSE_ORDER_COL ? i + (size_t)j * ld : (size_t)i * ld + j;
  }
  size_t size() const
  {
    return order == CUSPARSE_ORDER_COL ? (size_t)ld * cols : (size_t)rows * ld;
  }
};

static Dense dense(int rows, int cols, cusparseOrder_t order, int pad)
{
  Dense d = {rows, cols, (order == CUSPARSE_ORDER_COL ? rows : cols) + pad, order};
  return d;
}

// One product: A (m x k dense a, row-major) through matA.
template <typename T>
static void check_spmm(cusparseHandle_t h, cusparseSpMatDescr_t matA, const double *a, int am,
                       int an, cusparseOperation_t opA, cusparseOperation_t opB,
                       cusparseOrder_t ob, cusparseOrder_t oc, int n, double alpha, double beta)
{
  bool ta = opA != CUSPARSE_OPERATION_NON_TRANSPOSE, tb = opB != CUSPARSE_OPERATION_NON_TRANSPOSE;
  int m = ta ? an : am, k = ta ? am : an;
  Dense B = tb ? dense(n, k, ob, 3) : dense(k, n, ob, 2), C = dense(m, n, oc, 1);
  T *hb = new T[B.size() + 1], *hc = new T[C.size() + 1];
  for (size_t q = 0; q < B.size(); q++)
    hb[q] = (T)next_value();
  for (size_t q = 0; q < C.size(); q++)
    hc[q] = (T)next_value();
  double *want = new double[(size_t)m * n + 1];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double s = 0;
      for (int p = 0; p < k; p++) {
        double av = ta ? a[(size_t)p * an + i] : a[(size_t)i * an + p];
        double bv = tb ? hb[B.at(j, p)] : hb[B.at(p, j)];
        s += av * bv;
      }
      want[(size_t)i * n + j] = alpha * s + beta * hc[C.at(i, j)];
    }
  T *db = to_device(hb, B.size()), *dc = to_device(hc, C.size());
  cusparseDnMatDescr_t mb, mc;
  CHECK(cusparseCreateDnMat(&mb, B.rows, B.cols, B.ld, db, Real<T>::type, ob) ==
        CUSPARSE_STATUS_SUCCESS);
  CHECK(cusparseCreateDnMat(&mc, C.rows, C.cols, C.ld, dc, Real<T>::type, oc) ==
        CUSPARSE_STATUS_SUCCESS);
  T al = (T)alpha, be = (T)beta;
  size_t bytes = 1;
  CHECK(cusparseSpMM_bufferSize(h, opA, opB, &al, matA, mb, &be, mc, Real<T>::type,
                                CUSPARSE_SPMM_ALG_DEFAULT, &bytes) == CUSPARSE_STATUS_SUCCESS);
  void *buf = 0;
  cudaMalloc(&buf, bytes ? bytes : 1);
  CHECK(cusparseSpMM(h, opA, opB, &al, matA, mb, &be, mc, Real<T>::type,
                     CUSPARSE_SPMM_ALG_DEFAULT, buf) == CUSPARSE_STATUS_SUCCESS);
  T *got = new T[C.size() + 1];
  from_device(got, dc, C.size());
  int before = failures;
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++)
      CHECK_NEAR(got[C.at(i, j)], want[(size_t)i * n + j], Real<T>::tol() * 8);
  // Padding between columns (or rows) of C is left as it was.
  for (int i = 0; i < (oc == CUSPARSE_ORDER_COL ? n : m); i++)
    CHECK(got[(size_t)i * C.ld + C.ld - 1] == hc[(size_t)i * C.ld + C.ld - 1]);
  if (failures != before)
    printf("  opA %d, opB %d, B order %d, C order %d, n %d, beta %g\n", (int)opA, (int)opB,
           (int)ob, (int)oc, n, beta);
  cusparseDestroyDnMat(mb);
  cusparseDestroyDnMat(mc);
  cudaFree(buf);
  cudaFree(db);
  cudaFree(dc);
  delete[] hb;
  delete[] hc;
  delete[] want;
  delete[] got;
}

static const cusparseOperation_t ops[2] = {CUSPARSE_OPERATION_NON_TRANSPOSE,
                                           CUSPARSE_OPERATION_TRANSPOSE};
static const cusparseOrder_t orders[2] = {CUSPARSE_ORDER_COL, CUSPARSE_ORDER_ROW};

// Every combination of operations and orders on one sparse matrix.
template <typename T>
static void all_shapes(cusparseHandle_t h, cusparseSpMatDescr_t A, const double *a, int m, int k)
{
  for (int oa = 0; oa < 2; oa++)
    for (int ob = 0; ob < 2; ob++)
      for (int b = 0; b < 2; b++)
        for (int c = 0; c < 2; c++) {
          check_spmm<T>(h, A, a, m, k, ops[oa], ops[ob], orders[b], orders[c], NC, 1.0, 0.0);
          check_spmm<T>(h, A, a, m, k, ops[oa], ops[ob], orders[b], orders[c], 5, -0.5, 1.5);
        }
}

template <typename T, typename I>
static void csr_tests(cusparseHandle_t h, const double *a, int m, int k, cusparseIndexType_t it,
                      int base)
{
  int nnz = count_nnz(a, m, k);
  I *off = new I[m + 1], *col = new I[nnz + 1];
  T *val = new T[nnz + 1];
  to_csr(a, m, k, base, off, col, val);
  I *doff = to_device(off, m + 1), *dcol = to_device(col, nnz);
  T *dval = to_device(val, nnz);
  cusparseSpMatDescr_t A;
  CHECK(cusparseCreateCsr(&A, m, k, nnz, doff, dcol, dval, it, it,
                          base ? CUSPARSE_INDEX_BASE_ONE : CUSPARSE_INDEX_BASE_ZERO,
                          Real<T>::type) == CUSPARSE_STATUS_SUCCESS);
  all_shapes<T>(h, A, a, m, k);
  cusparseDestroySpMat(A);
  cudaFree(doff);
  cudaFree(dcol);
  cudaFree(dval);
  delete[] off;
  delete[] col;
  delete[] val;
}

// COO, entries in row order (SpMM's COO algorithms want them sorted).
template <typename T> static void coo_tests(cusparseHandle_t h, const double *a, int m, int k)
{
  int nnz = count_nnz(a, m, k), q = 0;
  int *ri = new int[nnz + 1], *ci = new int[nnz + 1];
  T *val = new T[nnz + 1];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < k; j++)
      if (a[(size_t)i * k + j] != 0.0)
        ri[q] = i, ci[q] = j, val[q++] = (T)a[(size_t)i * k + j];
  int *dri = to_device(ri, nnz), *dci = to_device(ci, nnz);
  T *dval = to_device(val, nnz);
  cusparseSpMatDescr_t A;
  CHECK(cusparseCreateCoo(&A, m, k, nnz, dri, dci, dval, CUSPARSE_INDEX_32I,
                          CUSPARSE_INDEX_BASE_ZERO, Real<T>::type) == CUSPARSE_STATUS_SUCCESS);
  check_spmm<T>(h, A, a, m, k, ops[0], ops[0], orders[0], orders[0], 9, 2.0, -1.0);
  check_spmm<T>(h, A, a, m, k, ops[0], ops[0], orders[1], orders[1], 9, 2.0, -1.0);
  cusparseDestroySpMat(A);
  cudaFree(dri);
  cudaFree(dci);
  cudaFree(dval);
  delete[] ri;
  delete[] ci;
  delete[] val;
}

static void mismatch(cusparseHandle_t h)
{
  int off[3] = {0, 1, 2}, col[2] = {0, 1};
  float val[2] = {1, 1}, one = 1, b[12] = {0}, c[12];
  int *doff = to_device(off, 3), *dcol = to_device(col, 2);
  float *dval = to_device(val, 2), *db = to_device(b, 12), *dc = to_device(c, 12);
  cusparseSpMatDescr_t A;
  cusparseDnMatDescr_t mb, mc;
  cusparseCreateCsr(&A, 2, 3, 2, doff, dcol, dval, CUSPARSE_INDEX_32I, CUSPARSE_INDEX_32I,
                    CUSPARSE_INDEX_BASE_ZERO, CUDA_R_32F);
  cusparseCreateDnMat(&mb, 4, 3, 4, db, CUDA_R_32F, CUSPARSE_ORDER_COL); // 4 rows, A has 3 cols
  cusparseCreateDnMat(&mc, 2, 3, 2, dc, CUDA_R_32F, CUSPARSE_ORDER_COL);
  size_t bytes;
  CHECK(cusparseSpMM_bufferSize(h, CUSPARSE_OPERATION_NON_TRANSPOSE,
                                CUSPARSE_OPERATION_NON_TRANSPOSE, &one, A, mb, &one, mc,
                                CUDA_R_32F, CUSPARSE_SPMM_ALG_DEFAULT,
                                &bytes) == CUSPARSE_STATUS_INVALID_VALUE);
  int64_t rows, cols, ld;
  void *values;
  cudaDataType type;
  cusparseOrder_t order;
  CHECK(cusparseDnMatGet(mb, &rows, &cols, &ld, &values, &type, &order) ==
            CUSPARSE_STATUS_SUCCESS &&
        rows == 4 && cols == 3 && ld == 4 && values == db && type == CUDA_R_32F &&
        order == CUSPARSE_ORDER_COL);
  cusparseDestroySpMat(A);
  cusparseDestroyDnMat(mb);
  cusparseDestroyDnMat(mc);
  cudaFree(doff);
  cudaFree(dcol);
  cudaFree(dval);
  cudaFree(db);
  cudaFree(dc);
}

int main()
{
  cusparseHandle_t h;
  CHECK(cusparseCreate(&h) == CUSPARSE_STATUS_SUCCESS);
  double *a = make_dense(M, K);
  csr_tests<float, int>(h, a, M, K, CUSPARSE_INDEX_32I, 0);
  csr_tests<double, int>(h, a, M, K, CUSPARSE_INDEX_32I, 1);
  csr_tests<double, int64_t>(h, a, M, K, CUSPARSE_INDEX_64I, 0);
  coo_tests<float>(h, a, M, K);
  coo_tests<double>(h, a, M, K);
  double *big = make_dense(700, 300);
  {
    int nnz = count_nnz(big, 700, 300);
    int *off = new int[701], *col = new int[nnz];
    double *val = new double[nnz];
    to_csr(big, 700, 300, 0, off, col, val);
    int *doff = to_device(off, 701), *dcol = to_device(col, nnz);
    double *dval = to_device(val, nnz);
    cusparseSpMatDescr_t A;
    cusparseCreateCsr(&A, 700, 300, nnz, doff, dcol, dval, CUSPARSE_INDEX_32I,
                      CUSPARSE_INDEX_32I, CUSPARSE_INDEX_BASE_ZERO, CUDA_R_64F);
    check_spmm<double>(h, A, big, 700, 300, ops[0], ops[0], orders[0], orders[0], 40, 1.0, 0.5);
    check_spmm<double>(h, A, big, 700, 300, ops[1], ops[0], orders[1], orders[1], 40, 1.0, 0.5);
    cusparseDestroySpMat(A);
    cudaFree(doff);
    cudaFree(dcol);
    cudaFree(dval);
    delete[] off;
    delete[] col;
    delete[] val;
  }
  mismatch(h);
  CHECK(cusparseDestroy(h) == CUSPARSE_STATUS_SUCCESS);
  delete[] a;
  delete[] big;
  return finish("cusparse_spmm");
}
