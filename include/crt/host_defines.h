/* crt/host_defines.h: where CUDA 10 and later keep host_defines.h. */
#include "../host_defines.h"
