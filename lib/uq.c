// SPDX-License-Identifier: MIT
/*
 * uq.c - the drm backend's submission through a user queue (uapi v3,
 * docs/hardware.md#user-queues): descriptors are stored into a ring the
 * process maps, the doorbell is one store, and completions are read from
 * the completion ring the device writes, so a job costs no system call.
 *
 * A context gets its queue at its first submission.  The driver binds a
 * queue to the regions named at creation (at most DRM_IDXGEN_UQ_MAX_REGIONS),
 * so a batch that targets a region outside the queue's set replaces the
 * queue (after its jobs are done) by one that holds the new regions and as
 * many of the old ones as fit.  A batch that needs more regions than a queue
 * holds, or a context for which no queue can be made (every queue of the
 * device in use), goes through the submit ioctl instead; a context's jobs
 * still complete in the order they were submitted, since each switch of
 * path first waits for the jobs of the other one.
 *
 * Where the device has a shadow tail (DRM_IDXGEN_UAPI_UQ_SHADOW), a
 * submission stores the new tail into the queue's memory and rings the
 * doorbell (an MMIO store, which costs more than a system call under
 * emulation) only when the device's event index says it went to sleep
 * inside the jobs just added; IDXGEN_USER_QUEUES=doorbell rings every time.
 *
 * Completions are copied ("harvested") from the completion ring into a
 * window of IDXGEN_RESULT_WINDOW results, as the driver keeps for the
 * ioctl path.  A wait polls the completion value for UQ_SPIN_NS and then
 * sleeps in UQ_WAIT.  A device reset (or a hang, which the driver's
 * watchdog resets) stops the queue: the driver writes the records of its
 * pending jobs (status DRM_IDXGEN_STATUS_UQ_HUNG for the job the device hung
 * on, error -ETIMEDOUT; DRM_IDXGEN_STATUS_UQ_RESET for the others, error
 * -EIO), then the completion value, then RESET into the queue's state word,
 * which the next submission reads to make a new queue.  A queue that
 * faulted (a bad doorbell, a DMA error), which the device stopped without a
 * reset, likewise: the first UQ_WAIT that sees the fault makes the driver
 * write the records of the jobs the device had taken (status
 * DRM_IDXGEN_STATUS_UQ_FAULT, error -EIO), the value and FAULT.  A job
 * the device never took (stored after the driver read the tail, or behind
 * a tail the device refused) gets its record when the library, seeing the
 * queue stopped, asks for it (UQ_WAIT with DRM_IDXGEN_UQ_WAIT_DROP_REST):
 * DRM_IDXGEN_STATUS_UQ_DROPPED, error -EIO; from a driver without that
 * flag it fails here (-EIO, ABORTED).  A DMA_FAULT record (the device
 * could not read the descriptor) carries job_id 0: its slot names the job.
 * A device removed (unbound) under the
 * queue: the driver sets the queue's state word to GONE (the doorbell then
 * takes stores into RAM, no SIGBUS); a submission or wait reads the word
 * and returns -ENODEV, pending jobs get error -ENODEV, status ABORTED.
 *
 * Locking: everything here is under the context's submit_lock, except the
 * completion value a waiter polls; a waiter holds a reference on the queue
 * so that its memory stays mapped while it polls.
 */
#define _GNU_SOURCE
#include <endian.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#include <xf86drm.h>

#include "internal.h"
#include "uapi/drm/idxgen_accel.h"

_Static_assert(IDXGEN_STATUS_UQ_RESET == DRM_IDXGEN_STATUS_UQ_RESET &&
		       IDXGEN_STATUS_UQ_HUNG == DRM_IDXGEN_STATUS_UQ_HUNG &&
		       IDXGEN_STATUS_UQ_FAULT == DRM_IDXGEN_STATUS_UQ_FAULT &&
		       IDXGEN_STATUS_UQ_DROPPED == DRM_IDXGEN_STATUS_UQ_DROPPED,
	       "the public statuses are the driver's");

