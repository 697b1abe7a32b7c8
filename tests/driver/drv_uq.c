// SPDX-License-Identifier: MIT
/*
 * drv_uq.c - user queues (uapi v3): create/destroy/wait and their bad
 * arguments, jobs submitted with stores (ring + doorbell) and checked
 * against gen_ref.h, and a hostile process: garbage descriptors, targets
 * outside its regions, a doorbell past the ring, unmapping and destroying
 * while jobs run, a second process trying the first one's mappings, fork
 * and SIGKILL, UQ_DESTROY racing threads that ring the doorbell.  Nothing
 * may be written outside the process's regions, the kernel log must stay
 * clean (the harness's kcheck) and nothing may leak.
 */
#include "drv_test.h"
#include "drv_uq.h"

#include <pthread.h>

int uq_create_flags(int fd, uint32_t ctx, uint32_t entries, const uint32_t *regs,
			   uint32_t n, uint32_t flags, struct uq *q)
{
	memset(q, 0, sizeof(*q));
	q->fd = fd;
	q->c.flags = flags;
	q->c.ctx_id = ctx;
	q->c.ring_entries = entries;
	q->c.nregions = n;
	memcpy(q->c.regions, regs, n * sizeof(*regs));
	if (xioctl(fd, DRM_IOCTL_IDXGEN_UQ_CREATE, &q->c))
		return -errno;
	q->mem = mmap(NULL, q->c.mem_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		      q->c.mem_offset);
	q->db = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, fd, q->c.doorbell_offset);
	if (q->mem == MAP_FAILED || q->db == MAP_FAILED)
		return -ENOMEM;
	return 0;
}

int uq_create(int fd, uint32_t ctx, uint32_t entries, const uint32_t *regs, uint32_t n,
		     struct uq *q)
{
	return uq_create_flags(fd, ctx, entries, regs, n, 0, q);
}

int uq_destroy(struct uq *q)
{
	struct drm_idxgen_uq_destroy a = {.uq_id = q->c.uq_id};

	return xioctl(q->fd, DRM_IOCTL_IDXGEN_UQ_DESTROY, &a) ? -errno : 0;
}

void uq_unmap(struct uq *q)
{
	munmap(q->mem, q->c.mem_size);
	munmap((void *)q->db, 4096);
}

int uq_wait(struct uq *q, uint64_t value, int64_t timeout_ns, struct drm_idxgen_uq_wait *w)
{
	memset(w, 0, sizeof(*w));
	w->uq_id = q->c.uq_id;
	w->value = value;
	w->timeout_ns = timeout_ns;
	return xioctl(q->fd, DRM_IOCTL_IDXGEN_UQ_WAIT, w) ? -errno : 0;
}

uint64_t uq_value(struct uq *q)
{
	return __atomic_load_n((uint64_t *)(q->mem + q->c.value_offset), __ATOMIC_ACQUIRE);
}

struct idxgen_cpl *uq_cpl(struct uq *q, uint32_t slot)
{
	return (struct idxgen_cpl *)(q->mem + q->c.cpl_offset) + slot;
}

/* A valid descriptor for a (dx, dy, 1) block at byte target, minimal widths. */
void desc_make(struct idxgen_desc *dsc, const struct dev *d, uint64_t target,
		      uint32_t dx, uint32_t dy, uint32_t job_id)
{
	uint32_t x, y, z, c = d->lanes;
	unsigned int mx = idxgen_ref_width(dx), my = idxgen_ref_width(dy);

	memset(dsc, 0, sizeof(*dsc));
	idxgen_ref_index(c, dx, dy, &x, &y, &z);
	dsc->target = target;
	dsc->word_size = mx + my <= 16 ? 2 : 4;
	dsc->size_limit = dx * dy * dsc->word_size;
	dsc->job_id = job_id;
	dsc->dx = dx;
	dsc->dy = dy;
	dsc->dz = 1;
	dsc->c = c;
	dsc->xc = x;
	dsc->yc = y;
	dsc->zc = z;
	dsc->mx = mx;
	dsc->my = my;
	dsc->grid_blocks = 1;
}

/* Store a descriptor and ring: what a submission costs the process. */
uint32_t uq_push(struct uq *q, const struct idxgen_desc *dsc)
{
	uint32_t slot = q->tail;

	memcpy(q->mem + slot * sizeof(*dsc), dsc, sizeof(*dsc));
	q->tail = (q->tail + 1) % q->c.ring_entries;
	__atomic_thread_fence(__ATOMIC_RELEASE);
	q->db[IDXGEN_UQ_DB_TAIL / 4] = q->tail;
	return slot;
}

