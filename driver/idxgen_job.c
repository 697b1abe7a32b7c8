// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: jobs.  One drm_gpu_scheduler per hardware config queue; a
 * submission is one scheduler job carrying 1..DRM_IDXGEN_MAX_BATCH
 * descriptors (one credit per ring slot).  Hardware fences are signalled
 * from the completion interrupt.  A job that times out resets the device:
 * what was in flight fails, the history goes with the reset, the firmware
 * is reloaded and later jobs run normally.
 */
#include <linux/dma-fence.h>
#include <linux/dma-mapping.h>
#include <linux/module.h>
#include <linux/slab.h>
#include <linux/wait_bit.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>
#include <drm/drm_syncobj.h>

#include "idxgen_drv.h"

unsigned int idxgen_job_timeout_ms = 2000;
module_param_named(job_timeout_ms, idxgen_job_timeout_ms, uint, 0444);
MODULE_PARM_DESC(job_timeout_ms, "Time a job may run before the device is reset (ms)");

static const char *idxgen_fence_driver_name(struct dma_fence *f)
{
	return DRIVER_NAME;
}

static const char *idxgen_fence_timeline_name(struct dma_fence *f)
{
	return "idxgen-queue";
}

static const struct dma_fence_ops idxgen_fence_ops = {
	.get_driver_name = idxgen_fence_driver_name,
	.get_timeline_name = idxgen_fence_timeline_name,
};

/*
 * One allocation for the job and its per-descriptor arrays: a submission
 * of one configuration costs a single small kmalloc (plus the hardware
 * fence), a large batch may fall back to vmalloc.  Charged to the caller.
 */
static struct idxgen_job *idxgen_job_alloc(struct idxgen_device *idev, u32 count)
{
	size_t o_descs, o_res, o_regions, o_tags, size;
	struct idxgen_job *job;

	o_descs = ALIGN(sizeof(*job), __alignof__(*job->descs));
	o_res = ALIGN(o_descs + count * sizeof(*job->descs), __alignof__(*job->res));
	o_regions = ALIGN(o_res + count * sizeof(*job->res), __alignof__(*job->regions));
	o_tags = ALIGN(o_regions + count * sizeof(*job->regions), __alignof__(*job->tags));
	size = o_tags + count * sizeof(*job->tags);

	job = kvzalloc(size, GFP_KERNEL_ACCOUNT);
	if (!job)
		return NULL;
	job->hw_fence = kzalloc(sizeof(*job->hw_fence), GFP_KERNEL);
	if (!job->hw_fence) {
		kvfree(job);
		return NULL;
	}
	job->idev = idev;
	job->count = count;
	job->descs = (void *)job + o_descs;
	job->res = (void *)job + o_res;
	job->regions = (void *)job + o_regions;
	job->tags = (void *)job + o_tags;
	INIT_LIST_HEAD(&job->node);
	atomic_inc(&idev->cnt.jobs);
	return job;
}

static void idxgen_job_free(struct idxgen_job *job)
{
	struct idxgen_device *idev = job->idev;
	u32 i;

	for (i = 0; i < job->count; i++)
		if (job->regions[i])
			drm_gem_object_put(job->regions[i]);
	if (job->fence_inited)
		dma_fence_put(job->hw_fence);
	else
		kfree(job->hw_fence);
	if (job->ctx)
		idxgen_ctx_put(job->ctx);
	kvfree(job);
	if (atomic_dec_and_test(&idev->cnt.jobs))
		wake_up_var(&idev->cnt.jobs);
}

/* Called with q->lock held once every descriptor of the job has an outcome. */
void idxgen_job_complete(struct idxgen_queue *q, struct idxgen_job *job)
{
	int error = 0;
	u32 i;

	lockdep_assert_held(&q->lock);
	for (i = 0; i < job->count && !error; i++)
		error = job->res[i].error;
	list_del_init(&job->node);
	idxgen_ctx_publish(job);
	if (error)
		dma_fence_set_error(job->hw_fence, error);
	dma_fence_signal(job->hw_fence);
}

/* Put descriptor i of job on the ring.  Caller holds q->lock and checked for room. */
static void idxgen_ring_put(struct idxgen_queue *q, struct idxgen_job *job, u32 i)
{
	u32 slot = q->tail;

	q->ring[slot] = job->descs[i];
	q->ring[slot].job_id = cpu_to_le32(q->next_job_id);
	q->slots[slot].job = job;
	q->slots[slot].idx = i;
	q->slots[slot].job_id = q->next_job_id++;
	q->tail = (slot + 1) & (q->size - 1);
	q->submitted++;
}

