// SPDX-License-Identifier: MIT
/*
 * idxgen-stress - in-guest tests that look for kernel bugs rather than
 * wrong answers: they are meant to run under the debug kernel
 * (tests/vm/kernel), whose KASAN, lockdep, kmemleak and fault injection turn
 * a bug into a splat that the VM harness reports (tests/vm/guest-init.sh).
 *
 *   idxgen-stress drmcore [master|syncobj]
 *                                      DRM-core ioctls that oops or WARN on an
 *                                      unpatched 6.12 (tests/vm/kernel/patches)
 *   idxgen-stress failnth              every ioctl and region mmap with
 *                                      /proc/thread-self/fail-nth = 1, 2, 3...
 *   idxgen-stress fuzz SEC SEED [norebind] [noreset]
 *                                      structure-aware ioctl fuzzer: processes
 *                                      and threads sharing and closing fds,
 *                                      bad pointers, resets, unbind/rebind
 *   idxgen-stress soak PROCS JOBS SEC [MINSEC [resets]]
 *                                      PROCS processes submitting verified jobs
 *                                      (at least JOBS in all, for at least
 *                                      MINSEC, at most SEC seconds) while
 *                                      faults (and resets) are injected
 *
 * Every mode prints TAP and a summary; every job that reports success is
 * checked index by index against tests/common.
 */
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>

#include "idxgen_accel.h"
#include "idxgen_hw.h"
#include "tap.h"
#include "gen_ref.h"

#define ok(c, ...) tap_ok(!!(c), __VA_ARGS__)

/* ------------------------------------------------------------------ */
/* helpers                                                             */
/* ------------------------------------------------------------------ */

struct dev {
	int fd;
	int minor;
	char pci[64];
	char dbg[192];
	uint32_t lanes;
	uint64_t features;
};

static int xioctl(int fd, unsigned long req, void *arg)
{
	int r;

	do {
		r = ioctl(fd, req, arg);
	} while (r == -1 && (errno == EINTR || errno == EAGAIN));
	return r == -1 ? -errno : 0;
}

/* One ioctl, no retry: fail-nth must see exactly one call. */
static int ioctl1(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) == -1 ? -errno : 0;
}

static uint64_t param(int fd, uint32_t p)
{
	struct drm_idxgen_get_param a = { .param = p };

	return xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a) ? ~0ull : a.value;
}

static int read_file(const char *path, char *buf, size_t len)
{
	int fd = open(path, O_RDONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = read(fd, buf, len - 1);
	close(fd);
	if (n < 0)
		return -errno;
	buf[n] = 0;
	return 0;
}

static int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	close(fd);
	return n < 0 ? -errno : 0;
}

static void pci_of(int minor, char *pci, size_t len)
{
	char path[128], link[256], *b;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/class/accel/accel%d/device", minor);
	n = readlink(path, link, sizeof(link) - 1);
	pci[0] = 0;
	if (n > 0) {
		link[n] = 0;
		b = strrchr(link, '/');
		snprintf(pci, len, "%s", b ? b + 1 : link);
	}
}

static int dev_open(struct dev *d, int minor)
{
	char path[64];

	memset(d, 0, sizeof(*d));
	d->minor = minor;
	snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
	d->fd = open(path, O_RDWR | O_CLOEXEC);
	if (d->fd < 0)
		return -errno;
	pci_of(minor, d->pci, sizeof(d->pci));
	snprintf(d->dbg, sizeof(d->dbg), "/sys/kernel/debug/accel/%s", d->pci);
	d->lanes = param(d->fd, DRM_IDXGEN_PARAM_LANES);
	d->features = param(d->fd, DRM_IDXGEN_PARAM_FEATURES);
	return 0;
}

/* Value of "name N" in a debugfs file of the device, -1 if absent. */
static long dbg_value(const struct dev *d, const char *file, const char *name)
{
	char path[256], buf[8192], *p;
	size_t l = strlen(name);

	snprintf(path, sizeof(path), "%s/%s", d->dbg, file);
	if (read_file(path, buf, sizeof(buf)))
		return -1;
	for (p = buf; p && *p; p = strchr(p, '\n'), p = p ? p + 1 : NULL)
		if (!strncmp(p, name, l) && p[l] == ' ')
			return strtol(p + l + 1, NULL, 0);
	return -1;
}

struct counts {
	long regions, contexts, jobs, files;
};

static struct counts objects(const struct dev *d)
{
	struct counts c = {
		dbg_value(d, "objects", "regions"), dbg_value(d, "objects", "contexts"),
		dbg_value(d, "objects", "jobs"), dbg_value(d, "objects", "files"),
	};
	return c;
}

/* The driver's object counters come back to want within sec seconds. */
static bool objects_back(const struct dev *d, struct counts want, int sec)
{
	struct counts c;
	int i;

	for (i = 0; i <= sec * 20; i++) {
		c = objects(d);
		if (c.regions == want.regions && c.contexts == want.contexts &&
		    c.jobs == want.jobs && c.files == want.files)
			return true;
		usleep(50000);
	}
	tap_diag("objects: regions %ld contexts %ld jobs %ld files %ld, want %ld %ld %ld %ld",
		 c.regions, c.contexts, c.jobs, c.files, want.regions, want.contexts, want.jobs,
		 want.files);
	return false;
}

static int ctx_create(int fd, uint32_t *id)
{
	struct drm_idxgen_ctx_create a = { .priority = DRM_IDXGEN_PRIORITY_NORMAL };
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &a);

	*id = a.ctx_id;
	return r;
}

