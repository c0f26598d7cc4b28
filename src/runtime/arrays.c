/* arrays.c: CUDA arrays (dense host buffers with a channel format) and the
 * copies into and out of them, including cudaMemcpy3D between arrays and
 * pitched pointers. Offsets into arrays are in bytes for the 2D calls and
 * in texels for cudaMemcpy3D, as in CUDA. */
#include <stdlib.h>
#include <string.h>
#include "rt.h"

struct cudaChannelFormatDesc cudaCreateChannelDesc(int x, int y, int z, int w,
                                                   enum cudaChannelFormatKind f)
{
  struct cudaChannelFormatDesc d = {x, y, z, w, f};
  return d;
}

size_t rt_array_rows(const struct cudaArray *a) { return a->height ? a->height : 1; }
size_t rt_array_slices(const struct cudaArray *a) { return a->depth ? a->depth : 1; }

/* rt_array_new: an array of w x h x d texels of format desc. */
static cudaError_t rt_array_new(cudaArray_t *array,
                                const struct cudaChannelFormatDesc *desc,
                                size_t w, size_t h, size_t d)
{
  if (!array || !desc || w == 0)
    return rt_fail(cudaErrorInvalidValue);
  int bits = desc->x + desc->y + desc->z + desc->w;
  if (bits <= 0 || bits % 8 != 0)
    return rt_fail(cudaErrorInvalidChannelDescriptor);
  struct cudaArray *a = calloc(1, sizeof *a);
  if (!a)
    return rt_fail(cudaErrorMemoryAllocation);
  a->width = w; a->height = h; a->depth = d;
  a->elem_size = (size_t)bits / 8;
  a->desc = *desc;
  size_t bytes = w * rt_array_rows(a) * rt_array_slices(a) * a->elem_size;
  a->data = calloc(w * rt_array_rows(a) * rt_array_slices(a), a->elem_size);
  /* The handle and the storage both go in the allocation table: the first
   * lets cudaFreeArray refuse a bad or freed handle, the second lets the
   * array copies go through the checked cudaMemcpy. */
  if (!a->data || rt_mem_add(a, sizeof *a, sizeof *a, RT_MEM_ARRAY) != 1) {
    free(a->data);
    free(a);
    return rt_fail(cudaErrorMemoryAllocation);
  }
  if (rt_mem_add(a->data, bytes, bytes, RT_MEM_ARRAY) != 1) {
    RtMem m;
    rt_mem_take(a, RT_MEM_BIT(RT_MEM_ARRAY), &m);
    free(a->data);
    free(a);
    return rt_fail(cudaErrorMemoryAllocation);
  }
  *array = a;
  return cudaSuccess;
}

cudaError_t cudaMallocArray(cudaArray_t *array,
                            const struct cudaChannelFormatDesc *desc,
                            size_t width, size_t height, unsigned int flags)
{
  (void)flags;
  return rt_array_new(array, desc, width, height, 0);
}

cudaError_t cudaMalloc3DArray(cudaArray_t *array,
                              const struct cudaChannelFormatDesc *desc,
                              struct cudaExtent extent, unsigned int flags)
{
  (void)flags;
  return rt_array_new(array, desc, extent.width, extent.height, extent.depth);
}

/* cudaFreeArray: a handle that is no live array (freed already, never
 * made) is cudaErrorInvalidValue, as on a GPU. */
cudaError_t cudaFreeArray(cudaArray_t array)
{
  RtMem m;
  if (!array)
    return cudaSuccess;
  if (!rt_mem_take(array, RT_MEM_BIT(RT_MEM_ARRAY), &m))
    return rt_fail(cudaErrorInvalidValue);
  rt_mem_take(array->data, RT_MEM_BIT(RT_MEM_ARRAY), &m);
  free(array->data);
  free(array);
  return cudaSuccess;
}

/* rt_pitch: bytes per row of a. */
static size_t rt_pitch(const struct cudaArray *a) { return a->width * a->elem_size; }

cudaError_t cudaMemcpy2DToArray(cudaArray_t dst, size_t wOffset,
                                size_t hOffset, const void *src, size_t spitch,
                                size_t width, size_t height,
                                enum cudaMemcpyKind kind)
{
  if (!dst)
    return rt_fail(cudaErrorInvalidValue);
  if (wOffset + width > rt_pitch(dst) || hOffset + height > rt_array_rows(dst) * rt_array_slices(dst))
    return rt_fail(cudaErrorInvalidValue);
  return cudaMemcpy2D(dst->data + hOffset * rt_pitch(dst) + wOffset,
                      rt_pitch(dst), src, spitch, width, height, kind);
}

