/* textures.cpp: the texture object API in C++ (the header's templates over
 * the runtime's C core): point and linear fetches with clamp, border, wrap
 * and mirror against hand-computed values; tex1Dfetch on linear memory;
 * normalized reads of 8-bit data. Also checks C++ header conveniences. */
#include <algorithm>
#include <cmath>
#include "cuda_runtime.h"
#include "check.h"

__constant__ float cconst[4];

static cudaTextureObject_t make_tex(cudaArray_t arr, cudaTextureAddressMode m,
                                    cudaTextureFilterMode f, int norm)
{
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = arr;
  cudaTextureDesc td = {};
  td.addressMode[0] = td.addressMode[1] = m;
  td.filterMode = f;
  td.readMode = cudaReadModeElementType;
  td.normalizedCoords = norm;
  td.borderColor[0] = -1.0f;
  cudaTextureObject_t t = 0;
  CHECK(cudaCreateTextureObject(&t, &rd, &td, nullptr) == cudaSuccess);
  return t;
}

int main()
{
  /* A 4x2 float texture: value = 10 * y + x. */
  float h[2][4] = {{0, 1, 2, 3}, {10, 11, 12, 13}};
  cudaChannelFormatDesc cd = cudaCreateChannelDesc<float>();
  CHECK(cd.x == 32 && cd.y == 0 && cd.f == cudaChannelFormatKindFloat);
  cudaArray_t arr;
  CHECK(cudaMallocArray(&arr, &cd, 4, 2) == cudaSuccess);
  CHECK(cudaMemcpy2DToArray(arr, 0, 0, h, sizeof h[0], sizeof h[0], 2,
                            cudaMemcpyHostToDevice) == cudaSuccess);

  cudaTextureObject_t pc = make_tex(arr, cudaAddressModeClamp, cudaFilterModePoint, 0);
  CHECK(tex2D<float>(pc, 1.5f, 0.5f) == 1.0f);
  CHECK(tex2D<float>(pc, 3.9f, 1.2f) == 13.0f);
  CHECK(tex2D<float>(pc, -5.0f, 7.0f) == 10.0f);
  cudaTextureObject_t lc = make_tex(arr, cudaAddressModeClamp, cudaFilterModeLinear, 0);
  /* x = 1.25 -> between texels 0 and 1 with weight 0.75 on texel 1. */
  CHECK(tex2D<float>(lc, 1.25f, 0.5f) == 0.75f);
  CHECK(tex2D<float>(lc, 2.0f, 1.0f) == (1.5f + 11.5f) / 2);
  CHECK(tex2D<float>(lc, 0.0f, 0.5f) == 0.0f);
  cudaTextureObject_t pb = make_tex(arr, cudaAddressModeBorder, cudaFilterModePoint, 0);
  CHECK(tex2D<float>(pb, 4.5f, 0.5f) == -1.0f);
  cudaTextureObject_t lb = make_tex(arr, cudaAddressModeBorder, cudaFilterModeLinear, 0);
  CHECK(tex2D<float>(lb, 4.0f, 0.5f) == (3.0f - 1.0f) / 2);
  cudaTextureObject_t pw = make_tex(arr, cudaAddressModeWrap, cudaFilterModePoint, 1);
  CHECK(tex2D<float>(pw, 1.125f, 0.25f) == 0.0f + 0.0f && tex2D<float>(pw, -0.125f, 0.75f) == 13.0f);
  cudaTextureObject_t pm = make_tex(arr, cudaAddressModeMirror, cudaFilterModePoint, 1);
  CHECK(tex2D<float>(pm, 1.125f, 0.25f) == 3.0f);
  float r;
  tex2D(&r, pc, 2.5f, 1.5f);
  CHECK(r == 12.0f);

  /* tex1Dfetch on linear int2 memory. */
  int2 lin[3] = {{1, 2}, {3, 4}, {5, 6}};
  int2 *dl;
  CHECK(cudaMalloc(&dl, sizeof lin) == cudaSuccess);
  cudaMemcpy(dl, lin, sizeof lin, cudaMemcpyHostToDevice);
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = dl;
  rd.res.linear.desc = cudaCreateChannelDesc<int2>();
  rd.res.linear.sizeInBytes = sizeof lin;
  cudaTextureDesc td = {};
  cudaTextureObject_t tl;
  CHECK(cudaCreateTextureObject(&tl, &rd, &td, nullptr) == cudaSuccess);
  int2 v = tex1Dfetch<int2>(tl, 2);
  CHECK(v.x == 5 && v.y == 6 && tex1Dfetch<int2>(tl, 3).x == 0);
  td.filterMode = cudaFilterModeLinear;
  CHECK(cudaCreateTextureObject(&tl, &rd, &td, nullptr) == cudaErrorInvalidFilterSetting);
  cudaGetLastError();

  /* Normalized reads of uchar4 data, linear filtering in 1D. */
  uchar4 px[2] = {make_uchar4(0, 255, 51, 0), make_uchar4(255, 255, 153, 0)};
  cudaChannelFormatDesc cd4 = cudaCreateChannelDesc<uchar4>();
  cudaArray_t a1;
  CHECK(cudaMallocArray(&a1, &cd4, 2) == cudaSuccess);
  CHECK(cudaMemcpyToArray(a1, 0, 0, px, sizeof px, cudaMemcpyHostToDevice) == cudaSuccess);
  cudaResourceDesc r1 = {};
  r1.resType = cudaResourceTypeArray;
  r1.res.array.array = a1;
  cudaTextureDesc t1 = {};
  t1.readMode = cudaReadModeNormalizedFloat;
  t1.filterMode = cudaFilterModeLinear;
  cudaTextureObject_t tn;
  CHECK(cudaCreateTextureObject(&tn, &r1, &t1, nullptr) == cudaSuccess);
  float4 f = tex1D<float4>(tn, 1.0f);
  CHECK(f.x == 0.5f && f.y == 1.0f && std::fabs(f.z - 0.4f) < 1e-6f && f.w == 0.0f);
  cudaDestroyTextureObject(tn);
  cudaFreeArray(a1);

  /* C++ header mode: dim3 constructor, symbol templates, overloads. */
  dim3 g(4), b(8, 2);
  CHECK(g.y == 1 && g.z == 1 && b.y == 2);
  uint3 u = b;
  CHECK(u.x == 8);
  float hc[4] = {1, 2, 3, 4}, back[4];
  CHECK(cudaMemcpyToSymbol(cconst, hc, sizeof hc) == cudaSuccess);
  CHECK(cudaMemcpyFromSymbol(back, cconst, sizeof back) == cudaSuccess && back[3] == 4);
  size_t sz;
  CHECK(cudaGetSymbolSize(&sz, cconst) == cudaSuccess && sz == sizeof cconst);
  CHECK(min(3, 4) == 3 && std::min(3, 4) == 3 && max(2.0f, 1.0f) == 2.0f);
  double dd = 0;
  atomicAdd(&dd, 1.5);
  CHECK(dd == 1.5);
  CHECK(__ldg(&hc[2]) == 3.0f && rsqrt(4.0f) == 0.5f);
  CHECK(cucpu_launch_check(g, b, 0) == cudaSuccess);
  return 0;
}