static int region_create(int fd, uint64_t size, uint32_t *h)
{
	struct drm_idxgen_region_create a = { .size = size };
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &a);

	*h = a.handle;
	return r;
}

static int gem_close(int fd, uint32_t h)
{
	struct drm_gem_close a = { .handle = h };

	return xioctl(fd, DRM_IOCTL_GEM_CLOSE, &a);
}

static const void *region_map(int fd, uint32_t h, uint64_t *size)
{
	struct drm_idxgen_region_info a = { .handle = h };
	void *p;

	if (xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &a))
		return NULL;
	p = mmap(NULL, a.size, PROT_READ, MAP_SHARED, fd, a.mmap_offset);
	if (p == MAP_FAILED)
		return NULL;
	*size = a.size;
	return p;
}

static void cfg_make(struct drm_idxgen_config *c, uint32_t lanes, uint32_t region,
		     uint64_t off, uint32_t dx, uint32_t dy, uint32_t dz)
{
	memset(c, 0, sizeof(*c));
	c->region = region;
	c->offset = off;
	c->dx = dx;
	c->dy = dy;
	c->dz = dz;
	c->c = lanes;
	c->xc = lanes % dx;
	c->yc = (lanes / dx) % dy;
	c->zc = lanes / (dx * dy);
	c->mx = idxgen_ref_width(dx);
	c->my = idxgen_ref_width(dy);
	c->mz = idxgen_ref_width(dz);
	c->word_size = c->mx + c->my + c->mz <= 16 ? 2 : 4;
	c->grid_blocks = 1;
}

static uint64_t cfg_bytes(const struct drm_idxgen_config *c)
{
	return (uint64_t)c->dx * c->dy * c->dz * c->word_size;
}

static int64_t abs_timeout(int sec)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)(ts.tv_sec + sec) * 1000000000ll + ts.tv_nsec;
}

static int submit(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
		  uint32_t out, uint64_t *first)
{
	struct drm_idxgen_submit a = {
		.ctx_id = ctx, .count = n, .configs = (uintptr_t)cfgs,
		.config_size = sizeof(*cfgs), .out_syncobj = out,
	};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);

	*first = a.first_seq;
	return r;
}

static int job_result(int fd, uint32_t ctx, uint64_t seq, struct drm_idxgen_job_result *r)
{
	memset(r, 0, sizeof(*r));
	r->ctx_id = ctx;
	r->seq = seq;
	return xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, r);
}

static bool output_ok(const void *map, const struct drm_idxgen_config *c)
{
	const uint8_t *p = (const uint8_t *)map + c->offset;
	int64_t bad = idxgen_ref_check(p, c->dx, c->dy, c->dz, c->mx, c->my, c->word_size);

	if (bad >= 0)
		tap_diag("shape %ux%ux%u ws %u at %#llx: thread %lld is %#x, expected %#x",
			 c->dx, c->dy, c->dz, c->word_size, (unsigned long long)c->offset,
			 (long long)bad, idxgen_ref_load(p, bad, c->word_size),
			 idxgen_ref_word(bad, c->dx, c->dy, c->mx, c->my));
	return bad < 0;
}

/*
 * Submit n configs and wait.  Returns 0 and fills res, or a negative errno.
 */
static int run_batch(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
		     struct drm_idxgen_job_result *res, int sec)
{
	uint32_t so, i;
	uint64_t first;
	int r;

	if (drmSyncobjCreate(fd, 0, &so))
		return -errno;
	r = submit(fd, ctx, cfgs, n, so, &first);
	if (!r)
		r = drmSyncobjWait(fd, &so, 1, abs_timeout(sec), 0, NULL) ? -errno : 0;
	for (i = 0; !r && i < n; i++)
		r = job_result(fd, ctx, first + i, &res[i]);
	drmSyncobjDestroy(fd, so);
	return r;
}

static unsigned int taint(void)
{
	char buf[32];

	return read_file("/proc/sys/kernel/tainted", buf, sizeof(buf)) ? 0 : atoi(buf);
}

#define TAINT_WARN (1u << 9)
#define TAINT_DIE (1u << 7)

/* ------------------------------------------------------------------ */
/* drmcore: the two DRM-core bugs of issue 8 item 10                   */
/* ------------------------------------------------------------------ */

/*
 * Debug kernel only (check.suites "debug:"): on an unpatched 6.12 the first
 * two oops (NULL file_priv->master on an accel file) and the third WARNs in
 * the page allocator.  tests/vm/kernel/patches 0001 and 0002 fix them.
 */
