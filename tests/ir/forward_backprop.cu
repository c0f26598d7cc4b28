// forward: backprop's layer-forward kernel stores weight_matrix[ty][tx],
// crosses a barrier and loads the same element back in the same thread.
// The load becomes the register weight_matrix_ty_tx, and since the thread
// overwrites its element before anyone reads the array again, the store
// goes too. In `clobbered` thread 0 writes the array between the barriers,
// so nothing is forwarded; in `shared_read` other threads read the element
// and the stored value is a load, so forwarding would not pay.
// RUN: %cucpu --passes=forward --print-ir-after=forward --emit-ir %s -o /dev/null | FileCheck %s
// RUN: %cucpu --passes=none --print-ir-after=split --emit-ir %s -o /dev/null | FileCheck --check-prefix=OFF %s
// CHECK: kernel layer_forward
// CHECK: barrier #0
// CHECK-NEXT: decl weight_matrix_ty_tx = "weights[index]" {R weights[index]}
// CHECK-NEXT: barrier #1
// CHECK-NEXT: text "weight_matrix[ty][tx] = weight_matrix_ty_tx * input_node[ty];" {W weight_matrix[ty][tx] R input_node[ty]}
// CHECK: kernel clobbered
// CHECK: text "c[t] = t;"
// CHECK: text "out[t] = c[t] + 1;" {W out[t] R c[t]}
// CHECK: kernel shared_read
// CHECK: text "s[t] = in[t];"
// CHECK: decl mine = "s[t]"
// OFF: kernel layer_forward
// OFF: weight_matrix[ty][tx] = weights[index];
// OFF: weight_matrix[ty][tx] = weight_matrix[ty][tx] * input_node[ty];
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

__global__ void clobbered(int *out)
{
    __shared__ int c[32];
    int t = threadIdx.x;
    c[t] = t;
    __syncthreads();
    if (t == 0)
        c[31] = 1000;
    __syncthreads();
    out[t] = c[t] + 1;
}

__global__ void shared_read(const float *in, float *out)
{
    __shared__ float s[64];
    int t = threadIdx.x;
    s[t] = in[t];
    __syncthreads();
    float mine = s[t];
    out[t] = mine + s[(t + 1) % 64];
}
