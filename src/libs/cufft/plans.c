/* plans.c: cuFFT's handles and plan calls. Handles index a table that
 * grows under a lock (plans may be made from several host threads); a
 * plan's FftPlan is allocated once and never moves, so exec calls use it
 * without the lock. Layouts are checked here and turned into FFTW plans
 * in exec.c. */
#include <pthread.h>
#include <stdlib.h>
#include <string.h>
#include "fft.h"

static pthread_mutex_t table_lock = PTHREAD_MUTEX_INITIALIZER;
static FftPlan **table;
static int table_len;

FftPlan *fft_plan(cufftHandle h)
{
  FftPlan *p = NULL;
  pthread_mutex_lock(&table_lock);
  if (h >= 1 && h <= table_len && table[h - 1] && table[h - 1]->in_use)
    p = table[h - 1];
  pthread_mutex_unlock(&table_lock);
  return p;
}

int fft_is_double(cufftType t) { return t == CUFFT_Z2Z || t == CUFFT_D2Z || t == CUFFT_Z2D; }

static int type_valid(cufftType t)
{
  return t == CUFFT_C2C || t == CUFFT_R2C || t == CUFFT_C2R || t == CUFFT_Z2Z ||
         t == CUFFT_D2Z || t == CUFFT_Z2D;
}

cufftResult fft_set_layout(FftPlan *p, int rank, const int *n, const int *inembed, int istride,
                           int idist, const int *onembed, int ostride, int odist, cufftType type,
                           int batch)
{
  if (!type_valid(type))
    return CUFFT_INVALID_TYPE;
  if (rank < 1 || rank > MAX_SHIM_RANK || !n || batch < 1)
    return CUFFT_INVALID_SIZE;
  int advanced = inembed && onembed;
  for (int i = 0; i < rank; i++)
    if (n[i] < 1 || (advanced && i > 0 && (inembed[i] < 1 || onembed[i] < 1)))
      return CUFFT_INVALID_SIZE;
  if (advanced && (istride < 1 || ostride < 1 || idist < 0 || odist < 0))
    return CUFFT_INVALID_VALUE;
  fft_forget(p);
  p->made = 1;
  p->type = type;
  p->rank = rank;
  p->batch = batch;
  p->advanced = advanced;
  for (int i = 0; i < rank; i++) {
    p->n[i] = n[i];
    p->inembed[i] = advanced ? inembed[i] : 0;
    p->onembed[i] = advanced ? onembed[i] : 0;
  }
  p->istride = istride;
  p->idist = idist;
  p->ostride = ostride;
  p->odist = odist;
  return CUFFT_SUCCESS;
}

cufftResult cufftCreate(cufftHandle *handle)
{
  if (!handle)
    return CUFFT_INVALID_VALUE;
  FftPlan *p = calloc(1, sizeof *p);
  if (!p)
    return CUFFT_ALLOC_FAILED;
  p->in_use = 1;
  pthread_mutex_lock(&table_lock);
  int slot = 0;
  while (slot < table_len && table[slot])
    slot++;
  if (slot == table_len) {
    FftPlan **grown = realloc(table, sizeof *table * (table_len * 2 + 8));
    if (!grown) {
      pthread_mutex_unlock(&table_lock);
      free(p);
      return CUFFT_ALLOC_FAILED;
    }
    memset(grown + table_len, 0, sizeof *table * (table_len + 8));
    table = grown;
    table_len = table_len * 2 + 8;
  }
  table[slot] = p;
  pthread_mutex_unlock(&table_lock);
  *handle = slot + 1;
  return CUFFT_SUCCESS;
}

cufftResult cufftDestroy(cufftHandle plan)
{
  FftPlan *p = NULL;
  pthread_mutex_lock(&table_lock);
  if (plan >= 1 && plan <= table_len && table[plan - 1]) {
    p = table[plan - 1];
    table[plan - 1] = NULL;
  }
  pthread_mutex_unlock(&table_lock);
  if (!p)
    return CUFFT_INVALID_PLAN;
  fft_forget(p);
  free(p);
  return CUFFT_SUCCESS;
}

cufftResult cufftMakePlanMany(cufftHandle plan, int rank, int *n, int *inembed, int istride,
                              int idist, int *onembed, int ostride, int odist, cufftType type,
                              int batch, size_t *workSize)
{
  FftPlan *p = fft_plan(plan);
  if (!p)
    return CUFFT_INVALID_PLAN;
  cufftResult r = fft_set_layout(p, rank, n, inembed, istride, idist, onembed, ostride, odist,
                                 type, batch);
  if (r == CUFFT_SUCCESS && workSize)
    *workSize = 0;
  return r;
}

cufftResult cufftMakePlan1d(cufftHandle plan, int nx, cufftType type, int batch, size_t *workSize)
{
  int n[1] = {nx};
  return cufftMakePlanMany(plan, 1, n, NULL, 1, 0, NULL, 1, 0, type, batch, workSize);
}

