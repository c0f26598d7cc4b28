/* vectors.c: vector types have CUDA's sizes and alignments, and the
 * make_* functions fill every field. */
#include <math.h>
#include <stdalign.h>
#include "cuda_runtime.h"
#include "check.h"

int main(void)
{
  CHECK(sizeof(char1) == 1 && alignof(char2) == 2 && alignof(uchar4) == 4);
  CHECK(sizeof(short3) == 6 && alignof(short4) == 8 && alignof(ushort2) == 4);
  CHECK(alignof(int2) == 8 && alignof(int4) == 16 && sizeof(int3) == 12 && alignof(int3) == 4);
  CHECK(alignof(float2) == 8 && alignof(float4) == 16 && sizeof(float3) == 12);
  CHECK(alignof(double2) == 16 && sizeof(double4) == 32 && alignof(longlong2) == 16);
  CHECK(alignof(long2) == 2 * sizeof(long) && alignof(ulonglong4) == 16);
  CHECK(sizeof(dim3) == 12 && sizeof(uint3) == 12);
  float4 f = make_float4(1, 2, 3, 4);
  CHECK(f.x == 1 && f.y == 2 && f.z == 3 && f.w == 4);
  int3 i = make_int3(-1, 0, 1);
  CHECK(i.x == -1 && i.z == 1);
  uchar4 u = make_uchar4(1, 2, 254, 255);
  CHECK(u.w == 255 && u.z == 254);
  double2 d = make_double2(0.5, 1.5);
  CHECK(d.y == 1.5);
  ulonglong2 q = make_ulonglong2(1ull << 60, 2);
  CHECK(q.x == 1ull << 60);
  short1 s = make_short1(-3);
  CHECK(s.x == -3);
  dim3 g = cucpu_dim3(4, 5, 6);
  CHECK(g.x == 4 && g.y == 5 && g.z == 6);
  CHECK(warpSize == 32);
  return 0;
}
