// grid.sync() under cudaLaunchCooperativeKernel: a grid of as many blocks
// as the occupancy API says fit at once sums an array in two phases.
// Each block writes its partial sum, the grid meets, block 0 adds the
// partials, the grid meets again, and every block reads the total. The
// device reports cooperative launches; a grid larger than fits fails with
// cudaErrorCooperativeLaunchTooLarge. The reference is the host's sum.
#include <cstdio>
#include <cooperative_groups.h>
namespace cg = cooperative_groups;

enum { BS = 128 };

__global__ void two_phase(const int *in, int n, int *partial, int *total, int *seen)
{
    cg::grid_group grid = cg::this_grid();
    cg::thread_block block = cg::this_thread_block();
    __shared__ int s[BS];
    int sum = 0;
    for (long i = grid.thread_rank(); i < n; i += grid.size()) sum += in[i];
    s[block.thread_rank()] = sum;
    block.sync();
    for (int k = BS / 2; k > 0; k >>= 1) {
        if ((int)block.thread_rank() < k) s[block.thread_rank()] += s[block.thread_rank() + k];
        block.sync();
    }
    if (block.thread_rank() == 0) partial[blockIdx.x] = s[0];
    grid.sync();
    if (grid.thread_rank() == 0) {
        int t = 0;
        for (unsigned b = 0; b < gridDim.x; b++) t += partial[b];
        *total = t;
    }
    grid.sync();
    if (block.thread_rank() == 0) seen[blockIdx.x] = *total;
}

int main()
{
    int attr = 0, per_sm = 0;
    cudaDeviceProp p;
    cudaGetDeviceProperties(&p, 0);
    cudaDeviceGetAttribute(&attr, cudaDevAttrCooperativeLaunch, 0);
    cudaOccupancyMaxActiveBlocksPerMultiprocessor(&per_sm, two_phase, BS, 0);
    int nb = per_sm * p.multiProcessorCount;
    if (nb > 64) nb = 64;
    const int n = 100000;
    int *in, *partial, *total, *seen;
    cudaMallocManaged(&in, n * sizeof(int));
    cudaMallocManaged(&partial, 4096 * sizeof(int));
    cudaMallocManaged(&total, sizeof(int));
    cudaMallocManaged(&seen, 4096 * sizeof(int));
    long e = 0;
    for (int i = 0; i < n; i++) { in[i] = i % 11 - 5; e += in[i]; }
    int nn = n;
    void *args[] = { &in, &nn, &partial, &total, &seen };
    int bad = 0;
    if (!attr || !p.cooperativeLaunch) { printf("no cooperative launch\n"); bad++; }
    cudaError_t err = cudaLaunchCooperativeKernel((void *)two_phase, dim3(nb), dim3(BS), args, 0, 0);
    if (err != cudaSuccess) { printf("launch: %s\n", cudaGetErrorString(err)); bad++; }
    cudaDeviceSynchronize();
    if (*total != e) { printf("total %d want %ld\n", *total, e); bad++; }
    for (int b = 0; b < nb; b++)
        if (seen[b] != e && bad++ < 5) printf("block %d saw %d want %ld\n", b, seen[b], e);
    /* a grid that cannot run all at once */
    int huge = per_sm * p.multiProcessorCount + 1;
    err = cudaLaunchCooperativeKernel((void *)two_phase, dim3(huge), dim3(BS), args, 0, 0);
    if (err != cudaErrorCooperativeLaunchTooLarge) { printf("too large: %s\n", cudaGetErrorString(err)); bad++; }
    cudaGetLastError();
    printf(bad ? "FAIL\n" : "PASS\n");
    return bad != 0;
}
