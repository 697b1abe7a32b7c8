/* SPDX-License-Identifier: MIT */
/*
 * nvtx3/nvToolsExt.h - the NVTX annotation API (ranges, marks, names,
 * domains, categories, registered strings) with no profiler attached, as a
 * program sees it when no tool is injected: every call is accepted and
 * does nothing; push/pop answer NVTX_NO_PUSH_POP_TRACKING, range starts 0,
 * handles are null.  Code that annotates its phases for Nsight builds and
 * runs unchanged.  C99 and C++11; nvToolsExtCudaRt.h and nvToolsExtCuda.h
 * beside it name CUDA objects, ../nvToolsExt.h is the NVTX 2 path.
 */
#ifndef NVTOOLSEXT_V3
#define NVTOOLSEXT_V3
#ifndef NVTX_VERSION
#define NVTX_VERSION 3
#endif

#include <stddef.h>
#include <stdint.h>
#include <wchar.h>

#ifdef __cplusplus
extern "C" {
#endif

#define NVTX_SUCCESS 0
#define NVTX_FAIL 1
#define NVTX_ERR_INIT_LOAD_PROPERTY 2
#define NVTX_ERR_INIT_ACCESS_LIBRARY 3
#define NVTX_ERR_INIT_LOAD_LIBRARY 4
#define NVTX_ERR_INIT_MISSING_LIBRARY_ENTRY_POINT 5
#define NVTX_ERR_INIT_FAILED_LIBRARY_ENTRY_POINT 6
#define NVTX_ERR_NO_INJECTION_LIBRARY_AVAILABLE 7
#define NVTX_NO_PUSH_POP_TRACKING ((int)-2)

#define NVTX_DECLSPEC
#define NVTX_API
#define NVTX_INLINE_STATIC static inline __attribute__((unused))

typedef enum nvtxColorType_t { NVTX_COLOR_UNKNOWN = 0, NVTX_COLOR_ARGB = 1 } nvtxColorType_t;
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

typedef struct nvtxDomainRegistration_st nvtxDomainRegistration;
typedef struct nvtxDomainRegistration_st *nvtxDomainHandle_t;
typedef struct nvtxStringRegistration_st nvtxStringRegistration;
typedef struct nvtxStringRegistration_st *nvtxStringHandle_t;
typedef struct nvtxResourceHandle *nvtxResourceHandle_t;
typedef uint64_t nvtxRangeId_t;

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
	union payload_t {
		uint64_t ullValue;
		int64_t llValue;
		double dValue;
		uint32_t uiValue;
		int32_t iValue;
		float fValue;
	} payload;
	int32_t messageType;
	nvtxMessageValue_t message;
} nvtxEventAttributes_v2;
typedef struct nvtxEventAttributes_v2 nvtxEventAttributes_t;
#define NVTX_EVENT_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxEventAttributes_t))

