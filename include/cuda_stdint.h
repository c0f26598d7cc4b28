/* cuda_stdint.h: CUDA's portable fixed-width integers; <stdint.h> on a host. */
#include <stdint.h>