static int mode_drmcore(const char *which)
{
	struct dev d;
	struct drm_unique u = { 0 };
	struct drm_auth a = { 0 };
	struct drm_syncobj_wait w = { 0 };
	char name[64];
	uint32_t so, *handles;
	unsigned int t0 = taint(), i, n = 0x80000;
	int r;

	if (!tap_ok(dev_open(&d, 0) == 0, "open accel0"))
		return tap_done();
	if (!strcmp(which, "syncobj"))
		goto syncobj;
	u.unique_len = sizeof(name);
	u.unique = name;
	r = ioctl1(d.fd, DRM_IOCTL_GET_UNIQUE, &u);
	ok(r == -EINVAL, "GET_UNIQUE on an accel file (no master) -> EINVAL (%d)", r);
	r = ioctl1(d.fd, DRM_IOCTL_GET_MAGIC, &a);
	ok(r == -EINVAL, "GET_MAGIC on an accel file (no master) -> EINVAL (%d)", r);
	if (!strcmp(which, "master"))
		goto out;
syncobj:
	if (!tap_ok(drmSyncobjCreate(d.fd, DRM_SYNCOBJ_CREATE_SIGNALED, &so) == 0,
		    "syncobj created"))
		return tap_done();
	w.handles = (uintptr_t)&so;
	w.count_handles = 0x40000000;
	w.timeout_nsec = 0;
	r = ioctl1(d.fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
	ok(r == -ENOMEM || r == -EFAULT,
	   "SYNCOBJ_WAIT count_handles 0x40000000 -> ENOMEM/EFAULT (%d)", r);
	/* A count whose handle array fits but whose wait entries do not. */
	handles = malloc(n * sizeof(*handles));
	for (i = 0; handles && i < n; i++)
		handles[i] = so;
	w.handles = (uintptr_t)handles;
	w.count_handles = n;
	r = handles ? ioctl1(d.fd, DRM_IOCTL_SYNCOBJ_WAIT, &w) : -ENOMEM;
	ok(r == 0 || r == -ENOMEM, "SYNCOBJ_WAIT with 0x80000 copies of one handle -> 0/ENOMEM (%d)",
	   r);
	free(handles);
	w.handles = (uintptr_t)&so;
	w.count_handles = 1;
	r = ioctl1(d.fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
	ok(r == 0, "SYNCOBJ_WAIT of one signaled syncobj still works (%d)", r);
out:
	ok(!((taint() & ~t0) & (TAINT_WARN | TAINT_DIE)),
	   "no WARN or oops taint from these ioctls (taint %#x -> %#x)", t0, taint());
	close(d.fd);
	return tap_done();
}

/* ------------------------------------------------------------------ */
/* failnth: every ioctl and mmap under /proc/thread-self/fail-nth      */
/* ------------------------------------------------------------------ */

static int failnth_fd = -1;

/*
 * With FAULT_INJECTION_USERCOPY the copies of these reads and writes are
 * fault points too.  Arming writes while the count is 0 (nothing to
 * consume).  Disarming may have its copy failed (EFAULT) while the count is
 * still running: it then retries, each try consuming one point, until the
 * write goes through.
 */
static void failnth_set(unsigned int n)
{
	char s[16];
	int l = snprintf(s, sizeof(s), "%u", n), i;

	for (i = 0; i < 1000; i++) {
		if (pwrite(failnth_fd, s, l, 0) == l)
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
static unsigned int failnth_get(void)
{
	char s[16] = { 0 };

	if (pread(failnth_fd, s, sizeof(s) - 1, 0) > 0)
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

struct fn_state {
	struct dev *d;
	uint32_t ctx, reg, so;
	const void *map;
	uint64_t size;
	uint64_t seq;
};

/* One operation: returns 0 or -errno; *made says whether it left an object
 * that undo must release. */
typedef int (*fn_op)(struct fn_state *s, bool *made);
typedef void (*fn_undo)(struct fn_state *s);
typedef void (*fn_prep)(struct fn_state *s);

static int op_param(struct fn_state *s, bool *made)
{
	struct drm_idxgen_get_param a = { .param = DRM_IDXGEN_PARAM_LANES };

	return ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a);
}

static uint32_t tmp_id;

static int op_ctx_create(struct fn_state *s, bool *made)
{
	struct drm_idxgen_ctx_create a = { .priority = DRM_IDXGEN_PRIORITY_NORMAL };
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &a);

	*made = !r;
	tmp_id = a.ctx_id;
	return r;
}

static void undo_ctx(struct fn_state *s)
{
	struct drm_idxgen_ctx_destroy a = { .ctx_id = tmp_id };

	xioctl(s->d->fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);
}

/* Setup before the fault is armed: a context to destroy. */
static void prep_ctx(struct fn_state *s)
{
	if (ctx_create(s->d->fd, &tmp_id))
		tmp_id = 0;
}

static int op_ctx_destroy(struct fn_state *s, bool *made)
{
	struct drm_idxgen_ctx_destroy a = { .ctx_id = tmp_id };
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);

	*made = r != 0;	/* still there: undo destroys it */
	return r;
}

static int op_region_create(struct fn_state *s, bool *made)
{
	struct drm_idxgen_region_create a = { .size = 65536 };
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &a);

	*made = !r;
	tmp_id = a.handle;
	return r;
}

static void undo_handle(struct fn_state *s)
{
	gem_close(s->d->fd, tmp_id);
}

static int op_region_shared(struct fn_state *s, bool *made)
{
	struct drm_idxgen_region_shared a = { 0 };
	int r = ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &a);

	*made = !r;
	tmp_id = a.handle;
	return r;
}

static int op_region_info(struct fn_state *s, bool *made)
{
	struct drm_idxgen_region_info a = { .handle = s->reg };

	return ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_REGION_INFO, &a);
}

static struct drm_idxgen_region_info fn_info;

static void prep_info(struct fn_state *s)
{
	fn_info = (struct drm_idxgen_region_info){ .handle = s->reg };
	xioctl(s->d->fd, DRM_IOCTL_IDXGEN_REGION_INFO, &fn_info);
}

static int op_mmap(struct fn_state *s, bool *made)
{
	void *p = mmap(NULL, fn_info.size, PROT_READ, MAP_SHARED, s->d->fd, fn_info.mmap_offset);

	if (p == MAP_FAILED)
		return -errno;
	munmap(p, fn_info.size);
	return 0;
}