cufftResult cufftMakePlan2d(cufftHandle plan, int nx, int ny, cufftType type, size_t *workSize)
{
  int n[2] = {nx, ny};
  return cufftMakePlanMany(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftMakePlan3d(cufftHandle plan, int nx, int ny, int nz, cufftType type,
                            size_t *workSize)
{
  int n[3] = {nx, ny, nz};
  return cufftMakePlanMany(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

/* cufftPlan*: create and make in one; a failed make leaves no handle. */
cufftResult cufftPlanMany(cufftHandle *plan, int rank, int *n, int *inembed, int istride,
                          int idist, int *onembed, int ostride, int odist, cufftType type,
                          int batch)
{
  cufftHandle h;
  if (!plan)
    return CUFFT_INVALID_VALUE;
  cufftResult r = cufftCreate(&h);
  if (r != CUFFT_SUCCESS)
    return r;
  r = cufftMakePlanMany(h, rank, n, inembed, istride, idist, onembed, ostride, odist, type,
                        batch, NULL);
  if (r != CUFFT_SUCCESS) {
    cufftDestroy(h);
    return r;
  }
  *plan = h;
  return CUFFT_SUCCESS;
}

cufftResult cufftPlan1d(cufftHandle *plan, int nx, cufftType type, int batch)
{
  int n[1] = {nx};
  return cufftPlanMany(plan, 1, n, NULL, 1, 0, NULL, 1, 0, type, batch);
}

cufftResult cufftPlan2d(cufftHandle *plan, int nx, int ny, cufftType type)
{
  int n[2] = {nx, ny};
  return cufftPlanMany(plan, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1);
}

cufftResult cufftPlan3d(cufftHandle *plan, int nx, int ny, int nz, cufftType type)
{
  int n[3] = {nx, ny, nz};
  return cufftPlanMany(plan, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1);
}

/* Sizes: the layout is checked as a plan would check it; the work area
 * is always 0 bytes (FFTW allocates what it needs itself). */
cufftResult cufftEstimateMany(int rank, int *n, int *inembed, int istride, int idist,
                              int *onembed, int ostride, int odist, cufftType type, int batch,
                              size_t *workSize)
{
  FftPlan probe = {0};
  if (!workSize)
    return CUFFT_INVALID_VALUE;
  cufftResult r = fft_set_layout(&probe, rank, n, inembed, istride, idist, onembed, ostride,
                                 odist, type, batch);
  if (r == CUFFT_SUCCESS)
    *workSize = 0;
  return r;
}

cufftResult cufftEstimate1d(int nx, cufftType type, int batch, size_t *workSize)
{
  int n[1] = {nx};
  return cufftEstimateMany(1, n, NULL, 1, 0, NULL, 1, 0, type, batch, workSize);
}

cufftResult cufftEstimate2d(int nx, int ny, cufftType type, size_t *workSize)
{
  int n[2] = {nx, ny};
  return cufftEstimateMany(2, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftEstimate3d(int nx, int ny, int nz, cufftType type, size_t *workSize)
{
  int n[3] = {nx, ny, nz};
  return cufftEstimateMany(3, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftGetSizeMany(cufftHandle handle, int rank, int *n, int *inembed, int istride,
                             int idist, int *onembed, int ostride, int odist, cufftType type,
                             int batch, size_t *workArea)
{
  if (!fft_plan(handle))
    return CUFFT_INVALID_PLAN;
  return cufftEstimateMany(rank, n, inembed, istride, idist, onembed, ostride, odist, type, batch,
                           workArea);
}

cufftResult cufftGetSize1d(cufftHandle handle, int nx, cufftType type, int batch, size_t *workSize)
{
  int n[1] = {nx};
  return cufftGetSizeMany(handle, 1, n, NULL, 1, 0, NULL, 1, 0, type, batch, workSize);
}

cufftResult cufftGetSize2d(cufftHandle handle, int nx, int ny, cufftType type, size_t *workSize)
{
  int n[2] = {nx, ny};
  return cufftGetSizeMany(handle, 2, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftGetSize3d(cufftHandle handle, int nx, int ny, int nz, cufftType type,
                           size_t *workSize)
{
  int n[3] = {nx, ny, nz};
  return cufftGetSizeMany(handle, 3, n, NULL, 1, 0, NULL, 1, 0, type, 1, workSize);
}

cufftResult cufftGetSize(cufftHandle handle, size_t *workSize)
{
  if (!fft_plan(handle))
    return CUFFT_INVALID_PLAN;
  if (!workSize)
    return CUFFT_INVALID_VALUE;
  *workSize = 0;
  return CUFFT_SUCCESS;
}

cufftResult cufftSetWorkArea(cufftHandle plan, void *workArea)
{
  (void)workArea;
  return fft_plan(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

cufftResult cufftSetAutoAllocation(cufftHandle plan, int autoAllocate)
{
  (void)autoAllocate;
  return fft_plan(plan) ? CUFFT_SUCCESS : CUFFT_INVALID_PLAN;
}

cufftResult cufftSetStream(cufftHandle plan, cudaStream_t stream)
{
  FftPlan *p = fft_plan(plan);
  if (!p)
    return CUFFT_INVALID_PLAN;
  p->stream = stream;
  return CUFFT_SUCCESS;
}

cufftResult cufftGetVersion(int *version)
{
  if (!version)
    return CUFFT_INVALID_VALUE;
  *version = CUFFT_VERSION;
  return CUFFT_SUCCESS;
}

cufftResult cufftGetProperty(libraryPropertyType type, int *value)
{
  if (!value)
    return CUFFT_INVALID_VALUE;
  switch (type) {
  case MAJOR_VERSION: *value = CUFFT_VER_MAJOR; return CUFFT_SUCCESS;
  case MINOR_VERSION: *value = CUFFT_VER_MINOR; return CUFFT_SUCCESS;
  case PATCH_LEVEL: *value = CUFFT_VER_PATCH; return CUFFT_SUCCESS;
  }
  return CUFFT_INVALID_TYPE;
}
