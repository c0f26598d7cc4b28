/* cuComplex.h: CUDA's single and double precision complex numbers, as
 * cuBLAS and cuFFT take them. cuFloatComplex is float2 and cuDoubleComplex
 * double2 (real part in x, imaginary in y), so they share the vector types'
 * size and alignment; the functions are __host__ __device__ and usable in
 * kernels and host code, in C and C++. cuCdivf/cuCdiv scale by the larger
 * of |re| and |im| of the divisor, and cuCabsf/cuCabs avoid overflow the
 * same way, as the toolkit's do. */
#ifndef CU_COMPLEX_H_
#define CU_COMPLEX_H_

#include <math.h>
#include "vector_types.h"

CUCPU_HD_BEGIN

typedef float2 cuFloatComplex;
typedef double2 cuDoubleComplex;
typedef cuFloatComplex cuComplex;

CUCPU_INLINE float cuCrealf(cuFloatComplex x) { return x.x; }
CUCPU_INLINE float cuCimagf(cuFloatComplex x) { return x.y; }
CUCPU_INLINE cuFloatComplex make_cuFloatComplex(float r, float i)
{
  cuFloatComplex res;
  res.x = r;
  res.y = i;
  return res;
}
CUCPU_INLINE cuFloatComplex cuConjf(cuFloatComplex x) { return make_cuFloatComplex(x.x, -x.y); }
CUCPU_INLINE cuFloatComplex cuCaddf(cuFloatComplex x, cuFloatComplex y)
{
  return make_cuFloatComplex(x.x + y.x, x.y + y.y);
}
CUCPU_INLINE cuFloatComplex cuCsubf(cuFloatComplex x, cuFloatComplex y)
{
  return make_cuFloatComplex(x.x - y.x, x.y - y.y);
}
CUCPU_INLINE cuFloatComplex cuCmulf(cuFloatComplex x, cuFloatComplex y)
{
  return make_cuFloatComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
CUCPU_INLINE cuFloatComplex cuCdivf(cuFloatComplex x, cuFloatComplex y)
{
  float s = fabsf(y.x) + fabsf(y.y), oos = 1.0f / s;
  float ars = x.x * oos, ais = x.y * oos, brs = y.x * oos, bis = y.y * oos;
  s = brs * brs + bis * bis;
  oos = 1.0f / s;
  return make_cuFloatComplex((ars * brs + ais * bis) * oos, (ais * brs - ars * bis) * oos);
}
CUCPU_INLINE float cuCabsf(cuFloatComplex x)
{
  float a = fabsf(x.x), b = fabsf(x.y);
  float v = a > b ? a : b, w = a > b ? b : a, q = w / v;
  float t = v * sqrtf(1.0f + q * q);
  return (v == 0.0f || v > 3.402823466e38f || w > 3.402823466e38f) ? v + w : t;
}
/* x * y + d */
CUCPU_INLINE cuFloatComplex cuCfmaf(cuFloatComplex x, cuFloatComplex y, cuFloatComplex d)
{
  float re = (x.x * y.x) + d.x, im = (x.x * y.y) + d.y;
  return make_cuFloatComplex(-(x.y * y.y) + re, (x.y * y.x) + im);
}

CUCPU_INLINE double cuCreal(cuDoubleComplex x) { return x.x; }
CUCPU_INLINE double cuCimag(cuDoubleComplex x) { return x.y; }
CUCPU_INLINE cuDoubleComplex make_cuDoubleComplex(double r, double i)
{
  cuDoubleComplex res;
  res.x = r;
  res.y = i;
  return res;
}
CUCPU_INLINE cuDoubleComplex cuConj(cuDoubleComplex x) { return make_cuDoubleComplex(x.x, -x.y); }
CUCPU_INLINE cuDoubleComplex cuCadd(cuDoubleComplex x, cuDoubleComplex y)
{
  return make_cuDoubleComplex(x.x + y.x, x.y + y.y);
}
CUCPU_INLINE cuDoubleComplex cuCsub(cuDoubleComplex x, cuDoubleComplex y)
{
  return make_cuDoubleComplex(x.x - y.x, x.y - y.y);
}
CUCPU_INLINE cuDoubleComplex cuCmul(cuDoubleComplex x, cuDoubleComplex y)
{
  return make_cuDoubleComplex(x.x * y.x - x.y * y.y, x.x * y.y + x.y * y.x);
}
CUCPU_INLINE cuDoubleComplex cuCdiv(cuDoubleComplex x, cuDoubleComplex y)
{
  double s = fabs(y.x) + fabs(y.y), oos = 1.0 / s;
  double ars = x.x * oos, ais = x.y * oos, brs = y.x * oos, bis = y.y * oos;
  s = brs * brs + bis * bis;
  oos = 1.0 / s;
  return make_cuDoubleComplex((ars * brs + ais * bis) * oos, (ais * brs - ars * bis) * oos);
}
CUCPU_INLINE double cuCabs(cuDoubleComplex x)
{
  double a = fabs(x.x), b = fabs(x.y);
  double v = a > b ? a : b, w = a > b ? b : a, q = w / v;
  double t = v * sqrt(1.0 + q * q);
  return (v == 0.0 || v > 1.79769313486231570e+308 || w > 1.79769313486231570e+308) ? v + w : t;
}
CUCPU_INLINE cuDoubleComplex cuCfma(cuDoubleComplex x, cuDoubleComplex y, cuDoubleComplex d)
{
  double re = (x.x * y.x) + d.x, im = (x.x * y.y) + d.y;
  return make_cuDoubleComplex(-(x.y * y.y) + re, (x.y * y.x) + im);
}

CUCPU_INLINE cuComplex make_cuComplex(float x, float y) { return make_cuFloatComplex(x, y); }
CUCPU_INLINE cuDoubleComplex cuComplexFloatToDouble(cuFloatComplex c)
{
  return make_cuDoubleComplex((double)c.x, (double)c.y);
}
CUCPU_INLINE cuFloatComplex cuComplexDoubleToFloat(cuDoubleComplex c)
{
  return make_cuFloatComplex((float)c.x, (float)c.y);
}

CUCPU_HD_END

#endif
