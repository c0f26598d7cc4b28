/* cuda_fp16.hpp: the C++ half of CUDA's cuda_fp16.h; cuda_fp16.h has it here. */
#include "cuda_fp16.h"
