/* sparse_ref.h: what the cuSPARSE tests share: a deterministic sparse
 * matrix as a dense array of doubles (some rows and columns empty), its
 * CSR and COO forms built by plain loops, and device copies. Plain CUDA:
 * the tests build with cucpu and with nvcc. */
#ifndef SPARSE_REF_H
#define SPARSE_REF_H

#include <cuda_runtime.h>
#include <cusparse.h>
#include <string.h>
#include "libcheck.h"

template <typename T> struct Real;
template <> struct Real<float> {
  static const cudaDataType type = CUDA_R_32F;
  static double tol() { return 2e-5; }
};
template <> struct Real<double> {
  static const cudaDataType type = CUDA_R_64F;
  static double tol() { return 1e-12; }
};

/* An m x n matrix, row-major, about one entry in four nonzero; row 2 and
 * column 3 empty (when they exist). */
static double *make_dense(int m, int n)
{
  double *a = new double[(size_t)m * n];
  for (int i = 0; i < m; i++)
    for (int j = 0; j < n; j++) {
      double v = next_value(), keep = next_value();
      a[(size_t)i * n + j] = (keep < -0.5 && i != 2 && j != 3) ? v : 0.0;
    }
  return a;
}

static int count_nnz(const double *a, int m, int n)
{
  int nnz = 0;
  for (int k = 0; k < m * n; k++)
    nnz += a[k] != 0.0;
  return nnz;
}

/* The CSR form of a (row-major m x n) with indices from base. */
template <typename T, typename I>
static void to_csr(const double *a, int m, int n, int base, I *off, I *col, T *val)
{
  int q = 0;
  off[0] = (I)base;
  for (int i = 0; i < m; i++) {
    for (int j = 0; j < n; j++)
      if (a[(size_t)i * n + j] != 0.0) {
        col[q] = (I)(j + base);
        val[q++] = (T)a[(size_t)i * n + j];
      }
    off[i + 1] = (I)(q + base);
  }
}

template <typename T> static T *to_device(const T *v, size_t n)
{
  T *d = 0;
  cudaMalloc((void **)&d, sizeof(T) * (n ? n : 1));
  cudaMemcpy(d, v, sizeof(T) * n, cudaMemcpyHostToDevice);
  return d;
}

template <typename T> static void from_device(T *h, const T *d, size_t n)
{
  cudaMemcpy(h, d, sizeof(T) * n, cudaMemcpyDeviceToHost);
}

#endif