static struct dma_fence *idxgen_run_job(struct drm_sched_job *sched_job)
{
	struct idxgen_job *job = to_idxgen_job(sched_job);
	struct idxgen_queue *q = container_of(sched_job->sched, struct idxgen_queue, sched);
	struct idxgen_device *idev = q->idev;
	u32 mask = q->size - 1, i;
	unsigned long flags;
	int idx, err;

	err = sched_job->s_fence->finished.error;
	if (err) {
		job->error = err;
		return ERR_PTR(err);
	}
	if (!drm_dev_enter(&idev->drm, &idx)) {
		job->error = -ENODEV;
		return ERR_PTR(-ENODEV);
	}

	down_read(&idev->reset_sem);
	spin_lock_irqsave(&q->lock, flags);
	if (WARN_ON(((q->head - q->tail - 1) & mask) < job->count)) {
		spin_unlock_irqrestore(&q->lock, flags);
		up_read(&idev->reset_sem);
		drm_dev_exit(idx);
		job->error = -ENOSPC;
		return ERR_PTR(-ENOSPC);
	}
	dma_fence_init(job->hw_fence, &idxgen_fence_ops, &q->fence_lock, q->fence_ctx,
		       ++q->fence_seqno);
	job->fence_inited = true;
	job->queue = q;
	for (i = 0; i < job->count; i++)
		idxgen_ring_put(q, job, i);
	list_add_tail(&job->node, &q->inflight);
	/* writel orders the descriptor stores before the doorbell */
	idxgen_qwr(q, IDXGEN_Q_TAIL, q->tail);
	spin_unlock_irqrestore(&q->lock, flags);
	up_read(&idev->reset_sem);
	drm_dev_exit(idx);

	drm_dbg_driver(&idev->drm, "queue %u: job seq %llu+%u\n", q->id, job->first_seq,
		       job->count);
	return dma_fence_get(job->hw_fence);
}

static void idxgen_free_job(struct drm_sched_job *sched_job)
{
	struct idxgen_job *job = to_idxgen_job(sched_job);

	if (!job->published) {
		/* never reached the hardware: cancelled, killed or device gone */
		int err = job->error ?: sched_job->s_fence->finished.error ?: -ECANCELED;
		u32 i;

		for (i = 0; i < job->count; i++) {
			job->res[i].error = err;
			job->res[i].status = IDXGEN_CPL_ABORTED;
		}
		idxgen_ctx_publish(job);
	}
	drm_sched_job_cleanup(sched_job);
	idxgen_job_free(job);
}

static enum drm_gpu_sched_stat idxgen_timedout_job(struct drm_sched_job *sched_job)
{
	struct idxgen_queue *q = container_of(sched_job->sched, struct idxgen_queue, sched);

	idxgen_recover(q->idev, sched_job, "job timeout");
	return DRM_GPU_SCHED_STAT_NOMINAL;
}

static const struct drm_sched_backend_ops idxgen_sched_ops = {
	.run_job = idxgen_run_job,
	.timedout_job = idxgen_timedout_job,
	.free_job = idxgen_free_job,
};

/*
 * Take every descriptor that has no completion yet off the rings (into
 * q->held), in ring order.  The device must be quiet (interrupts masked,
 * about to be reset).  Caller holds reset_sem for writing.
 */
static void idxgen_rings_collect(struct idxgen_device *idev)
{
	unsigned int i;

	for (i = 0; i < idev->num_queues; i++) {
		struct idxgen_queue *q = &idev->queues[i];
		u32 mask = q->size - 1;
		unsigned long flags;

		spin_lock_irqsave(&q->lock, flags);
		for (; q->head != q->tail; q->head = (q->head + 1) & mask) {
			struct idxgen_slot *s = &q->slots[q->head];

			if (s->job)
				q->held[q->nheld++] = *s;
			s->job = NULL;
		}
		spin_unlock_irqrestore(&q->lock, flags);
	}
}

static void idxgen_fail_desc(struct idxgen_queue *q, struct idxgen_slot *s, int error)
{
	struct idxgen_job *job = s->job;

	job->res[s->idx].error = error;
	job->res[s->idx].status = IDXGEN_CPL_ABORTED;
	if (++job->done == job->count)
		idxgen_job_complete(q, job);
}

