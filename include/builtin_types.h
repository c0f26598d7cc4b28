/* builtin_types.h: the types CUDA makes visible everywhere. */
#ifndef CUCPU_BUILTIN_TYPES_H
#define CUCPU_BUILTIN_TYPES_H
#include "host_defines.h"
#include "vector_types.h"
#include "driver_types.h"
#endif
