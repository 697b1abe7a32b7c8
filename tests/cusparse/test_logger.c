// SPDX-License-Identifier: MIT
/*
 * test_logger.c - lib/cusparse's logger (issue 44).  A refused call
 * (Dgtsv2 of order 2: INVALID_VALUE) is the event: with level 1 and a
 * callback, the callback gets level 1, a function name and the status's
 * name; at level 0, with mask 0, or after ForceDisable, nothing; without a
 * callback, a line in the file SetFile or OpenFile named; a successful call
 * logs nothing.  Bad levels and masks, a NULL or unopenable file name are
 * refused.  The logger is process-wide: the checks run in this order.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <cuda_runtime.h>
#include <cusparse.h>
#include "tap.h"

static cusparseHandle_t H;
static int calls, last_level;
static char last_fn[128], last_msg[256];

static void record(int level, const char *fn, const char *msg)
{
	calls++;
	last_level = level;
	snprintf(last_fn, sizeof(last_fn), "%s", fn ? fn : "(null)");
	snprintf(last_msg, sizeof(last_msg), "%s", msg ? msg : "(null)");
}

static double dl[3] = {0, 1, 1}, d[3] = {4, 4, 4}, du[3] = {1, 1, 0};

static cusparseStatus_t refused(void)
{
	double b[3] = {1, 1, 1};
	return cusparseDgtsv2(H, 2, 1, dl, d, du, b, 3, NULL);
}

static cusparseStatus_t accepted(void)
{
	double b[3] = {5, 6, 5};
	return cusparseDgtsv2(H, 3, 1, dl, d, du, b, 3, NULL);
}

TAP_TEST(logger_callback)
{
	tap_ok(cusparseLoggerSetCallback(record) == CUSPARSE_STATUS_SUCCESS &&
		   cusparseLoggerSetLevel(1) == CUSPARSE_STATUS_SUCCESS,
	       "SetCallback, SetLevel(1)");
	calls = 0;
	cusparseStatus_t st = refused();
	tap_ok(st == CUSPARSE_STATUS_INVALID_VALUE && calls == 1 && last_level == 1 &&
		   strstr(last_msg, "CUSPARSE_STATUS_INVALID_VALUE") && last_fn[0],
	       "a refused call: one error to the callback (level %d, %s: %s)", last_level, last_fn,
	       last_msg);
	calls = 0;
	tap_ok(accepted() == CUSPARSE_STATUS_SUCCESS && calls == 0,
	       "a successful call: nothing (%d)", calls);
	cusparseLoggerSetLevel(0);
	refused();
	cusparseLoggerSetLevel(4);
	cusparseLoggerSetMask(2 | 4 | 8);
	refused();
	tap_ok(calls == 0, "level 0, then a mask without the error bit: nothing (%d)", calls);
	cusparseLoggerSetMask(1);
	refused();
	tap_ok(calls == 1, "mask 1: the error again (%d)", calls);
}

static int file_lines(const char *path, const char *want)
{
	char line[512];
	int n = 0;
	FILE *f = fopen(path, "r");

	while (f && fgets(line, sizeof(line), f))
		n += strstr(line, want) != NULL;
	if (f)
		fclose(f);
	return n;
}

TAP_TEST(logger_files)
{
	char p1[] = "/tmp/test_logger.XXXXXX", p2[] = "/tmp/test_logger.XXXXXX";
	int fd1 = mkstemp(p1), fd2 = mkstemp(p2);
	FILE *f = fd1 >= 0 ? fdopen(fd1, "w") : NULL;

	cusparseLoggerSetCallback(NULL);
	cusparseLoggerSetLevel(1);
	tap_ok(f && cusparseLoggerSetFile(f) == CUSPARSE_STATUS_SUCCESS, "SetFile");
	refused();
	refused();
	accepted();
	fflush(f);
	tap_ok(file_lines(p1, "CUSPARSE_STATUS_INVALID_VALUE") == 2,
	       "no callback: two refusals, two lines in the file SetFile gave");
	if (fd2 >= 0)
		close(fd2);
	tap_ok(cusparseLoggerOpenFile(p2) == CUSPARSE_STATUS_SUCCESS, "OpenFile");
	refused();
	cusparseLoggerSetFile(stderr); /* closes the file OpenFile opened */
	tap_ok(file_lines(p2, "CUSPARSE_STATUS_INVALID_VALUE") == 1 &&
		   file_lines(p1, "CUSPARSE_STATUS_INVALID_VALUE") == 2,
	       "the next refusal in OpenFile's file, not in the first one");
	fclose(f);
	unlink(p1), unlink(p2);
}

TAP_TEST(logger_statuses_and_disable)
{
	tap_ok(cusparseLoggerSetLevel(-1) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseLoggerSetLevel(6) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseLoggerSetMask(-1) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseLoggerSetMask(64) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseLoggerOpenFile(NULL) == CUSPARSE_STATUS_INVALID_VALUE &&
		   cusparseLoggerOpenFile("/nonexistent-dir/x/log") ==
		       CUSPARSE_STATUS_INTERNAL_ERROR,
	       "level -1 and 6, mask -1 and 64, no file name: INVALID_VALUE; a file that cannot "
	       "be opened: INTERNAL_ERROR");
	cusparseLoggerSetCallback(record);
	cusparseLoggerSetLevel(5);
	calls = 0;
	tap_ok(cusparseLoggerForceDisable() == CUSPARSE_STATUS_SUCCESS, "ForceDisable");
	cusparseLoggerSetLevel(1);
	refused();
	tap_ok(calls == 0, "after ForceDisable, even at level 1 again: nothing (%d)", calls);
}

static int make_handle(void)
{
	return tap_ok(cusparseCreate(&H) == CUSPARSE_STATUS_SUCCESS, "cusparseCreate");
}

static void free_handle(void)
{
	tap_ok(cusparseDestroy(H) == CUSPARSE_STATUS_SUCCESS, "cusparseDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, make_handle, free_handle);
}
