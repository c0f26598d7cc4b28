// Inline PTX in device code: an error at the asm statement (the host
// assembler would otherwise reject the PTX). An asm with an empty template,
// a compiler barrier, is fine.
__device__ unsigned lane_id()
{
    unsigned id;
    asm("mov.u32 %0, %%laneid;" : "=r"(id));
    return id;
}

__global__ void lanes(unsigned *out)
{
    asm volatile("" ::: "memory");
    out[threadIdx.x] = lane_id();
}

int main()
{
    lanes<<<1, 32>>>(0);
    return 0;
}
