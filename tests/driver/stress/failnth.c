// SPDX-License-Identifier: MIT
/*
 * idxgen-stress failnth: every ioctl (the user queues' too) and mmap with
 * /proc/thread-self/fail-nth = 1, 2, 3... until it runs clean; each
 * injected failure must be a clean error that leaves no object behind.
 */
#include "stress.h"

/* The run's context: the device, its objects, the fail-nth file. */
struct fn_state {
	struct dev *d;
	int failnth_fd;
	uint32_t ctx, reg, so;
	const void *map;
	uint64_t size;
	uint64_t seq;
	uint32_t tmp_id;		    /* the object an operation made or destroys */
	struct drm_idxgen_region_info info; /* of reg, for the mmap */
	struct drm_idxgen_config cfg[2];    /* what SUBMIT submits */
	struct drm_idxgen_uq_create uq;     /* the queue prep_uq made (uapi v3) */
};

/*
 * One operation: returns 0 or -errno; *made says whether it left an object
 * that undo must release.
 */
typedef int (*fn_op)(struct fn_state *s, bool *made);
typedef void (*fn_undo)(struct fn_state *s);
typedef void (*fn_prep)(struct fn_state *s);

/*
 * With FAULT_INJECTION_USERCOPY the copies of these reads and writes are
 * fault points too.  Arming writes while the count is 0 (nothing to
 * consume).  Disarming may have its copy failed (EFAULT) while the count is
 * still running: it then retries, each try consuming one point, until the
 * write goes through.
 */
static void failnth_set(int fd, unsigned int n)
{
	char s[16];
	int l = snprintf(s, sizeof(s), "%u", n), i;

	for (i = 0; i < 1000; i++) {
		if (pwrite(fd, s, l, 0) == l)
			return;
		if (errno != EFAULT)
			break;
	}
	perror("fail-nth write");
	abort();
}

/*
 * 0 if the armed fault was injected, else the points still to go.  The
 * kernel formats the value before copying it out; if that copy is the
 * armed point (EFAULT), the call before did not reach it.
 */
static unsigned int failnth_get(int fd)
{
	char s[16] = {0};

	if (pread(fd, s, sizeof(s) - 1, 0) > 0)
		return atoi(s);
	if (errno == EFAULT)
		return 1;
	perror("fail-nth read");
	abort();
}

static int errno_clean(int e)
{
	return e == -ENOMEM || e == -EFAULT || e == -ENOSPC || e == -EINTR || e == -EAGAIN;
}

static int op_param(struct fn_state *s, bool *made)
{
	struct drm_idxgen_get_param a = {.param = DRM_IDXGEN_PARAM_LANES};

	return ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a);
}

static int op_ctx_create(struct fn_state *s, bool *made)
{
	struct drm_idxgen_ctx_create a = {.priority = DRM_IDXGEN_PRIORITY_NORMAL};
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &a);

	*made = !r;
	s->tmp_id = a.ctx_id;
	return r;
}

static void undo_ctx(struct fn_state *s)
{
	struct drm_idxgen_ctx_destroy a = {.ctx_id = s->tmp_id};

	xioctl(s->d->fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);
}

/* Setup before the fault is armed: a context to destroy. */
static void prep_ctx(struct fn_state *s)
{
	if (ctx_create(s->d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &s->tmp_id))
		s->tmp_id = 0;
}

static int op_ctx_destroy(struct fn_state *s, bool *made)
{
	struct drm_idxgen_ctx_destroy a = {.ctx_id = s->tmp_id};
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);

	*made = r != 0; /* still there: undo destroys it */
	return r;
}

static int op_region_create(struct fn_state *s, bool *made)
{
	struct drm_idxgen_region_create a = {.size = 65536};
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &a);

	*made = !r;
	s->tmp_id = a.handle;
	return r;
}

static void undo_handle(struct fn_state *s)
{
	gem_close(s->d->fd, s->tmp_id);
}

static int op_region_shared(struct fn_state *s, bool *made)
{
	struct drm_idxgen_region_shared a = {0};
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &a);

	*made = !r;
	s->tmp_id = a.handle;
	return r;
}

