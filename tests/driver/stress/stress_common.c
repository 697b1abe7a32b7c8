// SPDX-License-Identifier: MIT
/*
 * idxgen-stress: device open, the uapi wrappers, jobs checked against the
 * reference (tests/common/gen_ref.h), the driver's object counters, the
 * statistics of fuzz and soak, the random generator.
 */
#include "stress.h"

int xioctl(int fd, unsigned long req, void *arg)
{
	int r;

	do {
		r = ioctl(fd, req, arg);
	} while (r == -1 && (errno == EINTR || errno == EAGAIN));
	return r == -1 ? -errno : 0;
}

/* One ioctl, no retry: fail-nth must see exactly one call. */
int ioctl1(int fd, unsigned long req, void *arg)
{
	return ioctl(fd, req, arg) == -1 ? -errno : 0;
}

uint64_t param(int fd, uint32_t p)
{
	struct drm_idxgen_get_param a = {.param = p};

	return xioctl(fd, DRM_IOCTL_IDXGEN_GET_PARAM, &a) ? ~0ull : a.value;
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

int dev_open(struct dev *d, int minor)
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
		 "%ld %ld %ld %ld", c.regions, c.contexts, c.jobs, c.files, c.uqs, want.regions,
		 want.contexts, want.jobs, want.files, want.uqs);
	return false;
}

int ctx_create(int fd, uint32_t *id)
{
	struct drm_idxgen_ctx_create a = {.priority = DRM_IDXGEN_PRIORITY_NORMAL};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_CTX_CREATE, &a);

	*id = a.ctx_id;
	return r;
}

int region_create(int fd, uint64_t size, uint32_t *h)
{
	struct drm_idxgen_region_create a = {.size = size};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_REGION_CREATE, &a);

	*h = a.handle;
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
	*size = a.size;
	return p;
}

void cfg_make(struct drm_idxgen_config *c, uint32_t lanes, uint32_t region, uint64_t off,
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
	c->mx = idxgen_ref_width(dx);
	c->my = idxgen_ref_width(dy);
	c->mz = idxgen_ref_width(dz);
	c->word_size = c->mx + c->my + c->mz <= 16 ? 2 : 4;
	c->grid_blocks = 1;
}

uint64_t cfg_bytes(const struct drm_idxgen_config *c)
{
	return (uint64_t)c->dx * c->dy * c->dz * c->word_size;
}

int64_t abs_timeout(int sec)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (int64_t)(ts.tv_sec + sec) * 1000000000ll + ts.tv_nsec;
}

int submit(int fd, uint32_t ctx, const struct drm_idxgen_config *cfgs, uint32_t n, uint32_t out,
	   uint64_t *first)
{
	struct drm_idxgen_submit a = {
	    .ctx_id = ctx,
	    .count = n,
	    .configs = (uintptr_t)cfgs,
	    .config_size = sizeof(*cfgs),
	    .out_syncobj = out,
	};
	int r = xioctl(fd, DRM_IOCTL_IDXGEN_SUBMIT, &a);

	*first = a.first_seq;
	return r;
}

int job_result(int fd, uint32_t ctx, uint64_t seq, struct drm_idxgen_job_result *r)
{
	memset(r, 0, sizeof(*r));
	r->ctx_id = ctx;
	r->seq = seq;
	return xioctl(fd, DRM_IOCTL_IDXGEN_JOB_RESULT, r);
}

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
	r = submit(fd, ctx, cfgs, n, so, &first);
	if (!r)
		r = drmSyncobjWait(fd, &so, 1, abs_timeout(sec), 0, NULL) ? -errno : 0;
	for (i = 0; !r && i < n; i++)
		r = job_result(fd, ctx, first + i, &res[i]);
	drmSyncobjDestroy(fd, so);
	return r;
}

unsigned int taint(void)
{
	char buf[32];

	return read_file("/proc/sys/kernel/tainted", buf, sizeof(buf)) ? 0 : atoi(buf);
}

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

double now(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec + ts.tv_nsec / 1e9;
}

void print_stats(const struct stats *st, const char *what, double secs)
{
	int e;

	tap_diag("%s: %lu ioctls in %.0f s, %lu jobs verified, %lu jobs failed by faults, %lu "
		 "wrong, %lu resets, %lu rebinds, %lu maps",
		 what, st->ioctls, secs, st->jobs_verified, st->jobs_failed, st->jobs_bad,
		 st->resets, st->rebinds, st->maps);
	/* ENODEV: the file's device instance was gone (unbound); every other
	 * answer came from a live device's driver */
	if (st->ioctls)
		tap_diag("%s: %.1f %% of the ioctls reached a live device (%lu ENODEV, %lu files "
			 "reopened on the device after it)",
			 what, 100.0 * (st->ioctls - st->by_errno[ENODEV]) / st->ioctls,
			 st->by_errno[ENODEV], st->follows);
	for (e = 0; e < NERR; e++)
		if (st->by_errno[e])
			tap_diag("  %-12s %lu", e ? strerrorname_np(e) ?: "?" : "success",
				 st->by_errno[e]);
}

/* A random but mostly plausible config for region h. */
void cfg_random(struct drm_idxgen_config *c, uint32_t lanes, uint32_t h, bool valid, uint64_t *x)
{
	cfg_make(c, lanes ? lanes : 32, h, (rnd(x) % 16) * 4096, 1 + rnd(x) % 40, 1 + rnd(x) % 20,
		 1 + rnd(x) % 6);
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

/* The minors may have holes (a rebind with files open): look at them all. */
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
