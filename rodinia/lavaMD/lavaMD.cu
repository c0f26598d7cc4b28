/*
 * lavaMD.cu: particle potential and forces in a 3D grid of boxes.
 *
 * One block per box. The block stages its home box's particle positions in
 * __shared__ memory, then for the box itself and each neighbour box stages
 * that box's positions and charges in __shared__ arrays (barrier), lets each
 * thread accumulate the interactions of its particle(s) with all particles
 * of that box (double precision, exp()), and waits again before the next
 * neighbour. The work, including every barrier, sits under the
 * block-uniform `if (bx < number_boxes)`. Structs travel as kernel
 * arguments by value (par_str, dim_str) and by pointer (box_str, FOUR_VECTOR).
 *
 * Tolerance: 1e-7 (see TOLERANCE), normwise relative error per component
 * (max |gpu-ref| / max |ref|) against the serial C reference; the RESULT
 * lines are printed with 9 digits, so golden comparisons need ~1e-8 anyway.
 */
#include <cuda_runtime.h>
#include "../common/rodinia.h"
#include "input.h"
#include "reference.h"

#define DOT(A, B) ((A).x * (B).x + (A).y * (B).y + (A).z * (B).z)

__global__ void kernel_gpu_cuda(par_str d_par_gpu, dim_str d_dim_gpu, box_str *d_box_gpu,
                                FOUR_VECTOR *d_rv_gpu, double *d_qv_gpu, FOUR_VECTOR *d_fv_gpu)
{
    int bx = blockIdx.x;
    int tx = threadIdx.x;
    int wtx = tx;

    if (bx < d_dim_gpu.number_boxes) {
        double a2 = 2.0 * d_par_gpu.alpha * d_par_gpu.alpha;

        /* home box */
        int first_i;
        FOUR_VECTOR *rA;
        FOUR_VECTOR *fA;
        __shared__ FOUR_VECTOR rA_shared[NUMBER_PAR_PER_BOX];

        /* neighbour box */
        int pointer;
        int k;
        int first_j;
        FOUR_VECTOR *rB;
        double *qB;
        int j;
        __shared__ FOUR_VECTOR rB_shared[NUMBER_PAR_PER_BOX];
        __shared__ double qB_shared[NUMBER_PAR_PER_BOX];

        double r2, u2, vij, fs, fxij, fyij, fzij;
        THREE_VECTOR d;

        first_i = d_box_gpu[bx].offset;
        rA = &d_rv_gpu[first_i];
        fA = &d_fv_gpu[first_i];

        while (wtx < NUMBER_PAR_PER_BOX) {
            rA_shared[wtx] = rA[wtx];
            wtx = wtx + NUMBER_THREADS;
        }
        wtx = tx;
        __syncthreads();

        /* the home box itself (k == 0), then its neighbours */
        for (k = 0; k < (1 + d_box_gpu[bx].nn); k++) {
            if (k == 0)
                pointer = bx;
            else
                pointer = d_box_gpu[bx].nei[k - 1].number;

            first_j = d_box_gpu[pointer].offset;
            rB = &d_rv_gpu[first_j];
            qB = &d_qv_gpu[first_j];

            while (wtx < NUMBER_PAR_PER_BOX) {
                rB_shared[wtx] = rB[wtx];
                qB_shared[wtx] = qB[wtx];
                wtx = wtx + NUMBER_THREADS;
            }
            wtx = tx;
            __syncthreads();

            while (wtx < NUMBER_PAR_PER_BOX) {
                for (j = 0; j < NUMBER_PAR_PER_BOX; j++) {
                    r2 = rA_shared[wtx].v + rB_shared[j].v - 2.0 * DOT(rA_shared[wtx], rB_shared[j]);
                    u2 = a2 * r2;
                    vij = exp(-u2);
                    fs = 2.0 * vij;
                    d.x = rA_shared[wtx].x - rB_shared[j].x;
                    d.y = rA_shared[wtx].y - rB_shared[j].y;
                    d.z = rA_shared[wtx].z - rB_shared[j].z;
                    fxij = fs * d.x;
                    fyij = fs * d.y;
                    fzij = fs * d.z;
                    fA[wtx].v += qB_shared[j] * vij;
                    fA[wtx].x += qB_shared[j] * fxij;
                    fA[wtx].y += qB_shared[j] * fyij;
                    fA[wtx].z += qB_shared[j] * fzij;
                }
                wtx = wtx + NUMBER_THREADS;
            }
            wtx = tx;

            /* everyone done with rB_shared before the next box overwrites it */
            __syncthreads();
        }
    }
}

