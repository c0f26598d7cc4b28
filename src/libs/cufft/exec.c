/* exec.c: cuFFT's exec calls on FFTW 3. A plan gets one FFTW plan per
 * shape of call, made on the first call of that shape (FFTW_ESTIMATE,
 * which plans without touching the arrays) and run through FFTW's
 * new-array interface afterwards, so one cuFFT plan serves any arrays as
 * on a GPU. FFTW threads are OpenMP threads (fftw3_omp), as many as
 * omp_get_max_threads() when the FFTW plan is made.
 *
 * Layouts. cuFFT's basic layout is tight, but an in-place real transform
 * pads each real row to 2 (n/2 + 1) numbers so that the complex result
 * fits in place (FFTW's padding, CUFFT_COMPATIBILITY_FFTW_PADDING); which
 * one applies is known only at exec time, when in == out says in place.
 * An advanced layout is passed to FFTW as given.
 *
 * Input. C2C, R2C, Z2Z and D2Z leave an out-of-place input untouched;
 * C2R and Z2D may overwrite theirs (FFTW destroys a c2r input, and cuFFT
 * documents that its complex-to-real transforms may), so nothing is
 * copied to keep it. Neither direction scales. */
#include <fftw3.h>
#include <omp.h>
#include <pthread.h>
#include <stdint.h>
#include "fft.h"
#include "cucpu_rt.h"

static pthread_mutex_t planner_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_once_t threads_once = PTHREAD_ONCE_INIT;

static void init_threads(void)
{
  fftwf_init_threads();
  fftw_init_threads();
}

/* The dimensions FFTW sees: n, each side's embedding, strides and
 * distances. */
typedef struct {
  int n[MAX_SHIM_RANK], inembed[MAX_SHIM_RANK], onembed[MAX_SHIM_RANK];
  int istride, idist, ostride, odist;
} FftLayout;

static int prod(const int *v, int rank)
{
  int r = 1;
  for (int i = 0; i < rank; i++)
    r *= v[i];
  return r;
}

/* The basic layout of p's type, in place or not. */
static void basic_layout(const FftPlan *p, int inplace, FftLayout *L)
{
  int last = p->rank - 1, half = p->n[last] / 2 + 1;
  int real_last = inplace ? 2 * half : p->n[last];
  int in_last = p->n[last], out_last = p->n[last];
  if (p->type == CUFFT_R2C || p->type == CUFFT_D2Z) {
    in_last = real_last;
    out_last = half;
  } else if (p->type == CUFFT_C2R || p->type == CUFFT_Z2D) {
    in_last = half;
    out_last = real_last;
  }
  for (int i = 0; i < p->rank; i++)
    L->inembed[i] = L->onembed[i] = p->n[i];
  L->inembed[last] = in_last;
  L->onembed[last] = out_last;
  L->istride = L->ostride = 1;
  L->idist = prod(L->inembed, p->rank);
  L->odist = prod(L->onembed, p->rank);
}

static void layout_of(const FftPlan *p, int inplace, FftLayout *L)
{
  for (int i = 0; i < p->rank; i++)
    L->n[i] = p->n[i];
  if (!p->advanced) {
    basic_layout(p, inplace, L);
    return;
  }
  for (int i = 0; i < p->rank; i++) {
    L->inembed[i] = p->inembed[i];
    L->onembed[i] = p->onembed[i];
  }
  L->istride = p->istride;
  L->idist = p->idist;
  L->ostride = p->ostride;
  L->odist = p->odist;
}

/* An FFTW plan of p's type for this shape, made for in and out. */
static void *make_fftw(const FftPlan *p, void *in, void *out, int sign, unsigned flags)
{
  FftLayout L;
  layout_of(p, in == out, &L);
  int r = p->rank, b = p->batch;
  switch (p->type) {
  case CUFFT_C2C:
    return fftwf_plan_many_dft(r, L.n, b, in, L.inembed, L.istride, L.idist, out, L.onembed,
                               L.ostride, L.odist, sign, flags);
  case CUFFT_R2C:
    return fftwf_plan_many_dft_r2c(r, L.n, b, in, L.inembed, L.istride, L.idist, out, L.onembed,
                                   L.ostride, L.odist, flags);
  case CUFFT_C2R:
    return fftwf_plan_many_dft_c2r(r, L.n, b, in, L.inembed, L.istride, L.idist, out, L.onembed,
                                   L.ostride, L.odist, flags);
  case CUFFT_Z2Z:
    return fftw_plan_many_dft(r, L.n, b, in, L.inembed, L.istride, L.idist, out, L.onembed,
                              L.ostride, L.odist, sign, flags);
  case CUFFT_D2Z:
    return fftw_plan_many_dft_r2c(r, L.n, b, in, L.inembed, L.istride, L.idist, out, L.onembed,
                                  L.ostride, L.odist, flags);
  case CUFFT_Z2D:
    return fftw_plan_many_dft_c2r(r, L.n, b, in, L.inembed, L.istride, L.idist, out, L.onembed,
                                  L.ostride, L.odist, flags);
  }
  return NULL;
}

