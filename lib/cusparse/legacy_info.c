// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the legacy info objects (csrilu02Info_t, csric02Info_t,
 * csrsv2Info_t, csrsm2Info_t, bsrsv2Info_t, bsrsm2Info_t, bsrilu02Info_t,
 * bsric02Info_t).  Each keeps the first zero
 * pivots its calls found (struct sp_pivots, cusparse_internal.h), so one
 * generator makes every Create/Destroy pair and Xname_zeroPivot.
 */
#include <stdlib.h>
#include "cusparse_internal.h"

cusparseStatus_t sp_zero_pivot(cusparseHandle_t handle, const struct sp_pivots *info, int *position)
{
	SP_CALL(handle, info && position ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_INVALID_VALUE);
	int s = info->structural, n = info->numerical, row = s < 0 ? n : n < 0 ? s : s < n ? s : n;

	*position = row < 0 ? -1 : row + info->base;
	return row < 0 ? CUSPARSE_STATUS_SUCCESS : CUSPARSE_STATUS_ZERO_PIVOT;
}

/* cusparseCreate<Name>Info, cusparseDestroy<Name>Info and cusparseX<name>_zeroPivot of one info type */
#define SP_LEGACY_INFO(Name, name)                                                                       \
	cusparseStatus_t cusparseCreate##Name##Info(name##Info_t *info)                                  \
	{                                                                                                \
		if (!info)                                                                               \
			return CUSPARSE_STATUS_INVALID_VALUE;                                            \
		*info = calloc(1, sizeof(**info)); /* the numeric boost off */                           \
		if (!*info)                                                                              \
			return CUSPARSE_STATUS_ALLOC_FAILED;                                             \
		(*info)->piv = (struct sp_pivots){ -1, -1, 0 };                                          \
		return CUSPARSE_STATUS_SUCCESS;                                                          \
	}                                                                                                \
	cusparseStatus_t cusparseDestroy##Name##Info(name##Info_t info)                                  \
	{                                                                                                \
		free(info);                                                                              \
		return CUSPARSE_STATUS_SUCCESS;                                                          \
	}                                                                                                \
	cusparseStatus_t cusparseX##name##_zeroPivot(cusparseHandle_t handle, name##Info_t info, int *position) \
	{                                                                                                \
		return sp_zero_pivot(handle, info ? &info->piv : NULL, position);                        \
	}

SP_LEGACY_INFO(Csrilu02, csrilu02)
SP_LEGACY_INFO(Csric02, csric02)
SP_LEGACY_INFO(Csrsv2, csrsv2)
SP_LEGACY_INFO(Csrsm2, csrsm2)
SP_LEGACY_INFO(Bsrsv2, bsrsv2)
SP_LEGACY_INFO(Bsrsm2, bsrsm2)
SP_LEGACY_INFO(Bsrilu02, bsrilu02)
SP_LEGACY_INFO(Bsric02, bsric02)
