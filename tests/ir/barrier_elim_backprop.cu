// The layer-forward kernel shape of backprop: a shared input vector written
// by the threads of column 0, a shared weight tile, a tree reduction over
// the tile rows with a barrier in the loop, five barriers in all.
// barrier-elim must remove the first (nothing read after it was written
// before it by another thread) and the last (the loop ends with a barrier
// and the writes around the last one go to distinct __restrict__ arrays),
// and keep the other three.
// RUN: %cucpu --passes=barrier-elim --print-ir-after=barrier-elim --emit-ir %s -o /dev/null | FileCheck %s
// CHECK: ---- IR after barrier-elim ----
// CHECK: kernel layer_forward
// CHECK-NOT: barrier #0
// CHECK: W input_node[ty]
// CHECK: barrier #1
// CHECK: barrier #2
// CHECK: for loop0
// CHECK: barrier #3
// CHECK-NOT: barrier #4
// CHECK: W partial_sums
#define HEIGHT 16
#define WIDTH 16

__global__ void layer_forward(const float *__restrict__ input, float *__restrict__ weights,
                              float *__restrict__ partial_sums, int hid)
{
    int by = blockIdx.y;
    int tx = threadIdx.x;
    int ty = threadIdx.y;
    int index = (hid + 1) * HEIGHT * by + (hid + 1) * ty + tx + 1 + (hid + 1);
    int index_in = HEIGHT * by + ty + 1;
    __shared__ float input_node[HEIGHT];
    __shared__ float weight_matrix[HEIGHT][WIDTH];
    if (tx == 0)
        input_node[ty] = input[index_in];
    __syncthreads();
    weight_matrix[ty][tx] = weights[index];
    __syncthreads();
    weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
    __syncthreads();
    for (int i = 1; i <= 4; i++) {
        int power_two = 1 << i;
        if (ty % power_two == 0)
            weight_matrix[ty][tx] = weight_matrix[ty][tx] + weight_matrix[ty + power_two / 2][tx];
        __syncthreads();
    }
    weights[index] = weight_matrix[ty][tx];
    __syncthreads();
    if (tx == 0)
        partial_sums[by * hid + ty] = weight_matrix[tx][ty];
}
