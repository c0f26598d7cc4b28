/* nvToolsExt.h: the core of NVTX (ranges, marks, names, domains). No tool
 * records anything here, so every call does nothing; range pushes and pops
 * return NVTX_NO_PUSH_POP_TRACKING, as NVTX does when no tool is attached.
 * Programs link without -lnvToolsExt (the driver drops it). */
#ifndef CUCPU_NVTOOLSEXT_H
#define CUCPU_NVTOOLSEXT_H

#include <stdint.h>
#include <wchar.h>
#include "host_defines.h"

#define NVTX_VERSION 3
#define NVTX_NO_PUSH_POP_TRACKING (-2)
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxEventAttributes_t))

typedef uint64_t nvtxRangeId_t;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;

typedef enum nvtxColorType_t {
  NVTX_COLOR_UNKNOWN = 0,
  NVTX_COLOR_ARGB = 1
} nvtxColorType_t;
typedef enum nvtxMessageType_t {
  NVTX_MESSAGE_UNKNOWN = 0,
  NVTX_MESSAGE_TYPE_ASCII = 1,
  NVTX_MESSAGE_TYPE_UNICODE = 2,
  NVTX_MESSAGE_TYPE_REGISTERED = 3
} nvtxMessageType_t;
typedef enum nvtxPayloadType_t {
  NVTX_PAYLOAD_UNKNOWN = 0,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT64 = 1,
  NVTX_PAYLOAD_TYPE_INT64 = 2,
  NVTX_PAYLOAD_TYPE_DOUBLE = 3,
  NVTX_PAYLOAD_TYPE_UNSIGNED_INT32 = 4,
  NVTX_PAYLOAD_TYPE_INT32 = 5,
  NVTX_PAYLOAD_TYPE_FLOAT = 6
} nvtxPayloadType_t;
typedef union nvtxMessageValue_t {
  const char *ascii;
  const wchar_t *unicode;
  nvtxStringHandle_t registered;
} nvtxMessageValue_t;
typedef struct nvtxEventAttributes_v2 {
  uint16_t version;
  uint16_t size;
  uint32_t category;
  int32_t colorType;
  uint32_t color;
  int32_t payloadType;
  int32_t reserved0;
  union {
    uint64_t ullValue;
    int64_t llValue;
    double dValue;
    uint32_t uiValue;
    int32_t iValue;
    float fValue;
  } payload;
  int32_t messageType;
  nvtxMessageValue_t message;
} nvtxEventAttributes_t;

/* Each function takes its arguments and ignores them. */
#define CUCPU_NVTX_NOP(name, P) CUCPU_INLINE void name P {}
#define CUCPU_NVTX_RET(T, name, P, r) CUCPU_INLINE T name P { return r; }
CUCPU_NVTX_NOP(nvtxInitialize, (const void *r))
CUCPU_NVTX_NOP(nvtxMarkA, (const char *m))
CUCPU_NVTX_NOP(nvtxMarkW, (const wchar_t *m))
CUCPU_NVTX_NOP(nvtxMarkEx, (const nvtxEventAttributes_t *a))
CUCPU_NVTX_NOP(nvtxDomainMarkEx, (nvtxDomainHandle_t d, const nvtxEventAttributes_t *a))
CUCPU_NVTX_RET(nvtxRangeId_t, nvtxRangeStartA, (const char *m), 0)
CUCPU_NVTX_RET(nvtxRangeId_t, nvtxRangeStartW, (const wchar_t *m), 0)
CUCPU_NVTX_RET(nvtxRangeId_t, nvtxRangeStartEx, (const nvtxEventAttributes_t *a), 0)
CUCPU_NVTX_RET(nvtxRangeId_t, nvtxDomainRangeStartEx,
               (nvtxDomainHandle_t d, const nvtxEventAttributes_t *a), 0)
CUCPU_NVTX_NOP(nvtxRangeEnd, (nvtxRangeId_t id))
CUCPU_NVTX_NOP(nvtxDomainRangeEnd, (nvtxDomainHandle_t d, nvtxRangeId_t id))
CUCPU_NVTX_RET(int, nvtxRangePushA, (const char *m), NVTX_NO_PUSH_POP_TRACKING)
CUCPU_NVTX_RET(int, nvtxRangePushW, (const wchar_t *m), NVTX_NO_PUSH_POP_TRACKING)
CUCPU_NVTX_RET(int, nvtxRangePushEx, (const nvtxEventAttributes_t *a),
               NVTX_NO_PUSH_POP_TRACKING)
CUCPU_NVTX_RET(int, nvtxDomainRangePushEx,
               (nvtxDomainHandle_t d, const nvtxEventAttributes_t *a),
               NVTX_NO_PUSH_POP_TRACKING)
CUCPU_NVTX_RET(int, nvtxRangePop, (void), NVTX_NO_PUSH_POP_TRACKING)
CUCPU_NVTX_RET(int, nvtxDomainRangePop, (nvtxDomainHandle_t d),
               NVTX_NO_PUSH_POP_TRACKING)
CUCPU_NVTX_NOP(nvtxNameCategoryA, (uint32_t c, const char *n))
CUCPU_NVTX_NOP(nvtxNameCategoryW, (uint32_t c, const wchar_t *n))
CUCPU_NVTX_NOP(nvtxDomainNameCategoryA, (nvtxDomainHandle_t d, uint32_t c, const char *n))
CUCPU_NVTX_NOP(nvtxDomainNameCategoryW, (nvtxDomainHandle_t d, uint32_t c, const wchar_t *n))
CUCPU_NVTX_NOP(nvtxNameOsThreadA, (uint32_t t, const char *n))
CUCPU_NVTX_NOP(nvtxNameOsThreadW, (uint32_t t, const wchar_t *n))
CUCPU_NVTX_RET(nvtxDomainHandle_t, nvtxDomainCreateA, (const char *n), 0)
CUCPU_NVTX_RET(nvtxDomainHandle_t, nvtxDomainCreateW, (const wchar_t *n), 0)
CUCPU_NVTX_NOP(nvtxDomainDestroy, (nvtxDomainHandle_t d))
CUCPU_NVTX_RET(nvtxStringHandle_t, nvtxDomainRegisterStringA,
               (nvtxDomainHandle_t d, const char *s), 0)
CUCPU_NVTX_RET(nvtxStringHandle_t, nvtxDomainRegisterStringW,
               (nvtxDomainHandle_t d, const wchar_t *s), 0)

#endif
