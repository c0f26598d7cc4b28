// Device functions and a device variable that other files use (-rdc=true).
#include "dev.h"

__device__ int dev_scale = 3;

__device__ int dev_twice(int x) { return 2 * x; }

// Reads threadIdx: its callers in other files must pass the thread context.
__device__ int dev_lane(void) { return (int)threadIdx.x; }