int main(int argc, char **argv)
{
    par_str par_cpu;
    par_cpu.alpha = 0.5;
    dim_str dim_cpu = lavamd_dim(lavamd_boxes1d(rd_size(argc, argv)));

    box_str *box_cpu = (box_str *)malloc(dim_cpu.box_mem);
    FOUR_VECTOR *rv_cpu = (FOUR_VECTOR *)malloc(dim_cpu.space_mem);
    double *qv_cpu = (double *)malloc(dim_cpu.space_mem2);
    FOUR_VECTOR *fv_cpu = (FOUR_VECTOR *)calloc(dim_cpu.space_elem, sizeof(FOUR_VECTOR));
    lavamd_boxes(&dim_cpu, box_cpu);
    lavamd_particles(&dim_cpu, box_cpu, rv_cpu, qv_cpu);

    box_str *d_box_gpu;
    FOUR_VECTOR *d_rv_gpu, *d_fv_gpu;
    double *d_qv_gpu;
    RD_CHECK(cudaMalloc((void **)&d_box_gpu, dim_cpu.box_mem));
    RD_CHECK(cudaMalloc((void **)&d_rv_gpu, dim_cpu.space_mem));
    RD_CHECK(cudaMalloc((void **)&d_qv_gpu, dim_cpu.space_mem2));
    RD_CHECK(cudaMalloc((void **)&d_fv_gpu, dim_cpu.space_mem));

    dim3 threads(NUMBER_THREADS);
    dim3 blocks(dim_cpu.number_boxes);

    cudaEvent_t start, stop;
    RD_CHECK(cudaEventCreate(&start));
    RD_CHECK(cudaEventCreate(&stop));
    RD_CHECK(cudaEventRecord(start, 0));

    RD_CHECK(cudaMemcpy(d_box_gpu, box_cpu, dim_cpu.box_mem, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_rv_gpu, rv_cpu, dim_cpu.space_mem, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_qv_gpu, qv_cpu, dim_cpu.space_mem2, cudaMemcpyHostToDevice));
    RD_CHECK(cudaMemcpy(d_fv_gpu, fv_cpu, dim_cpu.space_mem, cudaMemcpyHostToDevice));

    kernel_gpu_cuda<<<blocks, threads>>>(par_cpu, dim_cpu, d_box_gpu, d_rv_gpu, d_qv_gpu, d_fv_gpu);
    RD_CHECK(cudaGetLastError());
    RD_CHECK(cudaDeviceSynchronize());

    RD_CHECK(cudaMemcpy(fv_cpu, d_fv_gpu, dim_cpu.space_mem, cudaMemcpyDeviceToHost));

    RD_CHECK(cudaEventRecord(stop, 0));
    RD_CHECK(cudaEventSynchronize(stop));
    float ms = 0.0f;
    RD_CHECK(cudaEventElapsedTime(&ms, start, stop));

    lavamd_print_results(fv_cpu, dim_cpu.space_elem);
    rd_time_ms(ms);

    FOUR_VECTOR *fv_ref = (FOUR_VECTOR *)malloc(dim_cpu.space_mem);
    lavamd_reference(par_cpu, dim_cpu, box_cpu, rv_cpu, qv_cpu, fv_ref);
    double err = lavamd_error(fv_cpu, fv_ref, dim_cpu.space_elem);
    int rc = rd_verify(err <= LAVAMD_TOLERANCE, "normwise relative error %.3g", err);

    cudaEventDestroy(start);
    cudaEventDestroy(stop);
    cudaFree(d_box_gpu); cudaFree(d_rv_gpu); cudaFree(d_qv_gpu); cudaFree(d_fv_gpu);
    free(box_cpu); free(rv_cpu); free(qv_cpu); free(fv_cpu); free(fv_ref);
    return rc;
}
