// cucpu-libs: -ccbin mpicxx
// cucpu-mpi-ranks: 2
// CUDA + MPI: a 2D Jacobi stencil on a grid split by rows between the
// ranks. Each step exchanges one halo row with each neighbour by
// MPI_Sendrecv straight from and into device memory (as CUDA-aware MPI
// allows), then a kernel updates the rank's rows. The result is gathered
// (MPI_Gatherv from device memory) on rank 0 and compared with the same
// steps computed serially on the host; an MPI_Allreduce of per-rank sums
// from device buffers is checked too. Built with `-ccbin mpicxx`, run
// under mpirun -np 2.
#include <mpi.h>
#include <cuda_runtime.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#define NX 96   // columns
#define NY 70   // rows, split between the ranks
#define STEPS 25

// u and v hold rows + 2 rows of NX (a halo row above and below); rows
// 1..rows are the rank's. Global edges keep their values (Dirichlet).
__global__ void jacobi(const float *u, float *v, int rows, int first_row)
{
  int x = blockIdx.x * blockDim.x + threadIdx.x;
  int r = blockIdx.y * blockDim.y + threadIdx.y + 1;
  if (x >= NX || r > rows)
    return;
  int gy = first_row + r - 1, i = r * NX + x;
  if (x == 0 || x == NX - 1 || gy == 0 || gy == NY - 1) {
    v[i] = u[i];
    return;
  }
  v[i] = 0.25f * (u[i - 1] + u[i + 1] + u[i - NX] + u[i + NX]);
}

__global__ void row_sums(const float *u, float *sums, int rows)
{
  int r = blockIdx.x * blockDim.x + threadIdx.x;
  if (r >= rows)
    return;
  float s = 0;
  for (int x = 0; x < NX; x++)
    s += u[(r + 1) * NX + x];
  sums[r] = s;
}

static float initial(int gy, int x) { return (float)((gy * 7 + x * 13) % 17) / 16.0f; }

// Rows [first, first + rows) of rank `rank` among `size`.
static void split(int rank, int size, int *first, int *rows)
{
  *first = NY * rank / size;
  *rows = NY * (rank + 1) / size - *first;
}

int main(int argc, char **argv)
{
  MPI_Init(&argc, &argv);
  int rank, size;
  MPI_Comm_rank(MPI_COMM_WORLD, &rank);
  MPI_Comm_size(MPI_COMM_WORLD, &size);
  int first, rows;
  split(rank, size, &first, &rows);

  size_t bytes = sizeof(float) * (rows + 2) * NX;
  float *h = (float *)calloc((rows + 2) * NX, sizeof(float));
  for (int r = 0; r < rows; r++)
    for (int x = 0; x < NX; x++)
      h[(r + 1) * NX + x] = initial(first + r, x);
  float *du, *dv;
  cudaMalloc((void **)&du, bytes);
  cudaMalloc((void **)&dv, bytes);
  cudaMemcpy(du, h, bytes, cudaMemcpyHostToDevice);
  cudaMemcpy(dv, h, bytes, cudaMemcpyHostToDevice);

  int up = rank > 0 ? rank - 1 : MPI_PROC_NULL, down = rank < size - 1 ? rank + 1 : MPI_PROC_NULL;
  dim3 block(32, 8), grid((NX + 31) / 32, (rows + 7) / 8);
  for (int s = 0; s < STEPS; s++) {
    // Device pointers straight to MPI: first row up, last row down.
    MPI_Sendrecv(du + NX, NX, MPI_FLOAT, up, 0, du + (rows + 1) * NX, NX, MPI_FLOAT, down, 0,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    MPI_Sendrecv(du + rows * NX, NX, MPI_FLOAT, down, 1, du, NX, MPI_FLOAT, up, 1,
                 MPI_COMM_WORLD, MPI_STATUS_IGNORE);
    jacobi<<<grid, block>>>(du, dv, rows, first);
    cudaDeviceSynchronize();
    float *t = du;
    du = dv;
    dv = t;
  }

  // Per-rank sums on the device, reduced across ranks from device memory.
  float *dsums, *dtotal;
  cudaMalloc((void **)&dsums, sizeof(float) * rows);
  cudaMalloc((void **)&dtotal, sizeof(double));
  row_sums<<<(rows + 63) / 64, 64>>>(du, dsums, rows);
  cudaDeviceSynchronize();
  float *sums = (float *)malloc(sizeof(float) * rows);
  cudaMemcpy(sums, dsums, sizeof(float) * rows, cudaMemcpyDeviceToHost);
  double mine = 0, total = 0;
  for (int r = 0; r < rows; r++)
    mine += sums[r];
  cudaMemcpy(dtotal, &mine, sizeof(double), cudaMemcpyHostToDevice);
  MPI_Allreduce(MPI_IN_PLACE, dtotal, 1, MPI_DOUBLE, MPI_SUM, MPI_COMM_WORLD);
  cudaMemcpy(&total, dtotal, sizeof(double), cudaMemcpyDeviceToHost);

  // Gather every rank's rows, from device memory, on rank 0.
  int *counts = (int *)malloc(sizeof(int) * size), *displs = (int *)malloc(sizeof(int) * size);
  for (int p = 0; p < size; p++) {
    int f, n;
    split(p, size, &f, &n);
    counts[p] = n * NX;
    displs[p] = f * NX;
  }
  float *all = rank == 0 ? (float *)malloc(sizeof(float) * NX * NY) : NULL;
  MPI_Gatherv(du + NX, rows * NX, MPI_FLOAT, all, counts, displs, MPI_FLOAT, 0, MPI_COMM_WORLD);

  int failures = 0;
  if (rank == 0) {
    float *a = (float *)malloc(sizeof(float) * NX * NY), *b = (float *)malloc(sizeof(float) * NX * NY);
    for (int y = 0; y < NY; y++)
      for (int x = 0; x < NX; x++)
        a[y * NX + x] = initial(y, x);
    for (int s = 0; s < STEPS; s++) {
      for (int y = 0; y < NY; y++)
        for (int x = 0; x < NX; x++) {
          int i = y * NX + x;
          b[i] = (x == 0 || x == NX - 1 || y == 0 || y == NY - 1)
                     ? a[i]
                     : 0.25f * (a[i - 1] + a[i + 1] + a[i - NX] + a[i + NX]);
        }
      float *t = a;
      a = b;
      b = t;
    }
    double want_total = 0;
    for (int i = 0; i < NX * NY; i++) {
      want_total += a[i];
      if (fabsf(all[i] - a[i]) > 1e-5f && failures++ < 10)
        printf("point (%d, %d): %g, want %g\n", i % NX, i / NX, all[i], a[i]);
    }
    if (fabs(total - want_total) > 1e-3 * fabs(want_total) && failures++ < 10)
      printf("sum over ranks %g, want %g\n", total, want_total);
    printf("mpi_halo: %d ranks, %d x %d grid, %d steps: %s\n", size, NX, NY, STEPS,
           failures ? "FAIL" : "ok");
    if (!failures)
      printf("PASS\n");
    free(a);
    free(b);
    free(all);
  }
  MPI_Bcast(&failures, 1, MPI_INT, 0, MPI_COMM_WORLD);
  cudaFree(du);
  cudaFree(dv);
  cudaFree(dsums);
  cudaFree(dtotal);
  free(h);
  free(sums);
  free(counts);
  free(displs);
  MPI_Finalize();
  return failures ? 1 : 0;
}
