/* curand_mrg32k3a.h: L'Ecuyer's MRG32k3a (Operations Research 47(1),
 * 1999), the combined multiple recursive generator of cuRAND's
 * curandStateMRG32k3a_t: two third-order recurrences modulo m1 and m2,
 *   x1[n] = (a12 x1[n-2] - a13n x1[n-3]) mod m1
 *   x2[n] = (a21 x2[n-1] - a23n x2[n-3]) mod m2
 * whose difference modulo m1 (m1 for 0) is the output, in (0, m1]. The
 * constants under the toolkit's names. C and C++. */
#ifndef CURAND_MRG32K3A_H
#define CURAND_MRG32K3A_H

#define MRG32K3A_MOD1 4294967087.
#define MRG32K3A_MOD2 4294944443.
#define MRG32K3A_A12 1403580.
#define MRG32K3A_A13N 810728.
#define MRG32K3A_A21 527612.
#define MRG32K3A_A23N 1370589.
#define MRG32K3A_NORM (2.3283065498378288e-10)
#define MRG32K3A_BITS_NORM 1.000000048662
#define MRG32K3A_2POW32_INV (2.3283064365386963e-10)

/* The moduli and multipliers as integers. */
#define CUCPU_MRG_M1 4294967087u
#define CUCPU_MRG_M2 4294944443u
#define CUCPU_MRG_A12 1403580u
#define CUCPU_MRG_A13N 810728u
#define CUCPU_MRG_A21 527612u
#define CUCPU_MRG_A23N 1370589u

#endif