cudaError_t cudaMemcpy2DFromArray(void *dst, size_t dpitch,
                                  cudaArray_const_t src, size_t wOffset,
                                  size_t hOffset, size_t width, size_t height,
                                  enum cudaMemcpyKind kind)
{
  if (!src)
    return rt_fail(cudaErrorInvalidValue);
  if (wOffset + width > rt_pitch(src) || hOffset + height > rt_array_rows(src) * rt_array_slices(src))
    return rt_fail(cudaErrorInvalidValue);
  return cudaMemcpy2D(dst, dpitch, src->data + hOffset * rt_pitch(src) + wOffset,
                      rt_pitch(src), width, height, kind);
}

/* cudaMemcpyToArray: count bytes into the array's storage starting at
 * (wOffset bytes, hOffset rows); the rows of an array are contiguous. */
cudaError_t cudaMemcpyToArray(cudaArray_t dst, size_t wOffset, size_t hOffset,
                              const void *src, size_t count,
                              enum cudaMemcpyKind kind)
{
  if (!dst)
    return rt_fail(cudaErrorInvalidValue);
  size_t total = rt_pitch(dst) * rt_array_rows(dst) * rt_array_slices(dst);
  size_t at = hOffset * rt_pitch(dst) + wOffset;
  if (at > total || count > total - at)
    return rt_fail(cudaErrorInvalidValue);
  return cudaMemcpy(dst->data + at, src, count, kind);
}

cudaError_t cudaMemcpyFromArray(void *dst, cudaArray_const_t src,
                                size_t wOffset, size_t hOffset, size_t count,
                                enum cudaMemcpyKind kind)
{
  if (!src)
    return rt_fail(cudaErrorInvalidValue);
  size_t total = rt_pitch(src) * rt_array_rows(src) * rt_array_slices(src);
  size_t at = hOffset * rt_pitch(src) + wOffset;
  if (at > total || count > total - at)
    return rt_fail(cudaErrorInvalidValue);
  return cudaMemcpy(dst, src->data + at, count, kind);
}

/* One side of a 3D copy, in bytes: base, row pitch, slice pitch. */
typedef struct RtSide { char *base; size_t pitch, slice; } RtSide;

/* rt_side: the byte view of (array, pos) or (ptr, pos); *esz is the texel
 * size when an array is involved (extent.width counts texels then). */
static RtSide rt_side(cudaArray_t arr, struct cudaPos pos,
                      struct cudaPitchedPtr ptr, size_t esz)
{
  RtSide s;
  if (arr) {
    s.pitch = rt_pitch(arr);
    s.slice = s.pitch * rt_array_rows(arr);
    s.base = arr->data + pos.z * s.slice + pos.y * s.pitch + pos.x * arr->elem_size;
  } else {
    s.pitch = ptr.pitch;
    s.slice = ptr.pitch * ptr.ysize;
    s.base = (char *)ptr.ptr + pos.z * s.slice + pos.y * s.pitch + pos.x * esz;
  }
  return s;
}

cudaError_t cudaMemcpy3D(const struct cudaMemcpy3DParms *p)
{
  if (!p || (!p->srcArray && !p->srcPtr.ptr) || (!p->dstArray && !p->dstPtr.ptr))
    return rt_fail(cudaErrorInvalidValue);
  if (!rt_copy_kind_ok(p->kind))
    return rt_fail(cudaErrorInvalidMemcpyDirection);
  size_t esz = p->srcArray ? p->srcArray->elem_size
             : p->dstArray ? p->dstArray->elem_size : 1;
  RtSide s = rt_side(p->srcArray, p->srcPos, p->srcPtr, esz);
  RtSide d = rt_side(p->dstArray, p->dstPos, p->dstPtr, esz);
  size_t row = p->extent.width * esz;
  size_t h = p->extent.height ? p->extent.height : 1;
  size_t depth = p->extent.depth ? p->extent.depth : 1;
  for (size_t z = 0; z < depth; z++)
    for (size_t y = 0; y < h; y++)
      memmove(d.base + z * d.slice + y * d.pitch,
              s.base + z * s.slice + y * s.pitch, row);
  return cudaSuccess;
}
