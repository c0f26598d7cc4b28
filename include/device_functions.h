/* device_functions.h: the device function library; cuda_runtime.h has it. */
#ifndef CUCPU_DEVICE_FUNCTIONS_H
#define CUCPU_DEVICE_FUNCTIONS_H
#include "cuda_runtime.h"
#endif