#define UQ_RING_ENTRIES		512u		/* one IDXGEN_MAX_BATCH fits, with room */
#define UQ_SPIN_NS		50000		/* poll this long before sleeping in UQ_WAIT */
/* UQ_WAIT sleeps in slices: the queue may be replaced, and its id reused, meanwhile */
#define UQ_WAIT_SLICE_NS	10000000

struct uq_queue {
	struct drm_idxgen_uq_create c;			/* id, offsets, region bases */
	uint64_t serial[DRM_IDXGEN_UQ_MAX_REGIONS];	/* the regions' serials */
	bool shared[DRM_IDXGEN_UQ_MAX_REGIONS];
	uint64_t size[DRM_IDXGEN_UQ_MAX_REGIONS];
	uint8_t *mem;
	volatile uint32_t *db;
	uint32_t *tags;			/* user_tag of the job in each slot */
	uint32_t entries;
	uint64_t base;			/* sequence number of the queue's first job */
	uint64_t submitted;		/* jobs written into the ring */
	uint64_t harvested;		/* completions copied into the window */
	uint32_t published;		/* the tail the device was last given */
	bool shadow;			/* DRM_IDXGEN_UQ_CREATE_SHADOW */
	bool dead;			/* faulted or reset: completes nothing more */
	/*
	 * The descriptor of the last configuration written (job_id aside):
	 * a program submits the same shape again and again, and building a
	 * descriptor costs more than the stores that submit it.
	 */
	bool have_last;
	struct idxgen_config last_cfg;
	uint64_t last_serial;		/* last_cfg's region's serial */
	struct idxgen_desc last_desc;
	unsigned int refs;		/* the state's one, and one per waiter */
};

struct idxgen_uq_state {
	struct uq_queue *q;		/* NULL: none at present */
	/*
	 * The last configuration that passed idxgen_config_validate(): the
	 * same shape again needs no second look (the check divides, which
	 * under emulation costs a fair part of a submission).  The ioctl
	 * path uses it too (idxgen_uq_validate); the driver checks every
	 * configuration of an ioctl itself whatever the library did.
	 */
	bool have_valid;
	struct idxgen_config valid_cfg;
	uint64_t valid_serial;		/* valid_cfg's region's serial */
	uint64_t next;			/* sequence number of the next job, from 1 */
	bool off;			/* no queue could be made: the ioctl path */
	uint64_t res_seq[IDXGEN_RESULT_WINDOW];
	struct idxgen_job_result res[IDXGEN_RESULT_WINDOW];
};

static void cpu_relax(void)
{
#if defined(__x86_64__) || defined(__i386__)
	__builtin_ia32_pause();
#endif
}

void idxgen_uq_setup(struct idxgen_device *dev)
{
	struct drm_idxgen_get_param gp = { .param = DRM_IDXGEN_PARAM_UQ_MAX_RING };
	const char *env = getenv("IDXGEN_USER_QUEUES");
	uint32_t entries = UQ_RING_ENTRIES;

	dev->uq_entries = 0;
	dev->uq_shadow = false;
	dev->uq_drop_rest = dev->uapi_features & DRM_IDXGEN_UAPI_UQ_DROP_REST;
	if (!(dev->uapi_features & DRM_IDXGEN_UAPI_USER_QUEUES))
		return;
	if (env && (!strcmp(env, "0") || !strcmp(env, "off") || !strcmp(env, "no")))
		return;
	dev->uq_shadow = (dev->uapi_features & DRM_IDXGEN_UAPI_UQ_SHADOW) &&
			 !(env && !strcmp(env, "doorbell"));
	if (drmIoctl(dev->fd, DRM_IOCTL_IDXGEN_GET_PARAM, &gp) || gp.value < 2)
		return;
	while (entries > gp.value)
		entries >>= 1;
	dev->uq_entries = entries;
}

static uint64_t queue_value(const struct uq_queue *q)
{
	return __atomic_load_n((const uint64_t *)(q->mem + q->c.value_offset), __ATOMIC_ACQUIRE);
}

