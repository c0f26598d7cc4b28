/* texrefs.c: texture references (cucpu_texref.h) over texture objects.
 * Binding makes an object from the reference's fields and the memory and
 * stores it in the reference, replacing (and destroying) the one it had;
 * unbinding destroys it. The reference is const in CUDA's signatures but
 * is the program's own non-const global, so it is written through a cast. */
#include <string.h>
#include "rt.h"
#include "cucpu_texref.h"

/* rt_texref_desc: the sampling state that texref's fields describe. */
static struct cudaTextureDesc rt_texref_desc(const struct textureReference *texref)
{
  struct cudaTextureDesc td;
  memset(&td, 0, sizeof td);
  for (int d = 0; d < 3; d++)
    td.addressMode[d] = texref->addressMode[d];
  td.filterMode = texref->filterMode;
  td.readMode = texref->cucpu_read_mode;
  td.normalizedCoords = texref->normalized;
  return td;
}

/* rt_texref_bind: texref now reads the resource rd; its old object goes. */
static cudaError_t rt_texref_bind(const struct textureReference *texref,
                                  const struct cudaResourceDesc *rd)
{
  struct textureReference *ref = (struct textureReference *)texref;
  struct cudaTextureDesc td = rt_texref_desc(ref);
  cudaTextureObject_t obj = 0;
  cudaError_t err = cudaCreateTextureObject(&obj, rd, &td, NULL);
  if (err != cudaSuccess)
    return err;
  if (ref->cucpu_object)
    cudaDestroyTextureObject(ref->cucpu_object);
  ref->cucpu_object = obj;
  return cudaSuccess;
}

cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr,
                            const struct cudaChannelFormatDesc *desc, size_t size)
{
  if (!texref)
    return rt_fail(cudaErrorInvalidTexture);
  if (offset)
    *offset = 0;
  struct cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeLinear;
  rd.res.linear.devPtr = (void *)devPtr;
  rd.res.linear.desc = desc ? *desc : texref->channelDesc;
  rd.res.linear.sizeInBytes = size;
  return rt_texref_bind(texref, &rd);
}

cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr,
                              const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch)
{
  if (!texref)
    return rt_fail(cudaErrorInvalidTexture);
  if (offset)
    *offset = 0;
  struct cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypePitch2D;
  rd.res.pitch2D.devPtr = (void *)devPtr;
  rd.res.pitch2D.desc = desc ? *desc : texref->channelDesc;
  rd.res.pitch2D.width = width;
  rd.res.pitch2D.height = height;
  rd.res.pitch2D.pitchInBytes = pitch;
  return rt_texref_bind(texref, &rd);
}

cudaError_t cudaBindTextureToArray(const struct textureReference *texref,
                                   cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc)
{
  (void)desc;   /* an array has its own format, which CUDA uses */
  if (!texref)
    return rt_fail(cudaErrorInvalidTexture);
  struct cudaResourceDesc rd;
  memset(&rd, 0, sizeof rd);
  rd.resType = cudaResourceTypeArray;
  rd.res.array.array = (cudaArray_t)array;
  return rt_texref_bind(texref, &rd);
}

cudaError_t cudaUnbindTexture(const struct textureReference *texref)
{
  struct textureReference *ref = (struct textureReference *)texref;
  if (!ref)
    return rt_fail(cudaErrorInvalidTexture);
  if (ref->cucpu_object)
    cudaDestroyTextureObject(ref->cucpu_object);
  ref->cucpu_object = 0;
  return cudaSuccess;
}

cudaError_t cudaGetTextureAlignmentOffset(size_t *offset,
                                          const struct textureReference *texref)
{
  if (!offset || !texref)
    return rt_fail(cudaErrorInvalidValue);
  *offset = 0;
  return cudaSuccess;
}
