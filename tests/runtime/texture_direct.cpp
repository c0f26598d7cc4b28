/* texture_direct.cpp: which texture objects get tex1Dfetch's inline load.
 * cudaCreateTextureObject sets CucpuTexture.direct to the
 * CucpuTexDirect<T>::code of the texel type exactly when a fetch is a plain
 * load of T (linear memory, a layout some T has, elements read unchanged),
 * else 0; fetches through both paths agree. */
#include "cuda_runtime.h"
#include "check.h"

/* direct_of: the direct code of a new object over n bytes at d with format
 * f and read mode m, resource kind linear; the object is destroyed. */
static int direct_of(void *d, size_t n, cudaChannelFormatDesc f,
                     cudaTextureReadMode m)
{
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = f;
  rd.res.linear.sizeInBytes = n;
  cudaTextureDesc td = {};
  td.readMode = m;
  cudaTextureObject_t o;
  CHECK(cudaCreateTextureObject(&o, &rd, &td, nullptr) == cudaSuccess);
  int code = cucpu_tex(o)->direct;
  cudaDestroyTextureObject(o);
  return code;
}

template <class T> static int direct_elem(void *d)
{
  return direct_of(d, 64, cudaCreateChannelDesc<T>(), cudaReadModeElementType);
}

int main()
{
  void *d;
  CHECK(cudaMalloc(&d, 64) == cudaSuccess);
  const cudaTextureReadMode elem = cudaReadModeElementType;
  const cudaTextureReadMode norm = cudaReadModeNormalizedFloat;

  /* Formats some T has, read as elements: that T's code, never 0. */
  CHECK(CucpuTexDirect<float>::code ==
        CUCPU_TEX_DIRECT(cudaChannelFormatKindFloat, 32, 1));
  CHECK(direct_elem<float>(d) == CucpuTexDirect<float>::code);
  CHECK(direct_elem<float4>(d) == CucpuTexDirect<float4>::code);
  CHECK(direct_elem<int>(d) == CucpuTexDirect<int>::code);
  CHECK(direct_elem<int2>(d) == CucpuTexDirect<int2>::code);
  CHECK(direct_elem<unsigned char>(d) == CucpuTexDirect<unsigned char>::code);
  CHECK(direct_elem<short4>(d) == CucpuTexDirect<short4>::code);
  CHECK(direct_elem<char>(d) == CucpuTexDirect<signed char>::code);
  CHECK(CucpuTexDirect<signed char>::code != 0 &&
        CucpuTexDirect<int>::code != CucpuTexDirect<unsigned int>::code &&
        CucpuTexDirect<int>::code != CucpuTexDirect<float>::code &&
        CucpuTexDirect<float2>::code != CucpuTexDirect<float>::code);
  /* Normalized reads change nothing for floats, everything for integers. */
  CHECK(direct_of(d, 64, cudaCreateChannelDesc<float>(), norm) ==
        CucpuTexDirect<float>::code);
  CHECK(direct_of(d, 64, cudaCreateChannelDesc<unsigned char>(), norm) == 0);
  CHECK(direct_of(d, 64, cudaCreateChannelDesc<short2>(), norm) == 0);
  /* Layouts no T has: 3 channels (read as 4), mixed widths, half floats. */
  CHECK(direct_of(d, 48, cudaCreateChannelDesc(32, 32, 32, 0,
                  cudaChannelFormatKindFloat), elem) == 0);
  CHECK(direct_of(d, 64, cudaCreateChannelDesc(8, 8, 16, 0,
                  cudaChannelFormatKindUnsigned), elem) == 0);
  CHECK(direct_of(d, 64, cudaCreateChannelDesc(16, 0, 0, 0,
                  cudaChannelFormatKindFloat), elem) == 0);

  /* Only linear memory: a pitched 2D float texture is not direct. */
  cudaResourceDesc rd = {};
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = d;
  rd.res.pitch2D.desc = cudaCreateChannelDesc<float>();
  rd.res.pitch2D.width = 4;
  rd.res.pitch2D.height = 4;
  rd.res.pitch2D.pitchInBytes = 16;
  cudaTextureDesc td = {};
  cudaTextureObject_t p;
  CHECK(cudaCreateTextureObject(&p, &rd, &td, nullptr) == cudaSuccess);
  CHECK(cucpu_tex(p)->direct == 0);
  cudaDestroyTextureObject(p);

  /* Both paths on one float object: the load in range, the runtime for
   * another T (converting) and out of range (zeros). */
  float h[16];
  for (int i = 0; i < 16; i++)
    h[i] = 2.5f * (float)i;
  CHECK(cudaMemcpy(d, h, sizeof h, cudaMemcpyHostToDevice) == cudaSuccess);
  rd = {};
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = d;
  rd.res.linear.desc = cudaCreateChannelDesc<float>();
  rd.res.linear.sizeInBytes = 10 * sizeof(float);
  cudaTextureObject_t o;
  CHECK(cudaCreateTextureObject(&o, &rd, &td, nullptr) == cudaSuccess);
  CHECK(tex1Dfetch<float>(o, 3) == 7.5f && tex1Dfetch<float>(o, 9) == 22.5f);
  CHECK(tex1Dfetch<int>(o, 3) == 7);
  CHECK(tex1Dfetch<float>(o, 10) == 0.0f && tex1Dfetch<float>(o, -1) == 0.0f);
  float r;
  tex1Dfetch(&r, o, 1);
  CHECK(r == 2.5f);
  cudaDestroyTextureObject(o);
  cudaFree(d);
  return 0;
}
