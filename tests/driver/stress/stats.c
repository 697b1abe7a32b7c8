// SPDX-License-Identifier: MIT
/*
 * idxgen-stress: the statistics of fuzz and soak, the random generator and
 * random configs.  The device, the uapi wrappers, jobs and the driver's
 * object counters are drv_common.c's (tests/driver, shared with
 * idxgen-drv-test).
 */
#include "stress.h"

/* The statistics of a run, shared by the processes it forks. */
struct stats *stats_new(void)
{
	struct stats *st =
	    mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);

	if (st == MAP_FAILED) {
		perror("stats mmap");
		abort();
	}
	return st;
}

void count(struct stats *st, int r)
{
	int e = r < 0 ? -r : 0;

	atomic_fetch_add(&st->ioctls, 1);
	atomic_fetch_add(&st->by_errno[e < NERR ? e : NERR - 1], 1);
}

/*
 * Whether the bytes of c's output in map all read zero: what a mapping of
 * a region shows once its device is unbound (unplug semantics: the fault
 * handler then maps the zero page).
 */
static bool output_zero_page(const void *map, const struct drm_idxgen_config *c)
{
	const uint8_t *p = (const uint8_t *)map + c->offset;
	uint64_t i, len = cfg_bytes(c);

	for (i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

/*
 * A successful job's output that did not verify: unseen, or wrong.  A
 * device unbound since the job (unbound) excuses the mismatch only where
 * the output can no longer be seen: it reads as the zero page now, or read
 * again it verifies (drm_dev_unplug() fails ioctls before it zaps the
 * mappings, so the first read may have straddled the zap).  Any other
 * content is what the device wrote: wrong, unbound or not.
 */
bool output_unseen(const void *map, const struct drm_idxgen_config *c, bool unbound)
{
	return unbound && (output_zero_page(map, c) || output_ok(map, c));
}

/* Count the output of a job that reported success on fd. */
void count_output(struct stats *st, int fd, const void *map, const struct drm_idxgen_config *c)
{
	struct drm_idxgen_get_param gp = {.param = DRM_IDXGEN_PARAM_LANES};

	if (output_ok(map, c))
		atomic_fetch_add(&st->jobs_verified, 1);
	else if (output_unseen(map, c,
			       ioctl1(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &gp) == -ENODEV))
		atomic_fetch_add(&st->jobs_failed, 1);
	else
		atomic_fetch_add(&st->jobs_bad, 1);
}

/*
 * xorshift64*: each thread has its own state, seeded from the run's seed
 * and its thread id.
 */
uint64_t rnd_seed(uint64_t seed)
{
	return seed ^ ((uint64_t)gettid() * 0x9e3779b97f4a7c15ull) ^ 1;
}

uint64_t rnd(uint64_t *x)
{
	*x ^= *x >> 12;
	*x ^= *x << 25;
	*x ^= *x >> 27;
	return *x * 0x2545f4914f6cdd1dull;
}

void print_stats(const struct stats *st, const char *what, double secs)
{
	int e;

	tap_diag("%s: %lu ioctls in %.0f s, %lu jobs verified, %lu jobs failed by faults, %lu "
		 "wrong, %lu resets, %lu rebinds, %lu maps",
		 what, st->ioctls, secs, st->jobs_verified, st->jobs_failed, st->jobs_bad,
		 st->resets, st->rebinds, st->maps);
	for (e = 0; e < NERR; e++)
		if (st->by_errno[e])
			tap_diag("  %-12s %lu", e ? strerrorname_np(e) ?: "?" : "success",
				 st->by_errno[e]);
}

/*
 * The fuzzer's share of ioctls that reached a live device.  ENODEV: the
 * file's device instance was gone (unbound); every other answer came from
 * a live device's driver.  Only a run that unbinds can lose its device:
 * the soak (resets, no unbind) would always read 100 %, so it does not
 * print the line.
 */
void print_live_share(const struct stats *st, const char *what)
{
	if (st->ioctls)
		tap_diag("%s: %.1f %% of the ioctls reached a live device (%lu ENODEV, %lu files "
			 "reopened on the device after it, %lu waits for it to be bound again)",
			 what, 100.0 * (st->ioctls - st->by_errno[ENODEV]) / st->ioctls,
			 st->by_errno[ENODEV], st->follows, st->waits);
}

uint64_t mono_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (uint64_t)ts.tv_sec * 1000000000ull + (uint64_t)ts.tv_nsec;
}

/* One operation of kind OP, begun at SINCE_NS (mono_ns()). */
void count_time(struct stats *st, enum fz_op op, uint64_t since_ns)
{
	atomic_fetch_add(&st->op_n[op], 1);
	atomic_fetch_add(&st->op_ns[op], mono_ns() - since_ns);
}

/*
 * Where a fuzz run's time went: per operation kind, how many, their mean
 * and their share of the THREADS workers' time together (the chaos
 * process's resets and rebinds are its own time, shown beside them).  A
 * figure to find what slows the run (issue 42: 10^6 live ioctls), never
 * compared.
 */
void print_time_by_op(const struct stats *st, const char *what, int threads)
{
	static const char *const names[FZ_NOPS] = {
	    [FZ_OP_GET_PARAM] = "get_param",
	    [FZ_OP_CTX] = "ctx",
	    [FZ_OP_REGION] = "region",
	    [FZ_OP_GEM_CLOSE] = "gem_close",
	    [FZ_OP_SUBMIT] = "submit",
	    [FZ_OP_JOB_RESULT] = "job_result",
	    [FZ_OP_MAP] = "region_info+mmap",
	    [FZ_OP_SYNCOBJ] = "syncobj",
	    [FZ_OP_SYNCOBJ_WAIT] = "syncobj_wait",
	    [FZ_OP_RANDOM] = "random_ioctl",
	    [FZ_OP_REOPEN] = "reopen",
	    [FZ_OP_UQ] = "user_queue",
	    [FZ_OP_JOB] = "verified_job",
	    [FZ_OP_BOUND_WAIT] = "wait_for_bind",
	    [FZ_OP_RESET] = "chaos:reset",
	    [FZ_OP_REBIND] = "chaos:rebind",
	};
	double all = 0;
	int op;

	for (op = 0; op < FZ_OP_RESET; op++)
		all += st->op_ns[op] / 1e9;
	if (all <= 0)
		return;
	tap_diag("%s: time by operation (%d workers' wall time together: %.0f s)", what, threads,
		 all);
	for (op = 0; op < FZ_NOPS; op++) {
		double secs = st->op_ns[op] / 1e9;

		if (!st->op_n[op])
			continue;
		if (op < FZ_OP_RESET)
			tap_diag("  %-17s %8lu  mean %9.2f ms  %8.1f s  %5.1f %%", names[op],
				 st->op_n[op], secs * 1e3 / st->op_n[op], secs, 100 * secs / all);
		else
			tap_diag("  %-17s %8lu  mean %9.2f ms  %8.1f s  (chaos process)", names[op],
				 st->op_n[op], secs * 1e3 / st->op_n[op], secs);
	}
}

/* A random but mostly plausible config for region h. */
void cfg_random(struct drm_idxgen_config *c, uint32_t lanes, uint32_t h, bool valid, uint64_t *x)
{
	cfg_make_lanes(c, lanes ? lanes : 32, h, (rnd(x) % 16) * 4096, 1 + rnd(x) % 40,
		       1 + rnd(x) % 20, 1 + rnd(x) % 6);
	if (valid)
		return;
	switch (rnd(x) % 10) {
	case 0:
		c->flags = rnd(x);
		break;
	case 1:
		c->offset = rnd(x);
		break;
	case 2:
		c->dx = rnd(x);
		break;
	case 3:
		c->word_size = rnd(x);
		break;
	case 4:
		c->mx = rnd(x) % 40;
		break;
	case 5:
		c->c = rnd(x);
		break;
	case 6:
		c->rsvd = rnd(x);
		break;
	case 7:
		c->region = rnd(x) % 8;
		break;
	case 8:
		c->grid_blocks = rnd(x) % 3;
		break;
	default:
		c->order = rnd(x);
		break;
	}
}
