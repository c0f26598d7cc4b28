/* textures.c: texture objects in software. An object is a CucpuTexture
 * (cucpu_rt.h) on the heap; fetches apply CUDA's rules: normalized
 * coordinates scale by the size; wrap and mirror need normalized
 * coordinates (otherwise they clamp); border gives the border color;
 * linear filtering samples at x - 0.5 with weights rounded to 8 fractional
 * bits, as the hardware does; NormalizedFloat maps 8/16-bit integers to
 * [0, 1] or [-1, 1]. An object over linear memory whose texels read back
 * unchanged gets a direct code, with which cucpu_texture.h turns
 * tex1Dfetch into an inline load. */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include "rt.h"
#include "cuda_fp16.h"

/* rt_tex_format: fill elem_size and channels of t from t->fmt. */
static cudaError_t rt_tex_format(CucpuTexture *t)
{
  const struct cudaChannelFormatDesc *f = &t->fmt;
  int bits = f->x + f->y + f->z + f->w;
  if (f->x <= 0 || bits % 8 != 0)
    return cudaErrorInvalidChannelDescriptor;
  t->elem_size = (size_t)bits / 8;
  t->channels = 1 + (f->y > 0) + (f->z > 0) + (f->w > 0);
  return cudaSuccess;
}

/* rt_tex_from_resource: the geometry of the texture described by r. */
static cudaError_t rt_tex_from_resource(CucpuTexture *t,
                                        const struct cudaResourceDesc *r)
{
  switch (r->resType) {
  case cudaResourceTypeArray: {
    const struct cudaArray *a = r->res.array.array;
    if (!a)
      return cudaErrorInvalidValue;
    t->data = a->data;
    t->fmt = a->desc;
    t->width = a->width;
    t->height = rt_array_rows(a);
    t->depth = rt_array_slices(a);
    t->pitch = a->width * a->elem_size;
    break;
  }
  case cudaResourceTypeLinear:
    t->data = r->res.linear.devPtr;
    t->fmt = r->res.linear.desc;
    t->linear_memory = 1;
    t->height = t->depth = 1;
    break;
  case cudaResourceTypePitch2D:
    t->data = r->res.pitch2D.devPtr;
    t->fmt = r->res.pitch2D.desc;
    t->width = r->res.pitch2D.width;
    t->height = r->res.pitch2D.height;
    t->depth = 1;
    t->pitch = r->res.pitch2D.pitchInBytes;
    break;
  default:
    return cudaErrorInvalidValue;
  }
  if (!t->data)
    return cudaErrorInvalidValue;
  cudaError_t err = rt_tex_format(t);
  if (err == cudaSuccess && t->linear_memory) {
    t->width = r->res.linear.sizeInBytes / t->elem_size;
    t->pitch = r->res.linear.sizeInBytes;
  }
  t->slice = t->pitch * t->height;
  return err;
}

/* rt_tex_direct: t's CUCPU_TEX_DIRECT code (cucpu_rt.h), or 0 when
 * tex1Dfetch on t must convert or is not a plain load; needs t's format
 * and descriptor filled in. */
static int rt_tex_direct(const CucpuTexture *t)
{
  const struct cudaChannelFormatDesc *f = &t->fmt;
  int bits = f->x, n = t->channels;
  int is_float = f->f == cudaChannelFormatKindFloat;
  if (!t->linear_memory || n == 3)
    return 0;
  if (f->y != (n > 1 ? bits : 0) || f->z != (n > 2 ? bits : 0) ||
      f->w != (n > 3 ? bits : 0))
    return 0;
  int int_kind = f->f == cudaChannelFormatKindSigned ||
                 f->f == cudaChannelFormatKindUnsigned;
  int int_bits = bits == 8 || bits == 16 || bits == 32;
  if (!(is_float && bits == 32) && !(int_kind && int_bits))
    return 0;
  if (t->desc.readMode != cudaReadModeElementType && !is_float)
    return 0;
  return CUCPU_TEX_DIRECT(f->f, bits, n);
}

cudaError_t cudaCreateTextureObject(cudaTextureObject_t *pTexObject,
                                    const struct cudaResourceDesc *pResDesc,
                                    const struct cudaTextureDesc *pTexDesc,
                                    const struct cudaResourceViewDesc *pViewDesc)
{
  (void)pViewDesc;
  if (!pTexObject || !pResDesc || !pTexDesc)
    return rt_fail(cudaErrorInvalidValue);
  CucpuTexture *t = calloc(1, sizeof *t);
  if (!t)
    return rt_fail(cudaErrorMemoryAllocation);
  t->desc = *pTexDesc;
  cudaError_t err = rt_tex_from_resource(t, pResDesc);
  int is_float = t->fmt.f == cudaChannelFormatKindFloat;
  int normalized = t->desc.readMode == cudaReadModeNormalizedFloat;
  if (err == cudaSuccess && normalized && !is_float && t->fmt.x == 32)
    err = cudaErrorInvalidNormSetting;
  if (err == cudaSuccess && t->desc.filterMode == cudaFilterModeLinear &&
      !is_float && !normalized)
    err = cudaErrorInvalidFilterSetting;
  if (err != cudaSuccess) {
    free(t);
    return rt_fail(err);
  }
  t->direct = rt_tex_direct(t);
  *pTexObject = (cudaTextureObject_t)(uintptr_t)t;
  return cudaSuccess;
}