static void run_fftw(cufftType type, void *plan, void *in, void *out)
{
  switch (type) {
  case CUFFT_C2C: fftwf_execute_dft(plan, in, out); break;
  case CUFFT_R2C: fftwf_execute_dft_r2c(plan, in, out); break;
  case CUFFT_C2R: fftwf_execute_dft_c2r(plan, in, out); break;
  case CUFFT_Z2Z: fftw_execute_dft(plan, in, out); break;
  case CUFFT_D2Z: fftw_execute_dft_r2c(plan, in, out); break;
  case CUFFT_Z2D: fftw_execute_dft_c2r(plan, in, out); break;
  }
}

/* 1 when FFTW can use SIMD loads on both arrays (its plans for aligned
 * arrays may only run on arrays of the same alignment). */
static int both_aligned(const FftPlan *p, void *in, void *out)
{
  if (fft_is_double(p->type))
    return fftw_alignment_of(in) == 0 && fftw_alignment_of(out) == 0;
  return fftwf_alignment_of(in) == 0 && fftwf_alignment_of(out) == 0;
}

cufftResult fft_run(FftPlan *p, void *in, void *out, int sign)
{
  /* a transform cannot be recorded into a graph: refused in a capture */
  if (cucpu_stream_refuses(p->stream))
    return CUFFT_EXEC_FAILED;
  int aligned = both_aligned(p, in, out);
  int shape = (sign > 0) * 4 + (in == out) * 2 + aligned;
  pthread_once(&threads_once, init_threads);
  pthread_mutex_lock(&planner_lock);
  if (!p->fftw[shape]) {
    unsigned flags = FFTW_ESTIMATE | (aligned ? 0 : FFTW_UNALIGNED);
    if (fft_is_double(p->type))
      fftw_plan_with_nthreads(omp_get_max_threads());
    else
      fftwf_plan_with_nthreads(omp_get_max_threads());
    p->fftw[shape] = make_fftw(p, in, out, sign, flags);
  }
  void *plan = p->fftw[shape];
  pthread_mutex_unlock(&planner_lock);
  /* FFTW refuses a layout it cannot do in place (an in-place transform
   * whose input and output layouts differ). */
  if (!plan)
    return CUFFT_INVALID_VALUE;
  run_fftw(p->type, plan, in, out);
  return CUFFT_SUCCESS;
}

void fft_forget(FftPlan *p)
{
  pthread_mutex_lock(&planner_lock);
  for (int i = 0; i < FFT_SHAPES; i++) {
    if (p->fftw[i] && fft_is_double(p->type))
      fftw_destroy_plan(p->fftw[i]);
    else if (p->fftw[i])
      fftwf_destroy_plan(p->fftw[i]);
    p->fftw[i] = NULL;
  }
  pthread_mutex_unlock(&planner_lock);
}

/* The exec calls: the plan must exist, have a layout and be of the type
 * the call names (else CUFFT_INVALID_PLAN); C2C and Z2Z take
 * CUFFT_FORWARD or CUFFT_INVERSE (else CUFFT_INVALID_VALUE). */
static cufftResult exec(cufftHandle h, cufftType want, void *in, void *out, int sign)
{
  FftPlan *p = fft_plan(h);
  if (!p || !p->made || p->type != want)
    return CUFFT_INVALID_PLAN;
  if (!in || !out || (sign != CUFFT_FORWARD && sign != CUFFT_INVERSE))
    return CUFFT_INVALID_VALUE;
  return fft_run(p, in, out, sign);
}

cufftResult cufftExecC2C(cufftHandle plan, cufftComplex *idata, cufftComplex *odata, int direction)
{
  return exec(plan, CUFFT_C2C, idata, odata, direction);
}

cufftResult cufftExecR2C(cufftHandle plan, cufftReal *idata, cufftComplex *odata)
{
  return exec(plan, CUFFT_R2C, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecC2R(cufftHandle plan, cufftComplex *idata, cufftReal *odata)
{
  return exec(plan, CUFFT_C2R, idata, odata, CUFFT_INVERSE);
}

cufftResult cufftExecZ2Z(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleComplex *odata,
                         int direction)
{
  return exec(plan, CUFFT_Z2Z, idata, odata, direction);
}

cufftResult cufftExecD2Z(cufftHandle plan, cufftDoubleReal *idata, cufftDoubleComplex *odata)
{
  return exec(plan, CUFFT_D2Z, idata, odata, CUFFT_FORWARD);
}

cufftResult cufftExecZ2D(cufftHandle plan, cufftDoubleComplex *idata, cufftDoubleReal *odata)
{
  return exec(plan, CUFFT_Z2D, idata, odata, CUFFT_INVERSE);
}