/* The driver's state word: RESET or GONE once the queue completes nothing more (a plain load). */
static uint32_t queue_state(const struct uq_queue *q)
{
	return __atomic_load_n(
		(const uint32_t *)(q->mem + q->c.value_offset + DRM_IDXGEN_UQ_STATE_WORD),
		__ATOMIC_ACQUIRE);
}

/* The driver says the device is gone (removed, unbound). */
static bool queue_gone(const struct uq_queue *q)
{
	return queue_state(q) == DRM_IDXGEN_UQ_STATE_GONE;
}

static void record(struct idxgen_uq_state *st, uint64_t seq, const struct idxgen_job_result *r)
{
	st->res_seq[seq % IDXGEN_RESULT_WINDOW] = seq;
	st->res[seq % IDXGEN_RESULT_WINDOW] = *r;
}

/* The result of the job in slot, from its completion record; -EIO if the record is not one. */
static void cpl_result(const struct uq_queue *q, uint32_t slot, uint32_t job_id,
		       struct idxgen_job_result *r)
{
	const struct idxgen_cpl *ring = (const void *)(q->mem + q->c.cpl_offset);
	struct idxgen_cpl c;
	uint32_t status, flags, id;
	uint64_t cycles;

	memcpy(&c, &ring[slot], sizeof(c));
	status = le16toh(c.status);
	flags = le16toh(c.flags);
	cycles = le64toh(c.cycles);
	id = le32toh(c.job_id);
	memset(r, 0, sizeof(*r));
	r->user_tag = q->tags[slot];
	/* the device could not read a DMA_FAULT job's descriptor, so not its job_id either */
	if ((id != job_id && !(id == 0 && status == IDXGEN_CPL_DMA_FAULT)) ||
	    le32toh(c.slot) != slot ||
	    le32toh(c.check) != IDXGEN_CPL_CHECK(id, status, flags, le32toh(c.warps),
						 le32toh(c.threads), cycles, slot)) {
		r->error = -EIO;	/* not a record the device wrote for this job */
		r->status = IDXGEN_CPL_ABORTED;
		return;
	}
	r->status = status;
	/* the driver's records after a reset or a fault (a device's status is a result, not an error) */
	if (status == DRM_IDXGEN_STATUS_UQ_HUNG)
		r->error = -ETIMEDOUT;
	else if (status == DRM_IDXGEN_STATUS_UQ_RESET || status == DRM_IDXGEN_STATUS_UQ_FAULT ||
		 status == DRM_IDXGEN_STATUS_UQ_DROPPED)
		r->error = -EIO;
	r->hit = flags & IDXGEN_CPLF_HIT;
	r->warps = le32toh(c.warps);
	r->threads = le32toh(c.threads);
	r->cycles = cycles;
}

/* Copy the completions the device has written into the window. */
static void harvest(struct idxgen_uq_state *st, struct uq_queue *q)
{
	uint64_t done = queue_value(q);
	struct idxgen_job_result r;

	if (done > q->submitted)
		done = q->submitted;	/* more than was submitted: not the device's count */
	for (; q->harvested < done; q->harvested++) {
		uint64_t seq = q->base + q->harvested;
		uint32_t slot = (uint32_t)(q->harvested & (q->entries - 1));

		cpl_result(q, slot, (uint32_t)seq, &r);
		record(st, seq, &r);
	}
}

/*
 * The queue completes nothing more: every job it has not completed fails,
 * with the driver's records where it writes them (the queue stopped: not
 * for a device that is gone), else with error.
 */
static void fail_pending(struct idxgen_context *ctx, struct idxgen_uq_state *st,
			 struct uq_queue *q, int error)
{
	struct idxgen_job_result r = {.error = error, .status = IDXGEN_CPL_ABORTED};

