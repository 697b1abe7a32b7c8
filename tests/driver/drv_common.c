// SPDX-License-Identifier: MIT
/*
 * The helpers of both in-guest driver test programs (drv_common.h):
 * idxgen-drv-test and idxgen-stress.  Device open, the uapi wrappers, job
 * submission and waits, read-back against the reference
 * (tests/common/gen_ref.h), the driver's object counters, child processes
 * with a bounded wait.
 */
#include "drv_common.h"

int xioctl(int fd, unsigned long req, void *arg)
{
	int r;

	do {
		r = ioctl(fd, req, arg);
	} while (r == -1 && (errno == EINTR || errno == EAGAIN));
	return r == -1 ? -errno : 0;
}

int ioctl1(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) == -1 ? -errno : 0;
}

uint64_t param(int fd, uint32_t p)
{
	struct drm_idxgen_get_param a = {.param = p};

	if (xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a))
		return ~0ull;
	return a.value;
}

int read_file(const char *path, char *buf, size_t len)
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

int write_file(const char *path, const char *s)
{
	int fd = open(path, O_WRONLY);
	ssize_t n;

	if (fd < 0)
		return -errno;
	n = write(fd, s, strlen(s));
	close(fd);
	return n < 0 ? -errno : 0;
}

int dev_open(struct dev *d, int minor)
{
	char path[128], link[256], *base;
	ssize_t n;

	memset(d, 0, sizeof(*d));
	d->minor = minor;
	snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
	d->fd = open(path, O_RDWR | O_CLOEXEC);
	if (d->fd < 0)
		return -errno;
	snprintf(path, sizeof(path), "/sys/class/accel/accel%d/device", minor);
	n = readlink(path, link, sizeof(link) - 1);
	if (n > 0) {
		link[n] = 0;
		base = strrchr(link, '/');
		snprintf(d->pci, sizeof(d->pci), "%s", base ? base + 1 : link);
	}
	snprintf(d->dbg, sizeof(d->dbg), "/sys/kernel/debug/accel/%s", d->pci);
	d->lanes = param(d->fd, DRM_IDXGEN_PARAM_LANES);
	d->max_threads = param(d->fd, DRM_IDXGEN_PARAM_MAX_THREADS);
	d->queues = param(d->fd, DRM_IDXGEN_PARAM_NUM_QUEUES);
	d->imem = param(d->fd, DRM_IDXGEN_PARAM_IMEM_SIZE);
	d->shared = param(d->fd, DRM_IDXGEN_PARAM_SHARED_SIZE);
	d->features = param(d->fd, DRM_IDXGEN_PARAM_FEATURES);
	d->hist = param(d->fd, DRM_IDXGEN_PARAM_HIST_ENTRIES);
	d->dedicated_free = param(d->fd, DRM_IDXGEN_PARAM_DEDICATED_FREE);
	return 0;
}

int num_devices(void)
{
	char path[64];
	int n = 0;

	for (;;) {
		snprintf(path, sizeof(path), "/dev/accel/accel%d", n);
		if (access(path, F_OK))
			return n;
		n++;
	}
}

/* Value of "name N" in a debugfs file of the device, -1 if absent. */
long dbg_value(const struct dev *d, const char *file, const char *name)
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

/* The driver's live objects, from debugfs. */
struct counts objects(const struct dev *d)
{
	struct counts c = {
	    dbg_value(d, "objects", "regions"),
	    dbg_value(d, "objects", "contexts"),
	    dbg_value(d, "objects", "jobs"),
	    dbg_value(d, "objects", "files"),
	    dbg_value(d, "objects", "user_queues"),
	};
	return c;
}

/*
 * The driver's object counters come back down to want (none above it): the
 * driver frees some objects asynchronously, sec seconds bound the wait.  An
 * object freed late that want still counts (a base taken while it was
 * going) makes a counter fall below want, which is no leak.
 */
bool objects_back(const struct dev *d, struct counts want, int sec)
{
	struct counts c;
	int i;

	for (i = 0;; i++) {
		c = objects(d);
		if (c.regions <= want.regions && c.contexts <= want.contexts &&
		    c.jobs <= want.jobs && c.files <= want.files && c.uqs <= want.uqs)
			return true;
		if (i >= sec * 20)
			break;
		usleep(50000);
	}
	tap_diag("objects: regions %ld contexts %ld jobs %ld files %ld user queues %ld, want %ld "
		 "%ld %ld %ld %ld",
		 c.regions, c.contexts, c.jobs, c.files, c.uqs, want.regions, want.contexts,
		 want.jobs, want.files, want.uqs);
	return false;
}

