// SPDX-License-Identifier: MIT
/*
 * idxgen-stress fuzz: a structure-aware ioctl fuzzer.  Four processes of
 * two threads share and replace four fds of the debug device and issue
 * random, mostly plausible ioctls, bad pointers and verified jobs, while a
 * fifth process resets (and rebinds) the device.
 */
#include "stress.h"

#define FUZZ_FDS     4
#define FUZZ_PROCS   4
#define FUZZ_THREADS 2
/*
 * Each thread makes at least this many operations, and goes on until the
 * run's time is up: how much the storm does does not depend on the speed
 * of the run (4 x 2 x 16 operations, each counts an ioctl or more).
 */
#define FUZZ_MIN_OPS 16

/*
 * One fuzzing process: its fds (each process its own copy, which its
 * threads replace under each other), the device, the end of the run (a
 * time, or a count of ioctls that reached a live device: "until", then
 * end is 0 or the budget's end), the shared statistics.
 */
struct fuzz_ctx {
	_Atomic int fds[FUZZ_FDS];
	int minor;
	char pci[64];
	double end;
	unsigned long until;
	uint64_t seed;
	struct stats *st;
};

/* Ioctls that reached a live device: all but those of a gone instance (ENODEV). */
static unsigned long fz_live(const struct stats *st)
{
	return atomic_load(&st->ioctls) - atomic_load(&st->by_errno[ENODEV]);
}

/*
 * Whether the run goes on: until its count of live ioctls in "until" mode
 * (the same work at any speed; the harness's suite timeout is the hang
 * guard) or its budget's end, if it has one, whichever comes first (a run
 * the budget stops fails its goal: a count reached, never a time passed),
 * else until its end time.
 */
static bool fz_more(const struct fuzz_ctx *fz)
{
	if (fz->until)
		return fz_live(fz->st) < fz->until && (!fz->end || now_s() < fz->end);
	return now_s() < fz->end;
}

/*
 * A user-queue session (cases 15 and 16) or a verified job (the default
 * case) takes 50-200 times as long as a plain ioctl (a file, context,
 * region and maps of its own; the device runs the jobs) and counts one to
 * three ioctls: drawn one time in six they took 56-86 % of the workers'
 * time (issue 42).  They are drawn a HEAVY_KEEP-th as often; the plain
 * kinds take the other draws.
 */
#define HEAVY_KIND 15
#define HEAVY_KEEP 4

/* One thread of it: the process's context and its own random state. */
struct fuzz_thread {
	struct fuzz_ctx *fz;
	uint64_t rng;
};

/*
 * The debug device's node now: a rebind while files of the old instance are
 * open gives it another minor, and the storm must follow it there (else
 * every open after the first rebind is ENOENT).  The first minor if it is
 * unbound at the moment; returns whether it is bound.
 */
static bool fz_path(const struct fuzz_ctx *fz, char *path, size_t len)
{
	char dir[96];
	struct dirent *e;
	DIR *dp;
	int minor = fz->minor;
	bool bound = false;

	snprintf(dir, sizeof(dir), "/sys/bus/pci/devices/%s/accel", fz->pci);
	dp = opendir(dir);
	while (dp && (e = readdir(dp)))
		if (sscanf(e->d_name, "accel%d", &minor) == 1) {
			bound = true;
			break;
		}
	if (dp)
		closedir(dp);
	snprintf(path, len, "/dev/accel/accel%d", minor);
	return bound;
}

/*
 * The debug device's node, once it is bound: while fuzz_chaos() rebinds it,
 * its node is gone, every ioctl on a file of the old instance answers
 * ENODEV and every open ENOENT, none of which reaches the driver's logic
 * (they were 59 % of a soak's ioctls, issue 42).  Polls sysfs (no ioctl)
 * every FZ_POLL_MS until the device is bound again or the run ends (a
 * rebind takes seconds on the debug kernel; eight threads polling every
 * millisecond slowed it); the hang guard bounds the wait should the bind
 * never come.  Returns whether it is bound.
 */
