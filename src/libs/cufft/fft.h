/* fft.h: what the files of libcucpu_cufft share. A cufftHandle indexes a
 * table of FftPlan (plans.c); exec.c turns a plan into FFTW plans when a
 * transform first runs, one per shape of call (direction, in place or
 * not, aligned or not), because FFTW plans for given arrays and cuFFT
 * plans for none. Prefix fft_. */
#ifndef CUCPU_LIBS_FFT_H
#define CUCPU_LIBS_FFT_H

#include "cufft.h"

/* The shapes of call a plan meets: direction (forward, inverse) x in place
 * x arrays aligned for SIMD. */
#define FFT_SHAPES 8

typedef struct FftPlan {
  int in_use;                 /* the handle is live (cufftCreate or cufftPlan*) */
  int made;                   /* a layout was given (cufftPlan*, cufftMakePlan*) */
  cufftType type;
  int rank, batch;
  int n[MAX_SHIM_RANK];
  int advanced;               /* inembed and onembed were both given */
  int inembed[MAX_SHIM_RANK], onembed[MAX_SHIM_RANK];
  int istride, idist, ostride, odist;
  cudaStream_t stream;
  void *fftw[FFT_SHAPES];     /* fftw(f)_plan per shape, NULL until first use */
} FftPlan;

/* The plan of a handle, or NULL when the handle is not live. The pointer
 * stays valid until cufftDestroy of that handle. */
FftPlan *fft_plan(cufftHandle h);

/* 1 for the double precision types (Z2Z, D2Z, Z2D). */
int fft_is_double(cufftType t);

/* Checks a layout and stores it in p; CUFFT_INVALID_SIZE or
 * CUFFT_INVALID_TYPE (then p is unchanged) or CUFFT_SUCCESS. */
cufftResult fft_set_layout(FftPlan *p, int rank, const int *n, const int *inembed, int istride,
                           int idist, const int *onembed, int ostride, int odist, cufftType type,
                           int batch);

/* Runs p on in -> out with FFTW's sign (-1 forward, +1 inverse), making
 * the FFTW plan for this shape on first use. */
cufftResult fft_run(FftPlan *p, void *in, void *out, int sign);

/* Frees p's FFTW plans. */
void fft_forget(FftPlan *p);

#endif
