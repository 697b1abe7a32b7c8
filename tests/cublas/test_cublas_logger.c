// SPDX-License-Identifier: MIT
/*
 * test_cublas_logger.c - cuBLAS's log of calls, cublasXerbla and
 * cublasUint8gemmBias (lib/cublas/logger.c, deprecated.c).
 *
 * - the environment, read at the first cuBLAS call, in child processes
 *   started before this one makes any: CUBLAS_LOGINFO_DBG=1 with
 *   CUBLAS_LOGDEST_DBG a file or stderr logs cublasCreate, a call and
 *   cublasDestroy in that order; a destination without CUBLAS_LOGINFO_DBG,
 *   or with it 0, logs nothing;
 * - cublasLoggerConfigure and the callback: logging off by default; on,
 *   each call that runs sends one line naming it (a helper's calls by their
 *   own name: CgemmEx, HSHgemvBatched), also into the file named; off
 *   again, nothing more; a file that cannot be opened is INVALID_VALUE and
 *   changes nothing; Get returns what Set installed, NULL output refused;
 * - cublasXerbla's line on stderr, the reference BLAS's message;
 * - cublasUint8gemmBias: NOT_SUPPORTED (no document defines it), nothing
 *   written, NOT_INITIALIZED without a handle.
 */
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "tap.h"

static char dir[] = "/tmp/test_cublas_logger.XXXXXX";

/* the whole of a file (static buffer, "" when absent) */
static const char *slurp(const char *path)
{
	static char buf[16384];
	FILE *f = fopen(path, "r");
	size_t n = 0;

	if (f) {
		n = fread(buf, 1, sizeof(buf) - 1, f);
		fclose(f);
	}
	buf[n] = 0;
	return buf;
}

static int count_of(const char *text, const char *word)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, word)); p += strlen(word))
		n++;
	return n;
}

/* whether a, b, c occur in text in that order */
static int in_order(const char *text, const char *a, const char *b, const char *c)
{
	const char *pa = strstr(text, a), *pb = pa ? strstr(pa, b) : NULL;

	return pb && strstr(pb, c);
}

/* a child that sets the environment, sends its stderr to err_path, makes three calls and exits */
static int child_run(const char *info, const char *dest, const char *err_path)
{
	pid_t pid = fork();
	int status = 0;

	if (pid == 0) {
		cublasHandle_t h;
		float x[4] = {1, 2, 3, 4}, two = 2;

		if (info)
			setenv("CUBLAS_LOGINFO_DBG", info, 1);
		if (dest)
			setenv("CUBLAS_LOGDEST_DBG", dest, 1);
		if (!freopen(err_path, "w", stderr))
			_exit(3);
		if (cublasCreate(&h) || cublasSscal(h, 4, &two, x, 1) || cublasDestroy(h))
			_exit(2);
		_exit(0);
	}
	return pid > 0 && waitpid(pid, &status, 0) == pid && WIFEXITED(status) &&
	       WEXITSTATUS(status) == 0;
}

static void test_environment(void)
{
	char file[128], err[128];
	const char *log;

	snprintf(file, sizeof(file), "%s/env.log", dir),
	    snprintf(err, sizeof(err), "%s/env.err", dir);
	tap_ok(
	    child_run("1", file, err) &&
		in_order(slurp(file), "cublasCreate()", "cublasSscal()", "cublasDestroy()") &&
		count_of(slurp(file), "\n") == 3,
	    "CUBLAS_LOGINFO_DBG=1, CUBLAS_LOGDEST_DBG=file: create, scal, destroy logged in order");
	tap_ok(child_run("1", "stderr", err) &&
		   in_order(log = slurp(err), "cublasCreate()", "cublasSscal()", "cublasDestroy()"),
	       "CUBLAS_LOGDEST_DBG=stderr: the lines on stderr");
	unlink(file);
	tap_ok(child_run(NULL, file, err) && access(file, F_OK) != 0 &&
		   !strstr(slurp(err), "cuBLAS"),
	       "without CUBLAS_LOGINFO_DBG nothing is logged (no file made)");
	tap_ok(child_run("0", "stderr", err) && !strstr(slurp(err), "cuBLAS"),
	       "CUBLAS_LOGINFO_DBG=0 logs nothing");
	(void)log;
}

static char lines[8192];
static int calls;

static void collect(const char *msg)
{
	calls++;
	strncat(lines, msg, sizeof(lines) - strlen(lines) - 2);
	strcat(lines, "\n");
}