#define FZ_POLL_MS 10
static bool fz_node(const struct fuzz_ctx *fz, char *path, size_t len, uint64_t *waited_ns)
{
	uint64_t t0 = mono_ns();
	bool bound = false;
	long i;

	for (i = 0; i < HANG_GUARD_S * 1000L / FZ_POLL_MS; i++) {
		bound = fz_path(fz, path, len);
		if (bound || !fz_more(fz))
			break;
		if (!i)
			atomic_fetch_add(&fz->st->waits, 1);
		usleep(FZ_POLL_MS * 1000);
	}
	if (i) {
		count_time(fz->st, FZ_OP_BOUND_WAIT, t0);
		*waited_ns += mono_ns() - t0;
	}
	return bound;
}

static const void *bad_ptr(uint64_t *x)
{
	static const uintptr_t ptrs[] = {
	    0, 1, 0xfff, 0xffff888000000000ull, 0xffffffffff600000ull, 0x7ffffffff000ull};

	return (const void *)ptrs[rnd(x) % (sizeof(ptrs) / sizeof(ptrs[0]))];
}

/*
 * A shared fd answered ENODEV: its device instance is gone (unbound, a
 * rebind gave the device a new one).  Replace it with a file of the device
 * once it is bound again (fz_node()), unless another thread already did, so
 * that the storm follows the device and most of its ioctls reach the
 * driver's logic instead of the unplugged file's ENODEV.  (It used to back
 * off a millisecond and go on while the device was unbound: each thread
 * then spent the whole rebind on dead files.)
 */
static void fz_follow(struct fuzz_ctx *fz, int slot, int dead)
{
	char path[64];
	int nfd, expected = dead;
	uint64_t waited = 0;

	if (!fz_node(fz, path, sizeof(path), &waited))
		return;
	nfd = open(path, O_RDWR | O_CLOEXEC);
	if (nfd < 0)
		return;
	if (atomic_compare_exchange_strong(&fz->fds[slot], &expected, nfd)) {
		close(dead);
		atomic_fetch_add(&fz->st->follows, 1);
	} else {
		close(nfd);
	}
}

