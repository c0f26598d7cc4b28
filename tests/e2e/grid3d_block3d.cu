// grid3d_block3d.cu: a 3D grid of 3D blocks over a 10x9x7 volume; each cell
// records its coordinates, block index and the launch dimensions.
#include <cstdio>
#include <cstdlib>
#include <cuda_runtime.h>

#define CK(call) do { cudaError_t e_ = (call); if (e_ != cudaSuccess) { \
    printf("%s:%d: %s\n", __FILE__, __LINE__, cudaGetErrorString(e_)); return 1; } } while (0)

__global__ void fill3d(int *coord, int *blk, int *dims, int nx, int ny, int nz)
{
    int x = blockIdx.x * blockDim.x + threadIdx.x;
    int y = blockIdx.y * blockDim.y + threadIdx.y;
    int z = blockIdx.z * blockDim.z + threadIdx.z;
    if (x >= nx || y >= ny || z >= nz)
        return;
    int i = (z * ny + y) * nx + x;
    coord[i] = x + 100 * y + 10000 * z;
    blk[i] = blockIdx.x + 10 * blockIdx.y + 100 * blockIdx.z;
    dims[i] = blockDim.x * blockDim.y * blockDim.z * 1000 + gridDim.x * gridDim.y * gridDim.z;
}

int main()
{
    const int nx = 10, ny = 9, nz = 7, n = nx * ny * nz;
    int *coord = (int *)malloc(n * sizeof(int));
    int *blk = (int *)malloc(n * sizeof(int));
    int *dims = (int *)malloc(n * sizeof(int));
    int *dc, *db, *dd;
    CK(cudaMalloc(&dc, n * sizeof(int)));
    CK(cudaMalloc(&db, n * sizeof(int)));
    CK(cudaMalloc(&dd, n * sizeof(int)));
    CK(cudaMemset(dc, 0xff, n * sizeof(int)));
    dim3 block(4, 4, 2);
    dim3 grid((nx + 3) / 4, (ny + 3) / 4, (nz + 1) / 2);
    fill3d<<<grid, block>>>(dc, db, dd, nx, ny, nz);
    CK(cudaGetLastError());
    CK(cudaMemcpy(coord, dc, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(blk, db, n * sizeof(int), cudaMemcpyDeviceToHost));
    CK(cudaMemcpy(dims, dd, n * sizeof(int), cudaMemcpyDeviceToHost));

    int failures = 0;
    int want_dims = 4 * 4 * 2 * 1000 + 3 * 3 * 4;
    for (int z = 0; z < nz; z++)
        for (int y = 0; y < ny; y++)
            for (int x = 0; x < nx; x++) {
                int i = (z * ny + y) * nx + x;
                int wc = x + 100 * y + 10000 * z;
                int wb = x / 4 + 10 * (y / 4) + 100 * (z / 2);
                if (coord[i] != wc || blk[i] != wb || dims[i] != want_dims) {
                    if (failures < 10)
                        printf("cell (%d,%d,%d): got %d/%d/%d, expected %d/%d/%d\n", x, y, z,
                               coord[i], blk[i], dims[i], wc, wb, want_dims);
                    failures++;
                }
            }
    cudaFree(dc);
    cudaFree(db);
    cudaFree(dd);
    free(coord);
    free(blk);
    free(dims);
    if (failures) {
        printf("FAIL: %d mismatches\n", failures);
        return 1;
    }
    printf("PASS\n");
    return 0;
}
