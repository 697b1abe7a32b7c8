// SPDX-License-Identifier: MIT
/*
 * test_rt_devices.c - IDXGEN_DEVICES: its bad values, and (in the VM, two
 * devices) one launch spread over every device giving the same result as
 * on one: by default (the variable unset: grids that take several device
 * jobs) and when named (every grid of two blocks or more), also when a
 * helper device fails its chunk (a corrupted completion record, a DMA
 * fault, a job that hangs until the driver's watchdog resets the device:
 * faults armed through the driver's debugfs).  Whether device 1 served a
 * launch is read from the driver (its sysfs job counter), not from the
 * runtime.
 */
#include "test_rt.h"

#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>

/* The driver's job counter of device index i (sysfs), or UINT64_MAX. */
static uint64_t device_jobs(unsigned int i)
{
	struct idxgen_pci_info pi[4];
	unsigned long long v;
	char path[256];
	int n = idxgen_list(pi, 4);
	FILE *f;

	if (n <= (int)i)
		return UINT64_MAX;
	snprintf(path, sizeof(path), "/sys/bus/pci/devices/%s/jobs", pi[i].pci_addr);
	f = fopen(path, "re");
	if (!f)
		return UINT64_MAX;
	if (fscanf(f, "%llu", &v) != 1)
		v = UINT64_MAX;
	fclose(f);
	return v;
}

/* Arm a fault of the device model (idxgen_hw.h IDXGEN_FAULT_*) on device index i; 0 or -errno. */
static int device_fault(unsigned int i, unsigned int bits)
{
	struct idxgen_pci_info pi[4];
	char path[256];
	int n = idxgen_list(pi, 4), ok;
	FILE *f;

	if (n <= (int)i)
		return -ENODEV;
	snprintf(path, sizeof(path), "/sys/kernel/debug/accel/%s/inject_fault", pi[i].pci_addr);
	f = fopen(path, "we");
	if (!f)
		return -errno;
	ok = fprintf(f, "%u\n", bits) > 0;
	return fclose(f) == 0 && ok ? 0 : -EIO;
}

/* A runtime with IDXGEN_DEVICES=devices (NULL: unset, the default). */
static struct idxgen_rt *rt_with(const char *devices, int *err)
{
	struct idxgen_rt_options o = { .num_threads = 2 };
	struct idxgen_rt *rt = NULL;

	if (devices)
		setenv("IDXGEN_DEVICES", devices, 1);
	else
		unsetenv("IDXGEN_DEVICES");
	*err = idxgen_rt_create(&o, &rt);
	unsetenv("IDXGEN_DEVICES");
	return rt;
}

/*
 * Every thread of grid x block once (visit_kernel); the launch's info into
 * *info when not NULL; device 1's job count before/after into *jobs1_delta.
 */
static int visit_grid(struct idxgen_rt *rt, struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block,
		      uint64_t *jobs1_delta, struct idxgen_rt_launch_info *info)
{
	uint64_t n = (uint64_t)grid.x * grid.y * grid.z * block.x * block.y * block.z;
	uint32_t *v = calloc(n, sizeof(*v));
	uint64_t before = device_jobs(1), after;
	void *args[] = { &v };
	int err, bad = 0;

	if (!v)
		return -ENOMEM;
	err = idxgen_rt_launch_ex(rt, &visit_kernel, grid, block, args, NULL, info);
	for (uint64_t i = 0; i < n; i++)
		bad += v[i] != 1;
	after = device_jobs(1);
	*jobs1_delta = before == UINT64_MAX || after == UINT64_MAX ? UINT64_MAX : after - before;
	free(v);
	return err ? err : bad ? -EIO : 0;
}

/* Every thread of a grid of 70000 one-thread blocks (two chunks of the device's size) once. */
static int visit_all(struct idxgen_rt *rt, uint64_t *jobs1_delta)
{
	return visit_grid(rt, IDXGEN_RT_DIM3(70000, 1, 1), IDXGEN_RT_DIM3(1, 1, 1), jobs1_delta, NULL);
}

/*
 * Grids far below the device's chunk size (the launches of ordinary CUDA
 * programs) are split too under IDXGEN_DEVICES=all: device 1 makes part of
 * each (before, a grid of one chunk ran on device 0 alone); a grid of one
 * block cannot be split.  A hot shape's repeat launches still end up on
 * the cached streams (no device job) although device 1's chunks never hit.
 */