static void fuzz_one(struct fuzz_thread *t)
{
	struct fuzz_ctx *fz = t->fz;
	uint64_t *x = &t->rng;
	int slot = rnd(x) % FUZZ_FDS;
	int fd = atomic_load(&fz->fds[slot]), shared = fd;
	uint32_t h = rnd(x) % 6, lanes = 32;
	/* the operation kind of each case below, for the time by operation */
	static const enum fz_op kind_of[18] = {
	    FZ_OP_GET_PARAM, FZ_OP_CTX,		 FZ_OP_CTX,	FZ_OP_REGION,	  FZ_OP_REGION,
	    FZ_OP_GEM_CLOSE, FZ_OP_SUBMIT,	 FZ_OP_SUBMIT,	FZ_OP_JOB_RESULT, FZ_OP_MAP,
	    FZ_OP_SYNCOBJ,   FZ_OP_SYNCOBJ_WAIT, FZ_OP_SYNCOBJ, FZ_OP_RANDOM,	  FZ_OP_REOPEN,
	    FZ_OP_UQ,	     FZ_OP_UQ,		 FZ_OP_JOB,
	};
	unsigned int kind = rnd(x) % 18;
	uint64_t t0 = mono_ns(), waited = 0; /* waits for a bind are counted apart */
	int r = 0;

	if (kind >= HEAVY_KIND && rnd(x) % HEAVY_KEEP)
		kind = rnd(x) % HEAVY_KIND;

	switch (kind) {
	case 0: {
		struct drm_idxgen_get_param a = {.param = rnd(x) % 24, .pad = rnd(x) % 4 == 0};

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_GET_PARAM,
			   rnd(x) % 8 ? (void *)&a : (void *)bad_ptr(x));
		break;
	}
	case 1: {
		struct drm_idxgen_ctx_create a = {.priority = rnd(x) % 4, .flags = rnd(x) % 8 == 0};

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &a);
		break;
	}
	case 2: {
		struct drm_idxgen_ctx_destroy a = {.ctx_id = rnd(x) % 6, .pad = rnd(x) % 8 == 0};

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);
		break;
	}
	case 3: {
		static const uint64_t sizes[] = {0, 1, 4096, 65536, 1 << 20, 1ull << 40, ~0ull};
		struct drm_idxgen_region_create a = {.size = sizes[rnd(x) % 7],
						     .flags = rnd(x) % 8 == 0};

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &a);
		break;
	}
	case 4: {
		struct drm_idxgen_region_shared a = {.flags = rnd(x) % 8 == 0};

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &a);
		break;
	}
	case 5: {
		struct drm_gem_close a = {.handle = h};

		r = ioctl1(fd, DRM_IOCTL_GEM_CLOSE, &a);
		break;
	}
	case 6:
	case 7: {
		struct drm_idxgen_config c[8];
		unsigned int n = 1 + rnd(x) % 8, i;
		struct drm_idxgen_submit a = {
		    .ctx_id = rnd(x) % 6,
		    .count = n,
		    .configs = (uintptr_t)c,
		    .config_size = sizeof(c[0]),
		    .out_syncobj = rnd(x) % 4,
		    .in_syncobj = rnd(x) % 6 == 0 ? rnd(x) % 4 : 0,
		};

		for (i = 0; i < n; i++)
			cfg_random(&c[i], lanes, h, rnd(x) % 3, x);
		switch (rnd(x) % 12) {
		case 0:
			a.configs = (uintptr_t)bad_ptr(x);
			break;
		case 1:
			a.count = rnd(x);
			break;
		case 2:
			a.config_size = rnd(x) % 128;
			break;
		case 3:
			a.flags = rnd(x);
			break;
		default:
			break;
		}
		r = ioctl1(fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);
		break;
	}
	case 8: {
		struct drm_idxgen_job_result a = {
		    .ctx_id = rnd(x) % 6, .seq = rnd(x) % 40, .flags = rnd(x) % 8 == 0};

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &a);
		break;
	}
	case 9: {
		struct drm_idxgen_region_info a = {.handle = h, .flags = rnd(x) % 8 == 0};
		size_t len;
		void *p;

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &a);
		if (r)
			break;
		count(fz->st, r);
		len = rnd(x) % 4 ? a.size : rnd(x) % (1 << 22);
		p = mmap(NULL, len, rnd(x) % 6 ? PROT_READ : PROT_READ | PROT_WRITE, MAP_SHARED, fd,
			 rnd(x) % 8 ? a.mmap_offset : a.mmap_offset + 4096 * (rnd(x) % 64));
		r = p == MAP_FAILED ? -errno : 0;
		if (p != MAP_FAILED) {
			atomic_fetch_add(&fz->st->maps, 1);
			munmap(p, len);
		}
		break;
	}
	case 10: {
		uint32_t s;

		r = drmSyncobjCreate(fd, rnd(x) % 2, &s) ? -errno : 0;
		break;
	}
	case 11: {
		uint32_t hs[4] = {rnd(x) % 5, rnd(x) % 5, rnd(x) % 5, rnd(x) % 5};

		r = drmSyncobjWait(fd, hs, 1 + rnd(x) % 4, abs_timeout(0) + 1000000 * (rnd(x) % 20),
				   rnd(x) % 4, NULL)
			? -errno
			: 0;
		break;
	}
	case 12:
		r = drmSyncobjDestroy(fd, rnd(x) % 5) ? -errno : 0;
		break;
	case 13: {
		/* random driver ioctl numbers and directions, random bytes */
		uint8_t buf[128];
		unsigned int i, nr = DRM_COMMAND_BASE + rnd(x) % 0x20;
		unsigned long req =
		    rnd(x) % 2 ? DRM_IOWR(nr, uint8_t[64]) : DRM_IOW(nr, uint8_t[8]);

		for (i = 0; i < sizeof(buf); i++)
			buf[i] = rnd(x) % 3 ? 0 : rnd(x);
		r = ioctl1(fd, req, buf);
		break;
	}
	case 15:
	case 16: {
		/* a hostile process's user queue, on a file of its own (fuzz_uq.c) */
		char path[64];

		if (!fz_node(fz, path, sizeof(path), &waited))
			return;
		r = fuzz_uq_op(path, (uint32_t)param(fd, DRM_IDXGEN_PARAM_LANES), fz->st, x);
		break;
	}
	case 14: {
		/* replace a shared fd under the other threads and processes */
		char path[64];
		int slot = rnd(x) % FUZZ_FDS, nfd, old;

		if (!fz_node(fz, path, sizeof(path), &waited))
			return;
		nfd = open(path, O_RDWR | O_CLOEXEC);
		if (nfd < 0) {
			r = -errno;
			break;
		}
		old = atomic_exchange(&fz->fds[slot], nfd);
		close(old);
		break;
	}
	default: {
		/*
		 * A valid job, verified if it reports success, on a file of its
		 * own: the shared fds change under it (another thread closes
		 * handles or reopens the fd number), which would point its
		 * handles at someone else's objects.
		 */
		struct drm_idxgen_config c;
		struct drm_idxgen_job_result res;
		uint32_t ctx, reg;
		const void *m;
		uint64_t size;
		char path[64];
		int own;

		if (!fz_node(fz, path, sizeof(path), &waited))
			return;
		own = open(path, O_RDWR | O_CLOEXEC);
		if (own < 0) {
			r = -errno;
			break;
		}
		fd = own;
		if (ctx_create(fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) ||
		    region_create(fd, 1 << 16, &reg)) {
			close(own);
			r = -EIO;
			break;
		}
		m = region_map(fd, reg, &size);
		cfg_random(&c, (uint32_t)param(fd, DRM_IDXGEN_PARAM_LANES), reg, true, x);
		r = m ? run_batch(fd, ctx, &c, 1, &res, 20) : -errno;
		if (!r && !res.error && !res.status) {
			count_output(fz->st, fd, m, &c);
		} else if (!r) {
			atomic_fetch_add(&fz->st->jobs_failed, 1);
		}
		if (m)
			munmap((void *)m, size);
		gem_close(fd, reg);
		{
			struct drm_idxgen_ctx_destroy a = {.ctx_id = ctx};

			xioctl(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);
		}
		close(own);
		break;
	}
	}
	count(fz->st, r);
	count_time(fz->st, kind_of[kind], t0 + waited);
	if (r == -ENODEV && fd == shared)
		fz_follow(fz, slot, shared);
}

