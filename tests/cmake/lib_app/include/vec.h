// The library's interface: host functions that launch kernels.
#pragma once
void vec_add(const float *a, const float *b, float *c, int n);
void vec_scale(float *x, int n);
// A __device__ function defined in scale.cu; main.cu calls it from a
// kernel only when built with separable compilation (-rdc=true).
__device__ float vec_twice(float x);
// The C++ standard the .cu files were compiled with (__cplusplus).
long vec_cplusplus();
