/* rand.h: what the files of libcucpu_curand share: the generator and the
 * layout of cuRAND's host API outputs over the device API's states.
 * Prefix rand_. The generator steps are curand_kernel.h's (cucpu_xorwow_*,
 * cucpu_philox_*, cucpu_mrg_*), so the host and device APIs cannot drift.
 *
 * The layout (CURAND_ORDERING_PSEUDO_DEFAULT), worked out from outputs
 * recorded on an H100 with CUDA 13 (tests/libs/curand_host.cu keeps a
 * sample) and checked further against NVIDIA's libcurand host generator
 * (curandCreateGeneratorHost, which NVIDIA documents to give the device's
 * sequence) for long runs, offsets and mixed calls. An output takes c
 * 32-bit values (MRG32k3a: c of its doubles): c = 1 for curandGenerate and
 * the floats, 2 for the uniform doubles (MRG32k3a: 1) and the float
 * normals' pairs, 4 for a pair of double normals (MRG32k3a: 2); a normal
 * pair is a unit of two outputs, anything else a unit of one. The
 * generator keeps a position P and, for each of its S states (device API
 * subsequences of curand_init(seed)), how many values the state has given:
 *   XORWOW    S = 4096; P counts units: a call's unit k is g = P + k, from
 *             state g % S, which gives its units their values in turn;
 *   MRG32k3a  the same with S = 81920;
 *   Philox    S = 65536; P counts outputs, in groups of 4 (group q / 4
 *             from state (q / 4) % S, see generate.c).
 * An offset o is P = o with each state having given what raw outputs
 * below o would have taken. MTGP32 and Sobol32 are mtgp.c's and sobol.c's.
 */
#ifndef CUCPU_LIBS_RAND_H
#define CUCPU_LIBS_RAND_H

#include "curand_kernel.h"

/* The subsequences the host API's outputs are spread over (see above). */
#define RAND_XORWOW_STATES 4096
#define RAND_PHILOX_STATES 65536
#define RAND_MRG_STATES 81920

/* The dimensions cuRAND's 32-bit Sobol generators offer. */
#define RAND_SOBOL_DIMS 20000

/* MTGP32 (mtgp.c): the parameter sets (mtgp32_params.c), and how many
 * of them (engines, one state each) the host generator runs. */
#define RAND_MTGP_SETS 200
#define RAND_MTGP_ENGINES 192
typedef struct RandMtgpParams {
  int pos, sh1, sh2;
  unsigned int tbl[16], tmp_tbl[16];
} RandMtgpParams;
extern const RandMtgpParams rand_mtgp_params[RAND_MTGP_SETS];
typedef struct RandMtgp RandMtgp;

struct curandGenerator_st {
  curandRngType_t type; /* XORWOW, PHILOX4_32_10, MRG32K3A, MTGP32, QUASI_SOBOL32/64 */
  unsigned long long seed;
  /* P: the offset plus the outputs given (Sobol: points per dimension) */
  unsigned long long pos;
  unsigned long long offset; /* the last curandSetGeneratorOffset */
  /* XORWOW, MRG32k3a: the values each state has given (generate.c) */
  unsigned long long *counts;
  unsigned int dims; /* Sobol: the dimensions (1 by default) */
  RandMtgp *mtgp;    /* MTGP32: the engines' states, made at first use */
  curandOrdering_t ordering;
  cudaStream_t stream;
};

/* What an output is made of. */
typedef enum RandKind {
  RAND_BITS,          /* unsigned int */
  RAND_BITS64,        /* unsigned long long (Sobol64) */
  RAND_UNIFORM,       /* float */
  RAND_UNIFORM_DOUBLE,
  RAND_NORMAL,        /* float pair */
  RAND_NORMAL_DOUBLE, /* double pair */
} RandKind;

/* Where outputs go, and the normal distributions' parameters. log != 0
 * takes exp() of each normal. */
typedef struct RandOut {
  RandKind kind;
  void *ptr;
  double mean, stddev;
  int log;
} RandOut;

/* Writes n outputs of o (n even for the normals) at the generator's
 * position and advances it (XORWOW, Philox, MRG32k3a). */
curandStatus_t rand_generate(curandGenerator_t g, const RandOut *o, size_t n);

/* MTGP32 (mtgp.c): n outputs of o at the generator's position, which
 * advances; rand_mtgp_free drops the states (a new seed). */
curandStatus_t rand_mtgp_generate(curandGenerator_t g, const RandOut *o, size_t n);
void rand_mtgp_free(curandGenerator_t g);

/* Sobol32 and Sobol64 (sobol.c): n outputs of o, n a multiple of the
 * dimensions. */
void rand_sobol_generate(curandGenerator_t g, const RandOut *o, size_t n);

/* The direction vectors of the 32-bit Sobol dimensions 0 .. 19999, 32 for
 * each (sobol_table.c). */
const unsigned int *rand_sobol32_vectors(void);
const unsigned long long *rand_sobol64_vectors(void); /* 64 for each */

#endif
