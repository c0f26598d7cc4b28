/* cucpu_thrust_cuda.h: thrust::cuda::par, thrust::cuda::par.on(stream) and
 * thrust::cuda::par_nosync on Thrust's OpenMP back end.
 *
 * Thrust's CUDA system is not built (cucpu_thrust_begin.h selects OMP), so
 * cucpu declares the names programs write: thrust::cuda, its real name
 * thrust::cuda_cub, and thrust::system::cuda. par is the OMP system's par;
 * on(stream) accepts any stream and returns par: a launch has finished
 * when it returns, so the work before it on the stream is done, and the
 * algorithm has finished when it returns, as Thrust's synchronous
 * algorithms on a stream have. cucpu_thrust_end.h includes this file when
 * the outermost Thrust header ends, so every Thrust header declares them,
 * as the CUDA system's headers do for nvcc. */
#ifndef CUCPU_THRUST_CUDA_H
#define CUCPU_THRUST_CUDA_H
#include "cuda_runtime_api.h"
#include <thrust/system/omp/execution_policy.h>
#include <thrust/system/omp/memory_resource.h>

THRUST_NAMESPACE_BEGIN
namespace cuda_cub {

struct cucpu_par_t : thrust::system::omp::detail::par_t {
    __host__ __device__ constexpr cucpu_par_t() {}
    /* Any stream: the OMP policy, whose algorithms finish before they return. */
    __host__ __device__ const thrust::system::omp::detail::par_t &on(cudaStream_t) const
    {
        return *this;
    }
};

static const cucpu_par_t par;
static const cucpu_par_t par_nosync;

} // namespace cuda_cub
namespace cuda = cuda_cub;
namespace system {
namespace cuda = thrust::cuda_cub;
}
THRUST_NAMESPACE_END
#endif
