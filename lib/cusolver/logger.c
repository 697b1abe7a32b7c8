// SPDX-License-Identifier: MIT
/*
 * logger.c - cuSOLVER's logging API (cusolverDnLogger*, issue 44).
 *
 * NVIDIA's library writes messages at levels 1-5 (errors, traces, hints,
 * information, API calls) to a file or a callback.  This one reports every
 * failure through its statuses and devInfo and has no message to write at
 * any level, so the calls check their arguments as lib/cusparse's logger
 * does (a level 0..5, a mask of those five bits, a file name that can be
 * opened: the file is created, empty) and keep nothing: settings of a log
 * never written would be the library's only process-wide mutable state.
 */
#include <stdio.h>

#include "cusolver_internal.h"

enum { LOG_LEVEL_MAX = 5, LOG_MASK_ALL = (1 << LOG_LEVEL_MAX) - 1 };

cusolverStatus_t cusolverDnLoggerSetCallback(cusolverDnLoggerCallback_t callback)
{
	(void)callback; /* never called: no message */
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnLoggerSetFile(FILE *file)
{
	(void)file; /* never written */
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnLoggerOpenFile(const char *logFile)
{
	FILE *f;

	if (!logFile)
		return CUSOLVER_STATUS_INVALID_VALUE;
	f = fopen(logFile, "w");
	if (!f)
		return CUSOLVER_STATUS_INTERNAL_ERROR;
	fclose(f);
	return CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnLoggerSetLevel(int level)
{
	return level < 0 || level > LOG_LEVEL_MAX ? CUSOLVER_STATUS_INVALID_VALUE
						  : CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnLoggerSetMask(int mask)
{
	return mask < 0 || mask > LOG_MASK_ALL ? CUSOLVER_STATUS_INVALID_VALUE
					       : CUSOLVER_STATUS_SUCCESS;
}

cusolverStatus_t cusolverDnLoggerForceDisable(void)
{
	return CUSOLVER_STATUS_SUCCESS;
}