/* One job, waited for; its completion status (-1: no completion). */
int uq_run(struct uq *q, const struct idxgen_desc *dsc)
{
	struct drm_idxgen_uq_wait w;
	uint64_t want = uq_value(q) + 1;
	uint32_t slot = uq_push(q, dsc);

	if (uq_wait(q, want, 10ll * 1000000000, &w))
		return -1;
	return uq_cpl(q, slot)->status;
}

static void test_uq_args(struct dev *d, uint32_t ctx, uint32_t reg)
{
	struct drm_idxgen_uq_create c;
	struct drm_idxgen_uq_destroy x = {.uq_id = 9999};
	struct drm_idxgen_uq_wait w = {.uq_id = 9999};
	bool all = true;

#define BAD(field, val, err)                                                                \
	do {                                                                                \
		memset(&c, 0, sizeof(c));                                                   \
		c.ctx_id = ctx;                                                             \
		c.ring_entries = 16;                                                        \
		c.nregions = 1;                                                             \
		c.regions[0] = reg;                                                         \
		c.field = val;                                                              \
		if (!xioctl(d->fd, DRM_IOCTL_IDXGEN_UQ_CREATE, &c) || errno != (err)) {     \
			all = false;                                                        \
			tap_diag("UQ_CREATE " #field "=" #val ": errno %d, want " #err, errno); \
		}                                                                           \
	} while (0)
	BAD(flags, 2, EINVAL);
	BAD(pad, 1, EINVAL);
	BAD(uq_id, 1, EINVAL);
	BAD(nregions, 0, EINVAL);
	BAD(nregions, DRM_IDXGEN_UQ_MAX_REGIONS + 1, EINVAL);
	BAD(regions[5], reg, EINVAL);
	BAD(ring_entries, 24, EINVAL);
	BAD(ring_entries, 1, EINVAL);
	BAD(ring_entries, 1u << 20, EINVAL);
	BAD(ctx_id, 777, ENOENT);
	BAD(regions[0], 4242, ENOENT);
#undef BAD
	tap_ok(all, "UQ_CREATE: flags, pad, sizes, unused entries (EINVAL), unknown context/region (ENOENT)");
	x.flags = 1;
	tap_ok(xioctl(d->fd, DRM_IOCTL_IDXGEN_UQ_DESTROY, &x) && errno == EINVAL &&
		       (x.flags = 0, xioctl(d->fd, DRM_IOCTL_IDXGEN_UQ_DESTROY, &x)) && errno == ENOENT &&
		       xioctl(d->fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w) && errno == ENOENT &&
		       (w.flags = 2, xioctl(d->fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w)) && errno == EINVAL,
	       "UQ_DESTROY/UQ_WAIT: flags (EINVAL), unknown queue (ENOENT)");
}

/* Jobs through the queue, checked against the reference; waits. */
static void test_uq_jobs(struct dev *d, uint32_t ctx, uint32_t reg, const uint8_t *map)
{
	struct idxgen_desc dsc;
	struct drm_idxgen_uq_wait w;
	struct uq q;
	uint32_t i;
	bool ok = true;

	if (!tap_ok(uq_create(d->fd, ctx, 16, &reg, 1, &q) == 0, "UQ_CREATE and mmap of memory and doorbell"))
		return;
	desc_make(&dsc, d, q.c.region_base[0] + 0x100, 33, 7, 1);
	tap_ok(uq_run(&q, &dsc) == IDXGEN_CPL_OK &&
		       idxgen_ref_check(map + 0x100, 33, 7, 1, dsc.mx, dsc.my, dsc.word_size) == -1 &&
		       uq_value(&q) == 1,
	       "a job by stores: completion OK, output equals the reference, value 1");
	/* 40 jobs, more than the ring: wrap, batches of 5 behind one doorbell */
	for (i = 0; i < 40; i++) {
		desc_make(&dsc, d, q.c.region_base[0] + 0x1000 + (i % 5) * 0x800, 8 + i, 4, 100 + i);
		memcpy(q.mem + q.tail * sizeof(dsc), &dsc, sizeof(dsc));
		q.tail = (q.tail + 1) % 16;
		if (i % 5 == 4) {
			q.db[0] = q.tail;
			ok &= uq_wait(&q, 2 + i, 10ll * 1000000000, &w) == 0;
			ok &= idxgen_ref_check(map + 0x1000 + (i % 5) * 0x800, 8 + i, 4, 1, dsc.mx,
					       dsc.my, dsc.word_size) == -1;
		}
	}
	tap_ok(ok && uq_value(&q) == 41 && q.db[IDXGEN_UQ_DB_HEAD / 4] == q.tail,
	       "40 jobs in batches of 5 around a 16-entry ring, outputs right");
	tap_ok(uq_wait(&q, 41, 0, &w) == 0 && w.completed == 41 && w.state == DRM_IDXGEN_UQ_STATE_RUNNING &&
		       uq_wait(&q, 42, 20000000, &w) == -ETIME && w.completed == 41,
	       "UQ_WAIT: reached at once; -ETIME for a value not submitted");
	tap_ok(uq_destroy(&q) == 0, "UQ_DESTROY");
	uq_unmap(&q);
}

/* The shadow block's tail word and event index (DRM_IDXGEN_UQ_CREATE_SHADOW). */
static volatile uint32_t *uq_shadow(struct uq *q)
{
	return (volatile uint32_t *)(q->mem + q->c.value_offset + DRM_IDXGEN_UQ_SHADOW_BLOCK);
}

/* Store a descriptor and the shadow tail; ring only when the device asks. */
static void uq_push_shadow(struct uq *q, const struct idxgen_desc *dsc, uint32_t *rang)
{
	volatile uint32_t *sh = uq_shadow(q);
	uint32_t old = q->tail;

	memcpy(q->mem + q->tail * sizeof(*dsc), dsc, sizeof(*dsc));
	q->tail = (q->tail + 1) % q->c.ring_entries;
	__atomic_store_n(&sh[IDXGEN_UQ_SHADOW_TAIL / 4], q->tail, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	if (idxgen_uq_shadow_need_doorbell(sh[IDXGEN_UQ_SHADOW_EVENT / 4], q->tail, old,
					   q->c.ring_entries)) {
		q->db[IDXGEN_UQ_DB_TAIL / 4] = q->tail;
		++*rang;
	}
}

/*
 * Shadow tail: jobs by stores, the doorbell rung only when the device asks
 * (how often depends on speed: not checked), outputs equal the reference; a
 * tail past the ring stops the queue (FAULT, BAD_DOORBELL).
 */
static void test_uq_shadow(struct dev *d, uint32_t ctx, uint32_t reg, const uint8_t *map)
{
	struct idxgen_desc dsc;
	struct drm_idxgen_uq_wait w;
	uint32_t i, rang = 0;
	struct uq q;
	bool ok = true;

	if (!(param(d->fd, DRM_IDXGEN_PARAM_UAPI_FEATURES) & DRM_IDXGEN_UAPI_UQ_SHADOW)) {
		tap_ok(uq_create_flags(d->fd, ctx, 16, &reg, 1, DRM_IDXGEN_UQ_CREATE_SHADOW, &q) ==
			       -EOPNOTSUPP,
		       "accel%d: no shadow tail: UQ_CREATE SHADOW -EOPNOTSUPP", d->minor);
		return;
	}
	if (!tap_ok(uq_create_flags(d->fd, ctx, 16, &reg, 1, DRM_IDXGEN_UQ_CREATE_SHADOW, &q) == 0,
		    "UQ_CREATE with a shadow tail"))
		return;
	for (i = 0; i < 40; i++) {
		desc_make(&dsc, d, q.c.region_base[0] + 0x1000 + (i % 5) * 0x800, 8 + i, 4, 300 + i);
		uq_push_shadow(&q, &dsc, &rang);
		if (i % 5 == 4) {
			ok &= uq_wait(&q, 1 + i, 10ll * 1000000000, &w) == 0;
			ok &= idxgen_ref_check(map + 0x1000 + (i % 5) * 0x800, 8 + i, 4, 1, dsc.mx,
					       dsc.my, dsc.word_size) == -1;
		}
	}
	tap_ok(ok && uq_value(&q) == 40 && rang >= 1 && rang <= 40,
	       "shadow tail: 40 jobs around a 16-entry ring, %u doorbells, outputs right", rang);
	uq_shadow(&q)[IDXGEN_UQ_SHADOW_TAIL / 4] = 16 + 5;
	q.db[IDXGEN_UQ_DB_TAIL / 4] = q.tail;
	ok = uq_wait(&q, 41, 10ll * 1000000000, &w) == -EIO;
	tap_ok(ok && w.state == DRM_IDXGEN_UQ_STATE_FAULT && w.error == IDXGEN_QERR_BAD_DOORBELL,
	       "shadow tail past the ring: the queue stops (state %u, error %u)", w.state, w.error);
	tap_ok(uq_destroy(&q) == 0, "UQ_DESTROY of the shadow queue");
	uq_unmap(&q);
}

/*
 * A hostile process: its own region and a neighbour's (another context's
 * region of the same file that the queue was not given).  Garbage and
 * outside targets fail with UQ_* or a validation code; the neighbour
 * stays zero.
 */
static void test_uq_hostile(struct dev *d, uint32_t ctx, uint32_t reg, const uint8_t *map)
{
	uint32_t other;
	const uint8_t *omap;
	struct idxgen_desc dsc;
	struct drm_idxgen_uq_wait w;
	struct uq q;
	uint64_t seed = 41;
	uint32_t i, j, nok = 0;
	bool all = true;

	/* a failed set-up is a failure: returning in silence dropped the checks below unseen */
	if (!tap_ok(!region_create(d->fd, 1 << 16, &other) &&
		    (omap = region_map(d->fd, other, NULL)),
		    "hostile: a neighbour's region, created and mapped") ||
	    !tap_ok(uq_create(d->fd, ctx, 32, &reg, 1, &q) == 0, "hostile: a queue on one region"))
		return;
	desc_make(&dsc, d, 0, 8, 8, 1);	/* the shared region: not given */
	tap_ok(uq_run(&q, &dsc) == IDXGEN_CPL_UQ_NO_WINDOW, "a target outside the queue's regions: UQ_NO_WINDOW");
	desc_make(&dsc, d, q.c.region_base[0] + (1 << 16) - 8, 8, 8, 2);
	tap_ok(uq_run(&q, &dsc) == IDXGEN_CPL_UQ_NO_WINDOW, "a job running off its region's end: UQ_NO_WINDOW");
	for (i = 0; i < 300; i++) {
		uint8_t *p = (uint8_t *)&dsc;
		int st;

		for (j = 0; j < sizeof(dsc); j++) {
			seed = seed * 6364136223846793005ull + 1442695040888963407ull;
			p[j] = seed >> 56;
		}
		if (i % 2)
			desc_make(&dsc, d, (seed >> 20) % (d->imem ? d->imem : 1) & ~3ull,
				  1 + (seed >> 8) % 60, 1 + (seed >> 16) % 60, i);
		st = uq_run(&q, &dsc);
		all &= st >= 0;
		nok += st == IDXGEN_CPL_OK;
	}
	tap_ok(all && all_zero(omap, 1 << 16),
	       "300 garbage and random descriptors: each completes (%u inside its region), the neighbour region untouched",
	       nok);
	q.db[0] = 32;	/* past the ring */
	tap_ok(uq_wait(&q, uq_value(&q) + 1, 1000000000, &w) == -EIO &&
		       w.state == DRM_IDXGEN_UQ_STATE_FAULT && w.error == IDXGEN_QERR_BAD_DOORBELL,
	       "a doorbell past the ring stops the queue: UQ_WAIT -EIO, state FAULT, BAD_DOORBELL");
	q.db[4] = 1;	/* junk beside the doorbell, on a stopped queue */
	tap_ok(job_works(d, ctx, reg, map, 17), "the ioctl path of the same context still works");
	tap_ok(uq_destroy(&q) == 0, "the stopped queue is destroyed");
	uq_unmap(&q);
	munmap((void *)omap, 1 << 16);	/* a mapping holds the region */
	gem_close(d->fd, other);
}

/* Unmap the memory and destroy while a long job runs. */
static void test_uq_teardown(struct dev *d, uint32_t ctx, uint32_t reg)
{
	struct idxgen_desc dsc;
	struct uq q;
	uint32_t i;

	if (uq_create(d->fd, ctx, 8, &reg, 1, &q))
		return (void)tap_ok(0, "teardown: queue");
	for (i = 0; i < 7; i++) {
		desc_make(&dsc, d, q.c.region_base[0], 128, 128, i);
		memcpy(q.mem + i * sizeof(dsc), &dsc, sizeof(dsc));
	}
	q.db[0] = 7;
	munmap(q.mem, q.c.mem_size);
	tap_ok(uq_destroy(&q) == 0, "unmapped, then destroyed with jobs queued");
	munmap((void *)q.db, 4096);
}

static sigjmp_buf uq_bus_jmp;

static void uq_on_sigbus(int sig)
{
	siglongjmp(uq_bus_jmp, 1);
}

/* After UQ_DESTROY the doorbell mapping is gone: SIGBUS, not the device. */
static void test_uq_doorbell_zapped(struct dev *d, uint32_t ctx, uint32_t reg)
{
	struct sigaction sa = {.sa_handler = uq_on_sigbus}, old;
	volatile bool bus = false;
	struct uq q;

	if (uq_create(d->fd, ctx, 4, &reg, 1, &q))
		return (void)tap_ok(0, "zap: queue");
	uq_destroy(&q);
	sigaction(SIGBUS, &sa, &old);
	if (!sigsetjmp(uq_bus_jmp, 1))
		q.db[0] = 1;
	else
		bus = true;
	sigaction(SIGBUS, &old, NULL);
	tap_ok(bus, "a doorbell write after UQ_DESTROY faults (SIGBUS): the page is unmapped");
	uq_unmap(&q);
}

/* Threads that store descriptors and doorbells until the queue goes under them. */
struct uq_race {
	struct uq *q;
	const struct dev *d;
	volatile bool stop;
	volatile unsigned long stores;
	bool bus;
};

static __thread sigjmp_buf uq_race_jmp;

static void uq_race_sigbus(int sig)
{
	siglongjmp(uq_race_jmp, 1);
}

static void *uq_race_ringer(void *arg)
{
	struct uq_race *r = arg;
	struct idxgen_desc dsc;
	uint32_t tail = 0;

	desc_make(&dsc, r->d, r->q->c.region_base[0], 64, 64, 0);
	if (sigsetjmp(uq_race_jmp, 1)) {
		r->bus = true;	/* the doorbell was zapped under the store */
		return NULL;
	}
	while (!r->stop) {
		memcpy(r->q->mem + tail * sizeof(dsc), &dsc, sizeof(dsc));
		tail = (tail + 1) % r->q->c.ring_entries;
		__atomic_thread_fence(__ATOMIC_RELEASE);
		r->q->db[IDXGEN_UQ_DB_TAIL / 4] = tail;
		r->stores = r->stores + 1;
	}
	return NULL;
}

/*
 * UQ_DESTROY from one thread while two others ring the doorbell: each
 * ringer ends with SIGBUS (its store met the zapped page) or sees stop; the
 * destroy succeeds, the kernel log stays clean (kcheck) and the device
 * still runs jobs.  Five rounds, each waiting until both ringers stored.
 */
static void test_uq_destroy_race(struct dev *d, uint32_t ctx, uint32_t reg, const uint8_t *map)
{
	struct sigaction sa = {.sa_handler = uq_race_sigbus}, old;
	unsigned int round, ok = 0, bus = 0;

	sigaction(SIGBUS, &sa, &old);
	for (round = 0; round < 5; round++) {
		struct uq_race r[2];
		pthread_t t[2];
		struct uq q;
		time_t guard = time(NULL) + HANG_GUARD_S;
		int i, started = 0, destroyed;

		if (uq_create(d->fd, ctx, 64, &reg, 1, &q))
			break;
		for (i = 0; i < 2; i++) {
			r[i] = (struct uq_race){.q = &q, .d = d};
			started += !pthread_create(&t[i], NULL, uq_race_ringer, &r[i]);
		}
		/* both ringers are storing (an event, not a delay) */
		while (started == 2 && (!r[0].stores || !r[1].stores) && time(NULL) < guard)
			sched_yield();
		destroyed = uq_destroy(&q);
		for (i = 0; i < started; i++) {
			r[i].stop = true;
			pthread_join(t[i], NULL);
			bus += r[i].bus;
		}
		uq_unmap(&q);
		ok += started == 2 && destroyed == 0;
	}
	sigaction(SIGBUS, &old, NULL);
	tap_ok(ok == 5, "UQ_DESTROY racing two threads' doorbell stores: %u of 5 rounds clean "
	       "(%u ringers stopped by SIGBUS)", ok, bus);
	tap_ok(dbg_wait(d, "objects", "user_queues", 0) && job_works(d, ctx, reg, map, 23),
	       "after the races: no queue left, the device still runs jobs");
}

/* Another open file cannot map this file's queue. */
static void test_uq_isolation(struct dev *d, uint32_t ctx, uint32_t reg)
{
	struct dev o;
	struct uq q;
	void *p1, *p2;

	if (uq_create(d->fd, ctx, 4, &reg, 1, &q) || dev_open(&o, d->minor))
		return (void)tap_ok(0, "isolation: setup");
	p1 = mmap(NULL, q.c.mem_size, PROT_READ, MAP_SHARED, o.fd, q.c.mem_offset);
	p2 = mmap(NULL, 4096, PROT_WRITE, MAP_SHARED, o.fd, q.c.doorbell_offset);
	tap_ok(p1 == MAP_FAILED && p2 == MAP_FAILED,
	       "a second process cannot map the first one's queue memory or doorbell");
	p2 = mmap(NULL, 4096, PROT_WRITE, MAP_PRIVATE, d->fd, q.c.doorbell_offset);
	tap_ok(p2 == MAP_FAILED, "a private (copy-on-write) mapping of the doorbell is refused");
	close(o.fd);
	uq_destroy(&q);
	uq_unmap(&q);
}

/*
 * A child with a queue, killed while it submits; then fork with a queue.
 * The child says on a pipe when it has rung its ring round once (it goes
 * on submitting): the kill comes then, not after a guessed time (was
 * 300 ms, which on a slow kernel could kill the child before it had a
 * queue and test nothing).
 */
static void test_uq_kill(struct dev *d)
{
	struct pollfd pfd = {.events = POLLIN};
	int st, fds[2];
	char b = 0;
	pid_t pid;

	if (pipe(fds))
		return (void)tap_ok(0, "a process killed while it submits: pipe");
	pid = fork();
	if (pid < 0) {
		close(fds[0]);
		close(fds[1]);
		return (void)tap_ok(0, "a process killed while it submits: fork");
	}
	if (pid == 0) {
		struct dev c;
		uint32_t ctx, reg;
		struct idxgen_desc dsc;
		struct uq q;
		uint32_t n = 0;

		close(fds[0]);
		if (dev_open(&c, d->minor) || ctx_create(c.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) ||
		    region_create(c.fd, 1 << 20, &reg) || uq_create(c.fd, ctx, 64, &reg, 1, &q))
			_exit(2);
		if (fork() == 0) {	/* a forked child rings the same queue */
			q.db[0] = 63;
			_exit(0);
		}
		for (;;) {
			desc_make(&dsc, &c, q.c.region_base[0], 512, 256, n++);
			memcpy(q.mem + q.tail * sizeof(dsc), &dsc, sizeof(dsc));
			q.tail = (q.tail + 1) % 64;
			q.db[0] = q.tail;
			if (n == 64 && write(fds[1], "r", 1) != 1)
				_exit(3);
		}
	}
	close(fds[1]);
	pfd.fd = fds[0];
	tap_ok(poll(&pfd, 1, HANG_GUARD_S * 1000) == 1 && read(fds[0], &b, 1) == 1 &&
		   dbg_wait(d, "objects", "user_queues", 1),
	       "the child has a queue and has rung it round once (debugfs objects: user_queues 1)");
	close(fds[0]);
	kill(pid, SIGKILL);
	waitpid(pid, &st, 0);
	tap_ok(WIFSIGNALED(st) && WTERMSIG(st) == SIGKILL, "a process killed while it submits through its queue");
	tap_ok(dbg_wait(d, "objects", "user_queues", 0), "its queue is gone (debugfs objects: user_queues 0)");
}

/*
 * The device removed under a process that holds a user queue (issue 41):
 * before the fix every page of the queue was zapped by drm_dev_unplug()
 * and the process's next store to the ring or the doorbell, or load of the
 * completion value, died of SIGBUS.  Now the memory stays readable with
 * the driver's state word set to GONE, the doorbell takes stores into RAM,
 * and the ioctls say -ENODEV.  uq_unplug_setup() runs one job before the
 * removal; uq_unplug_check() after it.  NULL: the device has no queues.
 */
struct uq *uq_unplug_setup(struct dev *d, uint32_t ctx, uint32_t reg, uint64_t reg_size)
{
	static struct uq q;
	struct idxgen_desc dsc;

	if (!(param(d->fd, DRM_IDXGEN_PARAM_UAPI_FEATURES) & DRM_IDXGEN_UAPI_USER_QUEUES))
		return NULL;
	if (!tap_ok(uq_create(d->fd, ctx, 4, &reg, 1, &q) == 0, "unplug: a user queue"))
		return NULL;
	desc_make(&dsc, d, q.c.region_base[0] + reg_size / 2, 16, 4, 1);
	tap_ok(uq_run(&q, &dsc) == IDXGEN_CPL_OK && uq_value(&q) == 1,
	       "unplug: a job through the user queue before the removal");
	return &q;
}

static sigjmp_buf uq_unplug_jmp;

static void uq_unplug_sigbus(int sig)
{
	siglongjmp(uq_unplug_jmp, 1);
}

void uq_unplug_check(struct uq *q)
{
	struct sigaction sa = {.sa_handler = uq_unplug_sigbus}, old;
	struct drm_idxgen_uq_wait w;
	volatile uint32_t state = ~0u;
	volatile uint64_t value = ~0ull;
	volatile int step = 0;
	struct idxgen_desc dsc;

	if (!q)
		return;
	memset(&dsc, 0, sizeof(dsc));
	sigaction(SIGBUS, &sa, &old);
	if (!sigsetjmp(uq_unplug_jmp, 1)) {
		state =
		    *(volatile uint32_t *)(q->mem + q->c.value_offset + DRM_IDXGEN_UQ_STATE_WORD);
		step = 1;
		value = uq_value(q);
		step = 2;
		uq_push(q, &dsc); /* ring store and doorbell store */
		step = 3;
	}
	sigaction(SIGBUS, &old, NULL);
	tap_ok(step == 3,
	       "unplug: queue memory and doorbell stores after the removal, no SIGBUS "
	       "(got through step %d of 3)",
	       step);
	tap_ok(state == DRM_IDXGEN_UQ_STATE_GONE && value == 1,
	       "unplug: the queue's state word says GONE (%u), the completion value stays 1 (%llu)",
	       state, (unsigned long long)value);
	tap_ok(uq_wait(q, 2, 1000000, &w) == -ENODEV && uq_destroy(q) == -ENODEV,
	       "unplug: UQ_WAIT and UQ_DESTROY -> ENODEV");
	uq_unmap(q);
}

void test_uq(struct dev *d)
{
	uint32_t ctx, reg;
	const uint8_t *map;

	if (!(param(d->fd, DRM_IDXGEN_PARAM_UAPI_FEATURES) & DRM_IDXGEN_UAPI_USER_QUEUES)) {
		struct drm_idxgen_uq_create c = {.ring_entries = 4, .nregions = 1};

		tap_ok(!(d->features & IDXGEN_FEAT_USER_QUEUES) &&
			       xioctl(d->fd, DRM_IOCTL_IDXGEN_UQ_CREATE, &c) && errno == EOPNOTSUPP,
		       "accel%d: no user queues: UQ_CREATE -EOPNOTSUPP", d->minor);
		return;
	}
	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_NUM_UQUEUES) > 0 &&
		       param(d->fd, DRM_IDXGEN_PARAM_UQ_MAX_RING) >= 2,
	       "accel%d: user queues: %llu", d->minor,
	       (unsigned long long)param(d->fd, DRM_IDXGEN_PARAM_NUM_UQUEUES));
	if (ctx_create(d->fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) || region_create(d->fd, 1 << 16, &reg) ||
	    !(map = region_map(d->fd, reg, NULL)))
		return (void)tap_ok(0, "user queues: context and region");
	test_uq_args(d, ctx, reg);
	test_uq_jobs(d, ctx, reg, map);
	test_uq_shadow(d, ctx, reg, map);
	test_uq_hostile(d, ctx, reg, map);
	test_uq_teardown(d, ctx, reg);
	test_uq_doorbell_zapped(d, ctx, reg);
	test_uq_destroy_race(d, ctx, reg, map);
	test_uq_isolation(d, ctx, reg);
	test_uq_kill(d);
	test_uq_hang_records(d, ctx, reg);
	tap_ok(dbg_value(d, "objects", "user_queues") == 0, "no user queue left");
	munmap((void *)map, 1 << 16);
	gem_close(d->fd, reg);
	ctx_destroy(d->fd, ctx);
}
