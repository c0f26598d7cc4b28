// cub_block_level.cu: the block- and warp-level CUB that cucpu does not
// lower. cub::BlockReduce, BlockScan and WarpReduce work called on a
// temporary made from the TempStorage, one item per thread, with an
// operator a default constructor makes (tests/e2e/cub_block_reduce.cu,
// cub_block_scan.cu, cub_warp_reduce.cu); each call here is an error at
// the call, naming what is supported: a named object, a lambda operator,
// several items per thread, a prefix callback, an exclusive scan without
// an initial value, and WarpReduce's valid_items. (A block collective
// under a condition that differs between threads is the error of
// __syncthreads there, as for __syncthreads_count.) The other classes:
// cub_block_items.cu.
#include <cub/cub.cuh>
#include <cub/block/block_reduce.cuh>
#include <cub/block/block_scan.cuh>
#include <cub/warp/warp_reduce.cuh>

struct Prefix {
    int running;
    __device__ int operator()(int block_aggregate) { int old = running; running += block_aggregate; return old; }
};

__global__ void block_sum(const float *in, float *out)
{
    typedef cub::BlockReduce<float, 128> BlockReduce;
    __shared__ typename BlockReduce::TempStorage temp_storage;
    BlockReduce named(temp_storage);
    float s = named.Sum(in[threadIdx.x]);
    float t = BlockReduce(temp_storage).Reduce(in[threadIdx.x], [](float a, float b) { return a + b; });
    float items[4] = { 1, 2, 3, 4 };
    float u = BlockReduce(temp_storage).Sum(items);
    if (threadIdx.x == 0) *out = s + t + u;
}

__global__ void block_scan(int *data)
{
    typedef cub::BlockScan<int, 128> BlockScan;
    __shared__ typename BlockScan::TempStorage temp_storage;
    Prefix p = { 0 };
    BlockScan(temp_storage).ExclusiveSum(data[threadIdx.x], data[threadIdx.x], p);
    int o;
    BlockScan(temp_storage).ExclusiveScan(data[threadIdx.x], o, cub::Max());
    data[threadIdx.x] += o;
}

__global__ void warp_sum(const int *in, int *out)
{
    __shared__ cub::WarpReduce<int>::TempStorage temp_storage;
    int s = cub::WarpReduce<int>(temp_storage).Sum(in[threadIdx.x], 20);
    if (threadIdx.x == 0) *out = s;
}

int main() { return 0; }
