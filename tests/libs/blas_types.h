/* blas_types.h: the four cuBLAS element types seen as double complex
 * numbers (Cd), so that one naive host reference serves S, D, C and Z, and
 * a typed front for each cuBLAS call the tests make (blas::gemm<T>, ...).
 * Plain CUDA host code: builds with cucpu and with nvcc. */
#ifndef BLAS_TYPES_H
#define BLAS_TYPES_H

#include <cublas_v2.h>
#include <cuda_runtime.h>

struct Cd {
  double re, im;
};

static Cd cd(double re, double im)
{
  Cd c = {re, im};
  return c;
}
static Cd operator+(Cd a, Cd b) { return cd(a.re + b.re, a.im + b.im); }
static Cd operator*(Cd a, Cd b) { return cd(a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re); }
static Cd conj(Cd a) { return cd(a.re, -a.im); }

static Cd to_cd(float v) { return cd(v, 0); }
static Cd to_cd(double v) { return cd(v, 0); }
static Cd to_cd(cuComplex v) { return cd(v.x, v.y); }
static Cd to_cd(cuDoubleComplex v) { return cd(v.x, v.y); }

template <typename T> struct Elem;
template <> struct Elem<float> {
  static const bool complex = false;
  static float make(Cd c) { return (float)c.re; }
  static double tol() { return 2e-5; }
};
template <> struct Elem<double> {
  static const bool complex = false;
  static double make(Cd c) { return c.re; }
  static double tol() { return 1e-12; }
};
template <> struct Elem<cuComplex> {
  static const bool complex = true;
  static cuComplex make(Cd c) { return make_cuComplex((float)c.re, (float)c.im); }
  static double tol() { return 2e-5; }
};
template <> struct Elem<cuDoubleComplex> {
  static const bool complex = true;
  static cuDoubleComplex make(Cd c) { return make_cuDoubleComplex(c.re, c.im); }
  static double tol() { return 1e-12; }
};

/* Element (i, j) of op(X), X column-major with leading dimension ld. */
template <typename T> static Cd op_at(const T *X, cublasOperation_t op, int i, int j, int ld)
{
  Cd v = op == CUBLAS_OP_N ? to_cd(X[i + j * ld]) : to_cd(X[j + i * ld]);
  return op == CUBLAS_OP_C ? conj(v) : v;
}

/* A device copy of n host elements. */
template <typename T> static T *to_device(const T *v, int n)
{
  T *d;
  cudaMalloc((void **)&d, sizeof(T) * (n > 0 ? n : 1));
  cudaMemcpy(d, v, sizeof(T) * n, cudaMemcpyHostToDevice);
  return d;
}

template <typename T> static void from_device(T *h, const T *d, int n)
{
  cudaMemcpy(h, d, sizeof(T) * n, cudaMemcpyDeviceToHost);
}

/* n random elements (complex ones with both parts random). */
template <typename T> static void fill(T *v, int n)
{
  for (int i = 0; i < n; i++) {
    double re = next_value();
    v[i] = Elem<T>::make(cd(re, Elem<T>::complex ? next_value() : 0));
  }
}

#define BLAS_OVERLOADS(X)                                                                          \
  X(float, S) X(double, D) X(cuComplex, C) X(cuDoubleComplex, Z)

namespace blas {
#define GEMM(T, P)                                                                                 \
  static cublasStatus_t gemm(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,  \
                             int n, int k, const T *al, const T *A, int lda, const T *B, int ldb,  \
                             const T *be, T *C, int ldc)                                           \
  {                                                                                                \
    return cublas##P##gemm(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc);                    \
  }                                                                                                \
  static cublasStatus_t gemv(cublasHandle_t h, cublasOperation_t t, int m, int n, const T *al,     \
                             const T *A, int lda, const T *x, int incx, const T *be, T *y,         \
                             int incy)                                                             \
  {                                                                                                \
    return cublas##P##gemv(h, t, m, n, al, A, lda, x, incx, be, y, incy);                          \
  }                                                                                                \
  static cublasStatus_t gemm_batched(cublasHandle_t h, cublasOperation_t ta,                       \
                                     cublasOperation_t tb, int m, int n, int k, const T *al,       \
                                     const T *const A[], int lda, const T *const B[], int ldb,     \
                                     const T *be, T *const C[], int ldc, int count)                \
  {                                                                                                \
    return cublas##P##gemmBatched(h, ta, tb, m, n, k, al, A, lda, B, ldb, be, C, ldc, count);      \
  }                                                                                                \
  static cublasStatus_t gemm_strided(cublasHandle_t h, cublasOperation_t ta,                       \
                                     cublasOperation_t tb, int m, int n, int k, const T *al,       \
                                     const T *A, int lda, long long sa, const T *B, int ldb,       \
                                     long long sb, const T *be, T *C, int ldc, long long sc,       \
                                     int count)                                                    \
  {                                                                                                \
    return cublas##P##gemmStridedBatched(h, ta, tb, m, n, k, al, A, lda, sa, B, ldb, sb, be, C,    \
                                         ldc, sc, count);                                          \
  }                                                                                                \
  static cublasStatus_t geam(cublasHandle_t h, cublasOperation_t ta, cublasOperation_t tb, int m,  \
                             int n, const T *al, const T *A, int lda, const T *be, const T *B,     \
                             int ldb, T *C, int ldc)                                               \
  {                                                                                                \
    return cublas##P##geam(h, ta, tb, m, n, al, A, lda, be, B, ldb, C, ldc);                       \
  }                                                                                                \
  static cublasStatus_t trsm(cublasHandle_t h, cublasSideMode_t s, cublasFillMode_t u,             \
                             cublasOperation_t t, cublasDiagType_t d, int m, int n, const T *al,   \
                             const T *A, int lda, T *B, int ldb)                                   \
  {                                                                                                \
    return cublas##P##trsm(h, s, u, t, d, m, n, al, A, lda, B, ldb);                               \
  }
BLAS_OVERLOADS(GEMM)
#undef GEMM
} // namespace blas

#endif
