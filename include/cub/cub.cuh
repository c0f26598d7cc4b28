/* cub/cub.cuh: what cucpu provides of CUB (see cucpu_cub.h): the
 * device-wide DeviceReduce, DeviceScan and DeviceRadixSort, run on the
 * host; BlockReduce, BlockScan and WarpReduce are declared, and using one
 * is an error naming it. */
#ifndef CUCPU_CUB_CUB_CUH
#define CUCPU_CUB_CUB_CUH
#include "../cucpu_cub.h"
#include "device/device_reduce.cuh"
#include "device/device_scan.cuh"
#include "device/device_radix_sort.cuh"
#include "block/block_reduce.cuh"
#include "block/block_scan.cuh"
#include "warp/warp_reduce.cuh"
#endif