static int op_region_info(struct fn_state *s, bool *made)
{
	struct drm_idxgen_region_info a = {.handle = s->reg};

	return ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_REGION_INFO, &a);
}

static void prep_info(struct fn_state *s)
{
	s->info = (struct drm_idxgen_region_info){.handle = s->reg};
	xioctl(s->d->fd, DRM_IOCTL_IDXGEN_REGION_INFO, &s->info);
}

static int op_mmap(struct fn_state *s, bool *made)
{
	void *p = mmap(NULL, s->info.size, PROT_READ, MAP_SHARED, s->d->fd, s->info.mmap_offset);

	if (p == MAP_FAILED)
		return -errno;
	munmap(p, s->info.size);
	return 0;
}

static int op_submit(struct fn_state *s, bool *made)
{
	struct drm_idxgen_submit a = {
	    .ctx_id = s->ctx,
	    .count = 2,
	    .configs = (uintptr_t)s->cfg,
	    .config_size = sizeof(s->cfg[0]),
	    .out_syncobj = s->so,
	};
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);

	*made = !r;
	s->seq = a.first_seq;
	return r;
}

/* A submission that went through: wait for it and check both outputs. */
static void undo_submit(struct fn_state *s)
{
	struct drm_idxgen_job_result r;
	int i, good = 0;

	if (drmSyncobjWait(s->d->fd, &s->so, 1, abs_timeout(HANG_GUARD_S), 0, NULL))
		return;
	for (i = 0; i < 2; i++)
		good += !job_result(s->d->fd, s->ctx, s->seq + i, &r) && !r.error && !r.status &&
			output_ok(s->map, &s->cfg[i]);
	if (good != 2)
		tap_ok(0, "failnth: a submission that succeeded produced %d of 2 correct outputs",
		       good);
	drmSyncobjReset(s->d->fd, &s->so, 1);
}

static int op_job_result(struct fn_state *s, bool *made)
{
	struct drm_idxgen_job_result r = {.ctx_id = s->ctx, .seq = 1};

	return ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &r);
}

static int op_syncobj_create(struct fn_state *s, bool *made)
{
	struct drm_syncobj_create a = {0};
	int r = ioctl1(s->d->fd, DRM_IOCTL_SYNCOBJ_CREATE, &a);

	*made = !r;
	s->tmp_id = a.handle;
	return r;
}

static void undo_syncobj(struct fn_state *s)
{
	drmSyncobjDestroy(s->d->fd, s->tmp_id);
}

static int op_open(struct fn_state *s, bool *made)
{
	char path[64];
	int fd;

	snprintf(path, sizeof(path), "/dev/accel/accel%d", s->d->minor);
	fd = open(path, O_RDWR);
	if (fd < 0)
		return -errno;
	close(fd);
	return 0;
}

/* User queues (uapi v3): UQ_CREATE on the run's context and region. */
static int uq_create_args(struct fn_state *s, struct drm_idxgen_uq_create *a, bool inject)
{
	memset(a, 0, sizeof(*a));
	a->ctx_id = s->ctx;
	a->ring_entries = 16;
	a->nregions = 1;
	a->regions[0] = s->reg;
	return inject ? ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_UQ_CREATE, a)
		      : (xioctl(s->d->fd, DRM_IOCTL_IDXGEN_UQ_CREATE, a) ? -errno : 0);
}

static int op_uq_create(struct fn_state *s, bool *made)
{
	int r = uq_create_args(s, &s->uq, true);

	*made = !r;
	return r;
}

static void undo_uq(struct fn_state *s)
{
	struct drm_idxgen_uq_destroy a = {.uq_id = s->uq.uq_id};

	xioctl(s->d->fd, DRM_IOCTL_IDXGEN_UQ_DESTROY, &a);
}

/* Setup before the fault is armed: a queue to destroy, wait on or map. */
static void prep_uq(struct fn_state *s)
{
	if (uq_create_args(s, &s->uq, false))
		s->uq.uq_id = UINT32_MAX;
}

static int op_uq_destroy(struct fn_state *s, bool *made)
{
	struct drm_idxgen_uq_destroy a = {.uq_id = s->uq.uq_id};
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_UQ_DESTROY, &a);

	*made = r != 0; /* still there: undo destroys it */
	return r;
}

