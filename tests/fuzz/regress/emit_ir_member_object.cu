// emit_ir_member_object.cu: a member function with a barrier that reads a
// member implicitly (`buf[...]`, no `this->`). Inlined, the object is a
// zero-width reference in the IR text; `--emit-ir` printed it forever
// (an endless loop in ir/print.c, found by the e2e translation diff).
struct Block {
    float buf[64];
    __device__ float run(float v)
    {
        buf[threadIdx.x] = v;
        __syncthreads();
        return buf[63 - threadIdx.x];
    }
};

__global__ void k(float *out)
{
    __shared__ Block b;
    out[threadIdx.x] = b.run(out[threadIdx.x]);
}
