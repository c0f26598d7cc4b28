/* cub/cub.cuh: what cucpu provides of CUB (see cucpu_cub.h): the
 * device-wide DeviceReduce, DeviceScan and DeviceRadixSort, run on the
 * host; BlockLoad and BlockStore as per-thread code; BlockReduce,
 * BlockScan, BlockExchange, BlockRadixSort, BlockDiscontinuity,
 * BlockHistogram, WarpReduce and WarpScan, whose calls the front end
 * lowers. */
#ifndef CUCPU_CUB_CUB_CUH
#define CUCPU_CUB_CUB_CUH
#include <chrono>   /* the toolkit's CUB brings it in; programs lean on that */
#include "../cucpu_cub.h"
#include "device/device_reduce.cuh"
#include "device/device_scan.cuh"
#include "device/device_radix_sort.cuh"
#include "block/block_discontinuity.cuh"
#include "block/block_exchange.cuh"
#include "block/block_histogram.cuh"
#include "block/block_load.cuh"
#include "block/block_radix_sort.cuh"
#include "block/block_reduce.cuh"
#include "block/block_scan.cuh"
#include "block/block_store.cuh"
#include "warp/warp_reduce.cuh"
#include "warp/warp_scan.cuh"
#endif