static int op_uq_wait(struct fn_state *s, bool *made)
{
	struct drm_idxgen_uq_wait a = {.uq_id = s->uq.uq_id, .value = 0};

	*made = true; /* the prepared queue goes in any case */
	return ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &a);
}

/*
 * The queue's memory and doorbell mappings.  The driver inserts their pages
 * at the first touch (remap_pfn_range() at mmap warned in untrack_pfn() when
 * an injected failure hit its page-table allocation: a 6.12 bug on that
 * error path), so the mmap allocates only the kernel's own bookkeeping.  An
 * -EINVAL is still counted as the allocation failure it would be from x86
 * PAT's memtype tracking (mm/memory.c).  The run without an injected failure
 * must still map both (an -EINVAL there fails as any other error does).
 */
static int op_uq_mmap(struct fn_state *s, bool *made)
{
	void *m, *db;
	int r = 0;

	*made = true;
	m = mmap(NULL, s->uq.mem_size, PROT_READ | PROT_WRITE, MAP_SHARED, s->d->fd,
		 s->uq.mem_offset);
	if (m == MAP_FAILED)
		return errno == EINVAL ? -ENOMEM : -errno;
	db = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, s->d->fd, s->uq.doorbell_offset);
	if (db == MAP_FAILED)
		r = errno == EINVAL ? -ENOMEM : -errno;
	else
		munmap(db, 4096);
	munmap(m, s->uq.mem_size);
	return r;
}

static const struct {
	const char *name;
	fn_op op;
	fn_undo undo;
	fn_prep prep;
	bool uq;	/* needs user queues (DRM_IDXGEN_UAPI_USER_QUEUES) */
} fn_ops[] = {
    {"open/close", op_open, NULL, NULL},
    {"GET_PARAM", op_param, NULL, NULL},
    {"CTX_CREATE", op_ctx_create, undo_ctx, NULL},
    {"CTX_DESTROY", op_ctx_destroy, undo_ctx, prep_ctx},
    {"REGION_CREATE", op_region_create, undo_handle, NULL},
    {"REGION_SHARED", op_region_shared, undo_handle, NULL},
    {"REGION_INFO", op_region_info, NULL, NULL},
    {"region mmap", op_mmap, NULL, prep_info},
    {"SUBMIT", op_submit, undo_submit, NULL},
    {"JOB_RESULT", op_job_result, NULL, NULL},
    {"SYNCOBJ_CREATE", op_syncobj_create, undo_syncobj, NULL},
    {"UQ_CREATE", op_uq_create, undo_uq, NULL, true},
    {"UQ_DESTROY", op_uq_destroy, undo_uq, prep_uq, true},
    {"UQ_WAIT", op_uq_wait, undo_uq, prep_uq, true},
    {"user queue mmap", op_uq_mmap, undo_uq, prep_uq, true},
};

