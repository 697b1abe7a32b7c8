// SPDX-License-Identifier: MIT
/*
 * test_rt.c - the SPMD CPU runtime (include/idxgen_rt.h): main() and what
 * the files of the suite share.  Every test kernel against a plain C
 * reference at 1, 2 and 4 threads, index streams and block order from the
 * device (history hits counted), bad input, trap, printf, async launches,
 * profiling hooks, and a stress test of launches from several host threads
 * at once.  Runs on whatever backend libidxgen picks (the emulation on the
 * host, the driver in the VM).
 *
 * The tests, by area (test_rt.h lists them):
 *   test_rt_devices.c    IDXGEN_DEVICES, one launch spread over every device
 *   test_rt_create.c     the emulation announcement, IDXGEN_BACKEND=drm,
 *                        the thread count
 *   test_rt_kernels.c    the kernels of kernels.h against plain C, the
 *                        private and shared areas of a block
 *   test_rt_order.c      schedule orders, the stream order (kernel ABI 2),
 *                        kernel ABI versions
 *   test_rt_streams.c    index streams: every thread once, chunked grids,
 *                        history, regions per shape, cached launch state,
 *                        claims
 *   test_rt_bad_input.c  launches the runtime refuses
 *   test_rt_builtins.c   trap, printf
 *   test_rt_async.c      asynchronous launches, the stress test
 *   test_rt_prof.c       profiling hooks
 *   test_rt_fiber.c      threads as fibers: barriers, warp operations, failures
 *   test_rt_coop.c       cooperative launches and grid-wide barriers
 *
 * usage: idxgen-rt-test [quick] [-l | -t NAME...]    (quick: smaller sizes,
 * for valgrind; -l lists the tests: the areas that need no runtime, then
 * every area at 1, 2 and 4 threads; -t NAME runs one)
 */
#define TAP_SHARED_DEFINE	/* this file holds the TAP count */
#include "test_rt.h"

#if defined(__has_include)
#if __has_include(<valgrind/valgrind.h>)
#include <valgrind/valgrind.h>
#define TEST_RT_VALGRIND_H 1
#endif
#endif

bool quick;

bool under_valgrind(void)
{
#ifdef TEST_RT_VALGRIND_H
	return RUNNING_ON_VALGRIND;
#else
	return false;
#endif
}

static uint32_t rnd_state = 12345;
uint32_t rnd(void)
{
	rnd_state = rnd_state * 1103515245u + 12345u;
	return rnd_state >> 8;
}

float frnd(void)
{
	return (float)(rnd() % 2001) / 1000.0f - 1.0f;
}

struct idxgen_rt *rt_new(unsigned int threads)
{
	struct idxgen_rt_options o = { .num_threads = threads };
	struct idxgen_rt *rt = NULL;
	int err = idxgen_rt_create(&o, &rt);

	if (err) {
		printf("# idxgen_rt_create(%u threads): %s\n", threads, idxgen_strerror(err));
		return NULL;
	}
	return rt;
}

/*
 * Every area at one thread count, on one runtime, in the order the areas
 * depend on (launch state and history build up along the way); at 2
 * threads the areas that need only one count follow on the same runtime.
 */
static void test_at_threads(unsigned int nt)
{
	struct idxgen_rt *rt = rt_new(nt);

	if (!tap_ok(rt != NULL, "runtime with %u threads", nt))
		return;
	test_vadd(rt, nt, quick ? 3000 : 100003, 256);
	test_vadd(rt, nt, 777, 64);
	test_reduce(rt, nt, quick ? 5000 : 100000, 128);
	test_reduce(rt, nt, 1000, 512);
	test_matmul(rt, nt, quick ? 32 : 96, &matmul_kernel);
	test_matmul(rt, nt, quick ? 32 : 96, &matmul_il_kernel);
	test_stencil(rt, nt, 19, 13, 11, IDXGEN_RT_DIM3(8, 4, 4), &stencil_kernel);
	test_stencil(rt, nt, 19, 13, 11, IDXGEN_RT_DIM3(8, 4, 4), &stencil_wr_kernel);
	test_stencil(rt, nt, 37, 9, 7, IDXGEN_RT_DIM3(40, 3, 2), &stencil_wr_kernel);
	if (!quick) {
		test_stencil(rt, nt, 64, 48, 40, IDXGEN_RT_DIM3(16, 4, 2), &stencil_kernel);
		test_stencil(rt, nt, 64, 48, 40, IDXGEN_RT_DIM3(32, 4, 2), &stencil_wr_kernel);
	}
	test_rev(rt, nt, quick ? 20 : 300, 256);
	test_rev(rt, nt, 7, 33);
	test_schedule(rt, nt);
	test_stream_order(rt, nt);
	test_launch_cache(rt, nt);
	test_claims(rt, nt);
	test_vote(rt, nt);
	test_fibers(rt, nt);
	test_coop(rt, nt);
	test_trap(rt, nt);
	test_fault(rt, nt);
	test_in_block(rt, nt);
	test_printf(rt, nt);
	test_async(rt, nt);
	test_stress(rt, nt);
	if (nt == 2) {
		test_history(rt);
		test_layout(rt);
		test_shapes(rt);
		test_bad_input(rt);
		test_abi_versions(rt);
		test_prof(rt);
		test_visit(rt, IDXGEN_RT_DIM3(3, 4, 5), IDXGEN_RT_DIM3(2, 3, 4), "3-D grid");
		test_visit(rt, IDXGEN_RT_DIM3(70000, 1, 1), IDXGEN_RT_DIM3(1, 1, 1),
			   "grid.x above the device's 65535: chunked");
		if (!quick)
			test_visit(rt, IDXGEN_RT_DIM3(1100, 1000, 1), IDXGEN_RT_DIM3(1, 1, 1),
				   "grid above the device's 1M threads: chunked");
	}
	idxgen_rt_destroy(rt);
}

TAP_TEST(announce)
{
	test_announce();
}

TAP_TEST(forced_drm)
{
	test_forced_drm();
}

TAP_TEST(num_threads)
{
	test_num_threads();
}

TAP_TEST(devices)
{
	test_devices();
}

TAP_TEST(clock)
{
	test_clock();
}

TAP_TEST(threads_1)
{
	test_at_threads(1);
}

TAP_TEST(threads_2)
{
	test_at_threads(2);
}

TAP_TEST(threads_4)
{
	test_at_threads(4);
}

/* usage: idxgen-rt-test [quick] [-l | -t NAME...] */
int main(int argc, char **argv)
{
	quick = argc > 1 && !strcmp(argv[1], "quick");
	if (quick) {
		argv[1] = argv[0];
		argc--;
		argv++;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	return tap_main(argc, argv);
}
