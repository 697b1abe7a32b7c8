/* SPDX-License-Identifier: MIT */
/* tap.h - TAP output of the lib/cudart tests (C, C++, nvcc host code). */
#ifndef CUDART_TEST_TAP_H
#define CUDART_TEST_TAP_H

#include <stdio.h>

static int tap_n, tap_failed;

static inline int tap_ok(int cond, const char *what)
{
	tap_n++;
	if (!cond)
		tap_failed++;
	printf("%s %d - %s\n", cond ? "ok" : "not ok", tap_n, what);
	fflush(stdout);
	return cond;
}

/* An API call's result against the expected CUDA error code. */
#define TAP_ERR(call, want)								\
	do {										\
		cudaError_t e_ = (call);						\
		char m_[256];								\
		snprintf(m_, sizeof(m_), "%s -> %s", #call, cudaGetErrorName(e_));	\
		tap_ok(e_ == (want), m_);						\
	} while (0)

static inline int tap_done(void)
{
	printf("1..%d\n# %d passed, %d failed\n", tap_n, tap_n - tap_failed, tap_failed);
	return tap_failed != 0;
}

#endif
