/* cooperative_groups/scan.h: cg::inclusive_scan and cg::exclusive_scan
 * over a tile or coalesced group. The translator lowers each call to a warp
 * operation (cucpu_cg_inclusive_scan in cucpu_warp.h). */
#ifndef CUCPU_CG_SCAN_H
#define CUCPU_CG_SCAN_H

#include "../cooperative_groups.h"
#include "details/cucpu_functional.h"

#if defined(CUCPU_PARSE)
namespace cooperative_groups {
/* bodies for clang (a lambda's type has no linkage); the translator
 * lowers every call */
template <class Group, class T, class Op> __device__ T inclusive_scan(const Group &g, T val, Op op) { return val; }
template <class Group, class T> __device__ T inclusive_scan(const Group &g, T val) { return val; }
template <class Group, class T, class Op> __device__ T exclusive_scan(const Group &g, T val, Op op) { return val; }
template <class Group, class T> __device__ T exclusive_scan(const Group &g, T val) { return val; }
}
#endif

#endif