cudaError_t cudaDestroyTextureObject(cudaTextureObject_t texObject)
{
  free((void *)(uintptr_t)texObject);
  return cudaSuccess;
}

/* rt_channel: channel c of the texel at p, converted per the read mode. */
static double rt_channel(const CucpuTexture *t, const char *p, int c)
{
  int bits = t->fmt.x;
  int norm = t->desc.readMode == cudaReadModeNormalizedFloat;
  const char *q = p + (size_t)c * (size_t)(bits / 8);
  if (c >= t->channels)
    return 0.0;
  if (t->fmt.f == cudaChannelFormatKindFloat) {
    if (bits == 16) {
      unsigned short h;
      memcpy(&h, q, 2);
      return cucpu_h2f_bits(h);
    }
    float f;
    memcpy(&f, q, 4);
    return f;
  }
  int sign = t->fmt.f == cudaChannelFormatKindSigned;
  double v;
  if (bits == 8) v = sign ? *(const int8_t *)q : *(const uint8_t *)q;
  else if (bits == 16) {
    uint16_t u; memcpy(&u, q, 2);
    v = sign ? (double)(int16_t)u : (double)u;
  } else {
    uint32_t u; memcpy(&u, q, 4);
    v = sign ? (double)(int32_t)u : (double)u;
  }
  if (norm && bits <= 16) {
    double max = sign ? (double)((1 << (bits - 1)) - 1) : (double)((1 << bits) - 1);
    v = fmax(v / max, -1.0);
  }
  return v;
}

/* rt_texel: the channels of texel (x, y, z), all in range, into out. */
static void rt_texel(const CucpuTexture *t, size_t x, size_t y, size_t z,
                     double out[4])
{
  const char *p = t->data + z * t->slice + y * t->pitch + x * t->elem_size;
  for (int c = 0; c < 4; c++)
    out[c] = rt_channel(t, p, c);
}

/* rt_address: index i mapped into [0, n) by the address mode; 0 when the
 * texel is outside under border addressing. */
static int rt_address(const CucpuTexture *t, int dim, long i, size_t n,
                      size_t *out)
{
  long len = (long)n;
  enum cudaTextureAddressMode m = t->desc.addressMode[dim];
  if (!t->desc.normalizedCoords &&
      (m == cudaAddressModeWrap || m == cudaAddressModeMirror))
    m = cudaAddressModeClamp;
  switch (m) {
  case cudaAddressModeWrap:
    i = ((i % len) + len) % len;
    break;
  case cudaAddressModeMirror:
    i = ((i % (2 * len)) + 2 * len) % (2 * len);
    if (i >= len) i = 2 * len - 1 - i;
    break;
  case cudaAddressModeBorder:
    if (i < 0 || i >= len) return 0;
    break;
  default:
    i = i < 0 ? 0 : (i >= len ? len - 1 : i);
    break;
  }
  *out = (size_t)i;
  return 1;
}

/* rt_sample: the texel at integer coordinates idx (dims used), or the
 * border color. */
static void rt_sample(const CucpuTexture *t, int dims, const long idx[3],
                      double out[4])
{
  size_t n[3] = {t->width, t->height, t->depth}, at[3] = {0, 0, 0};
  for (int d = 0; d < dims; d++)
    if (!rt_address(t, d, idx[d], n[d], &at[d])) {
      for (int c = 0; c < 4; c++)
        out[c] = t->desc.borderColor[c];
      return;
    }
  rt_texel(t, at[0], at[1], at[2], out);
}

void cucpu_tex_fetch(const CucpuTexture *t, int dims, float x, float y,
                     float z, double out[4])
{
  double u[3] = {x, y, z};
  size_t n[3] = {t->width, t->height, t->depth};
  long base[3] = {0, 0, 0};
  double frac[3] = {0, 0, 0};
  int linear = t->desc.filterMode == cudaFilterModeLinear;
  for (int d = 0; d < dims; d++) {
    double v = t->desc.normalizedCoords ? u[d] * (double)n[d] : u[d];
    if (linear) {
      v -= 0.5;
      base[d] = (long)floor(v);
      frac[d] = round((v - floor(v)) * 256.0) / 256.0;
    } else {
      base[d] = (long)floor(v);
    }
  }
  if (!linear) {
    rt_sample(t, dims, base, out);
    return;
  }
  for (int c = 0; c < 4; c++)
    out[c] = 0.0;
  for (int corner = 0; corner < (1 << dims); corner++) {
    long idx[3] = {base[0], base[1], base[2]};
    double w = 1.0, s[4];
    for (int d = 0; d < dims; d++) {
      int hi = (corner >> d) & 1;
      idx[d] += hi;
      w *= hi ? frac[d] : 1.0 - frac[d];
    }
    if (w == 0.0)
      continue;
    rt_sample(t, dims, idx, s);
    for (int c = 0; c < 4; c++)
      out[c] += w * s[c];
  }
}

void cucpu_tex_fetch_index(const CucpuTexture *t, long i, double out[4])
{
  if (i < 0 || (size_t)i >= t->width * t->height) {
    for (int c = 0; c < 4; c++)
      out[c] = 0.0;
    return;
  }
  rt_texel(t, (size_t)i % t->width, (size_t)i / t->width, 0, out);
}