static void *fuzz_thread(void *arg)
{
	struct fuzz_thread *t = arg;
	unsigned int ops;

	t->rng = rnd_seed(t->fz->seed);
	for (ops = 0; ops < FUZZ_MIN_OPS || fz_more(t->fz); ops++)
		fuzz_one(t);
	return NULL;
}

static void fuzz_worker(struct fuzz_ctx *fz)
{
	struct fuzz_thread arg[FUZZ_THREADS];
	pthread_t t[FUZZ_THREADS];
	int i;

	for (i = 0; i < FUZZ_THREADS; i++) {
		arg[i] = (struct fuzz_thread){.fz = fz};
		pthread_create(&t[i], NULL, fuzz_thread, &arg[i]);
	}
	for (i = 0; i < FUZZ_THREADS; i++)
		pthread_join(t[i], NULL);
}

/*
 * In "until" mode, a progress line at every hundredth of the goal and at
 * least once a minute (a figure, never compared).  In the soak plan the VM
 * harness passes a suite's output on as it comes, so the lines also show
 * how far a run that is stopped got.
 */
static void fuzz_progress(const struct fuzz_ctx *fz, unsigned long *next, double *last, double t0)
{
	unsigned long live = fz_live(fz->st);

	if (!fz->until || (live < *next && now_s() < *last + 60))
		return;
	*last = now_s();
	tap_diag(
	    "fuzz: progress: %lu of %lu live ioctls (%lu in all, %lu jobs verified, %lu wrong), "
	    "%.0f s",
	    live, fz->until, atomic_load(&fz->st->ioctls), atomic_load(&fz->st->jobs_verified),
	    atomic_load(&fz->st->jobs_bad), now_s() - t0);
	while (*next <= live)
		*next += fz->until / 100 ? fz->until / 100 : 1;
}