unsigned int taint(void)
{
	char buf[32];

	return read_file("/proc/sys/kernel/tainted", buf, sizeof(buf)) ? 0 : atoi(buf);
}

/*
 * Poll a debugfs value until it equals want (context destruction is
 * asynchronous); HANG_GUARD_S bounds a value that never comes.
 */
bool dbg_wait(const struct dev *d, const char *file, const char *name, long want)
{
	int i;

	for (i = 0; i < HANG_GUARD_S * 10; i++) {
		if (dbg_value(d, file, name) == want)
			return true;
		usleep(100000);
	}
	return false;
}

int ctx_create(int fd, uint32_t prio, uint32_t *id)
{
	struct drm_idxgen_ctx_create a = {.priority = prio};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &a);

	*id = a.ctx_id;
	return r;
}

int ctx_destroy(int fd, uint32_t id)
{
	struct drm_idxgen_ctx_destroy a = {.ctx_id = id};

	return xioctl(fd, DRM_IOCTL_IDXGEN_CTX_DESTROY, &a);
}

int region_create(int fd, uint64_t size, uint32_t *h)
{
	struct drm_idxgen_region_create a = {.size = size};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &a);

	*h = a.handle;
	return r;
}

int region_shared(int fd, uint32_t *h, uint64_t *size)
{
	struct drm_idxgen_region_shared a = {0};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_REGION_SHARED, &a);

	*h = a.handle;
	if (size)
		*size = a.size;
	return r;
}

int gem_close(int fd, uint32_t h)
{
	struct drm_gem_close a = {.handle = h};

	return xioctl(fd, DRM_IOCTL_GEM_CLOSE, &a);
}

const void *region_map(int fd, uint32_t h, uint64_t *size)
{
	struct drm_idxgen_region_info a = {.handle = h};
	void *p;

	if (xioctl(fd, DRM_IOCTL_IDXGEN_REGION_INFO, &a))
		return NULL;
	p = mmap(NULL, a.size, PROT_READ, MAP_SHARED, fd, a.mmap_offset);
	if (p == MAP_FAILED)
		return NULL;
	if (size)
		*size = a.size;
	return p;
}

static unsigned int width(uint32_t d)
{
	return idxgen_ref_width(d);
}

/* A config for one block of dx x dy x dz in region at off, lanes a warp. */
void cfg_make_lanes(struct drm_idxgen_config *c, uint32_t lanes, uint32_t region, uint64_t off,
		    uint32_t dx, uint32_t dy, uint32_t dz)
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
	c->mx = width(dx);
	c->my = width(dy);
	c->mz = width(dz);
	c->word_size = c->mx + c->my + c->mz <= 16 ? 2 : 4;
	c->grid_blocks = 1;
}

/* The same with the device's warp size. */
void cfg_make(struct drm_idxgen_config *c, const struct dev *d, uint32_t region, uint64_t off,
	      uint32_t dx, uint32_t dy, uint32_t dz)
{
	cfg_make_lanes(c, (uint32_t)d->lanes, region, off, dx, dy, dz);
}

uint64_t cfg_bytes(const struct drm_idxgen_config *c)
{
	return (uint64_t)c->dx * c->dy * c->dz * c->word_size;
}

int submit(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n, uint32_t in,
	   uint32_t out, uint64_t *first)
{
	struct drm_idxgen_submit a = {
	    .ctx_id = ctx,
	    .count = n,
	    .configs = (uintptr_t)cfgs,
	    .config_size = sizeof(*cfgs),
	    .in_syncobj = in,
	    .out_syncobj = out,
	};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);

	if (first)
		*first = a.first_seq;
	return r;
}

int submit_syncs(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
		 const struct drm_idxgen_sync *in, uint32_t nin, const struct drm_idxgen_sync *out,
		 uint32_t nout, uint64_t *first)
{
	struct drm_idxgen_submit a = {
	    .ctx_id = ctx,
	    .count = n,
	    .configs = (uintptr_t)cfgs,
	    .config_size = sizeof(*cfgs),
	    .in_syncs = (uintptr_t)in,
	    .out_syncs = (uintptr_t)out,
	    .in_sync_count = nin,
	    .out_sync_count = nout,
	};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);

	if (first)
		*first = a.first_seq;
	return r;
}

int64_t abs_timeout(int sec)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)(ts.tv_sec + sec) * 1000000000ll + ts.tv_nsec;
}

int sync_wait(int fd, uint32_t h, int sec)
{
	int r = drmSyncobjWait(fd, &h, 1, abs_timeout(sec), 0, NULL);

	return r ? -errno : 0;
}

