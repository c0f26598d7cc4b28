// cub_block_level.cu: block- and warp-level CUB (cub::BlockReduce,
// cub::BlockScan, cub::WarpReduce) would keep a temporary object across
// the barriers inside Sum (see member_barrier_objects.cu). <cub/cub.cuh>
// and <cub/block/block_reduce.cuh> may be included (the device-wide
// algorithms work); naming a block-level class is an error at that line.
#include <cub/cub.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>

__global__ void block_sum(const float *in, float *out)
{
    typedef cub::BlockReduce<float, 128> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    float s = BlockReduce(temp_storage).Sum(in[threadIdx.x]);
    if (threadIdx.x == 0) *out = s;
}

__global__ void block_scan(int *data)
{
    typedef cub::BlockScan<int, 128> BlockScan;
    __shared__ typename BlockScan::TempStorage temp_storage;
    BlockScan(temp_storage).ExclusiveSum(data[threadIdx.x], data[threadIdx.x]);
}

__global__ void warp_sum(const int *in, int *out)
{
    __shared__ cub::WarpReduce<int>::TempStorage temp_storage;
    int s = cub::WarpReduce<int>(temp_storage).Sum(in[threadIdx.x]);
    if (threadIdx.x == 0) *out = s;
}

int main() { return 0; }