static void test_small_grids(void)
{
	static const struct {
		struct idxgen_rt_dim3 grid, block;
	} shapes[] = {
		{ { 2, 1, 1 }, { 32, 1, 1 } },
		{ { 5, 1, 1 }, { 64, 1, 1 } },
		{ { 7, 3, 1 }, { 8, 4, 1 } },
		{ { 3, 2, 2 }, { 4, 2, 2 } },
		{ { 1, 1, 5 }, { 2, 1, 1 } },
	};
	struct idxgen_rt_launch_info info;
	struct idxgen_rt *rt;
	uint64_t d1;
	int err;

	rt = rt_with("all", &err);
	for (unsigned int i = 0; i < sizeof(shapes) / sizeof(shapes[0]); i++) {
		const struct idxgen_rt_dim3 *g = &shapes[i].grid, *b = &shapes[i].block;

		d1 = 0;
		if (!err)
			err = visit_grid(rt, *g, *b, &d1, NULL);
		printf("# grid %ux%ux%u of %ux%ux%u: device 1 ran %" PRIu64 " jobs (%s)\n", g->x, g->y,
		       g->z, b->x, b->y, b->z, d1, idxgen_strerror(err));
		tap_ok(!err && d1 >= 1 && d1 != UINT64_MAX,
		       "IDXGEN_DEVICES=all, grid %ux%ux%u of %ux%ux%u: every thread once, device 1 ran jobs",
		       g->x, g->y, g->z, b->x, b->y, b->z);
	}
	/* device 1's half, 65,535 blocks of 16-bit words (128 KiB), outgrows its first region */
	d1 = 0;
	if (!err)
		err = visit_grid(rt, IDXGEN_RT_DIM3(65535, 2, 1), IDXGEN_RT_DIM3(1, 1, 1), &d1, NULL);
	printf("# grid 65535x2: device 1 ran %" PRIu64 " jobs (%s)\n", d1, idxgen_strerror(err));
	tap_ok(!err && d1 >= 1 && d1 != UINT64_MAX,
	       "IDXGEN_DEVICES=all, grid 65535x2 (device 1's region grows to its 128 KiB chunk): "
	       "every thread once, device 1 ran jobs");
	d1 = UINT64_MAX;
	if (!err)
		err = visit_grid(rt, IDXGEN_RT_DIM3(1, 1, 1), IDXGEN_RT_DIM3(64, 1, 1), &d1, NULL);
	printf("# one block: device 1 ran %" PRIu64 " jobs (%s)\n", d1, idxgen_strerror(err));
	tap_ok(!err && d1 == 0, "IDXGEN_DEVICES=all, one block: every thread once, device 1 ran no job");

	/* the same shape again and again: hot, then its streams are cached */
	memset(&info, 0, sizeof(info));
	for (int i = 0; i < 5 && !err; i++)
		err = visit_grid(rt, IDXGEN_RT_DIM3(6, 2, 1), IDXGEN_RT_DIM3(16, 2, 1), &d1, &info);
	printf("# a hot shape's fifth launch: %u device jobs, device 1 ran %" PRIu64 " (%s)\n",
	       info.device_jobs, d1, idxgen_strerror(err));
	tap_ok(!err && info.device_jobs == 0 && d1 == 0,
	       "IDXGEN_DEVICES=all, a hot shape's fifth launch: every thread once, from the cached streams");
	idxgen_rt_destroy(rt);
}

/* Every thread writes its coordinates where its (block, thread) puts it: the launch's output. */
static void coords_block(struct idxgen_rt_block *blk)
{
	uint64_t *out = KARG(blk, 0, uint64_t *);
	const uint32_t *g = blk->grid_dim, *b = blk->block_dim, *bi = blk->block_idx;
	uint64_t bl = ((uint64_t)bi[2] * g[1] + bi[1]) * g[0] + bi[0];

	IDXGEN_RT_FOR_THREADS(blk, t) {
		uint32_t tx = IDXGEN_RT_TID_X(blk, t), ty = IDXGEN_RT_TID_Y(blk, t), tz = IDXGEN_RT_TID_Z(blk, t);
		uint64_t tl = ((uint64_t)tz * b[1] + ty) * b[0] + tx;

		out[bl * blk->nthreads + tl] = (uint64_t)bi[2] << 56 | (uint64_t)bi[1] << 40 |
					       (uint64_t)bi[0] << 16 | tz << 10 | ty << 5 | tx;
	}
}

