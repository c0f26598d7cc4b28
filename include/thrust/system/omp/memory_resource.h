/* thrust/system/omp/memory_resource.h: cucpu's own, in place of Thrust's.
 *
 * Device memory is memory that cudaMalloc handed out: cudaMemcpy checks
 * that the device end of a copy is (docs/features.md, "Memory checks").
 * Thrust's OpenMP system takes its memory from operator new and
 * std::malloc, so this header gives it cudaMalloc's instead:
 * - the system's memory resources (what thrust::device_vector,
 *   device_allocator and universal_vector allocate from): cudaMalloc and,
 *   for universal memory, cudaMallocManaged; freed with cudaFree;
 * - malloc and free for an OMP execution policy (thrust::device_malloc,
 *   device_free, thrust::malloc(thrust::device, n), and the temporary
 *   buffers of the algorithms): found by argument-dependent lookup, and a
 *   better match than the C++ system's std::malloc, which the OMP system
 *   otherwise inherits.
 * An allocation that fails throws std::bad_alloc, as Thrust's does. */
#ifndef CUCPU_THRUST_MEMORY_RESOURCE_H
#define CUCPU_THRUST_MEMORY_RESOURCE_H
#include "../../../cuda_runtime_api.h"
#include "../../../cucpu_thrust_begin.h"
#include <thrust/detail/config.h>
#include <thrust/mr/memory_resource.h>
#include <thrust/mr/fancy_pointer_resource.h>
#include <thrust/system/omp/pointer.h>
#include <thrust/system/omp/detail/execution_policy.h>
#include <new>
#include "../../../cucpu_thrust_end.h"

THRUST_NAMESPACE_BEGIN
namespace system {
namespace omp {
namespace detail {

/* cudaMalloc (managed: cudaMallocManaged) and cudaFree. The runtime's
 * blocks are 256-byte aligned, the most Thrust asks for. */
template <bool Managed>
class cucpu_cuda_resource final : public thrust::mr::memory_resource<> {
public:
    void *do_allocate(std::size_t bytes, std::size_t) override
    {
        void *p = nullptr;
        cudaError_t e = Managed ? cudaMallocManaged(&p, bytes ? bytes : 1)
                                : cudaMalloc(&p, bytes ? bytes : 1);
        if (e != cudaSuccess)
            throw std::bad_alloc();
        return p;
    }
    void do_deallocate(void *p, std::size_t, std::size_t) override
    {
        cudaFree(p);
    }
};

typedef thrust::mr::fancy_pointer_resource<cucpu_cuda_resource<false>,
                                           thrust::omp::pointer<void> >
    native_resource;
typedef thrust::mr::fancy_pointer_resource<cucpu_cuda_resource<true>,
                                           thrust::omp::universal_pointer<void> >
    universal_native_resource;

template <typename DerivedPolicy>
inline __host__ __device__ void *malloc(execution_policy<DerivedPolicy> &, std::size_t n)
{
    void *p = nullptr;
    return cudaMalloc(&p, n ? n : 1) == cudaSuccess ? p : nullptr;
}

template <typename DerivedPolicy, typename Pointer>
inline __host__ __device__ void free(execution_policy<DerivedPolicy> &, Pointer ptr)
{
    cudaFree(thrust::raw_pointer_cast(ptr));
}

} // namespace detail

typedef detail::native_resource memory_resource;
typedef detail::universal_native_resource universal_memory_resource;
typedef detail::native_resource universal_host_pinned_memory_resource;

} // namespace omp
} // namespace system
THRUST_NAMESPACE_END
#endif