	harvest(st, q);
	if (error != -ENODEV && ctx->dev->uq_drop_rest && q->harvested < q->submitted) {
		struct drm_idxgen_uq_wait w = {
			.uq_id = q->c.uq_id,
			.flags = DRM_IDXGEN_UQ_WAIT_DROP_REST,
			.value = q->submitted,
		};

		/* no wait: a stopped queue's records are written, or never will be */
		if (!drmIoctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w))
			harvest(st, q);
	}
	for (; q->harvested < q->submitted; q->harvested++) {
		r.user_tag = q->tags[q->harvested & (q->entries - 1)];
		record(st, q->base + q->harvested, &r);
	}
	q->dead = true;
}

/*
 * Until the queue's completion value reaches target: poll, then UQ_WAIT.
 * 0, -ETIMEDOUT at deadline_ns, -EIO the queue stopped (fault or reset),
 * -ENOENT the queue is gone (replaced meanwhile), -ENODEV the device is gone.
 */
static int wait_value(int fd, struct uq_queue *q, uint64_t target, int64_t deadline_ns)
{
	int64_t start = idxgen_now_ns(), now = start;

	while (queue_value(q) < target && now - start < UQ_SPIN_NS && !queue_gone(q)) {
		cpu_relax();
		now = idxgen_now_ns();
	}
	while (queue_value(q) < target) {
		struct drm_idxgen_uq_wait w = { .uq_id = q->c.uq_id, .value = target };

		if (queue_gone(q))
			return -ENODEV;
		now = idxgen_now_ns();
		if (now >= deadline_ns)
			return -ETIMEDOUT;
		w.timeout_ns = deadline_ns - now < UQ_WAIT_SLICE_NS ? deadline_ns - now :
								       UQ_WAIT_SLICE_NS;
		if (drmIoctl(fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w) && errno != ETIME)
			return -errno;
	}
	return 0;
}

static void queue_put(struct uq_queue *q)
{
	if (--q->refs)
		return;
	munmap((void *)q->db, IDXGEN_UQ_DB_STRIDE);
	munmap(q->mem, q->c.mem_size);
	free(q->tags);
	free(q);
}

/* Stop the queue in the device (its mappings stay for the waiters that hold it). */
static void queue_retire(struct idxgen_context *ctx, struct uq_queue *q)
{
	struct drm_idxgen_uq_destroy d = { .uq_id = q->c.uq_id };

	drmIoctl(ctx->dev->fd, DRM_IOCTL_IDXGEN_UQ_DESTROY, &d);
	queue_put(q);
}

/* Wait for every job of the queue (caller holds submit_lock). */
static int drain(struct idxgen_context *ctx, struct idxgen_uq_state *st, struct uq_queue *q)
{
	int ret;

	harvest(st, q);
	if (q->dead || q->harvested == q->submitted)
		return 0;
	ret = wait_value(ctx->dev->fd, q, q->submitted, INT64_MAX);
	if (ret) /* -EIO/-ENOENT/-ENODEV: the queue will not finish them */
		fail_pending(ctx, st, q, ret == -ENODEV ? -ENODEV : -EIO);
	harvest(st, q);
	return 0;
}

int idxgen_uq_drain(struct idxgen_context *ctx)
{
	if (!ctx->uq || !ctx->uq->q)
		return 0;
	return drain(ctx, ctx->uq, ctx->uq->q);
}