static const struct idxgen_rt_kernel coords_kernel = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "coords", .block = coords_block, .nargs = 1,
};

/* The same kernel under another descriptor: a kernel of its own to the runtime (not hot). */
static const struct idxgen_rt_kernel coords_kernel_b = {
	.abi_version = IDXGEN_RT_ABI_VERSION, .name = "coords_b", .block = coords_block, .nargs = 1,
};

/*
 * k (coords_block) over grid x block on rt; 0 when the output is what the
 * test computes for every thread (an independent reference); device 1's
 * jobs during the launch into *jobs1_delta.
 */
static int coords_run(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		      struct idxgen_rt_dim3 block, uint64_t *jobs1_delta)
{
	uint64_t nt = (uint64_t)block.x * block.y * block.z, n = (uint64_t)grid.x * grid.y * grid.z * nt;
	uint64_t *out = calloc(n, sizeof(*out)), before = device_jobs(1), after;
	void *args[] = { &out };
	int err = out ? 0 : -ENOMEM;

	if (!err)
		err = idxgen_rt_launch(rt, k, grid, block, 0, args);
	after = device_jobs(1);
	*jobs1_delta = before == UINT64_MAX || after == UINT64_MAX ? UINT64_MAX : after - before;
	for (uint64_t p = 0; !err && p < n; p++) {
		uint64_t bl = p / nt, tl = p % nt;
		uint64_t want = (uint64_t)(bl / ((uint64_t)grid.x * grid.y)) << 56 |
				(uint64_t)(bl / grid.x % grid.y) << 40 | (uint64_t)(bl % grid.x) << 16 |
				(tl / ((uint64_t)block.x * block.y)) << 10 | (tl / block.x % block.y) << 5 |
				tl % block.x;

		if (out[p] != want)
			err = -EIO;
	}
	free(out);
	return err;
}

/*
 * coords over grid x block on a fresh runtime with IDXGEN_DEVICES=devices
 * (NULL: unset), as coords_run; device 1's jobs, the runtime's creation
 * included, into *jobs1_delta.
 */
static int coords_on(const char *devices, struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block,
		     uint64_t *jobs1_delta)
{
	uint64_t before = device_jobs(1), after, d;
	struct idxgen_rt *rt = NULL;
	int err = 0;

	rt = rt_with(devices, &err);
	if (!err)
		err = coords_run(rt, &coords_kernel, grid, block, &d);
	idxgen_rt_destroy(rt);
	after = device_jobs(1);
	*jobs1_delta = before == UINT64_MAX || after == UINT64_MAX ? UINT64_MAX : after - before;
	return err;
}

/*
 * The default (the variable unset): a grid that takes two device jobs
 * (70,000 x 2 blocks of 2x2x1: a job's rows are at most 65,535 blocks
 * long, IDXGEN_HW_MAX_DIM) is spread over both devices and
 * its output is every thread's own coordinates, as on device 0 alone; a
 * grid the device makes in one job (16 blocks) stays on device 0 (splitting
 * it costs more than it saves: bench_lib devices).
 */
static void test_default_spread(void)
{
	const struct idxgen_rt_dim3 big = IDXGEN_RT_DIM3(70000, 2, 1), blk = IDXGEN_RT_DIM3(2, 2, 1);
	uint64_t d1 = 0, dall = 0, dsmall = UINT64_MAX;
	int e1, eall, esmall;

	e1 = coords_on("0", big, blk, &d1);
	eall = coords_on(NULL, big, blk, &dall);
	tap_ok(!e1 && d1 == 0,
	       "IDXGEN_DEVICES=0: grid 70000x2 of 2x2: every thread's coordinates, device 1 ran no job (%s)",
	       idxgen_strerror(e1));
	tap_ok(!eall && dall >= 1 && dall != UINT64_MAX,
	       "IDXGEN_DEVICES unset: grid 70000x2 of 2x2 served by both devices (%" PRIu64
	       " jobs on device 1): every thread's coordinates (%s)", dall, idxgen_strerror(eall));
	esmall = coords_on(NULL, IDXGEN_RT_DIM3(4, 4, 1), IDXGEN_RT_DIM3(16, 16, 1), &dsmall);
	tap_ok(!esmall && dsmall == 0,
	       "IDXGEN_DEVICES unset: a runtime's first grid of one device job (4x4 of 16x16) on device 0, "
	       "every thread's coordinates (%s, %" PRIu64 " jobs on device 1)", idxgen_strerror(esmall), dsmall);
}

