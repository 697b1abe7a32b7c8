// SPDX-License-Identifier: MIT
/*
 * idxgen-stress fuzz: one user-queue operation (uapi v3) of a hostile
 * process.  A queue of 4-32 entries on a file of its own, mapped; a batch
 * of valid jobs (each at its own 4 KiB of the region, verified against
 * tests/common/gen_ref.h when it completes OK) mixed with garbage
 * descriptors aimed outside the queue's region, doorbells past the ring,
 * and an ending chosen at random: wait and destroy, destroy with jobs
 * queued, unmap first, or close the file with the queue alive.  With the
 * chaos process resetting and unbinding the device meanwhile, every store
 * must land somewhere harmless: a SIGBUS kills the fuzzing process and
 * fails "every process survived".
 */
#include "stress.h"

#define UQ_SLOT	       4096u	      /* each valid job writes inside its own slot */
#define UQ_REGION_SIZE (32 * UQ_SLOT) /* a slot for each job of the largest ring */
#define UQ_WAIT_NS     (2ll * 1000000000)

struct fuzz_uq {
	int fd;
	struct drm_idxgen_uq_create c;
	uint8_t *mem;
	volatile uint32_t *db;
};

/* A descriptor from a valid configuration, aimed at base + its offset. */
static void desc_of(struct idxgen_desc *d, const struct drm_idxgen_config *c, uint64_t base,
		    uint32_t job_id)
{
	memset(d, 0, sizeof(*d));
	d->target = base + c->offset;
	d->size_limit = (uint32_t)cfg_bytes(c);
	d->job_id = job_id;
	d->dx = c->dx;
	d->dy = c->dy;
	d->dz = c->dz;
	d->c = c->c;
	d->xc = c->xc;
	d->yc = c->yc;
	d->zc = c->zc;
	d->mx = c->mx;
	d->my = c->my;
	d->mz = c->mz;
	d->word_size = c->word_size;
	d->grid_blocks = 1;
}

/* Random bytes, aimed outside the queue's one region: the device must refuse them. */
static void desc_garbage(struct idxgen_desc *d, uint64_t base, uint64_t *x)
{
	uint8_t *b = (uint8_t *)d;
	size_t i;

	for (i = 0; i < sizeof(*d); i++)
		b[i] = rnd(x) % 3 ? 0 : rnd(x);
	d->target = rnd(x) % 2 ? base + UQ_REGION_SIZE + (rnd(x) % 64) * 8
			       : (base > 4096 ? base - 4096 : base + (1ull << 40));
}

static int uq_open(struct fuzz_uq *q, uint32_t ctx, uint32_t reg, uint32_t entries)
{
	q->c = (struct drm_idxgen_uq_create){
	    .ctx_id = ctx, .ring_entries = entries, .nregions = 1, .regions = {reg}};
	if (xioctl(q->fd, DRM_IOCTL_IDXGEN_UQ_CREATE, &q->c))
		return -errno;
	q->mem =
	    mmap(NULL, q->c.mem_size, PROT_READ | PROT_WRITE, MAP_SHARED, q->fd, q->c.mem_offset);
	q->db = mmap(NULL, 4096, PROT_READ | PROT_WRITE, MAP_SHARED, q->fd, q->c.doorbell_offset);
	if (q->mem == MAP_FAILED || q->db == MAP_FAILED) {
		int e = -errno;

		if (q->mem != MAP_FAILED)
			munmap(q->mem, q->c.mem_size);
		if (q->db != MAP_FAILED)
			munmap((void *)q->db, 4096);
		q->mem = NULL;
		q->db = NULL;
		return e;
	}
	return 0;
}

static int uq_wait_for(struct fuzz_uq *q, uint64_t value)
{
	struct drm_idxgen_uq_wait w = {
	    .uq_id = q->c.uq_id, .value = value, .timeout_ns = UQ_WAIT_NS};

	return ioctl1(q->fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w);
}

/*
 * After a successful wait every record of the batch is written (by the
 * device, or by the driver after a reset, with an error status).  The valid
 * jobs that completed OK are verified against the reference.  A garbage
 * descriptor is aimed outside the queue's one region: completed OK, it
 * wrote outside it (counted wrong), unless the device was unbound since
 * (the mapping then reads the zero page, where every status reads OK).
 */
