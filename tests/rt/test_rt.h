// SPDX-License-Identifier: MIT
/*
 * test_rt.h - what the files of the runtime suite (idxgen-rt-test, one
 * binary: test_rt.c and test_rt_*.c) share: the quick mode, the random
 * inputs, the runtime constructor, the kernels of kernels.h and one TAP
 * count (tests/common/tap.h, TAP_SHARED).  Each file includes it first
 * (it defines _GNU_SOURCE).
 */
#ifndef IDXGEN_TEST_RT_H
#define IDXGEN_TEST_RT_H

#ifndef _GNU_SOURCE
#define _GNU_SOURCE
#endif
#include <errno.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "idxgen_rt.h"
#include "kernels.h"
#define TAP_SHARED
#include "tap.h"

extern bool quick;	/* `idxgen-rt-test quick`: smaller sizes, for valgrind */
/*
 * Whether valgrind runs the suite: it reports a kernel's planned bad write
 * as an error of the run, and the context it gives a SIGFPE handler names
 * the start of the code block, not the division (lib/rt/fault_div.c cannot
 * resume it): the fault tests are skipped there.
 */
bool under_valgrind(void);

/* One pseudo-random sequence for the whole run (fixed seed). */
uint32_t rnd(void);
float frnd(void);	/* in [-1, 1] */

/* A runtime with that many worker threads, NULL (and a comment) on failure. */
struct idxgen_rt *rt_new(unsigned int threads);

/* The tests, by file (main() in test_rt.c runs them). */
/* test_rt_create.c: the emulation announcement, IDXGEN_BACKEND=drm, the thread count */
void test_announce(void);
void test_forced_drm(void);
void test_num_threads(void);
/* test_rt_devices.c: IDXGEN_DEVICES, one launch over every device */
void test_devices(void);
/* test_rt_kernels.c: kernels against plain C references, private and shared areas */
void test_vadd(struct idxgen_rt *rt, unsigned int nt, uint32_t n, uint32_t bs);
void test_reduce(struct idxgen_rt *rt, unsigned int nt, uint32_t n, uint32_t bs);
void test_matmul(struct idxgen_rt *rt, unsigned int nt, uint32_t n, const struct idxgen_rt_kernel *k);
void test_stencil(struct idxgen_rt *rt, unsigned int nt, uint32_t nx, uint32_t ny, uint32_t nz,
		  struct idxgen_rt_dim3 bd, const struct idxgen_rt_kernel *k);
void test_rev(struct idxgen_rt *rt, unsigned int nt, uint32_t nb, uint32_t bs);
void test_vote(struct idxgen_rt *rt, unsigned int nt);
void test_layout(struct idxgen_rt *rt);
/* test_rt_order.c: schedule orders, the stream order, kernel ABI versions */
void test_schedule(struct idxgen_rt *rt, unsigned int nt);
void test_stream_order(struct idxgen_rt *rt, unsigned int nt);
void test_abi_versions(struct idxgen_rt *rt);
/* test_rt_streams.c: index streams, history, regions per shape, cached launch state, claims */
void test_visit(struct idxgen_rt *rt, struct idxgen_rt_dim3 g, struct idxgen_rt_dim3 b, const char *what);
void test_history(struct idxgen_rt *rt);
void test_shapes(struct idxgen_rt *rt);
void test_launch_cache(struct idxgen_rt *rt, unsigned int nt);
void test_claims(struct idxgen_rt *rt, unsigned int nt);
/* test_rt_bad_input.c */
void test_bad_input(struct idxgen_rt *rt);
/* test_rt_builtins.c: trap, printf */
void test_trap(struct idxgen_rt *rt, unsigned int nt);
/* issue 38: a kernel's NULL write fails the launch, its division by zero completes */
void test_fault(struct idxgen_rt *rt, unsigned int nt);
void test_in_block(struct idxgen_rt *rt, unsigned int nt);
void test_printf(struct idxgen_rt *rt, unsigned int nt);
/* test_rt_async.c: asynchronous launches, launches from several host threads */
void test_async(struct idxgen_rt *rt, unsigned int nt);
void test_stress(struct idxgen_rt *rt, unsigned int nt);
/* test_rt_prof.c: profiling hooks */
void test_prof(struct idxgen_rt *rt);
/* test_rt_fiber.c: threads as fibers */
void test_fibers(struct idxgen_rt *rt, unsigned int nt);
/* test_rt_coop.c: cooperative launches, grid-wide barriers */
void test_coop(struct idxgen_rt *rt, unsigned int nt);
/* test_rt_clock.c: the device clock never goes back on a thread */
void test_clock(void);

#endif /* IDXGEN_TEST_RT_H */
