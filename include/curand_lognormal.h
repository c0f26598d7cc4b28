/* curand_lognormal.h: cuRAND's log-normal distributions: exp(mean +
 * stddev n) of the Box-Muller pair n of curand_normal.h, the second kept in
 * the state under EXTRA_FLAG_LOG_NORMAL (a spare kept by curand_normal is
 * not used, and the other way round, as on a GPU). The sum is one fused
 * multiply-add, as nvcc compiles it; exp is CUDA 13's expf bit for bit
 * (cucpu_gpu_expf, cucpu_mufu.h). Included by curand_kernel.h. */
#include "curand_kernel.h"
#ifndef CURAND_LOGNORMAL_H_
#define CURAND_LOGNORMAL_H_

#if defined(__cplusplus)
CUCPU_HD_BEGIN

#define CUCPU_CURAND_LOG_NORMALS(S, pair, pair_double)                                  \
  __forceinline__ float curand_log_normal(S *state, float mean, float stddev)           \
  {                                                                                     \
    if (state->boxmuller_flag != EXTRA_FLAG_LOG_NORMAL) {                               \
      float2 p = pair(state);                                                           \
      state->boxmuller_extra = cucpu_gpu_expf(fmaf(stddev, p.y, mean));                 \
      state->boxmuller_flag = EXTRA_FLAG_LOG_NORMAL;                                    \
      return cucpu_gpu_expf(fmaf(stddev, p.x, mean));                                   \
    }                                                                                   \
    state->boxmuller_flag = 0;                                                          \
    return state->boxmuller_extra;                                                      \
  }                                                                                     \
  __forceinline__ double curand_log_normal_double(S *state, double mean, double stddev) \
  {                                                                                     \
    if (state->boxmuller_flag_double != EXTRA_FLAG_LOG_NORMAL) {                        \
      double2 p = pair_double(state);                                                   \
      state->boxmuller_extra_double = exp(fma(stddev, p.y, mean));                      \
      state->boxmuller_flag_double = EXTRA_FLAG_LOG_NORMAL;                             \
      return exp(fma(stddev, p.x, mean));                                               \
    }                                                                                   \
    state->boxmuller_flag_double = 0;                                                   \
    return state->boxmuller_extra_double;                                               \
  }

CUCPU_CURAND_LOG_NORMALS(curandStateXORWOW_t, cucpu_xorwow_box_muller,
                         cucpu_xorwow_box_muller_double)
CUCPU_CURAND_LOG_NORMALS(curandStatePhilox4_32_10_t, cucpu_philox_box_muller,
                         cucpu_philox_box_muller_double)
CUCPU_CURAND_LOG_NORMALS(curandStateMRG32k3a_t, cucpu_mrg_box_muller, cucpu_mrg_box_muller_double)
#undef CUCPU_CURAND_LOG_NORMALS

__forceinline__ float4 curand_log_normal4(curandStatePhilox4_32_10_t *state, float mean,
                                          float stddev)
{
  float4 n = curand_normal4(state);
  n.x = cucpu_gpu_expf(fmaf(stddev, n.x, mean));
  n.y = cucpu_gpu_expf(fmaf(stddev, n.y, mean));
  n.z = cucpu_gpu_expf(fmaf(stddev, n.z, mean));
  n.w = cucpu_gpu_expf(fmaf(stddev, n.w, mean));
  return n;
}

CUCPU_HD_END
#endif

#endif