int job_result(int fd, uint32_t ctx, uint64_t seq, struct drm_idxgen_job_result *r)
{
	memset(r, 0, sizeof(*r));
	r->ctx_id = ctx;
	r->seq = seq;
	return xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, r);
}

int wait_job(int fd, uint32_t ctx, uint64_t seq, int64_t deadline, struct drm_idxgen_job_result *r)
{
	struct drm_idxgen_wait w = {.ctx_id = ctx, .seq = seq, .timeout_ns = deadline};
	int e = xioctl(fd, DRM_IOCTL_IDXGEN_WAIT, &w);

	if (r)
		*r = w.result;
	return e;
}

int ctx_query(int fd, uint32_t ctx, struct drm_idxgen_ctx_query *q)
{
	memset(q, 0, sizeof(*q));
	q->ctx_id = ctx;
	return xioctl(fd, DRM_IOCTL_IDXGEN_CTX_QUERY, q);
}

/* Submit n configs, wait, fetch every result. 0 or a negative errno. */
int run(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
	struct drm_idxgen_job_result *res)
{
	uint32_t so;
	uint64_t first;
	uint32_t i;
	int r;

	if (drmSyncobjCreate(fd, 0, &so))
		return -errno;
	r = submit(fd, ctx, cfgs, n, 0, so, &first);
	if (!r)
		r = sync_wait(fd, so, HANG_GUARD_S);
	for (i = 0; !r && i < n; i++)
		r = job_result(fd, ctx, first + i, &res[i]);
	drmSyncobjDestroy(fd, so);
	return r;
}

bool warps_ok(const struct dev *d, const struct drm_idxgen_config *c,
	      const struct drm_idxgen_job_result *r)
{
	uint64_t t = (uint64_t)c->dx * c->dy * c->dz;

	if (r->result_flags & DRM_IDXGEN_RESULT_HIT)
		return r->warps == 0;
	return r->warps == (t + d->lanes - 1) / d->lanes && r->threads == t;
}

/* The packed output of c in a mapped region matches the reference. */
bool output_ok(const void *map, const struct drm_idxgen_config *c)
{
	const uint8_t *p = (const uint8_t *)map + c->offset;
	int64_t bad = idxgen_ref_check(p, c->dx, c->dy, c->dz, c->mx, c->my, c->word_size);

	if (bad >= 0)
		tap_diag("shape %ux%ux%u ws %u at %#llx: thread %lld is %#x, expected %#x", c->dx,
			 c->dy, c->dz, c->word_size, (unsigned long long)c->offset, (long long)bad,
			 idxgen_ref_load(p, bad, c->word_size),
			 idxgen_ref_word(bad, c->dx, c->dy, c->mx, c->my));
	return bad < 0;
}

/*
 * Submit n configs and wait.  Returns 0 and fills res, or a negative errno.
 */
int run_batch(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n,
	      struct drm_idxgen_job_result *res, int sec)
{
	uint32_t so, i;
	uint64_t first;
	int r;

	if (drmSyncobjCreate(fd, 0, &so))
		return -errno;
	r = submit(fd, ctx, cfgs, n, 0, so, &first);
	if (!r)
		r = drmSyncobjWait(fd, &so, 1, abs_timeout(sec), 0, NULL) ? -errno : 0;
	for (i = 0; !r && i < n; i++)
		r = job_result(fd, ctx, first + i, &res[i]);
	drmSyncobjDestroy(fd, so);
	return r;
}

bool all_zero(const void *map, uint64_t len)
{
	const uint8_t *p = map;
	uint64_t i;

	for (i = 0; i < len; i++)
		if (p[i])
			return false;
	return true;
}

/*
 * After a SUBMIT to an idle device with a fault armed: wait until the device
 * has started the job (debugfs queues: the device STATUS has BUSY), so that
 * the armed fault fired on that job and not on one submitted after it, or
 * until the job's out-syncobj so signalled (it is over already).  A sleep
 * stood here before, which a slow run could outlast.  sec bounds the wait.
 */
bool wait_device_busy(const struct dev *d, int fd, uint32_t so, int sec)
{
	char path[256], buf[8192];
	unsigned int status;
	double end = now_s() + sec;

	snprintf(path, sizeof(path), "%s/queues", d->dbg);
	do {
		if (!read_file(path, buf, sizeof(buf)) && sscanf(buf, "status %x", &status) == 1 &&
		    (status & IDXGEN_STATUS_BUSY))
			return true;
		if (so && sync_wait(fd, so, 0) == 0)
			return true;
		usleep(10000);
	} while (now_s() < end);
	return false;
}