/*
 * Rebinds: while one runs the device is unbound, and every worker waits for
 * it (fz_node()).  A rebind takes 2.3 s on the debug kernel; at one every
 * sixth tick the device was away 38 % of a run and the workers spent 34 %
 * of their time waiting (issue 42).  Now a rebind comes after at least
 * REBIND_TICKS ticks and once the device has been bound BOUND_PER_REBIND
 * times as long as the last rebind took: unbound at most a tenth of the
 * run, at any speed (a pace, never checked).
 */
#define REBIND_TICKS	 6
#define BOUND_PER_REBIND 9

/* Resets and unbind/rebind of the debug device until the workers are done. */
static void fuzz_chaos(struct fuzz_ctx *fz, struct dev *d, bool rebind, bool resets)
{
	uint64_t x = rnd_seed(fz->seed);
	unsigned long next = fz->until / 100;
	double t0 = now_s(), last = t0, bound_at = t0, rebind_s = 0;
	char path[256];
	uint64_t t;
	int i = 0;

	while (!atomic_load(&fz->st->done)) {
		fuzz_progress(fz, &next, &last, t0);
		usleep(200000 + rnd(&x) % 500000);
		t = mono_ns();
		if (rebind && ++i >= REBIND_TICKS &&
		    now_s() - bound_at >= BOUND_PER_REBIND * rebind_s) {
			write_file("/sys/bus/pci/drivers/idxgen/unbind", d->pci);
			usleep(100000);
			write_file("/sys/bus/pci/drivers/idxgen/bind", d->pci);
			atomic_fetch_add(&fz->st->rebinds, 1);
			count_time(fz->st, FZ_OP_REBIND, t);
			bound_at = now_s();
			rebind_s = (mono_ns() - t) / 1e9;
			i = 0;
		} else if (resets) {
			snprintf(path, sizeof(path), "%s/reset", d->dbg);
			if (!write_file(path, "1"))
				atomic_fetch_add(&fz->st->resets, 1);
			count_time(fz->st, FZ_OP_RESET, t);
		}
	}
}

