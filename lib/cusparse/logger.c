// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: the logger (cusparseLogger*, issue 44).
 *
 * cuSPARSE's logger takes no handle: its level, mask, output file and
 * callback are the process's, so this file keeps them in one object under
 * one lock, the library's only mutable file-scope state (docs/design.md,
 * the table of such state).  What is logged: every call refused by its
 * checks (SP_CALL and the refusals that go through sp_log_status), as an
 * error (level 1, mask bit 1) naming the function that refused and the
 * status.  The other levels (trace, hints, info, API trace) are accepted and
 * stored; this library has nothing to say at them.  Level n turns on mask
 * bits 1 .. 2^(n-1), as cuSPARSE documents; the mask can then be set alone.
 * Output: the callback when one is set, else the file (cusparseLoggerSetFile
 * or OpenFile; stdout by default, as cuSPARSE).  The environment's
 * CUSPARSE_LOG_LEVEL, CUSPARSE_LOG_MASK and CUSPARSE_LOG_FILE are read once,
 * at the first logger call or refusal; the calls override them.
 * cusparseLoggerForceDisable turns logging off for good.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include "cusparse_internal.h"

enum { LOG_LEVEL_MAX = 5, LOG_MASK_ALL = (1 << LOG_LEVEL_MAX) - 1 };

struct sp_logger {
	pthread_mutex_t lock;
	pthread_once_t env_once;
	int mask;
	bool disabled;
	FILE *file;  /* NULL: stdout */
	FILE *owned; /* opened by OpenFile, closed when replaced */
	cusparseLoggerCallback_t callback;
};

static struct sp_logger logger = {
    .lock = PTHREAD_MUTEX_INITIALIZER,
    .env_once = PTHREAD_ONCE_INIT,
};

static void set_file(FILE *f, FILE *owned)
{
	if (logger.owned && logger.owned != f)
		fclose(logger.owned);
	logger.file = f;
	logger.owned = owned;
}

static void read_env(void)
{
	const char *level = getenv("CUSPARSE_LOG_LEVEL"), *mask = getenv("CUSPARSE_LOG_MASK"),
		   *file = getenv("CUSPARSE_LOG_FILE");

	pthread_mutex_lock(&logger.lock);
	if (level && atoi(level) >= 0 && atoi(level) <= LOG_LEVEL_MAX)
		logger.mask = (1 << atoi(level)) - 1;
	if (mask && atoi(mask) >= 0)
		logger.mask = atoi(mask) & LOG_MASK_ALL;
	if (file && *file) {
		FILE *f = fopen(file, "w");
		if (f)
			set_file(f, f);
	}
	pthread_mutex_unlock(&logger.lock);
}

static void env_once(void)
{
	pthread_once(&logger.env_once, read_env);
}

cusparseStatus_t sp_log_status(const char *function, cusparseStatus_t st)
{
	env_once();
	pthread_mutex_lock(&logger.lock);
	bool on = !logger.disabled && (logger.mask & 1);
	cusparseLoggerCallback_t cb = logger.callback;
	FILE *f = logger.file ? logger.file : stdout;
	if (on && !cb) {
		fprintf(f, "[cuSPARSE][Error][%s] %s: %s\n", function, cusparseGetErrorName(st),
			cusparseGetErrorString(st));
		fflush(f);
	}
	pthread_mutex_unlock(&logger.lock);
	/* outside the lock: the callback may call the logger */
	if (on && cb) {
		char msg[160];
		snprintf(msg, sizeof(msg), "%s: %s", cusparseGetErrorName(st),
			 cusparseGetErrorString(st));
		cb(1, function, msg);
	}
	return st;
}

cusparseStatus_t cusparseLoggerSetCallback(cusparseLoggerCallback_t callback)
{
	env_once();
	pthread_mutex_lock(&logger.lock);
	logger.callback = callback;
	pthread_mutex_unlock(&logger.lock);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseLoggerSetFile(FILE *file)
{
	env_once();
	pthread_mutex_lock(&logger.lock);
	set_file(file, NULL);
	pthread_mutex_unlock(&logger.lock);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseLoggerOpenFile(const char *logFile)
{
	if (!logFile)
		return CUSPARSE_STATUS_INVALID_VALUE;
	env_once();
	FILE *f = fopen(logFile, "w");
	if (!f)
		return CUSPARSE_STATUS_INTERNAL_ERROR;
	pthread_mutex_lock(&logger.lock);
	set_file(f, f);
	pthread_mutex_unlock(&logger.lock);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseLoggerSetLevel(int level)
{
	if (level < 0 || level > LOG_LEVEL_MAX)
		return CUSPARSE_STATUS_INVALID_VALUE;
	env_once();
	pthread_mutex_lock(&logger.lock);
	logger.mask = (1 << level) - 1;
	pthread_mutex_unlock(&logger.lock);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseLoggerSetMask(int mask)
{
	if (mask < 0 || mask > LOG_MASK_ALL)
		return CUSPARSE_STATUS_INVALID_VALUE;
	env_once();
	pthread_mutex_lock(&logger.lock);
	logger.mask = mask;
	pthread_mutex_unlock(&logger.lock);
	return CUSPARSE_STATUS_SUCCESS;
}

cusparseStatus_t cusparseLoggerForceDisable(void)
{
	env_once();
	pthread_mutex_lock(&logger.lock);
	logger.disabled = true;
	pthread_mutex_unlock(&logger.lock);
	return CUSPARSE_STATUS_SUCCESS;
}
