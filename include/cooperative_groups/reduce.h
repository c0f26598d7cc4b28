/* cooperative_groups/reduce.h: cg::reduce over a tile or coalesced group,
 * and the function objects it takes. The translator lowers each call to a
 * warp operation (cucpu_cg_reduce in cucpu_warp.h). */
#ifndef CUCPU_CG_REDUCE_H
#define CUCPU_CG_REDUCE_H

#include "../cooperative_groups.h"
#include "details/cucpu_functional.h"

#if defined(CUCPU_PARSE)
namespace cooperative_groups {
/* a body for clang (a lambda's type has no linkage); the translator
 * lowers every call */
template <class Group, class T, class Op> __device__ T reduce(const Group &g, T val, Op op) { return val; }
}
#endif

#endif
