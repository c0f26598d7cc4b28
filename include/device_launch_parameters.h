/* device_launch_parameters.h: threadIdx, blockIdx, blockDim, gridDim and
 * warpSize (declared in cucpu_device.h for clang; locals of the translated
 * code otherwise). */
#ifndef __DEVICE_LAUNCH_PARAMETERS_H__
#define __DEVICE_LAUNCH_PARAMETERS_H__
#include "cucpu_device.h"
#endif