static int queue_new(struct idxgen_context *ctx, struct idxgen_region *const *regs,
		     unsigned int n, const struct uq_queue *old, struct uq_queue **out)
{
	int fd = ctx->dev->fd, ret = -ENOMEM;
	struct uq_queue *q = calloc(1, sizeof(*q));
	unsigned int i;

	if (!q)
		return -ENOMEM;
	q->entries = ctx->dev->uq_entries;
	q->tags = calloc(q->entries, sizeof(*q->tags));
	if (!q->tags)
		goto err_free;
	for (i = 0; i < n; i++) {
		q->c.regions[i] = regs[i]->handle;
		q->serial[i] = regs[i]->serial;
		q->shared[i] = regs[i]->shared;
		q->size[i] = regs[i]->size;
	}
	/* then the old queue's regions, as many as fit (all of them are still alive) */
	for (i = 0; old && i < old->c.nregions && n < DRM_IDXGEN_UQ_MAX_REGIONS; i++) {
		unsigned int j;

		for (j = 0; j < n && q->c.regions[j] != old->c.regions[i]; j++)
			;
		if (j < n)
			continue;
		q->c.regions[n] = old->c.regions[i];
		q->serial[n] = old->serial[i];
		q->shared[n] = old->shared[i];
		q->size[n++] = old->size[i];
	}
	q->c.ctx_id = ctx->id;
	q->shadow = ctx->dev->uq_shadow;
	q->c.flags = q->shadow ? DRM_IDXGEN_UQ_CREATE_SHADOW : 0;
	q->c.ring_entries = q->entries;
	q->c.nregions = n;
	if (drmIoctl(fd, DRM_IOCTL_IDXGEN_UQ_CREATE, &q->c)) {
		ret = -errno;
		goto err_free;
	}
	q->mem = mmap(NULL, q->c.mem_size, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		      (off_t)q->c.mem_offset);
	q->db = mmap(NULL, IDXGEN_UQ_DB_STRIDE, PROT_READ | PROT_WRITE, MAP_SHARED, fd,
		     (off_t)q->c.doorbell_offset);
	if (q->mem == MAP_FAILED || q->db == MAP_FAILED) {
		struct drm_idxgen_uq_destroy d = { .uq_id = q->c.uq_id };

		ret = -errno;
		drmIoctl(fd, DRM_IOCTL_IDXGEN_UQ_DESTROY, &d);
		if (q->mem != MAP_FAILED)
			munmap(q->mem, q->c.mem_size);
		if (q->db != MAP_FAILED)
			munmap((void *)q->db, IDXGEN_UQ_DB_STRIDE);
		goto err_free;
	}
	q->refs = 1;
	*out = q;
	return 0;
err_free:
	free(q->tags);
	free(q);
	return ret;
}

/* Which of the queue's regions reg is, or -1. */
static int queue_slot_of(const struct uq_queue *q, const struct idxgen_region *reg)
{
	unsigned int i;

	for (i = 0; i < q->c.nregions; i++)
		if (q->serial[i] == reg->serial ||
		    (reg->shared && q->shared[i] && q->c.regions[i] == reg->handle))
			return (int)i;
	return -1;
}

static bool queue_holds(const struct uq_queue *q, uint64_t serial)
{
	unsigned int i;

	for (i = 0; i < q->c.nregions; i++)
		if (q->serial[i] == serial)
			return true;
	return false;
}

/* The distinct regions of a batch into regs; -E2BIG if a queue cannot hold them. */
static int batch_regions(const struct idxgen_config *cfgs, unsigned int n,
			 struct idxgen_region **regs, unsigned int *nregs)
{
	unsigned int i, j;

	*nregs = 0;
	for (i = 0; i < n; i++) {
		for (j = 0; j < *nregs; j++)
			if (regs[j] == cfgs[i].region ||
			    (regs[j]->shared && cfgs[i].region->shared))
				break;
		if (j < *nregs)
			continue;
		if (*nregs == DRM_IDXGEN_UQ_MAX_REGIONS)
			return -E2BIG;
		regs[(*nregs)++] = cfgs[i].region;
	}
	return 0;
}

/*
 * Make st->q a running queue that holds regs: 0, IDXGEN_UQ_FALLBACK (no
 * queue can be made: the ioctl path from now on), or an error.
 */
static int queue_for(struct idxgen_context *ctx, struct idxgen_uq_state *st,
		     struct idxgen_region **regs, unsigned int n)
{
	struct uq_queue *q = st->q, *nq = NULL;
	uint32_t state = q && !q->dead ? queue_state(q) : DRM_IDXGEN_UQ_STATE_RUNNING;
	unsigned int i;
	int ret;

