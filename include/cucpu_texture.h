/* cucpu_texture.h: the typed side of the texture object API (C++ only):
 * cudaCreateChannelDesc<T>() and tex1Dfetch/tex1D/tex2D/tex3D<T>. Each
 * fetch asks the runtime's C core (cucpu_tex_fetch in cucpu_rt.h) for four
 * channels as doubles and converts them to T, except tex1Dfetch<T> in range
 * of an object whose texels are stored as T and read unchanged (its direct
 * field is CucpuTexDirect<T>::code): that is an inline load. */
#ifndef CUCPU_TEXTURE_H
#define CUCPU_TEXTURE_H

#include <stdint.h>
#include <string.h>
#include "cucpu_rt.h"
#include "cuda_runtime_api.h"

#if defined(CUCPU_CXX)
CUCPU_HD_BEGIN

/* The channel layout of T: bits per channel, channel count and kind;
 * CucpuTexDirect<T>::code is the same layout as CUCPU_TEX_DIRECT, 0 for
 * types without one. */
template <class T> struct CucpuTexFormat;
template <class T> struct CucpuTexDirect { static const int code = 0; };
#define CUCPU_TEXFMT(T, bits, n, kind)                                   \
  template <> struct CucpuTexFormat<T> {                                 \
    static cudaChannelFormatDesc desc()                                  \
    {                                                                    \
      return cudaCreateChannelDesc(bits, (n) > 1 ? bits : 0,             \
                                   (n) > 2 ? bits : 0, (n) > 3 ? bits : 0, \
                                   kind);                                \
    }                                                                    \
  };                                                                     \
  template <> struct CucpuTexDirect<T> {                                 \
    static const int code = CUCPU_TEX_DIRECT(kind, bits, n);             \
  };
#define CUCPU_TEXFMT_ALL(S, V, bits, kind)                               \
  CUCPU_TEXFMT(S, bits, 1, kind) CUCPU_TEXFMT(V##1, bits, 1, kind)       \
  CUCPU_TEXFMT(V##2, bits, 2, kind) CUCPU_TEXFMT(V##4, bits, 4, kind)
CUCPU_TEXFMT(char, 8, 1, cudaChannelFormatKindSigned)
CUCPU_TEXFMT_ALL(signed char, char, 8, cudaChannelFormatKindSigned)
CUCPU_TEXFMT_ALL(unsigned char, uchar, 8, cudaChannelFormatKindUnsigned)
CUCPU_TEXFMT_ALL(short, short, 16, cudaChannelFormatKindSigned)
CUCPU_TEXFMT_ALL(unsigned short, ushort, 16, cudaChannelFormatKindUnsigned)
CUCPU_TEXFMT_ALL(int, int, 32, cudaChannelFormatKindSigned)
CUCPU_TEXFMT_ALL(unsigned int, uint, 32, cudaChannelFormatKindUnsigned)
CUCPU_TEXFMT_ALL(float, float, 32, cudaChannelFormatKindFloat)
#undef CUCPU_TEXFMT_ALL
#undef CUCPU_TEXFMT

/* cudaCreateChannelDesc<T>: the channel descriptor of texels of type T. */
template <class T> static inline cudaChannelFormatDesc cudaCreateChannelDesc()
{
  return CucpuTexFormat<T>::desc();
}

/* cucpu_tex_set: store the fetched channels v into *r. */
#define CUCPU_TEXSET(S, V)                                               \
  static inline void cucpu_tex_set(S *r, const double *v) { *r = (S)v[0]; } \
  static inline void cucpu_tex_set(V##1 *r, const double *v)             \
  { r->x = (S)v[0]; }                                                    \
  static inline void cucpu_tex_set(V##2 *r, const double *v)             \
  { r->x = (S)v[0]; r->y = (S)v[1]; }                                    \
  static inline void cucpu_tex_set(V##4 *r, const double *v)             \
  { r->x = (S)v[0]; r->y = (S)v[1]; r->z = (S)v[2]; r->w = (S)v[3]; }
static inline void cucpu_tex_set(char *r, const double *v) { *r = (char)v[0]; }
CUCPU_TEXSET(signed char, char)
CUCPU_TEXSET(unsigned char, uchar)
CUCPU_TEXSET(short, short)
CUCPU_TEXSET(unsigned short, ushort)
CUCPU_TEXSET(int, int)
CUCPU_TEXSET(unsigned int, uint)
CUCPU_TEXSET(float, float)
#undef CUCPU_TEXSET

static inline const CucpuTexture *cucpu_tex(cudaTextureObject_t o)
{
  return (const CucpuTexture *)(uintptr_t)o;
}

/* tex1Dfetch<T>: texel x of linear memory, unfiltered. A direct object
 * of T (see CUCPU_TEX_DIRECT) is one row of T elements, so in range it
 * loads element x; out of range, and for every other object, the runtime
 * converts (zeros out of range). */
template <class T> static inline T tex1Dfetch(cudaTextureObject_t o, int x)
{
  const CucpuTexture *t = cucpu_tex(o);
  double v[4];
  T r;
  if (CucpuTexDirect<T>::code != 0 && t->direct == CucpuTexDirect<T>::code &&
      (size_t)x < t->width) {
    memcpy(&r, t->data + (size_t)x * sizeof r, sizeof r);
    return r;
  }
  cucpu_tex_fetch_index(t, x, v);
  cucpu_tex_set(&r, v);
  return r;
}
template <class T>
static inline void tex1Dfetch(T *r, cudaTextureObject_t o, int x)
{
  *r = tex1Dfetch<T>(o, x);
}

/* tex1D/tex2D/tex3D<T>: filtered fetches at float coordinates. */
template <class T> static inline T tex1D(cudaTextureObject_t o, float x)
{
  double v[4];
  T r;
  cucpu_tex_fetch(cucpu_tex(o), 1, x, 0.0f, 0.0f, v);
  cucpu_tex_set(&r, v);
  return r;
}
template <class T>
static inline T tex2D(cudaTextureObject_t o, float x, float y)
{
  double v[4];
  T r;
  cucpu_tex_fetch(cucpu_tex(o), 2, x, y, 0.0f, v);
  cucpu_tex_set(&r, v);
  return r;
}
template <class T>
static inline T tex3D(cudaTextureObject_t o, float x, float y, float z)
{
  double v[4];
  T r;
  cucpu_tex_fetch(cucpu_tex(o), 3, x, y, z, v);
  cucpu_tex_set(&r, v);
  return r;
}
template <class T>
static inline void tex1D(T *r, cudaTextureObject_t o, float x)
{ *r = tex1D<T>(o, x); }
template <class T>
static inline void tex2D(T *r, cudaTextureObject_t o, float x, float y)
{ *r = tex2D<T>(o, x, y); }
template <class T>
static inline void tex3D(T *r, cudaTextureObject_t o, float x, float y,
                         float z)
{ *r = tex3D<T>(o, x, y, z); }

CUCPU_HD_END
#endif

#endif
