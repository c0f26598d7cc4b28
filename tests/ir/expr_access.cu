// Typed expression trees (--emit-ir=typed): C, functional, named and
// implicit casts, member access (. and ->), subscripts (the decay of an
// array to a pointer is an implicit cast), calls of functions and of a
// lambda's operator(), `?:`, and an opaque node, printed as written, for
// the lambda itself.
// RUN: %cucpu --passes=none --emit-ir=typed %s -o - | FileCheck %s
// CHECK: ; init (call Pt ([] (var ps : Pt * {p}) (builtin threadIdx.x : const unsigned int {u}) : Pt) : Pt)
// CHECK: ; init (+ (. x (var p : Pt) : float {f}) (-> y (var ps : Pt * {p}) : float {f}) : float {f})
// CHECK: ; init (+ (+ (named_cast (icast (var fx : float {f}) : int {i}) : int {i}) (fcast (icast (. y (var p : Pt) : float {f}) : int {i}) : int {i}) : int {i}) (cast (icast ([] (var out : float * {p}) (int 0 : int {i}) : float {f}) : int {i}) : int {i}) : int {i})
// CHECK: ; expr (= ([] (icast ([] (icast (var tile : float[16][17]) : float (*)[17] {p}) (builtin threadIdx.y : const unsigned int {u}) : float[17]) : float * {p}) (builtin threadIdx.x : const unsigned int {u}) : float {f}) (call scale (var fx : float {f}) (var q : int {i}) : float {f}) : float {f})
// CHECK: ; init (?: (> (var q : int {i}) (int 0 : int {i}) : bool {b}) ([] (icast ([] (icast (var tile : float[16][17]) : float (*)[17] {p}) (builtin threadIdx.y : const unsigned int {u}) : float[17]) : float * {p}) (int 0 : int {i}) : float {f}) (- (float 1 : float {f}) : float {f}) : float {f})
// CHECK: ; init (opaque "[&](float v) { return v + n; }" : (lambda at {{.*}}expr_access.cu:{{[0-9]+}}:16))
// CHECK: ; expr (= ([] (var out : float * {p}) (builtin threadIdx.x : const unsigned int {u}) : float {f}) (+ (call operator() (var add : (lambda at {{.*}}expr_access.cu:{{[0-9]+}}:16)) (var r : float {f}) : float {f}) ([] (icast ([] (icast (var tile : float[16][17]) : float (*)[17] {p}) (% (builtin threadIdx.x : const unsigned int {u}) (icast (int 16 : int {i}) : unsigned int {u}) : unsigned int {u}) : float[17]) : float * {p}) (int 1 : int {i}) : float {f}) : float {f}) : float {f})
struct Pt { float x, y; };
__device__ float scale(float v, int k) { return v * k; }
__global__ void acc(Pt *ps, float *out, int n)
{
    __shared__ float tile[16][17];
    Pt p = ps[threadIdx.x];
    float fx = p.x + ps->y;
    int q = static_cast<int>(fx) + int(p.y) + (int)out[0];
    tile[threadIdx.y][threadIdx.x] = scale(fx, q);
    float r = q > 0 ? tile[threadIdx.y][0] : -1.0f;
    auto add = [&](float v) { return v + n; };
    __syncthreads();
    out[threadIdx.x] = add(r) + tile[threadIdx.x % 16][1];
}