/*
 * The default: grids of one device job go to the devices in turn, launch
 * after launch (the first to the runtime's device, the next one's grid
 * stream to device 1, ...): each launch's output is every thread's own
 * coordinates whichever device made its grid stream, and device 1 made
 * the second one's.  Two kernels, so that neither is hot (a hot shape's
 * streams stay on the runtime's device and are soon cached).
 */
static void test_default_turns(void)
{
	const struct idxgen_rt_dim3 grid = IDXGEN_RT_DIM3(32, 4, 1), blk = IDXGEN_RT_DIM3(8, 4, 2);
	uint64_t d[4] = { UINT64_MAX, UINT64_MAX, UINT64_MAX, UINT64_MAX };
	struct idxgen_rt *rt;
	int err, e[4] = { 0 };

	rt = rt_with(NULL, &err);
	for (int i = 0; i < 4; i++)
		e[i] = err ? err : coords_run(rt, i % 2 ? &coords_kernel_b : &coords_kernel, grid, blk, &d[i]);
	idxgen_rt_destroy(rt);
	printf("# IDXGEN_DEVICES unset, four launches of one device job: device 1 ran %" PRIu64 ", %" PRIu64
	       ", %" PRIu64 ", %" PRIu64 " jobs\n", d[0], d[1], d[2], d[3]);
	tap_ok(!e[0] && d[0] == 0,
	       "IDXGEN_DEVICES unset, a runtime's first launch of one job: on device 0, every thread's "
	       "coordinates (%s)", idxgen_strerror(e[0]));
	tap_ok(!e[1] && d[1] >= 1 && d[1] != UINT64_MAX,
	       "IDXGEN_DEVICES unset, the second launch: its grid stream from device 1, every thread's "
	       "coordinates (%s)", idxgen_strerror(e[1]));
	tap_ok(!e[2] && !e[3], "IDXGEN_DEVICES unset, the third and fourth launches (hot kernels, device 0): "
	       "every thread's coordinates (%s, %s)", idxgen_strerror(e[2]), idxgen_strerror(e[3]));
}

struct conc_launches {
	struct idxgen_rt *rt;
	const struct idxgen_rt_kernel *k;
	int err;
};

/* Eight launches of k, each grid a new shape (so that none is served from cached streams). */
static void *conc_thread(void *arg)
{
	struct conc_launches *c = arg;
	uint64_t d;

	for (uint32_t i = 0; i < 8 && !c->err; i++)
		c->err = coords_run(c->rt, c->k, IDXGEN_RT_DIM3(40 + i, 3, 1), IDXGEN_RT_DIM3(8, 4, 1), &d);
	return NULL;
}

/*
 * Two threads launching at once on one runtime under IDXGEN_DEVICES=all:
 * the launches may contend for device 1's region (one launch at a time uses
 * it; the other's chunks go to the runtime's device), and every launch's
 * output is every thread's own coordinates whichever device made what.
 */
static void test_concurrent_spread(void)
{
	struct conc_launches c[2] = { { .k = &coords_kernel }, { .k = &coords_kernel_b } };
	pthread_t t[2];
	struct idxgen_rt *rt;
	uint64_t before = device_jobs(1), after;
	int err, started = 0;

	rt = rt_with("all", &err);
	for (int i = 0; i < 2 && !err; i++) {
		c[i].rt = rt;
		err = pthread_create(&t[i], NULL, conc_thread, &c[i]) ? -EAGAIN : 0;
		started += !err;
	}
	for (int i = 0; i < started; i++)
		pthread_join(t[i], NULL);
	idxgen_rt_destroy(rt);
	after = device_jobs(1);
	printf("# two threads, 16 launches at once: device 1 ran %" PRIu64 " jobs\n",
	       before == UINT64_MAX || after == UINT64_MAX ? UINT64_MAX : after - before);
	tap_ok(!err && !c[0].err && !c[1].err,
	       "IDXGEN_DEVICES=all, two threads launching at once: every thread's coordinates in all 16 launches "
	       "(%s, %s, %s)", idxgen_strerror(err), idxgen_strerror(c[0].err), idxgen_strerror(c[1].err));
}