static struct drm_idxgen_config fn_cfg[2];

static int op_submit(struct fn_state *s, bool *made)
{
	struct drm_idxgen_submit a = {
		.ctx_id = s->ctx, .count = 2, .configs = (uintptr_t)fn_cfg,
		.config_size = sizeof(fn_cfg[0]), .out_syncobj = s->so,
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

	if (drmSyncobjWait(s->d->fd, &s->so, 1, abs_timeout(30), 0, NULL))
		return;
	for (i = 0; i < 2; i++)
		good += !job_result(s->d->fd, s->ctx, s->seq + i, &r) && !r.error && !r.status &&
			output_ok(s->map, &fn_cfg[i]);
	if (good != 2)
		tap_ok(0, "failnth: a submission that succeeded produced %d of 2 correct outputs",
		       good);
	drmSyncobjReset(s->d->fd, &s->so, 1);
}

static int op_job_result(struct fn_state *s, bool *made)
{
	struct drm_idxgen_job_result r = { .ctx_id = s->ctx, .seq = 1 };

	return ioctl1(s->d->fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &r);
}

static int op_syncobj_create(struct fn_state *s, bool *made)
{
	struct drm_syncobj_create a = { 0 };
	int r = ioctl1(s->d->fd, DRM_IOCTL_SYNCOBJ_CREATE, &a);

	*made = !r;
	tmp_id = a.handle;
	return r;
}

static void undo_syncobj(struct fn_state *s)
{
	drmSyncobjDestroy(s->d->fd, tmp_id);
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

static const struct {
	const char *name;
	fn_op op;
	fn_undo undo;
	fn_prep prep;
} fn_ops[] = {
	{ "open/close", op_open, NULL, NULL },
	{ "GET_PARAM", op_param, NULL, NULL },
	{ "CTX_CREATE", op_ctx_create, undo_ctx, NULL },
	{ "CTX_DESTROY", op_ctx_destroy, undo_ctx, prep_ctx },
	{ "REGION_CREATE", op_region_create, undo_handle, NULL },
	{ "REGION_SHARED", op_region_shared, undo_handle, NULL },
	{ "REGION_INFO", op_region_info, NULL, NULL },
	{ "region mmap", op_mmap, NULL, prep_info },
	{ "SUBMIT", op_submit, undo_submit, NULL },
	{ "JOB_RESULT", op_job_result, NULL, NULL },
	{ "SYNCOBJ_CREATE", op_syncobj_create, undo_syncobj, NULL },
};

static int mode_failnth(int minor)
{
	struct dev d;
	struct fn_state s = { .d = &d };
	struct drm_idxgen_job_result res[2];
	const char *kern = getenv("IDXGEN_KERNEL");
	unsigned int k, n, injected_total = 0;

	failnth_fd = open("/proc/thread-self/fail-nth", O_RDWR);
	if (failnth_fd < 0) {
		/* The stock kernel has no fault injection: say so; the debug
		 * kernel must have it. */
		if (kern && !strcmp(kern, "debug"))
			ok(0, "/proc/thread-self/fail-nth present on the debug kernel");
		else
			ok(1, "fail-nth # SKIP no fault injection in the %s kernel",
			   kern ? kern : "running");
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
	if (!tap_ok(!ctx_create(d.fd, &s.ctx) && !region_create(d.fd, 1 << 16, &s.reg) &&
			    (s.map = region_map(d.fd, s.reg, &s.size)) &&
			    !drmSyncobjCreate(d.fd, 0, &s.so),
		    "accel%d: context, region, mapping, syncobj", minor))
		return tap_done();
	cfg_make(&fn_cfg[0], d.lanes, s.reg, 0, 17, 9, 3);
	cfg_make(&fn_cfg[1], d.lanes, s.reg, 8192, 5, 30, 2);

	for (k = 0; k < sizeof(fn_ops) / sizeof(fn_ops[0]); k++) {
		struct counts base = objects(&d);
		unsigned int injected = 0, unclean = 0, leaked = 0, orphans = 0;
		bool done = false;
		int r = 0, last_bad = 0;

		for (n = 1; n <= 400 && !done; n++) {
			bool made = false;
			unsigned int left;

			if (fn_ops[k].prep)
				fn_ops[k].prep(&s);
			failnth_set(n);
			r = fn_ops[k].op(&s, &made);
			left = failnth_get();
			failnth_set(0);
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
			 */
			if (r == -EFAULT && !objects_back(&d, base, 1)) {
				orphans++;
				base = objects(&d);
				continue;
			}
			if (!objects_back(&d, base, 5))
				leaked++;
		}
		if (orphans)
			tap_diag("failnth %s: %u objects left to the file by a failed copy-out",
				 fn_ops[k].name, orphans);
		injected_total += injected;
		ok(done && !unclean && !leaked,
		   "failnth %s: %u injected failures, each a clean error and no object left (unclean %u, last %d, leaked %u)",
		   fn_ops[k].name, injected, unclean, last_bad, leaked);
	}
	ok(injected_total > 20, "failnth: %u failures injected in all", injected_total);
	ok(run_batch(d.fd, s.ctx, fn_cfg, 2, res, 30) == 0 && !res[0].error && !res[0].status &&
		   !res[1].error && !res[1].status && output_ok(s.map, &fn_cfg[0]) &&
		   output_ok(s.map, &fn_cfg[1]),
	   "accel%d: device still works after the injected failures", minor);
	munmap((void *)s.map, s.size);
	close(d.fd);
	ok(objects_back(&d, (struct counts){ 0, 0, 0, 0 }, 20),
	   "accel%d: every object released when the file is closed", minor);
	return tap_done();
}

/* ------------------------------------------------------------------ */
/* fuzz and soak: shared statistics                                    */
/* ------------------------------------------------------------------ */

#define NERR 160
struct stats {
	atomic_ulong by_errno[NERR];	/* [0] = success */
	atomic_ulong ioctls, jobs_verified, jobs_bad, jobs_failed, resets, rebinds, maps;
};

static struct stats *st;

static void count(int r)
{
	int e = r < 0 ? -r : 0;

	atomic_fetch_add(&st->ioctls, 1);
	atomic_fetch_add(&st->by_errno[e < NERR ? e : NERR - 1], 1);
}

static uint64_t rnd_state;

static uint64_t rnd(void)
{
	/* xorshift64*: per thread (__thread), seeded from the run's seed */
	static __thread uint64_t x;

	if (!x)
		x = rnd_state ^ ((uint64_t)gettid() * 0x9e3779b97f4a7c15ull) ^ 1;
	x ^= x >> 12;
	x ^= x << 25;
	x ^= x >> 27;
	return x * 0x2545f4914f6cdd1dull;
}

static double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

static void print_stats(const char *what, double secs)
{
	int e;

	tap_diag("%s: %lu ioctls in %.0f s, %lu jobs verified, %lu jobs failed by faults, %lu wrong, %lu resets, %lu rebinds, %lu maps",
		 what, st->ioctls, secs, st->jobs_verified, st->jobs_failed, st->jobs_bad,
		 st->resets, st->rebinds, st->maps);
	for (e = 0; e < NERR; e++)
		if (st->by_errno[e])
			tap_diag("  %-12s %lu", e ? strerrorname_np(e) ?: "?" : "success",
				 st->by_errno[e]);
}

/* A random but mostly plausible config for region h. */
static void cfg_random(struct drm_idxgen_config *c, uint32_t lanes, uint32_t h, bool valid)
{
	cfg_make(c, lanes ? lanes : 32, h, (rnd() % 16) * 4096, 1 + rnd() % 40, 1 + rnd() % 20,
		 1 + rnd() % 6);
	if (valid)
		return;
	switch (rnd() % 10) {
	case 0: c->flags = rnd(); break;
	case 1: c->offset = rnd(); break;
	case 2: c->dx = rnd(); break;
	case 3: c->word_size = rnd(); break;
	case 4: c->mx = rnd() % 40; break;
	case 5: c->c = rnd(); break;
	case 6: c->rsvd = rnd(); break;
	case 7: c->region = rnd() % 8; break;
	case 8: c->grid_blocks = rnd() % 3; break;
	default: c->order = rnd(); break;
	}
}

/* ------------------------------------------------------------------ */
/* fuzz                                                                */
/* ------------------------------------------------------------------ */

#define FUZZ_FDS 4
static _Atomic int fz_fds[FUZZ_FDS];
static int fz_minor;
static char fz_pci[64];

/*
 * The debug device's node now: a rebind while files of the old instance are
 * open gives it another minor, and the storm must follow it there (else
 * every open after the first rebind is ENOENT).  The first minor if it is
 * unbound at the moment.
 */
static void fz_path(char *path, size_t len)
{
	char dir[96];
	struct dirent *e;
	DIR *dp;
	int minor = fz_minor;

	snprintf(dir, sizeof(dir), "/sys/bus/pci/devices/%s/accel", fz_pci);
	dp = opendir(dir);
	while (dp && (e = readdir(dp)))
		if (sscanf(e->d_name, "accel%d", &minor) == 1)
			break;
	if (dp)
		closedir(dp);
	snprintf(path, len, "/dev/accel/accel%d", minor);
}
static double fz_end;

static const void *bad_ptr(void)
{
	static const uintptr_t ptrs[] = { 0, 1, 0xfff, 0xffff888000000000ull,
					  0xffffffffff600000ull, 0x7ffffffff000ull };

	return (const void *)ptrs[rnd() % (sizeof(ptrs) / sizeof(ptrs[0]))];
}

static void fuzz_one(void)
{
	int fd = atomic_load(&fz_fds[rnd() % FUZZ_FDS]);
	uint32_t h = rnd() % 6, lanes = 32;
	int r = 0;

	switch (rnd() % 16) {
	case 0: {
		struct drm_idxgen_get_param a = { .param = rnd() % 24, .pad = rnd() % 4 == 0 };

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_GET_PARAM, rnd() % 8 ? (void *)&a : (void *)bad_ptr());
		break;
	}
	case 1: {
		struct drm_idxgen_ctx_create a = { .priority = rnd() % 4, .flags = rnd() % 8 == 0 };

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &a);
		break;
	}
	case 2: {
		struct drm_idxgen_ctx_destroy a = { .ctx_id = rnd() % 6, .pad = rnd() % 8 == 0 };

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);
		break;
	}
	case 3: {
		static const uint64_t sizes[] = { 0, 1, 4096, 65536, 1 << 20, 1ull << 40, ~0ull };
		struct drm_idxgen_region_create a = { .size = sizes[rnd() % 7],
						      .flags = rnd() % 8 == 0 };

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &a);
		break;
	}
	case 4: {
		struct drm_idxgen_region_shared a = { .flags = rnd() % 8 == 0 };

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &a);
		break;
	}
	case 5: {
		struct drm_gem_close a = { .handle = h };

		r = ioctl1(fd, DRM_IOCTL_GEM_CLOSE, &a);
		break;
	}
	case 6:
	case 7: {
		struct drm_idxgen_config c[8];
		unsigned int n = 1 + rnd() % 8, i;
		struct drm_idxgen_submit a = {
			.ctx_id = rnd() % 6, .count = n, .configs = (uintptr_t)c,
			.config_size = sizeof(c[0]), .out_syncobj = rnd() % 4,
			.in_syncobj = rnd() % 6 == 0 ? rnd() % 4 : 0,
		};

		for (i = 0; i < n; i++)
			cfg_random(&c[i], lanes, h, rnd() % 3);
		switch (rnd() % 12) {
		case 0: a.configs = (uintptr_t)bad_ptr(); break;
		case 1: a.count = rnd(); break;
		case 2: a.config_size = rnd() % 128; break;
		case 3: a.flags = rnd(); break;
		default: break;
		}
		r = ioctl1(fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);
		break;
	}
	case 8: {
		struct drm_idxgen_job_result a = { .ctx_id = rnd() % 6, .seq = rnd() % 40,
						   .flags = rnd() % 8 == 0 };

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, &a);
		break;
	}
	case 9: {
		struct drm_idxgen_region_info a = { .handle = h, .flags = rnd() % 8 == 0 };
		size_t len;
		void *p;

		r = ioctl1(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &a);
		if (r)
			break;
		count(r);
		len = rnd() % 4 ? a.size : rnd() % (1 << 22);
		p = mmap(NULL, len, rnd() % 6 ? PROT_READ : PROT_READ | PROT_WRITE, MAP_SHARED,
			 fd, rnd() % 8 ? a.mmap_offset : a.mmap_offset + 4096 * (rnd() % 64));
		r = p == MAP_FAILED ? -errno : 0;
		if (p != MAP_FAILED) {
			atomic_fetch_add(&st->maps, 1);
			munmap(p, len);
		}
		break;
	}
	case 10: {
		uint32_t s;

		r = drmSyncobjCreate(fd, rnd() % 2, &s) ? -errno : 0;
		break;
	}
	case 11: {
		uint32_t hs[4] = { rnd() % 5, rnd() % 5, rnd() % 5, rnd() % 5 };

		r = drmSyncobjWait(fd, hs, 1 + rnd() % 4, abs_timeout(0) + 1000000 * (rnd() % 20),
				   rnd() % 4, NULL)
			    ? -errno : 0;
		break;
	}
	case 12:
		r = drmSyncobjDestroy(fd, rnd() % 5) ? -errno : 0;
		break;
	case 13: {
		/* random driver ioctl numbers and directions, random bytes */
		uint8_t buf[128];
		unsigned int i, nr = DRM_COMMAND_BASE + rnd() % 0x20;
		unsigned long req = rnd() % 2 ? DRM_IOWR(nr, uint8_t[64]) : DRM_IOW(nr, uint8_t[8]);

		for (i = 0; i < sizeof(buf); i++)
			buf[i] = rnd() % 3 ? 0 : rnd();
		r = ioctl1(fd, req, buf);
		break;
	}
	case 14: {
		/* replace a shared fd under the other threads and processes */
		char path[64];
		int slot = rnd() % FUZZ_FDS, nfd, old;

		fz_path(path, sizeof(path));
		nfd = open(path, O_RDWR | O_CLOEXEC);
		if (nfd < 0) {
			r = -errno;
			break;
		}
		old = atomic_exchange(&fz_fds[slot], nfd);
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

		fz_path(path, sizeof(path));
		own = open(path, O_RDWR | O_CLOEXEC);
		if (own < 0) {
			r = -errno;
			break;
		}
		fd = own;
		if (ctx_create(fd, &ctx) || region_create(fd, 1 << 16, &reg)) {
			close(own);
			r = -EIO;
			break;
		}
		m = region_map(fd, reg, &size);
		cfg_random(&c, (uint32_t)param(fd, DRM_IDXGEN_PARAM_LANES), reg, true);
		r = m ? run_batch(fd, ctx, &c, 1, &res, 20) : -errno;
		if (!r && !res.error && !res.status) {
			struct drm_idxgen_get_param gp = { .param = DRM_IDXGEN_PARAM_LANES };

			if (output_ok(m, &c))
				atomic_fetch_add(&st->jobs_verified, 1);
			/*
			 * Unbound between the result and the check: the mapping
			 * now reads the zero page (unplug semantics), so the
			 * output can no longer be seen, right or wrong.
			 */
			else if (ioctl1(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &gp) == -ENODEV)
				atomic_fetch_add(&st->jobs_failed, 1);
			else
				atomic_fetch_add(&st->jobs_bad, 1);
		} else if (!r) {
			atomic_fetch_add(&st->jobs_failed, 1);
		}
		if (m)
			munmap((void *)m, size);
		gem_close(fd, reg);
		{
			struct drm_idxgen_ctx_destroy a = { .ctx_id = ctx };

			xioctl(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);
		}
		close(own);
		break;
	}
	}
	count(r);
}

