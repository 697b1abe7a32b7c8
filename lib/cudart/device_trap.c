// SPDX-License-Identifier: MIT
/*
 * device_trap.c - __trap() and a failed assert() in the device code of a
 * whole program (include/idxgen_cc_program.h calls these with the block
 * that runs on the OS thread and the thread's index).
 *
 * On CUDA neither ends the process: the kernel stops, the launch fails
 * with a sticky error (cudaErrorLaunchFailure after __trap(),
 * cudaErrorAssert after an assertion, whose message the device prints in
 * its own shape, "FILE:LINE: FUNCTION: block: [x,y,z], thread: [x,y,z]
 * Assertion `EXPR` failed.") and every later call of the context returns
 * it.  Here the block traps (idxgen_rt_trap: the block is abandoned, the
 * blocks not started are skipped, launch.c makes the error sticky; an
 * assertion's trap message starts with "assert", which launch.c reads as
 * cudaErrorAssert).  Without a block (host code, a __host__ __device__
 * function called from the host) both act as on the host: glibc's
 * assertion message and abort().
 *
 * A fault in kernel code (a write through NULL, far out of bounds: SIGSEGV
 * or SIGBUS) traps its block too (lib/rt/fault.c, "illegal address ..."):
 * the sticky cudaErrorIllegalAddress, as a GPU's.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

void __idxgenDeviceTrap(struct idxgen_rt_block *blk, unsigned int tx, unsigned int ty, unsigned int tz)
{
	if (!blk) {
		fputs("idxgen cudart: __trap() called outside a kernel\n", stderr);
		abort();
	}
	idxgen_rt_trap(blk, "__trap() in thread (%u,%u,%u)", tx, ty, tz);
}

void __idxgenDeviceAssert(struct idxgen_rt_block *blk, unsigned int tx, unsigned int ty, unsigned int tz,
			  const char *assertion, const char *file, unsigned int line, const char *function)
{
	char name[1024];

	if (!blk) {	/* glibc's __assert_fail, word for word */
		fprintf(stderr, "%s%s%s:%u: %s%sAssertion `%s' failed.\n", program_invocation_short_name,
			program_invocation_short_name[0] ? ": " : "", file, line, function ? function : "",
			function ? ": " : "", assertion);
		fflush(stderr);
		abort();
	}
	function = cudart_nvcc_function_name(function, name, sizeof(name));
	fprintf(stderr, "%s:%u: %s: block: [%u,%u,%u], thread: [%u,%u,%u] Assertion `%s` failed.\n", file, line,
		function ? function : "?", blk->block_idx[0], blk->block_idx[1], blk->block_idx[2], tx, ty, tz,
		assertion);
	idxgen_rt_trap(blk, "assertion `%s` failed (%s:%u, thread (%u,%u,%u))", assertion, file, line, tx, ty, tz);
}

cudaError_t cudart_trap_error(const char *msg)
{
	if (strstr(msg, ": assert"))
		return cudaErrorAssert;
	if (strstr(msg, ": illegal address"))
		return cudaErrorIllegalAddress;
	return cudaErrorLaunchFailure;
}