/*
 * After a reset: put the collected descriptors back on the (now empty)
 * rings, in their order, so that jobs that merely shared the device with
 * a bad one still run.  The timed-out job fails with -ETIMEDOUT; a job
 * caught in too many resets, or any job when error is set (the device did
 * not come back, or is gone), fails with -EIO / error.
 */
static void idxgen_rings_replay(struct idxgen_device *idev, struct drm_sched_job *bad, int error)
{
	unsigned int i, k;

	for (i = 0; i < idev->num_queues; i++) {
		struct idxgen_queue *q = &idev->queues[i];
		unsigned long flags;

		spin_lock_irqsave(&q->lock, flags);
		for (k = 0; k < q->nheld; k++) {
			struct idxgen_slot *s = &q->held[k];
			struct idxgen_job *job = s->job;

			if (job->reset_seen != idev->resets) {
				job->reset_seen = idev->resets;
				job->replays++;
			}
			if (error)
				idxgen_fail_desc(q, s, error);
			else if (&job->base == bad)
				idxgen_fail_desc(q, s, -ETIMEDOUT);
			else if (job->replays > IDXGEN_MAX_REPLAYS)
				idxgen_fail_desc(q, s, -EIO);
			else
				idxgen_ring_put(q, job, s->idx);
		}
		q->nheld = 0;
		if (!error && q->tail != q->head)
			idxgen_qwr(q, IDXGEN_Q_TAIL, q->tail);
		spin_unlock_irqrestore(&q->lock, flags);
	}
}

static void idxgen_harvest(struct idxgen_device *idev)
{
	unsigned int i;

	for (i = 0; i < idev->num_queues; i++)
		idxgen_queue_process(&idev->queues[i]);
}

/* Mask interrupts, take in what completed, take the rest off the rings. */
static void idxgen_dev_park(struct idxgen_device *idev)
{
	idxgen_wr(idev, IDXGEN_REG_IRQ_ENABLE, 0);
	idxgen_irq_sync(idev);
	idxgen_harvest(idev);
	idxgen_stat_save(idev);
	idxgen_rings_collect(idev);
}

/*
 * Jobs replayed after a reset start over: give every queue its full
 * timeout again, or a queue that merely waited behind the hung job would
 * time out right after the reset.
 */
static void idxgen_rearm_timeouts(struct idxgen_device *idev)
{
	unsigned int i;

	for (i = 0; i < idev->num_queues; i++)
		drm_sched_resume_timeout(&idev->queues[i].sched, idev->queues[i].sched.timeout);
}

/* Reset, reload the firmware, replay what was collected. */
static void idxgen_dev_restart(struct idxgen_device *idev, struct drm_sched_job *bad)
{
	int ret = idxgen_hw_reset(idev);

	if (ret)
		drm_err(&idev->drm, "device did not come back from reset: %d\n", ret);
	else
		drm_info(&idev->drm, "device reset, firmware reloaded\n");
	idxgen_rings_replay(idev, bad, ret ? -EIO : 0);
	idxgen_rearm_timeouts(idev);
}

/*
 * Recover from a timed-out job (bad) or a device error (bad == NULL).
 * Runs on the ordered tdr workqueue.  The schedulers keep running; run_job
 * waits on reset_sem while the device is reset.
 */
void idxgen_recover(struct idxgen_device *idev, struct drm_sched_job *bad, const char *why)
{
	struct drm_device *drm = &idev->drm;
	int idx;

	down_write(&idev->reset_sem);
	if (!drm_dev_enter(drm, &idx)) {
		/* unplugged: fail what is in flight (remove() does the same) */
		idxgen_rings_collect(idev);
		idxgen_rings_replay(idev, NULL, -ENODEV);
		goto out_guilty;
	}

	/* completions that arrived without an interrupt */
	idxgen_harvest(idev);
	if (!idxgen_dev_broken(idev)) {
		if (bad && dma_fence_is_signaled(&bad->s_fence->finished)) {
			drm_warn(drm, "%s: the job had completed, interrupt lost\n", why);
			goto out_exit;
		}
		if (!bad && !idev->force_reset)
			goto out_exit;
	}
	idev->force_reset = false;

	drm_err(drm, "%s: resetting the device\n", why);
	idxgen_dev_park(idev);
	idxgen_dev_restart(idev, bad);
out_exit:
	drm_dev_exit(idx);
out_guilty:
	/*
	 * drm_sched_job_timedout() took the job off the pending list; it has
	 * an outcome now, so let the scheduler free it.
	 */
	if (bad) {
		if (dma_fence_is_signaled(&bad->s_fence->finished))
			bad->sched->free_guilty = true;
		else
			drm_warn(drm, "%s: timed-out job still pending\n", why);
	}
	up_write(&idev->reset_sem);
}

