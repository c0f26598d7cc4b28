/* sparse.h: what the files of libcucpu_cusparse share: the handle's and
 * the descriptors' contents, argument checks, and SpCsr, the one form the
 * products compute on. Prefix sp_. Device memory is host memory in cucpu,
 * so every array and scalar is read where it points.
 *
 * Every product reduces op(A), whatever A's format, to a CSR matrix
 * (SpCsr): the user's arrays where A is CSR with op N or CSC with op T
 * (a CSC matrix is the CSR form of its transpose), or a copy built by a
 * stable counting sort (convert.c) for the other cases, so that each row
 * of op(A) is summed in one order whatever the thread count. */
#ifndef CUCPU_LIBS_SPARSE_H
#define CUCPU_LIBS_SPARSE_H

#include <stddef.h>
#include <stdint.h>
#include "cusparse.h"
#include "cucpu_rt.h"

/* The stream only names where the GPU would queue the work: every call
 * here has finished on return. */
struct cusparseContext {
  cudaStream_t stream;
  cusparsePointerMode_t pointer_mode;
};

struct cusparseMatDescr {
  cusparseMatrixType_t type;
  cusparseFillMode_t fill;
  cusparseDiagType_t diag;
  cusparseIndexBase_t base;
};

struct cusparseDnVecDescr {
  int64_t size;
  void *values;
  cudaDataType type;
};

struct cusparseDnMatDescr {
  int64_t rows, cols, ld;
  void *values;
  cudaDataType type;
  cusparseOrder_t order;
};

/* offsets: CSR row offsets, CSC column offsets, COO row indices;
 * indices: CSR column indices, CSC row indices, COO column indices.
 * offset_type is index_type for COO. */
struct cusparseSpMatDescr {
  cusparseFormat_t format;
  int64_t rows, cols, nnz;
  void *offsets, *indices, *values;
  cusparseIndexType_t offset_type, index_type;
  cusparseIndexBase_t base;
  cudaDataType type;
};

/* A CSR matrix to compute on: rows + 1 offsets and nnz indices, both of
 * 32-bit (wide == 0) or 64-bit integers, counted from base; owned, when
 * not NULL, is the one allocation that holds a copy (free it). */
typedef struct SpCsr {
  int64_t rows, cols;
  const void *off, *ind, *val;
  int wide, base;
  void *owned;
} SpCsr;

#define SP_HANDLE_ONLY(h)                                                                          \
  do {                                                                                             \
    if (!(h))                                                                                      \
      return CUSPARSE_STATUS_NOT_INITIALIZED;                                                      \
  } while (0)

/* A call that computes: its handle, and a stream that does not capture
 * (the call cannot be recorded into a graph: refused, never run early). */
#define SP_NEED_HANDLE(h)                                                                          \
  do {                                                                                             \
    SP_HANDLE_ONLY(h);                                                                             \
    if (cucpu_stream_refuses((h)->stream))                                                         \
      return CUSPARSE_STATUS_NOT_SUPPORTED;                                                        \
  } while (0)

#define SP_REQUIRE(cond)                                                                           \
  do {                                                                                             \
    if (!(cond))                                                                                   \
      return CUSPARSE_STATUS_INVALID_VALUE;                                                        \
  } while (0)

/* Bytes of one value of type t: 4 or 8 for the real types computed on
 * (CUDA_R_32F, CUDA_R_64F), 0 for any other type. */
size_t sp_value_size(cudaDataType t);

/* 1 for the index types a descriptor may hold (32- and 64-bit). */
int sp_index_valid(cusparseIndexType_t t);

/* Makes *out the CSR form of op(A) (op N or T; C is T for real types).
 * Fails with NOT_SUPPORTED for index types it cannot compute on (mixed
 * widths), INVALID_VALUE for an index out of range in a matrix it copies,
 * ALLOC_FAILED when a copy does not fit. */
cusparseStatus_t sp_csr_of(const struct cusparseSpMatDescr *a, cusparseOperation_t op, SpCsr *out);

/* 1 for CUSPARSE_OPERATION_NON_TRANSPOSE, TRANSPOSE, CONJUGATE_TRANSPOSE. */
static inline int sp_op_valid(cusparseOperation_t op)
{
  return op == CUSPARSE_OPERATION_NON_TRANSPOSE || op == CUSPARSE_OPERATION_TRANSPOSE ||
         op == CUSPARSE_OPERATION_CONJUGATE_TRANSPOSE;
}

#endif
