// SPDX-License-Identifier: MIT
/*
 * lib/cublas: cuBLAS's log of calls and the BLAS error reporter.
 *
 * Logging is off until CUBLAS_LOGINFO_DBG=1 is in the environment or
 * cublasLoggerConfigure turns it on (the call overrides the environment,
 * which is read once, at the first cuBLAS call).  Where it is on, every
 * call that passed its checks and runs (or is recorded into a graph) writes
 * one line naming the call, its handle and the handle's stream, to each
 * destination: stdout, stderr, a file (CUBLAS_LOGDEST_DBG=stdout, stderr or
 * a file name; cublasLoggerConfigure's three) and the callback of
 * cublasSetLoggerCallback.  Logging on with no destination reaches the
 * callback only.  The callback runs outside the logger's lock, so it may
 * call cuBLAS.
 *
 * cublasXerbla writes the reference BLAS's message for a bad argument.
 */
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include "cublas_internal.h"

/*
 * The one mutable state of the library, on purpose: NVIDIA's logging API
 * (cublasLoggerConfigure, the callback, the environment variables) takes
 * no handle, so its settings are the process's.  Guarded by the mutex;
 * `on` is also read without it (atomically) so that a call with logging
 * off costs one load.
 */
static struct {
	pthread_once_t env_once;
	pthread_mutex_t lock;
	int on, to_stdout, to_stderr;
	FILE *file;
	cublasLogCallback callback;
} logger = {PTHREAD_ONCE_INIT, PTHREAD_MUTEX_INITIALIZER, 0, 0, 0, NULL, NULL};

static void read_environment(void)
{
	const char *on = getenv("CUBLAS_LOGINFO_DBG"), *dest = getenv("CUBLAS_LOGDEST_DBG");

	pthread_mutex_lock(&logger.lock);
	if (on && !strcmp(on, "1")) {
		if (dest && !strcmp(dest, "stdout"))
			logger.to_stdout = 1;
		else if (dest && !strcmp(dest, "stderr"))
			logger.to_stderr = 1;
		else if (dest && *dest)
			logger.file = fopen(dest, "w"); /* one that cannot be opened: no file */
		__atomic_store_n(&logger.on, 1, __ATOMIC_RELEASE);
	}
	pthread_mutex_unlock(&logger.lock);
}

static void environment_read(void)
{
	pthread_once(&logger.env_once, read_environment);
}

void cublas_log_call(cublasHandle_t h, const char *api)
{
	char line[256];
	cublasLogCallback callback;

	environment_read();
	if (!__atomic_load_n(&logger.on, __ATOMIC_ACQUIRE))
		return;
	snprintf(line, sizeof(line),
		 "I! cuBLAS (v%d.%d) function %s() called: handle %p, stream %p", CUBLAS_VER_MAJOR,
		 CUBLAS_VER_MINOR, api, (void *)h, h ? (void *)h->stream : NULL);
	pthread_mutex_lock(&logger.lock);
	if (logger.to_stdout)
		fprintf(stdout, "%s\n", line), fflush(stdout);
	if (logger.to_stderr)
		fprintf(stderr, "%s\n", line), fflush(stderr);
	if (logger.file)
		fprintf(logger.file, "%s\n", line), fflush(logger.file);
	callback = logger.callback;
	pthread_mutex_unlock(&logger.lock);
	if (callback)
		callback(line);
}

/* the file is opened first: one that cannot be is INVALID_VALUE, the settings unchanged */
cublasStatus_t cublasLoggerConfigure(int logIsOn, int logToStdOut, int logToStdErr,
				     const char *logFileName)
{
	FILE *file = NULL, *old;

	environment_read();
	if (logFileName && !(file = fopen(logFileName, "w")))
		return CUBLAS_STATUS_INVALID_VALUE;
	pthread_mutex_lock(&logger.lock);
	old = logger.file;
	logger.file = file;
	logger.to_stdout = logToStdOut != 0;
	logger.to_stderr = logToStdErr != 0;
	__atomic_store_n(&logger.on, logIsOn != 0, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&logger.lock);
	if (old)
		fclose(old);
	return CUBLAS_STATUS_SUCCESS;
}

/* NULL removes the callback */
cublasStatus_t cublasSetLoggerCallback(cublasLogCallback userCallback)
{
	environment_read();
	pthread_mutex_lock(&logger.lock);
	logger.callback = userCallback;
	pthread_mutex_unlock(&logger.lock);
	return CUBLAS_STATUS_SUCCESS;
}

cublasStatus_t cublasGetLoggerCallback(cublasLogCallback *userCallback)
{
	if (!userCallback)
		return CUBLAS_STATUS_INVALID_VALUE;
	pthread_mutex_lock(&logger.lock);
	*userCallback = logger.callback;
	pthread_mutex_unlock(&logger.lock);
	return CUBLAS_STATUS_SUCCESS;
}

/* the reference BLAS's XERBLA message: the routine's name and the 1-based position of the bad
 * argument */
void cublasXerbla(const char *srName, int info)
{
	fprintf(stderr, " ** On entry to %s parameter number %d had an illegal value\n",
		srName ? srName : "", info);
}