static void idxgen_reset_work(struct work_struct *work)
{
	struct idxgen_device *idev = container_of(work, struct idxgen_device, reset_work);

	idxgen_recover(idev, NULL, "device error");
}

void idxgen_trigger_recovery(struct idxgen_device *idev)
{
	WRITE_ONCE(idev->force_reset, true);
	queue_work(idev->tdr_wq, &idev->reset_work);
}

/*
 * Reset from outside (PCI function reset, AER): quiesce, keep what was in
 * flight, and hold reset_sem until idxgen_dev_resume() replays it.
 */
void idxgen_dev_quiesce(struct idxgen_device *idev)
{
	if (idev->parked)
		return;
	cancel_work_sync(&idev->reset_work);
	down_write(&idev->reset_sem);
	idxgen_dev_park(idev);
	idev->parked = true;
}

void idxgen_dev_resume(struct idxgen_device *idev)
{
	int idx;

	if (!idev->parked)
		return;
	if (drm_dev_enter(&idev->drm, &idx)) {
		idxgen_dev_restart(idev, NULL);
		drm_dev_exit(idx);
	} else {
		idxgen_rings_replay(idev, NULL, -ENODEV);
	}
	idev->parked = false;
	up_write(&idev->reset_sem);
}

/* remove(): after drm_dev_unplug(), fail what is in flight and stop the device. */
void idxgen_dev_fini(struct idxgen_device *idev)
{
	if (!idev->parked) {
		cancel_work_sync(&idev->reset_work);
		down_write(&idev->reset_sem);
		idxgen_dev_park(idev);
	}
	idxgen_hw_fini(idev);
	idxgen_rings_replay(idev, NULL, -ENODEV);
	idev->parked = false;
	up_write(&idev->reset_sem);
}

static void idxgen_sched_fini(struct drm_device *drm, void *data)
{
	struct idxgen_device *idev = to_idxgen_device(drm);
	unsigned int i;

	/* jobs hold regions and contexts: let the last ones be freed first */
	if (!wait_var_event_timeout(&idev->cnt.jobs, !atomic_read(&idev->cnt.jobs), 10 * HZ))
		drm_err(drm, "%d jobs still alive at teardown\n", atomic_read(&idev->cnt.jobs));
	cancel_work_sync(&idev->reset_work);
	for (i = 0; i < idev->num_queues; i++)
		drm_sched_fini(&idev->queues[i].sched);
}

static void idxgen_wq_fini(struct drm_device *drm, void *data)
{
	destroy_workqueue(data);
}

int idxgen_queues_init(struct idxgen_device *idev)
{
	struct drm_device *drm = &idev->drm;
	unsigned int i;

	for (i = 0; i < idev->num_queues; i++) {
		struct idxgen_queue *q = &idev->queues[i];

		q->idev = idev;
		q->id = i;
		snprintf(q->name, sizeof(q->name), "idxgen-q%u", i);
		q->size = min_t(u32, IDXGEN_RING_ENTRIES, idev->max_ring);
		spin_lock_init(&q->lock);
		spin_lock_init(&q->fence_lock);
		INIT_LIST_HEAD(&q->inflight);
		q->fence_ctx = dma_fence_context_alloc(1);
		q->ring = dmam_alloc_coherent(drm->dev, q->size * sizeof(*q->ring), &q->ring_dma,
					      GFP_KERNEL);
		q->cpl = dmam_alloc_coherent(drm->dev, q->size * sizeof(*q->cpl), &q->cpl_dma,
					     GFP_KERNEL);
		q->slots = drmm_kcalloc(drm, q->size, sizeof(*q->slots), GFP_KERNEL);
		q->held = drmm_kcalloc(drm, q->size, sizeof(*q->held), GFP_KERNEL);
		if (!q->ring || !q->cpl || !q->slots || !q->held)
			return -ENOMEM;
	}
	return 0;
}

