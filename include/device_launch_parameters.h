/* device_launch_parameters.h: threadIdx, blockIdx, blockDim, gridDim and
 * warpSize (declared in cucpu_device.h for clang; locals of the translated
 * code otherwise). */
#ifndef CUCPU_DEVICE_LAUNCH_PARAMETERS_H
#define CUCPU_DEVICE_LAUNCH_PARAMETERS_H
#include "cucpu_device.h"
#endif
