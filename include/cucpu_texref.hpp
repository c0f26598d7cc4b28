/* cucpu_texref.hpp: the C++ side of texture references (cucpu_texref.h):
 * the texture<T, dim, mode> template, the binding templates of CUDA's
 * cuda_runtime.h, and the fetch functions on a reference. For clang the
 * template carries device_builtin_texture_type, which lets device code
 * read a file-scope reference as CUDA allows. */
#ifndef CUCPU_TEXREF_HPP
#define CUCPU_TEXREF_HPP

#if defined(CUCPU_PARSE)
#define CUCPU_TEXTURE_TYPE __attribute__((device_builtin_texture_type))
#else
#define CUCPU_TEXTURE_TYPE
#endif

template <class T, int dim = cudaTextureType1D,
          enum cudaTextureReadMode mode = cudaReadModeElementType>
struct CUCPU_TEXTURE_TYPE texture : public textureReference {
  texture(int norm = 0, enum cudaTextureFilterMode fMode = cudaFilterModePoint,
          enum cudaTextureAddressMode aMode = cudaAddressModeClamp)
  { cucpu_init(norm, fMode, aMode, cudaCreateChannelDesc<T>()); }
  texture(int norm, enum cudaTextureFilterMode fMode,
          enum cudaTextureAddressMode aMode, struct cudaChannelFormatDesc desc)
  { cucpu_init(norm, fMode, aMode, desc); }

private:
  void cucpu_init(int norm, enum cudaTextureFilterMode fMode,
                  enum cudaTextureAddressMode aMode,
                  struct cudaChannelFormatDesc desc)
  {
    memset((textureReference *)this, 0, sizeof(textureReference));
    normalized = norm;
    filterMode = fMode;
    addressMode[0] = addressMode[1] = addressMode[2] = aMode;
    channelDesc = desc;
    cucpu_read_mode = mode;
  }
};

/* Binding, as CUDA's runtime templates spell it. */
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTexture(size_t *offset,
                                          const struct texture<T, dim, mode> &tex,
                                          const void *devPtr,
                                          const struct cudaChannelFormatDesc &desc,
                                          size_t size = UINT_MAX)
{ return ::cudaBindTexture(offset, &tex, devPtr, &desc, size); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTexture(size_t *offset,
                                          const struct texture<T, dim, mode> &tex,
                                          const void *devPtr,
                                          size_t size = UINT_MAX)
{ return ::cudaBindTexture(offset, &tex, devPtr, &tex.channelDesc, size); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTexture2D(size_t *offset,
                                            const struct texture<T, dim, mode> &tex,
                                            const void *devPtr,
                                            const struct cudaChannelFormatDesc &desc,
                                            size_t width, size_t height, size_t pitch)
{ return ::cudaBindTexture2D(offset, &tex, devPtr, &desc, width, height, pitch); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTexture2D(size_t *offset,
                                            const struct texture<T, dim, mode> &tex,
                                            const void *devPtr, size_t width,
                                            size_t height, size_t pitch)
{ return ::cudaBindTexture2D(offset, &tex, devPtr, &tex.channelDesc, width, height, pitch); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode> &tex,
                                                 cudaArray_const_t array,
                                                 const struct cudaChannelFormatDesc &desc)
{ return ::cudaBindTextureToArray(&tex, array, &desc); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaBindTextureToArray(const struct texture<T, dim, mode> &tex,
                                                 cudaArray_const_t array)
{ return ::cudaBindTextureToArray(&tex, array, NULL); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaUnbindTexture(const struct texture<T, dim, mode> &tex)
{ return ::cudaUnbindTexture(&tex); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline cudaError_t cudaGetTextureAlignmentOffset(size_t *offset,
                                                        const struct texture<T, dim, mode> &tex)
{ return ::cudaGetTextureAlignmentOffset(offset, &tex); }

CUCPU_HD_BEGIN

/* What a fetch from texture<T, dim, mode> returns: T read as elements;
 * 8- and 16-bit integers read as normalized floats give float, or floatN
 * for N channels. */
template <class T, enum cudaTextureReadMode mode> struct CucpuTexRet { typedef T type; };
#define CUCPU_TEXNORM(S, V)                                              \
  template <> struct CucpuTexRet<S, cudaReadModeNormalizedFloat> { typedef float type; }; \
  template <> struct CucpuTexRet<V##1, cudaReadModeNormalizedFloat> { typedef float1 type; }; \
  template <> struct CucpuTexRet<V##2, cudaReadModeNormalizedFloat> { typedef float2 type; }; \
  template <> struct CucpuTexRet<V##4, cudaReadModeNormalizedFloat> { typedef float4 type; };
template <> struct CucpuTexRet<char, cudaReadModeNormalizedFloat> { typedef float type; };
CUCPU_TEXNORM(signed char, char)
CUCPU_TEXNORM(unsigned char, uchar)
CUCPU_TEXNORM(short, short)
CUCPU_TEXNORM(unsigned short, ushort)
#undef CUCPU_TEXNORM

/* cucpu_texref_fetch: the filtered fetch of tex at (x, y, z) with the
 * reference's current sampling fields; zeros when tex is unbound. */
template <class R, class T, int dim, enum cudaTextureReadMode mode>
static inline R cucpu_texref_fetch(const texture<T, dim, mode> &tex, int dims,
                                   float x, float y, float z)
{
  R r;
  double v[4] = {0.0, 0.0, 0.0, 0.0};
  if (tex.cucpu_object) {
    CucpuTexture view = *cucpu_tex(tex.cucpu_object);
    view.desc.normalizedCoords = tex.normalized;
    view.desc.filterMode = tex.filterMode;
    for (int d = 0; d < 3; d++)
      view.desc.addressMode[d] = tex.addressMode[d];
    cucpu_tex_fetch(&view, dims, x, y, z, v);
  }
  cucpu_tex_set(&r, v);
  return r;
}

template <class T, int dim, enum cudaTextureReadMode mode>
static inline typename CucpuTexRet<T, mode>::type
tex1Dfetch(const texture<T, dim, mode> &tex, int x)
{
  typedef typename CucpuTexRet<T, mode>::type R;
  if (!tex.cucpu_object) {
    R r;
    double v[4] = {0.0, 0.0, 0.0, 0.0};
    cucpu_tex_set(&r, v);
    return r;
  }
  return tex1Dfetch<R>(tex.cucpu_object, x);
}
template <class T, int dim, enum cudaTextureReadMode mode>
static inline typename CucpuTexRet<T, mode>::type
tex1D(const texture<T, dim, mode> &tex, float x)
{ return cucpu_texref_fetch<typename CucpuTexRet<T, mode>::type>(tex, 1, x, 0.0f, 0.0f); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline typename CucpuTexRet<T, mode>::type
tex2D(const texture<T, dim, mode> &tex, float x, float y)
{ return cucpu_texref_fetch<typename CucpuTexRet<T, mode>::type>(tex, 2, x, y, 0.0f); }
template <class T, int dim, enum cudaTextureReadMode mode>
static inline typename CucpuTexRet<T, mode>::type
tex3D(const texture<T, dim, mode> &tex, float x, float y, float z)
{ return cucpu_texref_fetch<typename CucpuTexRet<T, mode>::type>(tex, 3, x, y, z); }

CUCPU_HD_END

#endif
