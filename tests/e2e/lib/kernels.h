// kernels.h: a header that only includes others; it must be translated
// too, so that its #include lines reach the translated copies.
#include "block_ops.cuh"
#include "scale_kernel.cu"