#define NVTX_RESOURCE_CLASS_GENERIC 1
#define NVTX_RESOURCE_MAKE_TYPE(CLASS, INDEX) \
	((((uint32_t)NVTX_RESOURCE_CLASS_##CLASS) << 16) | ((uint32_t)(INDEX)))
typedef enum nvtxResourceGenericType_t {
	NVTX_RESOURCE_TYPE_UNKNOWN = 0,
	NVTX_RESOURCE_TYPE_GENERIC_POINTER = NVTX_RESOURCE_MAKE_TYPE(GENERIC, 1),
	NVTX_RESOURCE_TYPE_GENERIC_HANDLE = NVTX_RESOURCE_MAKE_TYPE(GENERIC, 2),
	NVTX_RESOURCE_TYPE_GENERIC_THREAD_NATIVE = NVTX_RESOURCE_MAKE_TYPE(GENERIC, 3),
	NVTX_RESOURCE_TYPE_GENERIC_THREAD_POSIX = NVTX_RESOURCE_MAKE_TYPE(GENERIC, 4)
} nvtxResourceGenericType_t;
typedef struct nvtxResourceAttributes_v0 {
	uint16_t version;
	uint16_t size;
	int32_t identifierType;
	union identifier_t {
		const void *pValue;
		uint64_t ullValue;
	} identifier;
	int32_t messageType;
	nvtxMessageValue_t message;
} nvtxResourceAttributes_v0;
typedef struct nvtxResourceAttributes_v0 nvtxResourceAttributes_t;
#define NVTX_RESOURCE_ATTRIB_STRUCT_SIZE ((uint16_t)sizeof(nvtxResourceAttributes_t))

/* no tool: nothing is recorded (the arguments are only named, not read) */
NVTX_INLINE_STATIC void nvtxInitialize(const void *__reserved)
{
	(void)__reserved;
}
NVTX_INLINE_STATIC void nvtxMarkEx(const nvtxEventAttributes_t *__attr)
{
	(void)__attr;
}
NVTX_INLINE_STATIC void nvtxMarkA(const char *__msg)
{
	(void)__msg;
}
NVTX_INLINE_STATIC void nvtxMarkW(const wchar_t *__msg)
{
	(void)__msg;
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartEx(const nvtxEventAttributes_t *__attr)
{
	(void)__attr;
	return 0;
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartA(const char *__msg)
{
	(void)__msg;
	return 0;
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxRangeStartW(const wchar_t *__msg)
{
	(void)__msg;
	return 0;
}
NVTX_INLINE_STATIC void nvtxRangeEnd(nvtxRangeId_t __id)
{
	(void)__id;
}
NVTX_INLINE_STATIC int nvtxRangePushEx(const nvtxEventAttributes_t *__attr)
{
	(void)__attr;
	return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePushA(const char *__msg)
{
	(void)__msg;
	return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePushW(const wchar_t *__msg)
{
	(void)__msg;
	return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxRangePop(void)
{
	return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC void nvtxNameCategoryA(uint32_t __category, const char *__name)
{
	(void)__category, (void)__name;
}
NVTX_INLINE_STATIC void nvtxNameCategoryW(uint32_t __category, const wchar_t *__name)
{
	(void)__category, (void)__name;
}
NVTX_INLINE_STATIC void nvtxNameOsThreadA(uint32_t __tid, const char *__name)
{
	(void)__tid, (void)__name;
}
NVTX_INLINE_STATIC void nvtxNameOsThreadW(uint32_t __tid, const wchar_t *__name)
{
	(void)__tid, (void)__name;
}

NVTX_INLINE_STATIC nvtxDomainHandle_t nvtxDomainCreateA(const char *__name)
{
	(void)__name;
	return NULL;
}
NVTX_INLINE_STATIC nvtxDomainHandle_t nvtxDomainCreateW(const wchar_t *__name)
{
	(void)__name;
	return NULL;
}
NVTX_INLINE_STATIC void nvtxDomainDestroy(nvtxDomainHandle_t __d)
{
	(void)__d;
}
NVTX_INLINE_STATIC void nvtxDomainMarkEx(nvtxDomainHandle_t __d, const nvtxEventAttributes_t *__attr)
{
	(void)__d, (void)__attr;
}
NVTX_INLINE_STATIC nvtxRangeId_t nvtxDomainRangeStartEx(nvtxDomainHandle_t __d,
						       const nvtxEventAttributes_t *__attr)
{
	(void)__d, (void)__attr;
	return 0;
}
NVTX_INLINE_STATIC void nvtxDomainRangeEnd(nvtxDomainHandle_t __d, nvtxRangeId_t __id)
{
	(void)__d, (void)__id;
}
NVTX_INLINE_STATIC int nvtxDomainRangePushEx(nvtxDomainHandle_t __d, const nvtxEventAttributes_t *__attr)
{
	(void)__d, (void)__attr;
	return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC int nvtxDomainRangePop(nvtxDomainHandle_t __d)
{
	(void)__d;
	return NVTX_NO_PUSH_POP_TRACKING;
}
NVTX_INLINE_STATIC void nvtxDomainNameCategoryA(nvtxDomainHandle_t __d, uint32_t __category,
						const char *__name)
{
	(void)__d, (void)__category, (void)__name;
}
NVTX_INLINE_STATIC void nvtxDomainNameCategoryW(nvtxDomainHandle_t __d, uint32_t __category,
						const wchar_t *__name)
{
	(void)__d, (void)__category, (void)__name;
}
NVTX_INLINE_STATIC nvtxStringHandle_t nvtxDomainRegisterStringA(nvtxDomainHandle_t __d,
								 const char *__s)
{
	(void)__d, (void)__s;
	return NULL;
}
NVTX_INLINE_STATIC nvtxStringHandle_t nvtxDomainRegisterStringW(nvtxDomainHandle_t __d,
								 const wchar_t *__s)
{
	(void)__d, (void)__s;
	return NULL;
}
NVTX_INLINE_STATIC nvtxResourceHandle_t nvtxDomainResourceCreate(nvtxDomainHandle_t __d,
								  nvtxResourceAttributes_t *__attr)
{
	(void)__d, (void)__attr;
	return NULL;
}
NVTX_INLINE_STATIC void nvtxDomainResourceDestroy(nvtxResourceHandle_t __r)
{
	(void)__r;
}

#ifdef UNICODE
#define nvtxMark nvtxMarkW
#define nvtxRangeStart nvtxRangeStartW
#define nvtxRangePush nvtxRangePushW
#define nvtxNameCategory nvtxNameCategoryW
#define nvtxNameOsThread nvtxNameOsThreadW
#define nvtxDomainCreate nvtxDomainCreateW
#define nvtxDomainRegisterString nvtxDomainRegisterStringW
#else
#define nvtxMark nvtxMarkA
#define nvtxRangeStart nvtxRangeStartA
#define nvtxRangePush nvtxRangePushA
#define nvtxNameCategory nvtxNameCategoryA
#define nvtxNameOsThread nvtxNameOsThreadA
#define nvtxDomainCreate nvtxDomainCreateA
#define nvtxDomainRegisterString nvtxDomainRegisterStringA
#endif

#ifdef __cplusplus
}
#endif
#endif /* NVTOOLSEXT_V3 */
