/* sm_20_atomic_functions.h: part of CUDA's device library; cuda_runtime.h has all of it. */
#include "cuda_runtime.h"