static void *fuzz_thread(void *arg)
{
	while (now() < fz_end)
		fuzz_one();
	return NULL;
}

static void fuzz_worker(void)
{
	pthread_t t[2];
	int i;

	for (i = 0; i < 2; i++)
		pthread_create(&t[i], NULL, fuzz_thread, NULL);
	for (i = 0; i < 2; i++)
		pthread_join(t[i], NULL);
}

/* Resets and unbind/rebind of the debug device during the storm. */
static void fuzz_chaos(struct dev *d, bool rebind, bool resets)
{
	char path[256];
	int i = 0;

	while (now() < fz_end) {
		usleep(200000 + rnd() % 500000);
		if (rebind && ++i % 6 == 0) {
			write_file("/sys/bus/pci/drivers/idxgen/unbind", d->pci);
			usleep(100000);
			write_file("/sys/bus/pci/drivers/idxgen/bind", d->pci);
			atomic_fetch_add(&st->rebinds, 1);
		} else if (resets) {
			snprintf(path, sizeof(path), "%s/reset", d->dbg);
			if (!write_file(path, "1"))
				atomic_fetch_add(&st->resets, 1);
		}
	}
}

/* The minors may have holes (a rebind with files open): look at them all. */
static int find_debug_dev(void)
{
	int i;

	for (i = 0; i < 64; i++) {
		struct dev d;

		if (dev_open(&d, i))
			continue;
		close(d.fd);
		if (d.features & IDXGEN_FEAT_DEBUG)
			return i;
	}
	return -1;
}

