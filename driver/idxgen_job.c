// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: jobs.  One drm_gpu_scheduler per hardware config queue; a
 * submission is one scheduler job carrying 1..DRM_IDXGEN_MAX_BATCH
 * descriptors (one credit per ring slot).  Hardware fences are signalled
 * from the completion interrupt.  The SUBMIT ioctl that builds jobs is
 * idxgen_submit.c; hangs and resets are idxgen_recovery.c's.
 */
#include <linux/dma-fence.h>
#include <linux/dma-mapping.h>
#include <linux/slab.h>
#include <linux/wait_bit.h>

#include <drm/drm_drv.h>
#include <drm/drm_managed.h>
#include <drm/drm_print.h>

#include "idxgen_drv.h"

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
struct idxgen_job *idxgen_job_alloc(struct idxgen_device *idev, u32 count)
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

void idxgen_job_free(struct idxgen_job *job)
{
	struct idxgen_device *idev = job->idev;
	u32 i;

	for (i = 0; i < job->count; i++)
		if (job->regions[i])
			drm_gem_object_put(job->regions[i]);
	for (i = 0; i < job->nin; i++)
		dma_fence_put(job->in_fences[i]);
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
	atomic_dec(&job->idev->inflight);
	idxgen_ctx_publish(job);
	if (error)
		dma_fence_set_error(job->hw_fence, error);
	dma_fence_signal(job->hw_fence);
}

/* Put descriptor i of job on the ring.  The caller checked for room. */
void idxgen_ring_put(struct idxgen_queue *q, struct idxgen_job *job, u32 i)
{
	u32 slot = q->tail;

	lockdep_assert_held(&q->lock);
	q->ring[slot] = job->descs[i];
	q->ring[slot].job_id = cpu_to_le32(q->next_job_id);
	q->slots[slot].job = job;
	q->slots[slot].idx = i;
	q->slots[slot].job_id = q->next_job_id++;
	q->tail = (slot + 1) & (q->size - 1);
	q->submitted++;
}

/*
 * A job that does not reach the hardware: its results are published before
 * the scheduler signals its fence, so that a waiter that saw the fence
 * never gets -EBUSY from JOB_RESULT.
 */
static struct dma_fence *idxgen_job_skip(struct idxgen_job *job, int error)
{
	u32 i;

	job->error = error;
	for (i = 0; i < job->count; i++) {
		job->res[i].error = error;
		job->res[i].status = IDXGEN_CPL_ABORTED;
	}
	idxgen_ctx_publish(job);
	return ERR_PTR(error);
}

static struct dma_fence *idxgen_run_job(struct drm_sched_job *sched_job)
{
	struct idxgen_job *job = to_idxgen_job(sched_job);
	struct idxgen_queue *q = container_of(sched_job->sched, struct idxgen_queue, sched);
	struct idxgen_device *idev = q->idev;
	u32 mask = q->size - 1, i;
	unsigned long flags;
	int idx, err;

	/*
	 * A job whose in-fence failed does not run (the scheduler signals
	 * dependencies, it does not propagate their errors): it fails with
	 * -ECANCELED, and so do the jobs that depend on it in turn.
	 */
	err = sched_job->s_fence->finished.error;
	for (i = 0; i < job->nin && !err; i++)
		if (dma_fence_get_status(job->in_fences[i]) < 0)
			err = -ECANCELED;
	if (err)
		return idxgen_job_skip(job, err);
	if (!drm_dev_enter(&idev->drm, &idx))
		return idxgen_job_skip(job, -ENODEV);

	down_read(&idev->reset_sem);
	if (idev->dead) {
		up_read(&idev->reset_sem);
		drm_dev_exit(idx);
		return idxgen_job_skip(job, -EIO);
	}
	spin_lock_irqsave(&q->lock, flags);
	if (WARN_ON(((q->head - q->tail - 1) & mask) < job->count)) {
		spin_unlock_irqrestore(&q->lock, flags);
		up_read(&idev->reset_sem);
		drm_dev_exit(idx);
		return idxgen_job_skip(job, -ENOSPC);
	}
	dma_fence_init(job->hw_fence, &idxgen_fence_ops, &q->fence_lock, q->fence_ctx,
		       ++q->fence_seqno);
	job->fence_inited = true;
	job->queue = q;
	for (i = 0; i < job->count; i++)
		idxgen_ring_put(q, job, i);
	list_add_tail(&job->node, &q->inflight);
	/* the watchdog's clock starts when the device gets work */
	if (atomic_inc_return(&idev->inflight) == 1)
		WRITE_ONCE(idev->last_progress, jiffies);
	/* writel orders the descriptor stores before the doorbell */
	idxgen_qwr(q, IDXGEN_Q_TAIL, q->tail);
	spin_unlock_irqrestore(&q->lock, flags);
	up_read(&idev->reset_sem);
	/* not re-armed if pending: a stream of submissions does not delay it */
	idxgen_watchdog_arm(idev);
	drm_dev_exit(idx);

	drm_dbg_driver(&idev->drm, "queue %u: job seq %llu+%u\n", q->id, job->first_seq,
		       job->count);
	return dma_fence_get(job->hw_fence);
}

static void idxgen_free_job(struct drm_sched_job *sched_job)
{
	struct idxgen_job *job = to_idxgen_job(sched_job);

	/* killed with its entity before run_job: the context is gone already */
	if (!job->published)
		idxgen_job_skip(job, sched_job->s_fence->finished.error ?: -ECANCELED);
	drm_sched_job_cleanup(sched_job);
	idxgen_job_free(job);
}

/*
 * No .timedout_job: the schedulers run with MAX_SCHEDULE_TIMEOUT, hangs are
 * the device-wide watchdog's business (idxgen_recovery.c).
 */
static const struct drm_sched_backend_ops idxgen_sched_ops = {
	.run_job = idxgen_run_job,
	.free_job = idxgen_free_job,
};

static void idxgen_sched_fini(struct drm_device *drm, void *data)
{
	struct idxgen_device *idev = to_idxgen_device(drm);
	unsigned int i;

	/*
	 * Jobs hold regions and contexts, and run in the schedulers: every one
	 * must be freed before the schedulers and the region allocator go
	 * (this runs before idxgen_mm_fini()).  After remove() everything in
	 * flight has failed and queued jobs fail in run_job, so this ends.
	 */
	while (!wait_var_event_timeout(&idev->cnt.jobs, !atomic_read(&idev->cnt.jobs), 10 * HZ))
		drm_warn(drm, "teardown waits for %d jobs\n", atomic_read(&idev->cnt.jobs));
	idxgen_recovery_cancel(idev);
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

	idxgen_recovery_init(idev);
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
			.timeout = MAX_SCHEDULE_TIMEOUT,	/* see idxgen_watchdog_work() */
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