static void test_configure(void)
{
	cublasHandle_t h;
	cublasLogCallback cb = (cublasLogCallback)1;
	float a[4] = {1, 2, 3, 4}, b[4] = {1, 0, 0, 1}, c[4], one = 1, zero = 0;
	cuComplex ca[4] = {{1, 0}}, cc[4], cone = {1, 0}, czero = {0, 0};
	char file[128];

	snprintf(file, sizeof(file), "%s/api.log", dir);
	tap_ok(cublasGetLoggerCallback(&cb) == CUBLAS_STATUS_SUCCESS && cb == NULL &&
		   cublasGetLoggerCallback(NULL) == CUBLAS_STATUS_INVALID_VALUE,
	       "no callback at first; a NULL output is INVALID_VALUE");
	tap_ok(cublasSetLoggerCallback(collect) == CUBLAS_STATUS_SUCCESS &&
		   !cublasGetLoggerCallback(&cb) && cb == collect,
	       "GetLoggerCallback returns the one SetLoggerCallback installed");
	cublasCreate(&h);
	cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, b, 2, &zero, c, 2);
	tap_ok(calls == 0, "logging is off by default: the callback got nothing (%d lines)", calls);
	tap_ok(cublasLoggerConfigure(1, 0, 0, file) == CUBLAS_STATUS_SUCCESS,
	       "LoggerConfigure(on, file)");
	cublasSgemm(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &one, a, 2, b, 2, &zero, c, 2);
	cublasCgemmEx(h, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, &cone, ca, CUDA_C_32F, 2, ca,
		      CUDA_C_32F, 2, &czero, cc, CUDA_C_32F, 2);
	uint16_t hx[4] = {0x3c00, 0x3c00, 0x3c00, 0x3c00}, hy[2];
	const __idxgen_cublas_half *ha[1] = {hx}, *hxs[1] = {hx};
	__idxgen_cublas_half *hys[1] = {hy};
	cublasHSHgemvBatched(h, CUBLAS_OP_N, 2, 2, &one, ha, 2, hxs, 1, &zero, hys, 1, 1);
	tap_ok(calls == 3 && in_order(lines, "function cublasSgemm()", "function cublasCgemmEx()",
				      "function cublasHSHgemvBatched()"),
	       "on: one line per call to the callback, named by the call (Sgemm, CgemmEx, "
	       "HSHgemvBatched: %d "
	       "lines)",
	       calls);
	tap_ok(in_order(slurp(file), "cublasSgemm()", "cublasCgemmEx()", "cublasHSHgemvBatched()"),
	       "on: the same lines in the file named");
	tap_ok(cublasLoggerConfigure(1, 0, 0, "/nonexistent-dir/x.log") ==
		   CUBLAS_STATUS_INVALID_VALUE,
	       "a log file that cannot be opened is INVALID_VALUE");
	cublasSscal(h, 4, &one, a, 1);
	tap_ok(calls == 4 && strstr(slurp(file), "cublasSscal()"),
	       "... and the settings stay (logged to both)");
	tap_ok(cublasLoggerConfigure(0, 0, 0, NULL) == CUBLAS_STATUS_SUCCESS,
	       "LoggerConfigure(off)");
	cublasSscal(h, 4, &one, a, 1);
	cublasDestroy(h);
	tap_ok(calls == 4 && count_of(slurp(file), "cuBLAS") == 4,
	       "off: nothing more logged (%d lines)", calls);
	cublasSetLoggerCallback(NULL);
	tap_ok(!cublasGetLoggerCallback(&cb) && cb == NULL,
	       "SetLoggerCallback(NULL) removes the callback");
}

static void test_xerbla(void)
{
	char err[128];
	int saved = dup(2), fd;

	snprintf(err, sizeof(err), "%s/xerbla.err", dir);
	fflush(stderr);
	fd = open(err, O_WRONLY | O_CREAT | O_TRUNC, 0600);
	dup2(fd, 2), close(fd);
	cublasXerbla("SGEMM ", 8);
	fflush(stderr);
	dup2(saved, 2), close(saved);
	tap_ok(
	    !strcmp(slurp(err), " ** On entry to SGEMM  parameter number 8 had an illegal value\n"),
	    "cublasXerbla writes the reference BLAS's line on stderr");
}

static void test_uint8gemm(void)
{
	cublasHandle_t h;
	unsigned char a[4] = {1, 2, 3, 4}, b[4] = {5, 6, 7, 8}, c[4] = {9, 9, 9, 9};

	cublasCreate(&h);
	tap_ok(cublasUint8gemmBias(h, CUBLAS_OP_N, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, a, 1, 2, b, 1,
				   2, c, 0, 2, 1, 0) == CUBLAS_STATUS_NOT_SUPPORTED &&
		   !memcmp(c, (unsigned char[4]){9, 9, 9, 9}, 4) &&
		   cublasUint8gemmBias(NULL, CUBLAS_OP_N, CUBLAS_OP_N, CUBLAS_OP_N, 2, 2, 2, a, 1,
				       2, b, 1, 2, c, 0, 2, 1, 0) == CUBLAS_STATUS_NOT_INITIALIZED,
	       "Uint8gemmBias: NOT_SUPPORTED (undocumented), nothing written; NULL handle "
	       "NOT_INITIALIZED");
	cublasDestroy(h);
}

int main(void)
{
	char cmd[96];

	unsetenv("CUBLAS_LOGINFO_DBG"), unsetenv("CUBLAS_LOGDEST_DBG");
	if (!mkdtemp(dir))
		return tap_ok(0, "mkdtemp"), tap_done();
	/* first: the children must be the first to make a cuBLAS call */
	test_environment();
	test_configure();
	test_xerbla();
	test_uint8gemm();
	snprintf(cmd, sizeof(cmd), "rm -rf %s", dir);
	if (system(cmd))
		tap_diag("could not remove %s", dir);
	return tap_done();
}