/*
 * The helper (device 0 under IDXGEN_DEVICES=1,0; debug=on in the VM)
 * fails its chunk with the fault armed (idxgen_hw.h IDXGEN_FAULT_*):
 * device 1 makes that chunk too, so it runs one job more than clean.
 */
static void test_helper_fault(unsigned int bits, const char *what, uint64_t clean)
{
	struct idxgen_rt *rt;
	uint64_t d = 0;
	int err;

	rt = rt_with("1,0", &err);
	if (!err)
		err = device_fault(0, bits);
	if (!err)
		err = visit_all(rt, &d);
	idxgen_rt_destroy(rt);
	tap_ok(!err && d == clean + 1,
	       "a helper device's chunk lost to %s is made by the first device: every thread once, "
	       "device 1 ran %" PRIu64 " jobs (clean: %" PRIu64 ", %s)", what, d, clean,
	       idxgen_strerror(err));
}

void test_devices(void)
{
	static const char *const bad[] = { "x", "0,", "0,0", "99", ",1", "1;0", "-1" };
	struct idxgen_rt *rt;
	uint64_t d0 = 0, dall = 0, dswap = 0;
	int err, e0, eall, eswap, nbad = 0;

	for (unsigned int i = 0; i < sizeof(bad) / sizeof(bad[0]); i++) {
		rt = rt_with(bad[i], &err);
		if (err != -EINVAL || rt) {
			printf("# IDXGEN_DEVICES=%s: %s\n", bad[i], idxgen_strerror(err));
			nbad++;
		}
		idxgen_rt_destroy(rt);
	}
	tap_ok(!nbad, "IDXGEN_DEVICES: 7 malformed or unknown values: -EINVAL");
	rt = rt_with("0", &err);
	tap_ok(!err && rt, "IDXGEN_DEVICES=0: created (%s)", idxgen_strerror(err));
	idxgen_rt_destroy(rt);
	rt = rt_with(NULL, &err);
	tap_ok(!err && rt, "IDXGEN_DEVICES unset: created (%s)", idxgen_strerror(err));
	idxgen_rt_destroy(rt);

	if (idxgen_list(NULL, 0) < 2 || device_jobs(1) == UINT64_MAX) {
		tap_skip("fewer than two idxgen devices here (the VM has two)",
			 "one launch spread over every device");
		return;
	}
	rt = rt_with("0", &err);
	e0 = err ? err : visit_all(rt, &d0);
	idxgen_rt_destroy(rt);
	rt = rt_with("all", &err);
	eall = err ? err : visit_all(rt, &dall);
	idxgen_rt_destroy(rt);
	rt = rt_with("1,0", &err);
	eswap = err ? err : visit_all(rt, &dswap);
	idxgen_rt_destroy(rt);
	tap_ok(!e0 && d0 == 0, "IDXGEN_DEVICES=0: every thread once, device 1 ran no job (%s, %" PRIu64
	       " jobs)", idxgen_strerror(e0), d0);
	tap_ok(!eall && dall >= 1 && dall != UINT64_MAX,
	       "IDXGEN_DEVICES=all: every thread once, device 1 made a chunk (%s, %" PRIu64 " jobs)",
	       idxgen_strerror(eall), dall);
	tap_ok(!eswap && dswap >= 1 && dswap != UINT64_MAX,
	       "IDXGEN_DEVICES=1,0: device 1 first, every thread once (%s, %" PRIu64 " jobs)",
	       idxgen_strerror(eswap), dswap);

	test_helper_fault(1u << 2, "a corrupted completion record", dswap);	/* IDXGEN_FAULT_CORRUPT_CPL */
	test_helper_fault(1u << 3, "a DMA fault", dswap);			/* IDXGEN_FAULT_FAIL_DMA */
	test_helper_fault(1u << 0, "a hang (the watchdog's reset)", dswap);	/* IDXGEN_FAULT_HANG_JOB */
	test_default_spread();
	test_default_turns();
	test_small_grids();
	test_concurrent_spread();
}