int mode_fuzz(int secs, unsigned long until, int budget, uint64_t seed, bool rebind, bool resets)
{
	struct fuzz_ctx fz = {.seed = seed, .until = until};
	struct stats *st = stats_new();
	struct dev d;
	pid_t pid[FUZZ_PROCS + 1];
	int i, status, crashed = 0, minor;
	double t0 = now_s();
	char path[64];

	fz.st = st;
	if (until)
		tap_diag("fuzz: seed %llu, until %lu ioctls reach a live device%s, resets %s, "
			 "rebind %s",
			 (unsigned long long)seed, until, budget ? " or the budget ends" : "",
			 resets ? "on" : "off", rebind ? "on" : "off");
	else
		tap_diag("fuzz: seed %llu, %d s, resets %s, rebind %s", (unsigned long long)seed,
			 secs, resets ? "on" : "off", rebind ? "on" : "off");
	minor = find_debug_dev();
	if (!tap_ok(minor >= 0 && dev_open(&d, minor) == 0, "fuzz: debug device open (accel%d)",
		    minor))
		return tap_done();
	fz.minor = minor;
	snprintf(fz.pci, sizeof(fz.pci), "%s", d.pci);
	snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
	for (i = 0; i < FUZZ_FDS; i++)
		fz.fds[i] = open(path, O_RDWR | O_CLOEXEC);
	fz.end = until ? (budget ? t0 + budget : 0) : t0 + secs;
	if (budget)
		tap_diag("fuzz: budget %d s", budget);
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < FUZZ_PROCS; i++) {
		pid[i] = fork();
		if (pid[i] == 0) {
			fz.seed = seed * 31 + i + 1;
			fuzz_worker(&fz);
			_exit(0);
		}
	}
	pid[FUZZ_PROCS] = fork();
	if (pid[FUZZ_PROCS] == 0) {
		fz.seed = seed * 77 + 5;
		fuzz_chaos(&fz, &d, rebind, resets);
		_exit(0);
	}
	for (i = 0; i <= FUZZ_PROCS; i++) {
		if (i == FUZZ_PROCS)
			atomic_store(&st->done, 1);
		if (pid[i] > 0 && waitpid(pid[i], &status, 0) == pid[i] &&
		    !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
			crashed++;
			tap_diag("fuzz: process %d ended with status %#x", i, status);
		}
	}
	for (i = 0; i < FUZZ_FDS; i++)
		close(fz.fds[i]);
	close(d.fd);
	/*
	 * A rebind while files of the old instance were open gave the device
	 * a new minor (the old one is freed only with its last file).  Now
	 * that every file is closed, bind it once more so that it is back at
	 * its minor: later suites and tools number devices from accel0 up.
	 */
	if (rebind) {
		write_file("/sys/bus/pci/drivers/idxgen/unbind", d.pci);
		write_file("/sys/bus/pci/drivers/idxgen/bind", d.pci);
	}
	print_stats(st, "fuzz", now_s() - t0);
	print_live_share(st, "fuzz");
	print_time_by_op(st, "fuzz", FUZZ_PROCS * FUZZ_THREADS);
	tap_ok(crashed == 0, "fuzz: every process survived (%d did not)", crashed);
	tap_ok(st->ioctls > 100, "fuzz: %lu ioctls issued", st->ioctls);
	if (until)
		tap_ok(fz_live(st) >= until, "fuzz: %lu ioctls reached a live device (goal %lu)",
		       fz_live(st), until);
	tap_ok(st->jobs_bad == 0,
	       "fuzz: every job that reported success verified (%lu ok, %lu wrong)",
	       st->jobs_verified, st->jobs_bad);
	/*
	 * The device must be usable afterwards (minor may change after
	 * rebind).  Its node is polled for, bounded by the hang guard only
	 * (it was 5 s: a speed guess on a slow debug kernel).
	 */
	for (i = 0; i < HANG_GUARD_S * 10 && access(path, F_OK); i++)
		usleep(100000);
	if (dev_open(&d, minor) == 0) {
		struct drm_idxgen_config c;
		struct drm_idxgen_job_result res;
		uint32_t ctx, reg;
		const void *m;
		uint64_t size;

		m = NULL;
		tap_ok(!ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) &&
			   !region_create(d.fd, 1 << 16, &reg) &&
			   (m = region_map(d.fd, reg, &size)) &&
			   (cfg_make(&c, &d, reg, 0, 13, 7, 5), 1) &&
			   !run_batch(d.fd, ctx, &c, 1, &res, HANG_GUARD_S) && !res.error &&
			   !res.status && output_ok(m, &c),
		       "fuzz: device works after the storm");
		if (m)
			munmap((void *)m, size);
		close(d.fd);
		tap_ok(objects_back(&d, (struct counts){0, 0, 0, 0}, HANG_GUARD_S),
		       "fuzz: no driver object left once every fd is closed");
	} else {
		tap_ok(0, "fuzz: device back after the storm");
	}
	return tap_done();
}
