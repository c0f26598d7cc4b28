/* handle.c: cuSPARSE handles and what they hold (stream, pointer mode),
 * the library's versions, its status names and strings (cuSPARSE's own
 * wording), and the legacy matrix descriptors (stored and returned). */
#include <stdlib.h>
#include "sparse.h"

cusparseStatus_t cusparseCreate(cusparseHandle_t *handle)
{
  SP_REQUIRE(handle);
  struct cusparseContext *h = calloc(1, sizeof *h);
  if (!h)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  h->pointer_mode = CUSPARSE_POINTER_MODE_HOST;
  *handle = h;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroy(cusparseHandle_t handle)
{
  SP_HANDLE_ONLY(handle);
  free(handle);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetVersion(cusparseHandle_t handle, int *version)
{
  SP_HANDLE_ONLY(handle);
  SP_REQUIRE(version);
  *version = CUSPARSE_VERSION;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetProperty(libraryPropertyType type, int *value)
{
  SP_REQUIRE(value);
  switch (type) {
  case MAJOR_VERSION: *value = CUSPARSE_VER_MAJOR; return CUSPARSE_STATUS_SUCCESS;
  case MINOR_VERSION: *value = CUSPARSE_VER_MINOR; return CUSPARSE_STATUS_SUCCESS;
  case PATCH_LEVEL: *value = CUSPARSE_VER_PATCH; return CUSPARSE_STATUS_SUCCESS;
  }
  return CUSPARSE_STATUS_INVALID_VALUE;
}

/* Names and strings by status value, as libcusparse words them. */
static const char *const sp_names[][2] = {
  {"CUSPARSE_STATUS_SUCCESS", "success"},
  {"CUSPARSE_STATUS_NOT_INITIALIZED", "initialization error"},
  {"CUSPARSE_STATUS_ALLOC_FAILED", "out of memory"},
  {"CUSPARSE_STATUS_INVALID_VALUE", "invalid value"},
  {"CUSPARSE_STATUS_ARCH_MISMATCH", "architecture mismatch"},
  {"CUSPARSE_STATUS_MAPPING_ERROR", "texture memory mapping error"},
  {"CUSPARSE_STATUS_EXECUTION_FAILED", "kernel launch failure"},
  {"CUSPARSE_STATUS_INTERNAL_ERROR", "internal error"},
  {"CUSPARSE_STATUS_MATRIX_TYPE_NOT_SUPPORTED", "matrix type not supported"},
  {"CUSPARSE_STATUS_ZERO_PIVOT", "zero pivot"},
  {"CUSPARSE_STATUS_NOT_SUPPORTED", "operation not supported"},
  {"CUSPARSE_STATUS_INSUFFICIENT_RESOURCES", "insufficient resources"},
};

const char *cusparseGetErrorName(cusparseStatus_t status)
{
  unsigned s = (unsigned)status;
  return s < sizeof sp_names / sizeof sp_names[0] ? sp_names[s][0] : "CUSPARSE_STATUS_UNKNOWN";
}

const char *cusparseGetErrorString(cusparseStatus_t status)
{
  unsigned s = (unsigned)status;
  return s < sizeof sp_names / sizeof sp_names[0] ? sp_names[s][1] : "unknown error";
}

cusparseStatus_t cusparseSetStream(cusparseHandle_t handle, cudaStream_t streamId)
{
  SP_HANDLE_ONLY(handle);
  handle->stream = streamId;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetStream(cusparseHandle_t handle, cudaStream_t *streamId)
{
  SP_HANDLE_ONLY(handle);
  SP_REQUIRE(streamId);
  *streamId = handle->stream;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseGetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t *mode)
{
  SP_HANDLE_ONLY(handle);
  SP_REQUIRE(mode);
  *mode = handle->pointer_mode;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetPointerMode(cusparseHandle_t handle, cusparsePointerMode_t mode)
{
  SP_HANDLE_ONLY(handle);
  SP_REQUIRE(mode == CUSPARSE_POINTER_MODE_HOST || mode == CUSPARSE_POINTER_MODE_DEVICE);
  handle->pointer_mode = mode;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseCreateMatDescr(cusparseMatDescr_t *descrA)
{
  SP_REQUIRE(descrA);
  struct cusparseMatDescr *d = calloc(1, sizeof *d); /* general, lower, non-unit, base 0 */
  if (!d)
    return CUSPARSE_STATUS_ALLOC_FAILED;
  *descrA = d;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseDestroyMatDescr(cusparseMatDescr_t descrA)
{
  free(descrA);
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseSetMatType(cusparseMatDescr_t descrA, cusparseMatrixType_t type)
{
  SP_REQUIRE(descrA && (unsigned)type <= CUSPARSE_MATRIX_TYPE_TRIANGULAR);
  descrA->type = type;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseMatrixType_t cusparseGetMatType(const cusparseMatDescr_t descrA) { return descrA->type; }

cusparseStatus_t cusparseSetMatFillMode(cusparseMatDescr_t descrA, cusparseFillMode_t fillMode)
{
  SP_REQUIRE(descrA && (unsigned)fillMode <= CUSPARSE_FILL_MODE_UPPER);
  descrA->fill = fillMode;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseFillMode_t cusparseGetMatFillMode(const cusparseMatDescr_t descrA) { return descrA->fill; }

cusparseStatus_t cusparseSetMatDiagType(cusparseMatDescr_t descrA, cusparseDiagType_t diagType)
{
  SP_REQUIRE(descrA && (unsigned)diagType <= CUSPARSE_DIAG_TYPE_UNIT);
  descrA->diag = diagType;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseDiagType_t cusparseGetMatDiagType(const cusparseMatDescr_t descrA) { return descrA->diag; }

cusparseStatus_t cusparseSetMatIndexBase(cusparseMatDescr_t descrA, cusparseIndexBase_t base)
{
  SP_REQUIRE(descrA && (unsigned)base <= CUSPARSE_INDEX_BASE_ONE);
  descrA->base = base;
  return CUSPARSE_STATUS_SUCCESS;
}

cusparseIndexBase_t cusparseGetMatIndexBase(const cusparseMatDescr_t descrA) { return descrA->base; }