static int mode_fuzz(int secs, uint64_t seed, bool rebind, bool resets)
{
	struct dev d;
	pid_t pid[5];
	int i, status, crashed = 0, minor;
	double t0 = now();
	char path[64];

	st = mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	rnd_state = seed;
	tap_diag("fuzz: seed %llu, %d s, resets %s, rebind %s", (unsigned long long)seed, secs,
		 resets ? "on" : "off", rebind ? "on" : "off");
	minor = find_debug_dev();
	if (!tap_ok(minor >= 0 && dev_open(&d, minor) == 0, "fuzz: debug device open (accel%d)",
		    minor))
		return tap_done();
	fz_minor = minor;
	snprintf(fz_pci, sizeof(fz_pci), "%s", d.pci);
	snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
	for (i = 0; i < FUZZ_FDS; i++)
		fz_fds[i] = open(path, O_RDWR | O_CLOEXEC);
	fz_end = t0 + secs;
	signal(SIGPIPE, SIG_IGN);
	for (i = 0; i < 4; i++) {
		pid[i] = fork();
		if (pid[i] == 0) {
			rnd_state = seed * 31 + i + 1;
			fuzz_worker();
			_exit(0);
		}
	}
	pid[4] = fork();
	if (pid[4] == 0) {
		rnd_state = seed * 77 + 5;
		fuzz_chaos(&d, rebind, resets);
		_exit(0);
	}
	for (i = 0; i < 5; i++)
		if (pid[i] > 0 && waitpid(pid[i], &status, 0) == pid[i] &&
		    !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
			crashed++;
			tap_diag("fuzz: process %d ended with status %#x", i, status);
		}
	for (i = 0; i < FUZZ_FDS; i++)
		close(fz_fds[i]);
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
	print_stats("fuzz", now() - t0);
	ok(crashed == 0, "fuzz: every process survived (%d did not)", crashed);
	ok(st->ioctls > 100, "fuzz: %lu ioctls issued", st->ioctls);
	ok(st->jobs_bad == 0, "fuzz: every job that reported success verified (%lu ok, %lu wrong)",
	   st->jobs_verified, st->jobs_bad);
	/* the device must be usable afterwards (minor may change after rebind) */
	for (i = 0; i < 50 && access(path, F_OK); i++)
		usleep(100000);
	if (dev_open(&d, minor) == 0) {
		struct drm_idxgen_config c;
		struct drm_idxgen_job_result res;
		uint32_t ctx, reg;
		const void *m;
		uint64_t size;

		m = NULL;
		ok(!ctx_create(d.fd, &ctx) && !region_create(d.fd, 1 << 16, &reg) &&
			   (m = region_map(d.fd, reg, &size)) &&
			   (cfg_make(&c, d.lanes, reg, 0, 13, 7, 5), 1) &&
			   !run_batch(d.fd, ctx, &c, 1, &res, 30) && !res.error && !res.status &&
			   output_ok(m, &c),
		   "fuzz: device works after the storm");
		if (m)
			munmap((void *)m, size);
		close(d.fd);
		ok(objects_back(&d, (struct counts){ 0, 0, 0, 0 }, 20),
		   "fuzz: no driver object left once every fd is closed");
	} else {
		ok(0, "fuzz: device back after the storm");
	}
	return tap_done();
}