int mode_failnth(int minor)
{
	struct dev d;
	struct fn_state s = {.d = &d};
	struct drm_idxgen_job_result res[2];
	const char *kern = getenv("IDXGEN_KERNEL");
	unsigned int k, n, injected_total = 0;
	bool has_uq;
	char why[128];

	s.failnth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (s.failnth_fd < 0) {
		/* The stock kernel has no fault injection: say so; the debug
		 * kernel must have it. */
		if (kern && !strcmp(kern, "debug"))
			tap_ok(0, "/proc/thread-self/fail-nth present on the debug kernel");
		else {
			snprintf(why, sizeof(why), "no fault injection in the %s kernel",
				 kern ? kern : "running");
			tap_skip(why, "fail-nth");
		}
		return tap_done();
	}
	/* Let fail-nth reach GFP_KERNEL slab and order-0 page allocations and
	 * keep the log short (each failure would dump a stack under TCG). */
	write_file("/sys/kernel/debug/failslab/ignore-gfp-wait", "N");
	write_file("/sys/kernel/debug/fail_page_alloc/ignore-gfp-wait", "N");
	write_file("/sys/kernel/debug/fail_page_alloc/min-order", "0");
	write_file("/sys/kernel/debug/failslab/verbose", "0");
	write_file("/sys/kernel/debug/fail_page_alloc/verbose", "0");
	write_file("/sys/kernel/debug/fail_usercopy/verbose", "0");

	if (!tap_ok(dev_open(&d, minor) == 0, "accel%d: open", minor))
		return tap_done();
	if (!tap_ok(!ctx_create(d.fd, DRM_IDXGEN_PRIORITY_NORMAL, &s.ctx) &&
			!region_create(d.fd, 1 << 16, &s.reg) &&
			(s.map = region_map(d.fd, s.reg, &s.size)) &&
			!drmSyncobjCreate(d.fd, 0, &s.so),
		    "accel%d: context, region, mapping, syncobj", minor))
		return tap_done();
	cfg_make(&s.cfg[0], &d, s.reg, 0, 17, 9, 3);
	cfg_make(&s.cfg[1], &d, s.reg, 8192, 5, 30, 2);

	has_uq = param(d.fd, DRM_IDXGEN_PARAM_UAPI_FEATURES) & DRM_IDXGEN_UAPI_USER_QUEUES;
	for (k = 0; k < sizeof(fn_ops) / sizeof(fn_ops[0]); k++) {
		struct counts base = objects(&d);
		unsigned int injected = 0, unclean = 0, leaked = 0, orphans = 0;
		bool done = false;
		int r = 0, last_bad = 0;

		if (fn_ops[k].uq && !has_uq) {
			tap_skip("this device has no user queues", "failnth %s", fn_ops[k].name);
			continue;
		}

		for (n = 1; n <= 400 && !done; n++) {
			bool made = false;
			unsigned int left;

			if (fn_ops[k].prep)
				fn_ops[k].prep(&s);
			failnth_set(s.failnth_fd, n);
			r = fn_ops[k].op(&s, &made);
			left = failnth_get(s.failnth_fd);
			failnth_set(s.failnth_fd, 0);
			if (made && fn_ops[k].undo)
				fn_ops[k].undo(&s);
			if (left != 0) {
				/* Fewer than n fault points: the call ran clean. */
				done = true;
				if (r) {
					unclean++;
					last_bad = r;
				}
				break;
			}
			injected++;
			if (r && !errno_clean(r)) {
				unclean++;
				last_bad = r;
			}
			/*
			 * -EFAULT after the handler succeeded: drm_ioctl() failed
			 * to copy the result (handle, id) out.  As in every DRM
			 * driver the object then belongs to the file until it is
			 * closed (checked at the end), it is not freed at once.
			 * Told apart from an object that is merely freed late by
			 * a short wait; mistaking one for the other costs
			 * nothing (objects_back() counts "no more than base").
			 * HANG_GUARD_S bounds the wait for the rest (asynchronous frees).
			 */
			if (r == -EFAULT && !objects_back(&d, base, 1)) {
				orphans++;
				base = objects(&d);
				continue;
			}
			if (!objects_back(&d, base, HANG_GUARD_S))
				leaked++;
		}
		if (orphans)
			tap_diag("failnth %s: %u objects left to the file by a failed copy-out",
				 fn_ops[k].name, orphans);
		injected_total += injected;
		tap_ok(done && !unclean && !leaked,
		       "failnth %s: %u injected failures, each a clean error and no object left "
		       "(unclean %u, last %d, leaked %u)",
		       fn_ops[k].name, injected, unclean, last_bad, leaked);
	}
	tap_ok(injected_total > 20, "failnth: %u failures injected in all", injected_total);
	tap_ok(run_batch(d.fd, s.ctx, s.cfg, 2, res, HANG_GUARD_S) == 0 && !res[0].error &&
		   !res[0].status && !res[1].error && !res[1].status &&
		   output_ok(s.map, &s.cfg[0]) &&
		   output_ok(s.map, &s.cfg[1]),
	       "accel%d: device still works after the injected failures", minor);
	munmap((void *)s.map, s.size);
	close(d.fd);
	tap_ok(objects_back(&d, (struct counts){0, 0, 0, 0}, HANG_GUARD_S),
	       "accel%d: every object released when the file is closed", minor);
	return tap_done();
}