int inject(struct dev *d, unsigned int bits)
{
	char path[256], v[16];

	snprintf(path, sizeof(path), "%s/inject_fault", d->dbg);
	snprintf(v, sizeof(v), "%u", bits);
	return write_file(path, v);
}

bool job_works(struct dev *d, uint32_t ctx, uint32_t reg, const void *m, uint32_t dx)
{
	struct drm_idxgen_config c;
	struct drm_idxgen_job_result r;

	cfg_make(&c, d, reg, 0, dx, 9, 3);
	return run(d->fd, ctx, &c, 1, &r) == 0 && !r.error && !r.status && output_ok(m, &c);
}

/* A job on a fresh context and region of d works. */
bool job_works_fresh(struct dev *d)
{
	uint32_t ctx, reg;
	const void *m;
	uint64_t size;
	bool good;

	if (ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx))
		return false;
	if (region_create(d->fd, 1 << 16, &reg)) {
		ctx_destroy(d->fd, ctx);
		return false;
	}
	m = region_map(d->fd, reg, &size);
	good = m && job_works(d, ctx, reg, m, 19);
	if (m)
		munmap((void *)m, size);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
	return good;
}

/* The accel minor of a PCI function, -1 if it has none. */
int minor_of(const char *pci)
{
	DIR *dir = opendir("/sys/class/accel");
	struct dirent *e;
	int minor = -1;

	while (dir && (e = readdir(dir))) {
		char path[300], link[256];
		ssize_t n;

		if (strncmp(e->d_name, "accel", 5))
			continue;
		snprintf(path, sizeof(path), "/sys/class/accel/%s/device", e->d_name);
		n = readlink(path, link, sizeof(link) - 1);
		if (n <= 0)
			continue;
		link[n] = 0;
		if (strstr(link, pci) && !strcmp(strrchr(link, '/') + 1, pci))
			minor = atoi(e->d_name + 5);
	}
	if (dir)
		closedir(dir);
	return minor;
}

/*
 * The first device with the debug block.  The minors may have holes (a
 * rebind while files were open gives the device a new one): look at them
 * all, not only up to the first hole.
 */
int find_debug_dev(void)
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

double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

long timeout_ms(void)
{
	char buf[32];

	if (read_file("/sys/module/idxgen/parameters/job_timeout_ms", buf, sizeof(buf)))
		return 2000;
	return atol(buf);
}

/*
 * Issue 8, items 3, 5 and 9: teardown and removal at the worst moments.
 * Each test below failed with the driver before its fix (driver/README.md,
 * "Regression tests of the teardown paths").
 */

/*
 * Wait at most sec seconds for child pid.  Returns its exit status, 128 +
 * the signal that killed it, or -ETIMEDOUT (the child is left where it is:
 * one blocked in the kernel cannot be killed anyway).
 */
int wait_child(pid_t pid, int sec, double *took)
{
	double t0 = now_s();
	int st = 0;
	pid_t r;

	while ((r = waitpid(pid, &st, WNOHANG)) == 0 && now_s() - t0 < sec)
		usleep(10000);
	*took = now_s() - t0;
	if (r != pid)
		return -ETIMEDOUT;
	return WIFEXITED(st) ? WEXITSTATUS(st) : 128 + WTERMSIG(st);
}

/*
 * Write s to a sysfs file from a child and wait for it at most sec seconds.
 * A write that does not return (a deadlock in remove() or unbind) leaves
 * the child blocked in the kernel: the caller reports it instead of
 * hanging with it.  Returns 0, -errno of the write, or -ETIMEDOUT.
 */
int write_bounded(const char *path, const char *s, int sec, double *took)
{
	pid_t pid;
	int st;

	*took = 0;
	pid = fork();
	if (pid < 0)
		return -errno;
	if (pid == 0)
		_exit(-write_file(path, s) & 0xff);
	st = wait_child(pid, sec, took);
	return st == -ETIMEDOUT ? st : -st;
}

/* After a bind or rescan: the minor of pci once its node exists, else -1. */
int wait_node(const char *pci)
{
	char path[64];
	int i, minor = -1;

	for (i = 0; i < HANG_GUARD_S * 10 && (minor = minor_of(pci)) < 0; i++)
		usleep(100000);
	if (minor < 0)
		return -1;
	snprintf(path, sizeof(path), "/dev/accel/accel%d", minor);
	for (i = 0; i < HANG_GUARD_S * 10 && access(path, F_OK); i++)
		usleep(100000);
	return access(path, F_OK) ? -1 : minor;
}
