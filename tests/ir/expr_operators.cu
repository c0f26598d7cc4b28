// Typed expression trees (--emit-ir=typed): operators (binary, unary,
// compound assignment, comma), literals, the CUDA builtins, and the type
// clang gives each node with its class ({i} signed integer, {u} unsigned,
// {f} floating, {p} pointer, {b} bool). Printing is from the tree alone:
// the statements keep printing as written.
// RUN: %cucpu --passes=none --emit-ir=typed %s -o - | FileCheck %s
// RUN: %cucpu --passes=none --emit-ir %s -o - | FileCheck --check-prefix=PLAIN %s
// PLAIN-NOT: ; init
// PLAIN-NOT: ; cond
// CHECK: ; init (icast (+ (* (builtin blockIdx.x : const unsigned int {u}) (builtin blockDim.x : const unsigned int {u}) : unsigned int {u}) (builtin threadIdx.x : const unsigned int {u}) : unsigned int {u}) : int {i})
// CHECK: ; init (- (icast (var i : int {i}) : long {i}) (int 3 : long {i}) : long {i})
// CHECK: ; init (| (>> (var u : unsigned int {u}) (int 2 : int {i}) : unsigned int {u}) (int 1 : unsigned int {u}) : unsigned int {u})
// CHECK: ; init (|| (&& (! (< (var i : int {i}) (var n : int {i}) : bool {b}) : bool {b}) (!= (var i : int {i}) (int 7 : int {i}) : bool {b}) : bool {b}) (== (~ (var i : int {i}) : int {i}) (- (int 1 : int {i}) : int {i}) : bool {b}) : bool {b})
// CHECK: ; init (+ (* (icast (var f : float {f}) : double {f}) (float 0.5 : double {f}) : double {f}) (icast (icast (int 97 : char {i}) : int {i}) : double {f}) : double {f})
// CHECK: ; expr (= ([] (icast (var s : int[64]) : int * {p}) (builtin threadIdx.x : const unsigned int {u}) : int {i}) (post++ (var i : int {i}) : int {i}) : int {i})
// CHECK: ; expr (, (+= ([] (icast (var s : int[64]) : int * {p}) (builtin threadIdx.x : const unsigned int {u}) : int {i}) (-- (var w : long {i}) : long {i}) : int {i}) (^= (var m : unsigned int {u}) (var u : unsigned int {u}) : unsigned int {u}) : unsigned int {u})
// CHECK: ; cond (== (% (builtin blockIdx.y : const unsigned int {u}) (icast (int 2 : int {i}) : unsigned int {u}) : unsigned int {u}) (icast (int 0 : int {i}) : unsigned int {u}) : bool {b})
// CHECK: if "blockIdx.y % 2 == 0" {
// CHECK: ; expr (= ([] (var out : int * {p}) (var i : int {i}) : int {i}) (+ ([] (icast (var s : int[64]) : int * {p}) (- (icast (int 63 : int {i}) : unsigned int {u}) (builtin threadIdx.x : const unsigned int {u}) : unsigned int {u}) : int {i}) (cast (icast (+ (+ (+ (var d : double {f}) (icast (var w : long {i}) : double {f}) : double {f}) (icast (var m : unsigned int {u}) : double {f}) : double {f}) (icast (icast (var b : bool {b}) : int {i}) : double {f}) : double {f}) : int {i}) : int {i}) : int {i}) : int {i})
// CHECK: ; cond (< (var k : int {i}) (var n : int {i}) : bool {b})
// CHECK: ; inc (<<= (var k : int {i}) (int 1 : int {i}) : int {i})
// CHECK: for loop0 uniform init {
// CHECK: ; init (int 1 : int {i})
// CHECK: ; expr (= ([] (var out : int * {p}) (var k : int {i}) : int {i}) (icast (+ (icast (* (var in : int * {p}) : int {i}) : unsigned int {u}) (builtin gridDim.z : const unsigned int {u}) : unsigned int {u}) : int {i}) : int {i})
__global__ void ops(int *out, unsigned u, float f, int n, int *in)
{
    __shared__ int s[64];
    int i = blockIdx.x * blockDim.x + threadIdx.x;
    long w = i - 3L;
    unsigned m = u >> 2 | 1u;
    bool b = !(i < n) && i != 7 || ~i == -1;
    double d = f * 0.5 + 'a';
    s[threadIdx.x] = i++;
    s[threadIdx.x] += --w, m ^= u;
    __syncthreads();
    if (blockIdx.y % 2 == 0) {
        out[i] = s[63 - threadIdx.x] + (int)(d + w + m + b);
        __syncthreads();
    }
    for (int k = 1; k < n; k <<= 1) {
        out[k] = *in + gridDim.z;   /* (*out: a lock-step statement, exchange.c) */
        __syncthreads();
    }
}