	if (state == DRM_IDXGEN_UQ_STATE_RESET || state == DRM_IDXGEN_UQ_STATE_FAULT)
		fail_pending(ctx, st, q, -EIO);	/* the driver's records, then what it never saw */
	for (i = 0; q && !q->dead && i < n && queue_slot_of(q, regs[i]) >= 0; i++)
		;
	if (q && !q->dead && i == n)
		return 0;
	if (q)
		drain(ctx, st, q);
	ret = queue_new(ctx, regs, n, q && !q->dead ? q : NULL, &nq);
	if (q) {
		queue_retire(ctx, q);
		st->q = NULL;
	}
	if (ret == -EBUSY || ret == -EOPNOTSUPP || ret == -ENOMEM || ret == -ENOSPC ||
	    ret == -EACCES || ret == -EPERM) {
		st->off = true;
		return IDXGEN_UQ_FALLBACK;
	}
	if (ret)
		return ret;
	nq->base = st->next;
	st->q = nq;
	return 0;
}

/* The jobs the context sent through the ioctl path are done (caller holds submit_lock). */
static int sync_ioctl_jobs(struct idxgen_context *ctx)
{
	if (!ctx->ioctl_jobs)
		return 0;
	if (drmSyncobjWait(ctx->dev->fd, &ctx->syncobj, 1, INT64_MAX,
			   DRM_SYNCOBJ_WAIT_FLAGS_WAIT_FOR_SUBMIT, NULL))
		return -errno;
	ctx->ioctl_jobs = false;
	return 0;
}

static void ring_doorbell(struct uq_queue *q)
{
	/* the descriptors are visible before the device hears of them */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	q->db[IDXGEN_UQ_DB_TAIL / 4] = (uint32_t)(q->submitted & (q->entries - 1));
	/* and the write-combined store leaves the CPU now, not at some later flush */
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
}

/*
 * Give the device the jobs written so far: the doorbell, or with a shadow
 * tail the tail stored into memory and the doorbell only if the device
 * went to sleep inside the new slots (include/idxgen_hw.h, "Shadow tail").
 */
static void publish(struct uq_queue *q)
{
	uint32_t tail = (uint32_t)(q->submitted & (q->entries - 1)), event;
	uint32_t *sh = (uint32_t *)(q->mem + q->c.value_offset + DRM_IDXGEN_UQ_SHADOW_BLOCK);

	if (!q->shadow) {
		ring_doorbell(q);
		return;
	}
	/* the descriptors before the tail; the tail before the event index is read */
	__atomic_store_n(&sh[IDXGEN_UQ_SHADOW_TAIL / 4], tail, __ATOMIC_RELEASE);
	__atomic_thread_fence(__ATOMIC_SEQ_CST);
	event = __atomic_load_n(&sh[IDXGEN_UQ_SHADOW_EVENT / 4], __ATOMIC_ACQUIRE);
	if (idxgen_uq_shadow_need_doorbell(event, tail, q->published, q->entries))
		ring_doorbell(q);
	q->published = tail;
}

/* Whether a and b make the same descriptor, job_id aside (the tag is not in it). */
static bool same_job(const struct idxgen_config *a, const struct idxgen_config *b,
		     uint64_t b_serial)
{
	return a->region == b->region && a->region->serial == b_serial && a->offset == b->offset &&
	       a->dx == b->dx && a->dy == b->dy && a->dz == b->dz && a->c == b->c &&
	       a->xc == b->xc && a->yc == b->yc && a->zc == b->zc && a->mx == b->mx &&
	       a->my == b->my && a->mz == b->mz && a->word_size == b->word_size &&
	       a->flags == b->flags && a->order == b->order && a->stride == b->stride &&
	       a->granularity == b->granularity && a->tile_w == b->tile_w &&
	       a->tile_h == b->tile_h;
}

