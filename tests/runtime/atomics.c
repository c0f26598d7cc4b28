/* atomics.c: every atomic under contention from an OpenMP team gives the
 * exact sequential result; atomicInc/atomicDec wrap as in CUDA. */
#include <math.h>
#include "cuda_runtime.h"
#include "check.h"

#define N 20000

int main(void)
{
  int i32 = 0, imin = 1 << 30, imax = -(1 << 30), iand = -1, ior = 0, ixor = 0, isub = 0;
  unsigned int u32 = 0, umin = ~0u, umax = 0, inc = 0, dec = 0;
  unsigned long long u64 = 0, umin64 = ~0ull, umax64 = 0, cas_count = 0;
  long long lmin = 1ll << 40, lmax = -(1ll << 40);
  float f = 0.0f, fx = 0.0f;
  double d = 0.0;
#pragma omp parallel for num_threads(4)
  for (int k = 0; k < N; k++) {
    atomicAdd(&i32, 1);
    atomicSub(&isub, 2);
    atomicAdd(&u32, 2u);
    atomicAdd(&u64, 3ull);
    atomicAdd(&f, 1.0f);
    atomicAdd(&d, 0.5);
    atomicMin(&imin, k - 5);
    atomicMax(&imax, k);
    atomicMin(&umin, (unsigned)k + 7u);
    atomicMax(&umax, (unsigned)k);
    atomicMin(&lmin, (long long)k - 9);
    atomicMax(&lmax, (long long)k * 1000000);
    atomicMin(&umin64, (unsigned long long)k + 1);
    atomicMax(&umax64, (unsigned long long)k);
    atomicAnd(&iand, ~(1 << (k % 31)));
    atomicOr(&ior, 1 << (k % 31));
    atomicXor(&ixor, 1);
    atomicInc(&inc, 9u);
    atomicDec(&dec, 9u);
    atomicExch(&fx, 2.0f);
    unsigned long long old = u64 + 1, seen;
    do {
      old = cas_count;
      seen = atomicCAS(&cas_count, old, old + 1);
    } while (seen != old);
    atomicAdd_block(&i32, 1);
    atomicAdd_system(&i32, -1);
  }
  CHECK(i32 == N && isub == -2 * N && u32 == 2u * N && u64 == 3ull * N);
  CHECK(f == (float)N && d == 0.5 * N);
  CHECK(imin == -5 && imax == N - 1 && umin == 7u && umax == N - 1);
  CHECK(lmin == -9 && lmax == (long long)(N - 1) * 1000000);
  CHECK(umin64 == 1 && umax64 == N - 1);
  CHECK(iand == (int)0x80000000 && ior == 0x7fffffff && ixor == 0);
  CHECK(inc == N % 10 && dec == (10 - N % 10) % 10);
  CHECK(fx == 2.0f && cas_count == N);

  /* Wrap rules, one step at a time. */
  unsigned int w = 5;
  CHECK(atomicInc(&w, 5u) == 5 && w == 0);
  CHECK(atomicInc(&w, 5u) == 0 && w == 1);
  w = 0;
  CHECK(atomicDec(&w, 5u) == 0 && w == 5);
  w = 9;
  CHECK(atomicDec(&w, 5u) == 9 && w == 5);
  int c = 3;
  CHECK(atomicCAS(&c, 4, 8) == 3 && c == 3);
  CHECK(atomicCAS(&c, 3, 8) == 3 && c == 8);
  unsigned short us = 1;
  CHECK(atomicCAS(&us, (unsigned short)1, (unsigned short)2) == 1 && us == 2);
  CHECK(atomicExch(&c, 11) == 8 && c == 11);
  __threadfence(); __threadfence_block(); __threadfence_system();
  return 0;
}