static void uq_verify(struct fuzz_uq *q, const void *map, const struct drm_idxgen_config *cfgs,
		      const bool *valid, uint32_t n, struct stats *st)
{
	const struct idxgen_cpl *cpl = (const void *)(q->mem + q->c.cpl_offset);
	struct drm_idxgen_get_param gp = {.param = DRM_IDXGEN_PARAM_LANES};
	uint32_t i;

	for (i = 0; i < n; i++) {
		if (!valid[i]) {
			if (cpl[i].status == IDXGEN_CPL_OK &&
			    ioctl1(q->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &gp) != -ENODEV) {
				tap_diag("fuzz: user queue slot %u: a descriptor aimed outside the "
					 "queue's region completed OK",
					 i);
				atomic_fetch_add(&st->jobs_bad, 1);
			}
			continue;
		}
		if (cpl[i].status != IDXGEN_CPL_OK || cpl[i].job_id != i + 1)
			atomic_fetch_add(&st->jobs_failed, 1);
		else
			count_output(st, q->fd, map, &cfgs[i]);
	}
}

/* One hostile user-queue session on its own file of path; an errno-style result. */
int fuzz_uq_op(const char *path, uint32_t lanes, struct stats *st, uint64_t *x)
{
	struct drm_idxgen_config cfgs[32];
	bool valid[32];
	struct idxgen_desc d;
	struct fuzz_uq q = {.fd = open(path, O_RDWR | O_CLOEXEC)};
	uint32_t ctx, reg, entries = 4u << (rnd(x) % 4), n, i;
	const void *map = NULL;
	uint64_t size = 0;
	int r;

	if (q.fd < 0)
		return -errno;
	r = ctx_create(q.fd, DRM_IDXGEN_PRIORITY_NORMAL, &ctx) ||
		    region_create(q.fd, UQ_REGION_SIZE, &reg)
		? -EIO
		: 0;
	if (!r)
		map = region_map(q.fd, reg, &size);
	if (!r && map)
		r = uq_open(&q, ctx, reg, entries);
	count(st, r);
	if (r || !map)
		goto out;
	n = 1 + rnd(x) % (entries - 1); /* entries - 1 at most: a full ring reads empty */
	for (i = 0; i < n; i++) {
		valid[i] = rnd(x) % 4 != 0;
		if (valid[i]) {
			/* at most 16 x 8 x 4 words of 4 bytes: inside its 4 KiB slot */
			cfg_make_lanes(&cfgs[i], lanes, reg, (uint64_t)i * UQ_SLOT, 1 + rnd(x) % 16,
				       1 + rnd(x) % 8, 1 + rnd(x) % 4);
			desc_of(&d, &cfgs[i], q.c.region_base[0], i + 1);
		} else {
			desc_garbage(&d, q.c.region_base[0], x);
		}
		memcpy(q.mem + (size_t)i * sizeof(d), &d, sizeof(d));
	}
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	/* a doorbell past the ring now and then: the queue faults, alone */
	q.db[IDXGEN_UQ_DB_TAIL / 4] = rnd(x) % 8 ? n : entries + rnd(x) % 64;
	switch (rnd(x) % 4) {
	case 0: /* destroy with the jobs queued */
		break;
	case 1: /* unmap the memory first, then destroy */
		munmap(q.mem, q.c.mem_size);
		q.mem = NULL;
		break;
	case 2: /* close the file with the queue alive */
		munmap(q.mem, q.c.mem_size);
		munmap((void *)q.db, 4096);
		q.mem = NULL;
		q.db = NULL;
		goto out;
	default:
		r = uq_wait_for(&q, n);
		count(st, r);
		if (!r)
			uq_verify(&q, map, cfgs, valid, n, st);
		break;
	}
	{
		struct drm_idxgen_uq_destroy a = {.uq_id = q.c.uq_id};

		r = ioctl1(q.fd, DRM_IOCTL_IDXGEN_UQ_DESTROY, &a);
	}
	/* the doorbell after the destroy would SIGBUS (a queue the process destroyed itself) */
	if (q.mem)
		munmap(q.mem, q.c.mem_size);
	munmap((void *)q.db, 4096);
out:
	if (map)
		munmap((void *)map, size);
	close(q.fd);
	return r;
}
