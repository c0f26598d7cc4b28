/* descr.c: the generic API's descriptors: dense vectors, dense matrices
 * and sparse matrices (CSR, CSC, COO), their creation, queries and
 * setters. A descriptor stores the user's pointers: nothing is copied, and
 * arrays may be NULL until a computation reads them (cuSPARSE allows NULL
 * for matrices that SpGEMM fills later). */
#include <stdlib.h>
#include "sparse.h"

size_t sp_value_size(cudaDataType t)
{
  return t == CUDA_R_32F ? 4 : t == CUDA_R_64F ? 8 : 0;
}

int sp_index_valid(cusparseIndexType_t t)
{
  return t == CUSPARSE_INDEX_32I || t == CUSPARSE_INDEX_64I;
}

/* ---- dense vectors ---- */

cusparseStatus_t cusparseCreateDnVec(cusparseDnVecDescr_t *dnVecDescr, int64_t size, void *values,
                                     cudaDataType valueType)
{
  SP_REQUIRE(dnVecDescr && size >= 0);
  struct cusparseDnVecDescr *d = calloc(1, sizeof *d);
  if (!d)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  d->size = size;
  d->values = values;
  d->type = valueType;
  *dnVecDescr = d;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstDnVec(cusparseConstDnVecDescr_t *dnVecDescr, int64_t size,
                                          const void *values, cudaDataType valueType)
{
  SP_REQUIRE(dnVecDescr);
  return cusparseCreateDnVec((cusparseDnVecDescr_t *)dnVecDescr, size, (void *)values, valueType);
}

cusparseStatus_t cusparseDestroyDnVec(cusparseConstDnVecDescr_t dnVecDescr)
{
  free((void *)dnVecDescr);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnVecGet(cusparseDnVecDescr_t dnVecDescr, int64_t *size, void **values,
                                  cudaDataType *valueType)
{
  SP_REQUIRE(dnVecDescr && size && values && valueType);
  *size = dnVecDescr->size;
  *values = dnVecDescr->values;
  *valueType = dnVecDescr->type;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnVecGet(cusparseConstDnVecDescr_t dnVecDescr, int64_t *size,
                                       const void **values, cudaDataType *valueType)
{
  return cusparseDnVecGet((cusparseDnVecDescr_t)dnVecDescr, size, (void **)values, valueType);
}

cusparseStatus_t cusparseDnVecGetValues(cusparseDnVecDescr_t dnVecDescr, void **values)
{
  SP_REQUIRE(dnVecDescr && values);
  *values = dnVecDescr->values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnVecGetValues(cusparseConstDnVecDescr_t dnVecDescr,
                                             const void **values)
{
  return cusparseDnVecGetValues((cusparseDnVecDescr_t)dnVecDescr, (void **)values);
}

cusparseStatus_t cusparseDnVecSetValues(cusparseDnVecDescr_t dnVecDescr, void *values)
{
  SP_REQUIRE(dnVecDescr);
  dnVecDescr->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

/* ---- dense matrices ---- */

cusparseStatus_t cusparseCreateDnMat(cusparseDnMatDescr_t *dnMatDescr, int64_t rows, int64_t cols,
                                     int64_t ld, void *values, cudaDataType valueType,
                                     cusparseOrder_t order)
{
  SP_REQUIRE(dnMatDescr && rows >= 0 && cols >= 0);
  SP_REQUIRE(order == CUSPARSE_ORDER_COL || order == CUSPARSE_ORDER_ROW);
  SP_REQUIRE(ld >= (order == CUSPARSE_ORDER_COL ? rows : cols));
  struct cusparseDnMatDescr *d = calloc(1, sizeof *d);
  if (!d)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  d->rows = rows;
  d->cols = cols;
  d->ld = ld;
  d->values = values;
  d->type = valueType;
  d->order = order;
  *dnMatDescr = d;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateConstDnMat(cusparseConstDnMatDescr_t *dnMatDescr, int64_t rows,
                                          int64_t cols, int64_t ld, const void *values,
                                          cudaDataType valueType, cusparseOrder_t order)
{
  return cusparseCreateDnMat((cusparseDnMatDescr_t *)dnMatDescr, rows, cols, ld, (void *)values,
                             valueType, order);
}

cusparseStatus_t cusparseDestroyDnMat(cusparseConstDnMatDescr_t dnMatDescr)
{
  free((void *)dnMatDescr);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDnMatGet(cusparseDnMatDescr_t dnMatDescr, int64_t *rows, int64_t *cols,
                                  int64_t *ld, void **values, cudaDataType *type,
                                  cusparseOrder_t *order)
{
  SP_REQUIRE(dnMatDescr && rows && cols && ld && values && type && order);
  *rows = dnMatDescr->rows;
  *cols = dnMatDescr->cols;
  *ld = dnMatDescr->ld;
  *values = dnMatDescr->values;
  *type = dnMatDescr->type;
  *order = dnMatDescr->order;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnMatGet(cusparseConstDnMatDescr_t dnMatDescr, int64_t *rows,
                                       int64_t *cols, int64_t *ld, const void **values,
                                       cudaDataType *type, cusparseOrder_t *order)
{
  return cusparseDnMatGet((cusparseDnMatDescr_t)dnMatDescr, rows, cols, ld, (void **)values, type,
                          order);
}

cusparseStatus_t cusparseDnMatGetValues(cusparseDnMatDescr_t dnMatDescr, void **values)
{
  SP_REQUIRE(dnMatDescr && values);
  *values = dnMatDescr->values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstDnMatGetValues(cusparseConstDnMatDescr_t dnMatDescr,
                                             const void **values)
{
  return cusparseDnMatGetValues((cusparseDnMatDescr_t)dnMatDescr, (void **)values);
}

cusparseStatus_t cusparseDnMatSetValues(cusparseDnMatDescr_t dnMatDescr, void *values)
{
  SP_REQUIRE(dnMatDescr);
  dnMatDescr->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

/* ---- sparse matrices ---- */

/* A descriptor of format f, its arrays as sparse.h names them. */
static cusparseStatus_t sp_create(cusparseSpMatDescr_t *out, cusparseFormat_t f, int64_t rows,
                                  int64_t cols, int64_t nnz, const void *offsets,
                                  const void *indices, const void *values,
                                  cusparseIndexType_t offset_type, cusparseIndexType_t index_type,
                                  cusparseIndexBase_t base, cudaDataType type)
{
  SP_REQUIRE(out && rows >= 0 && cols >= 0 && nnz >= 0);
  SP_REQUIRE(sp_index_valid(offset_type) && sp_index_valid(index_type));
  SP_REQUIRE(base == CUSPARSE_INDEX_BASE_ZERO || base == CUSPARSE_INDEX_BASE_ONE);
  struct cusparseSpMatDescr *d = calloc(1, sizeof *d);
  if (!d)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  *d = (struct cusparseSpMatDescr){f, rows, cols, nnz, (void *)offsets, (void *)indices,
                                   (void *)values, offset_type, index_type, base, type};
  *out = d;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateCsr(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *csrRowOffsets, void *csrColInd,
                                   void *csrValues, cusparseIndexType_t csrRowOffsetsType,
                                   cusparseIndexType_t csrColIndType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType)
{
  return sp_create(spMatDescr, CUSPARSE_FORMAT_CSR, rows, cols, nnz, csrRowOffsets, csrColInd,
                   csrValues, csrRowOffsetsType, csrColIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCsr(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                        int64_t cols, int64_t nnz, const void *csrRowOffsets,
                                        const void *csrColInd, const void *csrValues,
                                        cusparseIndexType_t csrRowOffsetsType,
                                        cusparseIndexType_t csrColIndType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType)
{
  return sp_create((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_CSR, rows, cols, nnz,
                   csrRowOffsets, csrColInd, csrValues, csrRowOffsetsType, csrColIndType, idxBase,
                   valueType);
}

cusparseStatus_t cusparseCreateCsc(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *cscColOffsets, void *cscRowInd,
                                   void *cscValues, cusparseIndexType_t cscColOffsetsType,
                                   cusparseIndexType_t cscRowIndType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType)
{
  return sp_create(spMatDescr, CUSPARSE_FORMAT_CSC, rows, cols, nnz, cscColOffsets, cscRowInd,
                   cscValues, cscColOffsetsType, cscRowIndType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCsc(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                        int64_t cols, int64_t nnz, const void *cscColOffsets,
                                        const void *cscRowInd, const void *cscValues,
                                        cusparseIndexType_t cscColOffsetsType,
                                        cusparseIndexType_t cscRowIndType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType)
{
  return sp_create((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_CSC, rows, cols, nnz,
                   cscColOffsets, cscRowInd, cscValues, cscColOffsetsType, cscRowIndType, idxBase,
                   valueType);
}

cusparseStatus_t cusparseCreateCoo(cusparseSpMatDescr_t *spMatDescr, int64_t rows, int64_t cols,
                                   int64_t nnz, void *cooRowInd, void *cooColInd, void *cooValues,
                                   cusparseIndexType_t cooIdxType, cusparseIndexBase_t idxBase,
                                   cudaDataType valueType)
{
  return sp_create(spMatDescr, CUSPARSE_FORMAT_COO, rows, cols, nnz, cooRowInd, cooColInd,
                   cooValues, cooIdxType, cooIdxType, idxBase, valueType);
}

cusparseStatus_t cusparseCreateConstCoo(cusparseConstSpMatDescr_t *spMatDescr, int64_t rows,
                                        int64_t cols, int64_t nnz, const void *cooRowInd,
                                        const void *cooColInd, const void *cooValues,
                                        cusparseIndexType_t cooIdxType,
                                        cusparseIndexBase_t idxBase, cudaDataType valueType)
{
  return sp_create((cusparseSpMatDescr_t *)spMatDescr, CUSPARSE_FORMAT_COO, rows, cols, nnz,
                   cooRowInd, cooColInd, cooValues, cooIdxType, cooIdxType, idxBase, valueType);
}

cusparseStatus_t cusparseDestroySpMat(cusparseConstSpMatDescr_t spMatDescr)
{
  free((void *)spMatDescr);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetSize(cusparseConstSpMatDescr_t spMatDescr, int64_t *rows,
                                      int64_t *cols, int64_t *nnz)
{
  SP_REQUIRE(spMatDescr && rows && cols && nnz);
  *rows = spMatDescr->rows;
  *cols = spMatDescr->cols;
  *nnz = spMatDescr->nnz;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetFormat(cusparseConstSpMatDescr_t spMatDescr,
                                        cusparseFormat_t *format)
{
  SP_REQUIRE(spMatDescr && format);
  *format = spMatDescr->format;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetIndexBase(cusparseConstSpMatDescr_t spMatDescr,
                                           cusparseIndexBase_t *idxBase)
{
  SP_REQUIRE(spMatDescr && idxBase);
  *idxBase = spMatDescr->base;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSpMatGetValues(cusparseSpMatDescr_t spMatDescr, void **values)
{
  SP_REQUIRE(spMatDescr && values);
  *values = spMatDescr->values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseConstSpMatGetValues(cusparseConstSpMatDescr_t spMatDescr,
                                             const void **values)
{
  return cusparseSpMatGetValues((cusparseSpMatDescr_t)spMatDescr, (void **)values);
}

cusparseStatus_t cusparseSpMatSetValues(cusparseSpMatDescr_t spMatDescr, void *values)
{
  SP_REQUIRE(spMatDescr);
  spMatDescr->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                int64_t *nnz, void **csrRowOffsets, void **csrColInd,
                                void **csrValues, cusparseIndexType_t *csrRowOffsetsType,
                                cusparseIndexType_t *csrColIndType, cusparseIndexBase_t *idxBase,
                                cudaDataType *valueType)
{
  SP_REQUIRE(spMatDescr && spMatDescr->format == CUSPARSE_FORMAT_CSR);
  SP_REQUIRE(rows && cols && nnz && csrRowOffsets && csrColInd && csrValues);
  SP_REQUIRE(csrRowOffsetsType && csrColIndType && idxBase && valueType);
  *rows = spMatDescr->rows;
  *cols = spMatDescr->cols;
  *nnz = spMatDescr->nnz;
  *csrRowOffsets = spMatDescr->offsets;
  *csrColInd = spMatDescr->indices;
  *csrValues = spMatDescr->values;
  *csrRowOffsetsType = spMatDescr->offset_type;
  *csrColIndType = spMatDescr->index_type;
  *idxBase = spMatDescr->base;
  *valueType = spMatDescr->type;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCooGet(cusparseSpMatDescr_t spMatDescr, int64_t *rows, int64_t *cols,
                                int64_t *nnz, void **cooRowInd, void **cooColInd,
                                void **cooValues, cusparseIndexType_t *idxType,
                                cusparseIndexBase_t *idxBase, cudaDataType *valueType)
{
  SP_REQUIRE(spMatDescr && spMatDescr->format == CUSPARSE_FORMAT_COO);
  SP_REQUIRE(rows && cols && nnz && cooRowInd && cooColInd && cooValues);
  SP_REQUIRE(idxType && idxBase && valueType);
  *rows = spMatDescr->rows;
  *cols = spMatDescr->cols;
  *nnz = spMatDescr->nnz;
  *cooRowInd = spMatDescr->offsets;
  *cooColInd = spMatDescr->indices;
  *cooValues = spMatDescr->values;
  *idxType = spMatDescr->index_type;
  *idxBase = spMatDescr->base;
  *valueType = spMatDescr->type;
  return CUSPARSE_STATUS_SUCCESS;
}

/* The three arrays of a matrix of format f. */
static cusparseStatus_t sp_set_pointers(cusparseSpMatDescr_t d, cusparseFormat_t f, void *offsets,
                                        void *indices, void *values)
{
  SP_REQUIRE(d && d->format == f);
  d->offsets = offsets;
  d->indices = indices;
  d->values = values;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCsrSetPointers(cusparseSpMatDescr_t spMatDescr, void *csrRowOffsets,
                                        void *csrColInd, void *csrValues)
{
  return sp_set_pointers(spMatDescr, CUSPARSE_FORMAT_CSR, csrRowOffsets, csrColInd, csrValues);
}

cusparseStatus_t cusparseCscSetPointers(cusparseSpMatDescr_t spMatDescr, void *cscColOffsets,
                                        void *cscRowInd, void *cscValues)
{
  return sp_set_pointers(spMatDescr, CUSPARSE_FORMAT_CSC, cscColOffsets, cscRowInd, cscValues);
}

cusparseStatus_t cusparseCooSetPointers(cusparseSpMatDescr_t spMatDescr, void *cooRows,
                                        void *cooColumns, void *cooValues)
{
  return sp_set_pointers(spMatDescr, CUSPARSE_FORMAT_COO, cooRows, cooColumns, cooValues);
}