int idxgen_sched_init(struct idxgen_device *idev)
{
	struct drm_device *drm = &idev->drm;
	unsigned int i;
	int ret;

	init_rwsem(&idev->reset_sem);
	INIT_WORK(&idev->reset_work, idxgen_reset_work);
	idev->tdr_wq = alloc_ordered_workqueue("idxgen-tdr-%s", 0, pci_name(idev->pdev));
	if (!idev->tdr_wq)
		return -ENOMEM;
	ret = drmm_add_action_or_reset(drm, idxgen_wq_fini, idev->tdr_wq);
	if (ret)
		return ret;

	for (i = 0; i < idev->num_queues; i++) {
		struct idxgen_queue *q = &idev->queues[i];
		const struct drm_sched_init_args args = {
			.ops = &idxgen_sched_ops,
			.timeout_wq = idev->tdr_wq,
			.num_rqs = DRM_SCHED_PRIORITY_COUNT,
			.credit_limit = q->size - 1,
			.timeout = msecs_to_jiffies(idxgen_job_timeout_ms),
			.name = q->name,
			.dev = drm->dev,
		};

		ret = drm_sched_init(&q->sched, &args);
		if (ret) {
			while (i--)
				drm_sched_fini(&idev->queues[i].sched);
			return ret;
		}
		idev->scheds[i] = &q->sched;
	}
	ret = drmm_add_action_or_reset(drm, idxgen_sched_fini, NULL);
	if (ret)
		return ret;

	/* released before the schedulers: drains pending context destructions */
	idev->ctx_wq = alloc_workqueue("idxgen-ctx-%s", WQ_UNBOUND, 0, pci_name(idev->pdev));
	if (!idev->ctx_wq)
		return -ENOMEM;
	return drmm_add_action_or_reset(drm, idxgen_wq_fini, idev->ctx_wq);
}

/*
 * Check configuration i and turn it into descriptor i.  A batch usually
 * targets one region: a handle equal to the previous configuration's takes
 * another reference on the object already looked up (and checked).
 */
static int idxgen_config_to_desc(struct idxgen_device *idev, struct drm_file *file,
				 const struct drm_idxgen_config *cfg, u32 prev_handle,
				 struct idxgen_job *job, u32 i)
{
	struct idxgen_desc *d = &job->descs[i];
	struct drm_gem_object *obj;
	u64 bytes, room;
	u16 flags = 0;

	if ((cfg->flags & ~DRM_IDXGEN_CONFIG_NO_HISTORY) || cfg->pad0 || cfg->pad1 || cfg->rsvd)
		return -EINVAL;
	/* schedule orders (brief section 2) only where the device has them */
	if (!(idev->features & IDXGEN_FEAT_SCHED_ORDERS) &&
	    (cfg->order || cfg->granularity || cfg->stride || cfg->tile_w || cfg->tile_h))
		return -EINVAL;
	/* the driver needs the word size to bound the output */
	if (cfg->word_size != 2 && cfg->word_size != 4)
		return -EINVAL;

	if (i && cfg->region == prev_handle) {
		obj = job->regions[i - 1];
		drm_gem_object_get(obj);
	} else {
		obj = drm_gem_object_lookup(file, cfg->region);
		if (!obj)
			return -ENOENT;
	}
	job->regions[i] = obj;	/* reference held until the job is freed */
	if (!idxgen_is_region(obj))
		return -ENOENT;

	bytes = (u64)cfg->dx * cfg->dy * cfg->dz * cfg->word_size;
	if (cfg->offset % cfg->word_size || cfg->offset > obj->size ||
	    bytes > obj->size - cfg->offset)
		return -EINVAL;
	room = obj->size - cfg->offset;

	if (cfg->flags & DRM_IDXGEN_CONFIG_NO_HISTORY)
		flags |= IDXGEN_DESC_F_NO_HISTORY;
	if (idxgen_region_is_shared(obj))
		flags |= IDXGEN_DESC_F_SHARED;