/* ------------------------------------------------------------------ */
/* soak                                                                */
/* ------------------------------------------------------------------ */

static int soak_worker(int minor, unsigned int idx, unsigned long quota, double tmin, double end)
{
	struct dev d;
	uint32_t ctx, reg;
	const void *m;
	uint64_t size;
	unsigned long done = 0;

	if (dev_open(&d, minor) || ctx_create(d.fd, &ctx) || region_create(d.fd, 1 << 18, &reg) ||
	    !(m = region_map(d.fd, reg, &size)))
		return 2;
	while ((done < quota || now() < tmin) && now() < end) {
		struct drm_idxgen_config c[8];
		struct drm_idxgen_job_result r[8];
		unsigned int n = 1 + rnd() % 8, k;
		uint64_t off = 0;
		int e;

		for (k = 0; k < n; k++) {
			cfg_make(&c[k], d.lanes, reg, off, 1 + rnd() % 48, 1 + rnd() % 24,
				 1 + rnd() % 4);
			c[k].flags = rnd() % 4 ? 0 : DRM_IDXGEN_CONFIG_NO_HISTORY;
			off += (cfg_bytes(&c[k]) + 3) & ~3ull;
		}
		e = run_batch(d.fd, ctx, c, n, r, 60);
		count(e);
		if (e) {
			tap_diag("soak worker %u: batch failed: %s", idx, strerror(-e));
			return 3;
		}
		for (k = 0; k < n; k++) {
			if (r[k].error || r[k].status) {
				atomic_fetch_add(&st->jobs_failed, 1);
			} else if (output_ok(m, &c[k])) {
				atomic_fetch_add(&st->jobs_verified, 1);
				done++;
			} else {
				atomic_fetch_add(&st->jobs_bad, 1);
			}
		}
	}
	munmap((void *)m, size);
	close(d.fd);
	return 0;
}

