/* cuda_bf16.hpp: the C++ half of CUDA's cuda_bf16.h; cuda_bf16.h has it here. */
#include "cuda_bf16.h"
