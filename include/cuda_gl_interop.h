/* cuda_gl_interop.h: OpenGL interoperability. There is no GPU to share
 * buffers with, so nothing here works; but programs include this header
 * and never call it (Rodinia's hybridsort), and nvcc accepts that. So the
 * header declares the API as the toolkit does, and a call of any of its
 * functions that survives into the compiled program is an error of the
 * host compiler naming the function (GCC's and Clang's error attribute).
 * Like the toolkit's header, it includes <GL/gl.h> when that exists; the
 * declarations themselves use GL's types by their definitions. */
#ifndef __CUDA_GL_INTEROP_H__
#define __CUDA_GL_INTEROP_H__

#include "cuda_runtime_api.h"
#if defined(__has_include)
#if __has_include(<GL/gl.h>)
#include <GL/gl.h>
#endif
#endif

#define CUCPU_GL_ONLY(f) \
  __attribute__((error("cucpu: " #f " (graphics interoperability) is not supported")))

enum cudaGLDeviceList {
  cudaGLDeviceListAll = 1,
  cudaGLDeviceListCurrentFrame = 2,
  cudaGLDeviceListNextFrame = 3
};

enum cudaGLMapFlags {
  cudaGLMapFlagsNone = 0,
  cudaGLMapFlagsReadOnly = 1,
  cudaGLMapFlagsWriteDiscard = 2
};

struct cudaGraphicsResource;

CUCPU_BEGIN_C
cudaError_t cudaGLGetDevices(unsigned int *pCudaDeviceCount, int *pCudaDevices,
                             unsigned int cudaDeviceCount,
                             enum cudaGLDeviceList deviceList)
    CUCPU_GL_ONLY(cudaGLGetDevices);
cudaError_t cudaGraphicsGLRegisterImage(struct cudaGraphicsResource **resource,
                                        unsigned int image, unsigned int target,
                                        unsigned int flags)
    CUCPU_GL_ONLY(cudaGraphicsGLRegisterImage);
cudaError_t cudaGraphicsGLRegisterBuffer(struct cudaGraphicsResource **resource,
                                         unsigned int buffer, unsigned int flags)
    CUCPU_GL_ONLY(cudaGraphicsGLRegisterBuffer);
cudaError_t cudaGLSetGLDevice(int device) CUCPU_GL_ONLY(cudaGLSetGLDevice);
cudaError_t cudaGLRegisterBufferObject(unsigned int bufObj)
    CUCPU_GL_ONLY(cudaGLRegisterBufferObject);
cudaError_t cudaGLMapBufferObject(void **devPtr, unsigned int bufObj)
    CUCPU_GL_ONLY(cudaGLMapBufferObject);
cudaError_t cudaGLUnmapBufferObject(unsigned int bufObj)
    CUCPU_GL_ONLY(cudaGLUnmapBufferObject);
cudaError_t cudaGLUnregisterBufferObject(unsigned int bufObj)
    CUCPU_GL_ONLY(cudaGLUnregisterBufferObject);
cudaError_t cudaGLSetBufferObjectMapFlags(unsigned int bufObj, unsigned int flags)
    CUCPU_GL_ONLY(cudaGLSetBufferObjectMapFlags);
cudaError_t cudaGLMapBufferObjectAsync(void **devPtr, unsigned int bufObj,
                                       cudaStream_t stream)
    CUCPU_GL_ONLY(cudaGLMapBufferObjectAsync);
cudaError_t cudaGLUnmapBufferObjectAsync(unsigned int bufObj, cudaStream_t stream)
    CUCPU_GL_ONLY(cudaGLUnmapBufferObjectAsync);
CUCPU_END_C

#endif