	d->target = cpu_to_le64(idxgen_region_start(obj) + cfg->offset);
	d->size_limit = cpu_to_le32(min_t(u64, room, U32_MAX));
	d->dx = cpu_to_le16(cfg->dx);
	d->dy = cpu_to_le16(cfg->dy);
	d->dz = cpu_to_le16(cfg->dz);
	d->c = cpu_to_le16(cfg->c);
	d->xc = cpu_to_le16(cfg->xc);
	d->yc = cpu_to_le16(cfg->yc);
	d->zc = cpu_to_le16(cfg->zc);
	d->mx = cfg->mx;
	d->my = cfg->my;
	d->mz = cfg->mz;
	d->word_size = cfg->word_size;
	d->flags = cpu_to_le16(flags);
	d->order = cfg->order;
	d->granularity = cpu_to_le16(cfg->granularity);
	d->stride = cpu_to_le32(cfg->stride);
	d->tile_w = cpu_to_le16(cfg->tile_w);
	d->tile_h = cpu_to_le16(cfg->tile_h);
	d->grid_blocks = cpu_to_le32(cfg->grid_blocks);
	d->requester = idxgen_arb_desc_requester(job->ctx);
	job->tags[i] = cfg->user_tag;
	return 0;
}

int idxgen_submit_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_submit *args = data;
	struct drm_syncobj *out_sync = NULL;
	struct dma_fence *finished = NULL;
	struct idxgen_ctx *ctx;
	struct idxgen_job *job;
	bool inited = false;
	u32 i, prev_handle = 0;
	u64 first;
	int ret, idx;

	if (args->flags || !args->count || args->count > DRM_IDXGEN_MAX_BATCH ||
	    args->count >= idev->queues[0].size ||
	    args->config_size < sizeof(struct drm_idxgen_config) ||
	    args->config_size > PAGE_SIZE)
		return -EINVAL;

	ctx = idxgen_ctx_lookup(ifile, args->ctx_id);
	if (!ctx)
		return -ENOENT;
	job = idxgen_job_alloc(idev, args->count);
	if (!job) {
		idxgen_ctx_put(ctx);
		return -ENOMEM;
	}
	job->ctx = ctx;		/* the job owns the lookup reference now */

	for (i = 0; i < args->count; i++) {
		struct drm_idxgen_config cfg;
		void __user *src = u64_to_user_ptr(args->configs + (u64)i * args->config_size);

		ret = copy_struct_from_user(&cfg, sizeof(cfg), src, args->config_size);
		if (ret == -E2BIG)
			ret = -EINVAL;	/* non-zero bytes in fields this driver lacks */
		if (ret)
			goto err;
		ret = idxgen_config_to_desc(idev, file, &cfg, prev_handle, job, i);
		if (ret)
			goto err;
		prev_handle = cfg.region;
	}

	ret = drm_sched_job_init(&job->base, &ctx->entity, args->count, ifile, file->client_id);
	if (ret)
		goto err;
	inited = true;

	if (args->in_syncobj) {
		ret = drm_sched_job_add_syncobj_dependency(&job->base, file, args->in_syncobj, 0);
		if (ret)
			goto err;
	}
	if (args->out_syncobj) {
		out_sync = drm_syncobj_find(file, args->out_syncobj);
		if (!out_sync) {
			ret = -ENOENT;
			goto err;
		}
	}

	if (!drm_dev_enter(dev, &idx)) {
		ret = -ENODEV;
		goto err;
	}
	mutex_lock(&ctx->submit_lock);
	if (ctx->destroyed) {
		mutex_unlock(&ctx->submit_lock);
		drm_dev_exit(idx);
		ret = -ENOENT;
		goto err;
	}
	drm_sched_job_arm(&job->base);
	/* the job may be freed once pushed: keep its fence for the out-syncobj */
	if (out_sync)
		finished = dma_fence_get(&job->base.s_fence->finished);

	spin_lock_irq(&ctx->lock);
	first = ctx->next_seq;
	ctx->next_seq += args->count;
	for (i = 0; i < args->count; i++) {
		struct idxgen_result *e = &ctx->win[(first + i) % DRM_IDXGEN_RESULT_WINDOW];

		memset(e, 0, sizeof(*e));
		e->seq = first + i;
		e->user_tag = job->tags[i];
	}
	spin_unlock_irq(&ctx->lock);
	job->first_seq = first;

	drm_sched_entity_push_job(&job->base);
	/* under submit_lock: a shared out-syncobj always ends on the latest job */
	if (out_sync)
		drm_syncobj_replace_fence(out_sync, finished);
	mutex_unlock(&ctx->submit_lock);
	drm_dev_exit(idx);

	if (out_sync) {
		drm_syncobj_put(out_sync);
		dma_fence_put(finished);
	}
	args->first_seq = first;
	return 0;

err:
	if (out_sync)
		drm_syncobj_put(out_sync);
	if (inited)
		drm_sched_job_cleanup(&job->base);
	idxgen_job_free(job);
	return ret;
}
