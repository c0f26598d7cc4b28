/* assert.h: the C library's, except that in a translated .cu file (compile
 * mode) a failed assert inside a kernel reports the block and thread and
 * leaves cudaErrorAssert in the context, as on a GPU (cucpu_fault.h); in
 * host code it aborts as always. No include guard: assert.h is read again
 * at each inclusion, to follow NDEBUG. */
#include_next <assert.h>

#if defined(__CUDACC__) && !defined(CUCPU_PARSE) && !defined(NDEBUG)
#include "cucpu_fault.h"
#undef assert
#if defined(__cplusplus)
#define assert(e)                                                        \
  (static_cast<bool>(e) ? void(0)                                        \
                        : cucpu_assert_fail(#e, __FILE__, __LINE__, __func__, \
                                            cucpu_idx(blockIdx), cucpu_idx(threadIdx)))
#else
#define assert(e)                                                        \
  ((e) ? (void)0                                                         \
       : cucpu_assert_fail(#e, __FILE__, __LINE__, __func__,             \
                           cucpu_idx(blockIdx), cucpu_idx(threadIdx)))
#endif
#endif
