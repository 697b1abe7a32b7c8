// SPDX-License-Identifier: MIT
/*
 * test_rt_devices.c - IDXGEN_DEVICES: its bad values, and (in the VM, two
 * devices) one launch spread over every device giving the same result as
 * on one: by default (the variable unset) and when named, also when a
 * helper device fails its chunk (a corrupted completion record, a DMA
 * fault, a job that hangs until the driver's watchdog resets the device:
 * faults armed through the driver's debugfs).  Whether device 1 served a
 * launch is read from the driver (its sysfs job counter), not from the
 * runtime.
 */
#include "test_rt.h"

#include <inttypes.h>
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

/* C = A x B (n x n, blocks of 16 x 16) on a fresh runtime with IDXGEN_DEVICES=devices; device 1's jobs. */
static int matmul_on(const char *devices, uint32_t n, float *c, uint64_t *jobs1_delta)
{
	float *a = malloc(sizeof(float) * n * n), *b = malloc(sizeof(float) * n * n);
	void *args[] = { &a, &b, &c, &n };
	uint64_t before = device_jobs(1), after;
	struct idxgen_rt *rt;
	int err = a && b ? 0 : -ENOMEM;

	for (uint32_t i = 0; !err && i < n * n; i++) {
		a[i] = (float)(i % 13) - 6.0f;
		b[i] = (float)(i % 7) * 0.5f;
	}
	rt = err ? NULL : rt_with(devices, &err);
	if (!err)
		err = idxgen_rt_launch(rt, &matmul_kernel, IDXGEN_RT_DIM3(n / MM_T, n / MM_T, 1),
				       IDXGEN_RT_DIM3(MM_T, MM_T, 1), 0, args);
	idxgen_rt_destroy(rt);
	after = device_jobs(1);
	*jobs1_delta = before == UINT64_MAX || after == UINT64_MAX ? UINT64_MAX : after - before;
	free(a);
	free(b);
	return err;
}

/*
 * The default: with the variable unset every device serves a launch, and
 * a kernel's output is byte for byte the output of device 0 alone.
 */
static void test_default_spread(void)
{
	const uint32_t n = 64;
	float *c1 = calloc(n * n, sizeof(float)), *call = calloc(n * n, sizeof(float));
	uint64_t d1 = 0, dall = 0, dvisit = 0;
	struct idxgen_rt *rt;
	int e1, eall, evisit;

	e1 = c1 && call ? matmul_on("0", n, c1, &d1) : -ENOMEM;
	eall = c1 && call ? matmul_on(NULL, n, call, &dall) : -ENOMEM;
	tap_ok(!e1 && !eall && d1 == 0 && dall >= 1 && dall != UINT64_MAX && !memcmp(c1, call, sizeof(float) * n * n),
	       "IDXGEN_DEVICES unset: matmul %ux%u served by both devices (%" PRIu64
	       " jobs on device 1) == device 0 alone (%s, %s)", n, n, dall, idxgen_strerror(e1),
	       idxgen_strerror(eall));
	free(c1);
	free(call);
	rt = rt_with(NULL, &evisit);
	if (!evisit)
		evisit = visit_all(rt, &dvisit);
	idxgen_rt_destroy(rt);
	tap_ok(!evisit && dvisit >= 1 && dvisit != UINT64_MAX,
	       "IDXGEN_DEVICES unset: every thread once, device 1 made a chunk (%s, %" PRIu64 " jobs)",
	       idxgen_strerror(evisit), dvisit);
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
	       "device 1 ran %" PRIu64 " jobs (clean: %" PRIu64 ", %s)", what, d, clean, idxgen_strerror(err));
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
	test_small_grids();
}
