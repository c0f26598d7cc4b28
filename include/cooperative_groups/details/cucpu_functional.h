/* cooperative_groups/details/cucpu_functional.h: the function objects of
 * cg::reduce and the scans: plus, less (the smaller), greater (the
 * larger), bit_and, bit_or and bit_xor. */
#ifndef CUCPU_CG_FUNCTIONAL_H
#define CUCPU_CG_FUNCTIONAL_H

#include "../../cooperative_groups.h"

namespace cooperative_groups {
#if defined(CUCPU_PARSE)
#define CUCPU_CG_OP __host__ __device__
#else
#define CUCPU_CG_OP inline
#endif
template <class T> struct plus { CUCPU_CG_OP T operator()(T a, T b) const { return a + b; } };
template <class T> struct less { CUCPU_CG_OP T operator()(T a, T b) const { return b < a ? b : a; } };
template <class T> struct greater { CUCPU_CG_OP T operator()(T a, T b) const { return a < b ? b : a; } };
template <class T> struct bit_and { CUCPU_CG_OP T operator()(T a, T b) const { return a & b; } };
template <class T> struct bit_or { CUCPU_CG_OP T operator()(T a, T b) const { return a | b; } };
template <class T> struct bit_xor { CUCPU_CG_OP T operator()(T a, T b) const { return a ^ b; } };
#undef CUCPU_CG_OP
}

#endif
