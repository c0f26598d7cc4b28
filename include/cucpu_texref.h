/* cucpu_texref.h: texture references, the texture API that CUDA 12
 * removed and older programs still use: `texture<T, dim, mode> tex;` at
 * file scope, cudaBindTexture/cudaBindTexture2D/cudaBindTextureToArray,
 * cudaUnbindTexture, and tex1Dfetch/tex1D/tex2D/tex3D on the reference.
 *
 * A reference is a textureReference (CUDA's public fields) that holds a
 * texture object of cucpu_texture.h: binding creates the object from the
 * reference's fields and the memory, unbinding destroys it. Fetches go
 * through the object; tex1D/tex2D/tex3D take filterMode, normalized and
 * addressMode from the reference at the time of the fetch, so changing
 * them after binding works as on a GPU, where they apply to later
 * launches. A fetch from an unbound reference gives zeros.
 *
 * texture is a global class template, as in CUDA 11; a program written for
 * CUDA 12 that has a global of its own named texture defines
 * CUCPU_NO_TEXTURE_REFERENCES. */
#ifndef CUCPU_TEXREF_H
#define CUCPU_TEXREF_H

#include <limits.h>
#include "cucpu_texture.h"

#define cudaTextureType1D 0x01
#define cudaTextureType2D 0x02
#define cudaTextureType3D 0x03
#define cudaTextureTypeCubemap 0x0C
#define cudaTextureType1DLayered 0xF1
#define cudaTextureType2DLayered 0xF2
#define cudaTextureTypeCubemapLayered 0xFC

/* CUDA's fields, then cucpu's in the place of CUDA's reserved ones. */
struct textureReference {
  int normalized;
  enum cudaTextureFilterMode filterMode;
  enum cudaTextureAddressMode addressMode[3];
  struct cudaChannelFormatDesc channelDesc;
  int sRGB;
  unsigned int maxAnisotropy;
  enum cudaTextureFilterMode mipmapFilterMode;
  float mipmapLevelBias;
  float minMipmapLevelClamp;
  float maxMipmapLevelClamp;
  int disableTrilinearOptimization;
  enum cudaTextureReadMode cucpu_read_mode;  /* texture<>'s mode */
  cudaTextureObject_t cucpu_object;          /* 0 while unbound */
};
typedef struct textureReference textureReference;

CUCPU_BEGIN_C
/* Each binding replaces the reference's object (texref is const as in
 * CUDA; the runtime updates it anyway). desc NULL means the reference's
 * channelDesc. *offset (when offset is not NULL) is always 0: host memory
 * needs no texture alignment. */
cudaError_t cudaBindTexture(size_t *offset, const struct textureReference *texref,
                            const void *devPtr,
                            const struct cudaChannelFormatDesc *desc,
                            size_t size CUCPU_DV(UINT_MAX)) CUCPU_NOTHROW;
cudaError_t cudaBindTexture2D(size_t *offset, const struct textureReference *texref,
                              const void *devPtr,
                              const struct cudaChannelFormatDesc *desc,
                              size_t width, size_t height, size_t pitch) CUCPU_NOTHROW;
cudaError_t cudaBindTextureToArray(const struct textureReference *texref,
                                   cudaArray_const_t array,
                                   const struct cudaChannelFormatDesc *desc) CUCPU_NOTHROW;
cudaError_t cudaUnbindTexture(const struct textureReference *texref) CUCPU_NOTHROW;
cudaError_t cudaGetTextureAlignmentOffset(size_t *offset,
                                          const struct textureReference *texref) CUCPU_NOTHROW;
CUCPU_END_C

#if defined(CUCPU_CXX) && !defined(CUCPU_NO_TEXTURE_REFERENCES)
#include "cucpu_texref.hpp"
#endif

#endif