static int mode_soak(int procs, unsigned long jobs, int secs, int minsecs, bool resets)
{
	pid_t pid[64], chaos;
	int i, status, bad = 0, minor = find_debug_dev();
	double t0 = now(), end = t0 + secs;
	struct dev d;
	char path[256];

	st = mmap(NULL, sizeof(*st), PROT_READ | PROT_WRITE, MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (procs > 64)
		procs = 64;
	if (!tap_ok(minor >= 0 && dev_open(&d, minor) == 0, "soak: debug device open (accel%d)",
		    minor))
		return tap_done();
	rnd_state = 12345;
	for (i = 0; i < procs; i++) {
		pid[i] = fork();
		if (pid[i] == 0) {
			rnd_state = 1000 + i;
			_exit(soak_worker(minor, i, (jobs + procs - 1) / procs, t0 + minsecs, end));
		}
	}
	/* Faults while they run: hangs, lost interrupts, corrupt completions,
	 * failed DMA, one at a time; with resets, a device reset every 8th. */
	chaos = fork();
	if (chaos == 0) {
		static const unsigned int bits[] = { IDXGEN_FAULT_HANG_JOB, IDXGEN_FAULT_DROP_IRQ,
						     IDXGEN_FAULT_CORRUPT_CPL,
						     IDXGEN_FAULT_FAIL_DMA };
		char v[16];

		char rpath[256];

		snprintf(path, sizeof(path), "%s/inject_fault", d.dbg);
		snprintf(rpath, sizeof(rpath), "%s/reset", d.dbg);
		for (i = 0;; i++) {
			usleep(300000);
			if (resets && i % 8 == 7) {
				if (!write_file(rpath, "1"))
					atomic_fetch_add(&st->resets, 1);
				continue;
			}
			snprintf(v, sizeof(v), "%u", bits[i % 4]);
			write_file(path, v);
		}
	}
	for (i = 0; i < procs; i++)
		if (waitpid(pid[i], &status, 0) != pid[i] || !WIFEXITED(status) ||
		    WEXITSTATUS(status)) {
			bad++;
			tap_diag("soak: worker %d status %#x", i, status);
		}
	kill(chaos, SIGKILL);
	waitpid(chaos, &status, 0);
	snprintf(path, sizeof(path), "%s/inject_fault", d.dbg);
	write_file(path, "0");
	print_stats("soak", now() - t0);
	ok(bad == 0, "soak: %d processes ran to the end (%d did not)", procs, bad);
	ok(st->jobs_bad == 0, "soak: no job reported success with a wrong index (%lu wrong)",
	   st->jobs_bad);
	ok(st->jobs_verified >= jobs, "soak: %lu jobs verified against the reference (want >= %lu)",
	   st->jobs_verified, jobs);
	close(d.fd);
	ok(objects_back(&d, (struct counts){ 0, 0, 0, 0 }, 20),
	   "soak: no driver object left once every fd is closed");
	return tap_done();
}

int main(int argc, char **argv)
{
	const char *mode = argc > 1 ? argv[1] : "";

	setvbuf(stdout, NULL, _IOLBF, 0);
	if (!strcmp(mode, "drmcore"))
		return mode_drmcore(argc > 2 ? argv[2] : "all");
	if (!strcmp(mode, "failnth")) {
		int minor = find_debug_dev();

		return mode_failnth(minor < 0 ? 0 : minor);
	}
	if (!strcmp(mode, "fuzz")) {
		bool rebind = true, resets = true;
		int i;

		for (i = 4; i < argc; i++) {
			rebind &= strcmp(argv[i], "norebind") != 0;
			resets &= strcmp(argv[i], "noreset") != 0;
		}
		return mode_fuzz(argc > 2 ? atoi(argv[2]) : 20,
				 argc > 3 ? strtoull(argv[3], NULL, 0) : 1, rebind, resets);
	}
	if (!strcmp(mode, "soak"))
		return mode_soak(argc > 2 ? atoi(argv[2]) : 8, argc > 3 ? atol(argv[3]) : 1000,
				 argc > 4 ? atoi(argv[4]) : 300, argc > 5 ? atoi(argv[5]) : 0,
				 argc > 6 && !strcmp(argv[6], "resets"));
	fprintf(stderr, "usage: idxgen-stress drmcore [master|syncobj]|failnth|fuzz [SEC [SEED [norebind] [noreset]]]|soak [PROCS [JOBS [SEC [MINSEC [resets]]]]]\n");
	return 2;
}