static void write_desc(struct uq_queue *q, const struct idxgen_config *cfg, uint64_t seq)
{
	struct idxgen_desc *ring = (struct idxgen_desc *)q->mem;
	uint32_t slot = (uint32_t)(q->submitted & (q->entries - 1));
	struct idxgen_desc d;

	if (!q->have_last || !same_job(cfg, &q->last_cfg, q->last_serial)) {
		int w = queue_slot_of(q, cfg->region);
		struct igm_job j;

		idxgen_cfg_to_job(cfg, q->c.region_base[w] + cfg->offset,
				  q->size[w] - cfg->offset, 0, &j);
		igm_job_to_desc(&q->last_desc, &j);
		q->last_cfg = *cfg;
		q->last_serial = cfg->region->serial;
		q->have_last = true;
	}
	d = q->last_desc;
	d.job_id = htole32((uint32_t)seq);
	memcpy(&ring[slot], &d, sizeof(d));
	q->tags[slot] = cfg->user_tag;
	q->submitted++;
}

/* Room for one more job in the ring (caller holds submit_lock); -EIO: the queue died. */
static int make_room(struct idxgen_context *ctx, struct idxgen_uq_state *st, struct uq_queue *q)
{
	int ret;

	/*
	 * entries - 1 at most in flight: a full ring's tail would equal its
	 * head, which the device reads as an empty one.  Completions are
	 * copied out only when the ring looks full (or a result is asked
	 * for): their slots are not reused before.
	 */
	if (q->submitted - q->harvested < q->entries - 1)
		return 0;
	harvest(st, q);
	if (q->submitted - q->harvested < q->entries - 1)
		return 0;
	publish(q);	/* the jobs written so far, so that the device frees slots */
	ret = wait_value(ctx->dev->fd, q, q->submitted - q->entries + 2, INT64_MAX);
	if (ret) {
		ret = ret == -ENODEV ? -ENODEV : -EIO;
		fail_pending(ctx, st, q, ret);
		return ret;
	}
	harvest(st, q);
	return 0;
}

static struct idxgen_uq_state *state_of(struct idxgen_context *ctx)
{
	if (!ctx->uq) {
		ctx->uq = calloc(1, sizeof(*ctx->uq));
		if (ctx->uq)
			ctx->uq->next = 1;
	}
	return ctx->uq;
}

/* Every configuration of the batch valid (drm_ops.submit_validates); caller holds submit_lock. */
static int validate_batch(struct idxgen_context *ctx, struct idxgen_uq_state *st,
			  const struct idxgen_config *cfgs, unsigned int n)
{
	unsigned int i;
	int ret;

	for (i = 0; i < n; i++) {
		if (st->have_valid && same_job(&cfgs[i], &st->valid_cfg, st->valid_serial))
			continue;
		ret = idxgen_config_validate(&cfgs[i], ctx->dev);
		if (ret)
			return ret;
		st->valid_cfg = cfgs[i];
		st->valid_serial = cfgs[i].region->serial;
		st->have_valid = true;
	}
	return 0;
}

int idxgen_uq_validate(struct idxgen_context *ctx, const struct idxgen_config *cfgs, unsigned int n)
{
	struct idxgen_uq_state *st = state_of(ctx);

	return st ? validate_batch(ctx, st, cfgs, n) : -ENOMEM;
}

int idxgen_uq_submit(struct idxgen_context *ctx, const struct idxgen_config *cfgs, unsigned int n,
		     idxgen_job_t *jobs)
{
	struct idxgen_region *regs[DRM_IDXGEN_UQ_MAX_REGIONS];
	struct idxgen_uq_state *st;
	unsigned int nregs, i;
	int ret;

	if (!ctx->dev->uq_entries)
		return IDXGEN_UQ_FALLBACK;
	pthread_mutex_lock(&ctx->submit_lock);
	st = state_of(ctx);
	ret = !st ? -ENOMEM : st->off ? IDXGEN_UQ_FALLBACK : 0;
	if (!ret)
		ret = validate_batch(ctx, st, cfgs, n);
	if (!ret && batch_regions(cfgs, n, regs, &nregs))
		ret = IDXGEN_UQ_FALLBACK;
	if (!ret)
		ret = queue_for(ctx, st, regs, nregs);
	if (!ret && queue_gone(st->q)) {
		fail_pending(ctx, st, st->q, -ENODEV);
		ret = -ENODEV;
	}
	if (!ret)
		ret = sync_ioctl_jobs(ctx);
	for (i = 0; !ret && i < n; i++) {
		ret = make_room(ctx, st, st->q);
		if (ret)
			break;
		if (jobs)
			jobs[i] = IDXGEN_UQ_JOB | st->next;
		write_desc(st->q, &cfgs[i], st->next++);
	}
	if (i)
		publish(st->q);
	pthread_mutex_unlock(&ctx->submit_lock);
	return ret;
}

int idxgen_uq_result(struct idxgen_context *ctx, idxgen_job_t job, struct idxgen_job_result *res)
{
	uint64_t seq = job & ~IDXGEN_UQ_JOB;
	struct idxgen_uq_state *st;
	int ret;

	pthread_mutex_lock(&ctx->submit_lock);
	st = ctx->uq;
	if (!st || !seq || seq >= st->next || st->next - seq > IDXGEN_RESULT_WINDOW) {
		ret = -ENOENT;
	} else {
		if (st->q)
			harvest(st, st->q);
		ret = st->res_seq[seq % IDXGEN_RESULT_WINDOW] == seq ? 0 : -EBUSY;
		if (!ret)
			*res = st->res[seq % IDXGEN_RESULT_WINDOW];
	}
	pthread_mutex_unlock(&ctx->submit_lock);
	return ret;
}

int idxgen_uq_wait(struct idxgen_context *ctx, idxgen_job_t job, int64_t deadline_ns)
{
	uint64_t seq = job & ~IDXGEN_UQ_JOB;
	struct idxgen_uq_state *st;
	struct uq_queue *q;
	int ret;

	for (;;) {
		pthread_mutex_lock(&ctx->submit_lock);
		st = ctx->uq;
		if (!st || !seq || seq >= st->next) {
			pthread_mutex_unlock(&ctx->submit_lock);
			return -ENOENT;
		}
		q = st->q;
		if (q)
			harvest(st, q);
		if (!q || q->dead || seq < q->base + q->harvested) {
			pthread_mutex_unlock(&ctx->submit_lock);
			return 0;	/* done (or failed): the result says which */
		}
		q->refs++;
		pthread_mutex_unlock(&ctx->submit_lock);

		ret = wait_value(ctx->dev->fd, q, seq - q->base + 1, deadline_ns);

		pthread_mutex_lock(&ctx->submit_lock);
		/* stopped, or gone while still ours */
		if (ret && ret != -ETIMEDOUT && q == st->q && !q->dead)
			fail_pending(ctx, st, q, ret == -ENODEV ? -ENODEV : -EIO);
		queue_put(q);
		pthread_mutex_unlock(&ctx->submit_lock);
		if (ret == -ETIMEDOUT || (ret && ret != -EIO && ret != -ENOENT))
			return ret;
	}
}

/* A region goes: the queues holding it go too (after their jobs), and with them its reference. */
void idxgen_uq_region_gone(struct idxgen_region *reg)
{
	struct idxgen_device *dev = reg->dev;
	struct idxgen_context *ctx;

	if (!dev->uq_entries)
		return;
	pthread_mutex_lock(&dev->lock);
	for (ctx = dev->contexts; ctx; ctx = ctx->next) {
		struct uq_queue *q;

		pthread_mutex_lock(&ctx->submit_lock);
		q = ctx->uq ? ctx->uq->q : NULL;
		if (q && queue_holds(q, reg->serial)) {
			drain(ctx, ctx->uq, q);
			queue_retire(ctx, q);
			ctx->uq->q = NULL;
		}
		pthread_mutex_unlock(&ctx->submit_lock);
	}
	pthread_mutex_unlock(&dev->lock);
}

void idxgen_uq_free(struct idxgen_context *ctx)
{
	if (!ctx->uq)
		return;
	if (ctx->uq->q)
		queue_retire(ctx, ctx->uq->q);
	free(ctx->uq);
	ctx->uq = NULL;
}
