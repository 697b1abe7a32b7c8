// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: jobs.  One drm_gpu_scheduler per hardware config queue; a
 * submission is one scheduler job carrying 1..DRM_IDXGEN_MAX_BATCH
 * descriptors (one credit per ring slot).  Hardware fences are signalled
 * from the completion interrupt.
 *
 * The device runs one descriptor at a time, round-robin across the queues,
 * so a hang stalls every queue: hangs are detected by one device-wide
 * watchdog (no completion for job_timeout_ms while jobs are on the rings;
 * new submissions do not re-arm it), and the job the device reports as
 * running (Q_STATUS.BUSY, Q_CUR_JOB_ID) is the one blamed.  The recovery
 * stops the schedulers' submission (drm_sched_wqueue_stop()), resets the
 * device, reloads the firmware, fails the guilty job with -ETIMEDOUT and
 * replays the other descriptors that had no completion.  The schedulers'
 * own timeout is not used (MAX_SCHEDULE_TIMEOUT).
 */
#include <linux/devcoredump.h>
#include <linux/dma-fence.h>
#include <linux/dma-fence-chain.h>
#include <linux/dma-resv.h>
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
	queue_delayed_work(idev->tdr_wq, &idev->watchdog,
			   msecs_to_jiffies(idxgen_job_timeout_ms));
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
 * the device-wide watchdog's business (see the top of this file).
 */
static const struct drm_sched_backend_ops idxgen_sched_ops = {
	.run_job = idxgen_run_job,
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
 * a bad one still run.  The guilty job fails with -ETIMEDOUT; a job caught
 * in too many resets, or any job when error is set (the device did not
 * come back, or is gone), fails with -EIO / error.
 */
static void idxgen_rings_replay(struct idxgen_device *idev, struct idxgen_job *guilty, int error)
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
			if (job->ctx->reset_seen != idev->resets) {
				job->ctx->reset_seen = idev->resets;
				job->ctx->resets++;
			}
			if (job == guilty && !job->blamed) {
				job->blamed = true;
				job->ctx->guilty++;
			}
			if (error)
				idxgen_fail_desc(q, s, error);
			else if (job == guilty)
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
	WRITE_ONCE(idev->last_progress, jiffies);
}

static void idxgen_harvest(struct idxgen_device *idev)
{
	unsigned int i;

	for (i = 0; i < idev->num_queues; i++)
		idxgen_queue_process(&idev->queues[i]);
}

/*
 * The job the device is running: the one queue with Q_STATUS.BUSY, its
 * Q_CUR_JOB_ID matched against the descriptors on that ring.  The device's
 * answer is not trusted: no busy queue, more than one, a dead link or a
 * job id that is not on the ring blames nobody (every job is replayed, and
 * one caught in too many resets fails).
 */
static struct idxgen_job *idxgen_running_job(struct idxgen_device *idev)
{
	struct idxgen_queue *busy = NULL;
	struct idxgen_job *job = NULL;
	unsigned long flags;
	unsigned int i;
	u32 cur, slot;

	for (i = 0; i < idev->num_queues; i++) {
		u32 st = idxgen_qrd(&idev->queues[i], IDXGEN_Q_STATUS);

		if (st == IDXGEN_DEAD_READ)
			return NULL;
		if (!(st & IDXGEN_QSTATUS_BUSY))
			continue;
		if (busy)
			return NULL;
		busy = &idev->queues[i];
	}
	if (!busy)
		return NULL;
	cur = idxgen_qrd(busy, IDXGEN_Q_CUR_JOB_ID);

	spin_lock_irqsave(&busy->lock, flags);
	for (slot = busy->head; slot != busy->tail; slot = (slot + 1) & (busy->size - 1)) {
		if (busy->slots[slot].job && busy->slots[slot].job_id == cur) {
			job = busy->slots[slot].job;
			break;
		}
	}
	spin_unlock_irqrestore(&busy->lock, flags);
	return job;
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

static void idxgen_sched_stop_all(struct idxgen_device *idev)
{
	unsigned int i;

	for (i = 0; i < idev->num_queues; i++)
		drm_sched_wqueue_stop(&idev->queues[i].sched);
}

static void idxgen_sched_start_all(struct idxgen_device *idev)
{
	unsigned int i;

	for (i = 0; i < idev->num_queues; i++)
		drm_sched_wqueue_start(&idev->queues[i].sched);
}

/* A snapshot of the device's registers for userspace, after a failed reset. */
static void idxgen_coredump(struct idxgen_device *idev, int err)
{
	const size_t size = 4096;
	unsigned int i;
	size_t n = 0;
	char *buf;

	buf = vmalloc(size);
	if (!buf)
		return;
	n += scnprintf(buf + n, size - n, "idxgen %s: reset failed (%d)\nresets %u\n",
		       pci_name(idev->pdev), err, idev->resets);
	n += scnprintf(buf + n, size - n, "status %#x\nfatal_code %#x\nctrl %#x\n",
		       idxgen_rd(idev, IDXGEN_REG_STATUS), idxgen_rd(idev, IDXGEN_REG_FATAL_CODE),
		       idxgen_rd(idev, IDXGEN_REG_CTRL));
	n += scnprintf(buf + n, size - n, "fw_status %#x\nfw_version %#x\nirq_status %#x\n",
		       idxgen_rd(idev, IDXGEN_REG_FW_STATUS),
		       idxgen_rd(idev, IDXGEN_REG_FW_VERSION),
		       idxgen_rd(idev, IDXGEN_REG_IRQ_STATUS));
	for (i = 0; i < idev->num_queues; i++) {
		struct idxgen_queue *q = &idev->queues[i];

		n += scnprintf(buf + n, size - n,
			       "queue %u: status %#x head %#x tail %#x job %#x (driver: %u %u)\n",
			       i, idxgen_qrd(q, IDXGEN_Q_STATUS), idxgen_qrd(q, IDXGEN_Q_HEAD),
			       idxgen_qrd(q, IDXGEN_Q_TAIL), idxgen_qrd(q, IDXGEN_Q_CUR_JOB_ID),
			       q->head, q->tail);
	}
	dev_coredumpv(idev->drm.dev, buf, n, GFP_KERNEL);	/* frees buf */
}

/*
 * A reset failed: the device is dead until a PCI reset or a re-probe brings
 * it back.  Everything in flight has failed with -EIO; queued jobs fail at
 * once, SUBMIT and REGION_CREATE return -EIO.  Userspace hears of it from a
 * uevent (IDXGEN_DEVICE=dead) and a devcoredump.
 */
static void idxgen_dev_dead(struct idxgen_device *idev, int err)
{
	char event[] = "IDXGEN_DEVICE=dead";
	char *env[2] = { event, NULL };

	idev->dead = true;
	drm_err(&idev->drm, "device dead after a failed reset (%d): jobs fail with -EIO\n", err);
	idxgen_coredump(idev, err);
	kobject_uevent_env(&idev->drm.dev->kobj, KOBJ_CHANGE, env);
}

/* Reset, reload the firmware, replay what was collected. Caller holds reset_sem. */
static int idxgen_dev_restart(struct idxgen_device *idev, struct idxgen_job *guilty)
{
	int ret = idxgen_hw_reset(idev);

	if (ret) {
		drm_err(&idev->drm, "device did not come back from reset: %d\n", ret);
		idxgen_hw_stop(idev);
		idxgen_rings_replay(idev, NULL, -EIO);
		idxgen_dev_dead(idev, ret);
		return ret;
	}
	drm_info(&idev->drm, "device reset, firmware reloaded\n");
	idev->dead = false;
	idxgen_rings_replay(idev, guilty, 0);
	return 0;
}

/*
 * Recover from a hang (hang: blame the running job) or a device error.
 * Runs on the ordered tdr workqueue, so one recovery at a time.
 */
void idxgen_recover(struct idxgen_device *idev, bool hang, const char *why)
{
	struct drm_device *drm = &idev->drm;
	struct idxgen_job *guilty = NULL;
	bool parked;
	int idx;

	if (!drm_dev_enter(drm, &idx))
		return;		/* unplugged: remove() fails what is in flight */
	idxgen_sched_stop_all(idev);
	down_write(&idev->reset_sem);
	if (idev->parked || idev->dead)
		goto out;	/* an outside reset is in charge / nothing to do */

	/* completions that arrived without an interrupt */
	idxgen_harvest(idev);
	if (!idxgen_dev_broken(idev)) {
		if (hang && !atomic_read(&idev->inflight)) {
			drm_warn(drm, "%s: the jobs had completed, interrupt lost\n", why);
			goto out;
		}
		if (!hang && !idev->force_reset)
			goto out;
	}
	idev->force_reset = false;
	if (hang)
		guilty = idxgen_running_job(idev);

	drm_err(drm, "%s: resetting the device (%s)\n", why,
		guilty ? "running job blamed" : "no job blamed");
	idxgen_dev_park(idev);
	idxgen_dev_restart(idev, guilty);
out:
	/*
	 * Parked by an outside reset (e.g. a bogus HEAD seen while AER parked
	 * the device queued this work): submission stays stopped until its
	 * resume, or run_job would put jobs on rings that its reset wipes.
	 */
	parked = idev->parked;
	up_write(&idev->reset_sem);
	if (!parked)
		idxgen_sched_start_all(idev);
	drm_dev_exit(idx);
	if (atomic_read(&idev->inflight))
		queue_delayed_work(idev->tdr_wq, &idev->watchdog,
				   msecs_to_jiffies(idxgen_job_timeout_ms));
}

static void idxgen_reset_work(struct work_struct *work)
{
	struct idxgen_device *idev = container_of(work, struct idxgen_device, reset_work);

	idxgen_recover(idev, false, "device error");
}

/*
 * Device-wide hang detection: jobs on the rings and no completion for
 * job_timeout_ms.  Re-armed by progress only.  With a single shared
 * interrupt vector the device's error vector is not delivered, so errors
 * are polled here too.
 */
static void idxgen_watchdog_work(struct work_struct *work)
{
	struct idxgen_device *idev = container_of(to_delayed_work(work), struct idxgen_device,
						  watchdog);
	unsigned long timeout = msecs_to_jiffies(idxgen_job_timeout_ms), idle;
	int idx;

	if (!drm_dev_enter(&idev->drm, &idx))
		return;
	idxgen_harvest(idev);
	if (idev->single_irq && idxgen_dev_broken(idev))
		WRITE_ONCE(idev->force_reset, true);
	drm_dev_exit(idx);

	if (READ_ONCE(idev->force_reset)) {
		idxgen_recover(idev, false, "device error");
		return;
	}
	if (!atomic_read(&idev->inflight) || READ_ONCE(idev->parked) || READ_ONCE(idev->dead))
		return;		/* run_job or the end of an outside reset re-arms */
	idle = jiffies - READ_ONCE(idev->last_progress);
	if (idle < timeout) {
		queue_delayed_work(idev->tdr_wq, &idev->watchdog, timeout - idle);
		return;
	}
	idxgen_recover(idev, true, "job timeout");
}

void idxgen_trigger_recovery(struct idxgen_device *idev)
{
	WRITE_ONCE(idev->force_reset, true);
	queue_work(idev->tdr_wq, &idev->reset_work);
}

/*
 * Reset from outside (PCI function reset, AER): stop submission, take in
 * what completed and take the rest off the rings.  No lock is held until
 * idxgen_dev_unpark(): the PCI core may call remove() in between.
 */
void idxgen_dev_quiesce(struct idxgen_device *idev)
{
	if (idev->parked)
		return;
	cancel_work_sync(&idev->reset_work);
	cancel_delayed_work_sync(&idev->watchdog);
	idxgen_sched_stop_all(idev);
	down_write(&idev->reset_sem);
	idxgen_dev_park(idev);
	idev->parked = true;
	up_write(&idev->reset_sem);
}

/* After the outside reset: bring the device back and replay (or fail) what was parked. */
int idxgen_dev_reinit(struct idxgen_device *idev)
{
	int idx, ret = -ENODEV;

	if (!idev->parked)
		return 0;
	down_write(&idev->reset_sem);
	if (drm_dev_enter(&idev->drm, &idx)) {
		ret = idxgen_dev_restart(idev, NULL);
		drm_dev_exit(idx);
	} else {
		idxgen_rings_replay(idev, NULL, -ENODEV);
	}
	up_write(&idev->reset_sem);
	return ret;
}

/* Accept work again. */
void idxgen_dev_unpark(struct idxgen_device *idev)
{
	if (!idev->parked)
		return;
	down_write(&idev->reset_sem);
	idev->parked = false;
	up_write(&idev->reset_sem);
	idxgen_sched_start_all(idev);
	if (atomic_read(&idev->inflight))
		queue_delayed_work(idev->tdr_wq, &idev->watchdog,
				   msecs_to_jiffies(idxgen_job_timeout_ms));
}

void idxgen_dev_resume(struct idxgen_device *idev)
{
	idxgen_dev_reinit(idev);
	idxgen_dev_unpark(idev);
}

/*
 * remove(): after drm_dev_unplug(), fail what is in flight and stop the
 * device.  The schedulers run again so that queued jobs reach run_job and
 * fail there with -ENODEV.
 */
void idxgen_dev_fini(struct idxgen_device *idev)
{
	cancel_work_sync(&idev->reset_work);
	cancel_delayed_work_sync(&idev->watchdog);
	idxgen_sched_stop_all(idev);
	down_write(&idev->reset_sem);
	if (!idev->parked) {
		idxgen_dev_park(idev);
	} else {
		/*
		 * Parked by an outside reset.  If its slot_reset already put the
		 * descriptors back on the rings and remove() came before resume,
		 * take them off again: failed below, or their jobs never end.
		 */
		idxgen_wr(idev, IDXGEN_REG_IRQ_ENABLE, 0);
		idxgen_irq_sync(idev);
		idxgen_rings_collect(idev);
	}
	idxgen_hw_fini(idev);
	idxgen_rings_replay(idev, NULL, -ENODEV);
	idev->parked = false;
	up_write(&idev->reset_sem);
	idxgen_sched_start_all(idev);
}

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
	cancel_work_sync(&idev->reset_work);
	cancel_delayed_work_sync(&idev->watchdog);
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

	init_rwsem(&idev->reset_sem);
	INIT_WORK(&idev->reset_work, idxgen_reset_work);
	INIT_DELAYED_WORK(&idev->watchdog, idxgen_watchdog_work);
	atomic_set(&idev->inflight, 0);
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
	/* schedule orders (docs/design.md#schedule-orders) only where the device has them */
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

/*
 * Lock the reservation objects of the job's regions (each once) and reserve
 * a fence slot in each: the job's fence goes there once armed, for anyone
 * who waits on a region's reservation object.  Jobs do not wait for the
 * fences already there (no implicit sync: ordering is explicit, syncobjs).
 */
static int idxgen_lock_regions(struct idxgen_job *job, struct drm_gem_object ***pobjs,
			       u32 *pn, struct ww_acquire_ctx *ticket)
{
	struct drm_gem_object **objs;
	u32 i, k, n = 0;
	int ret;

	objs = kmalloc_array(job->count, sizeof(*objs), GFP_KERNEL);
	if (!objs)
		return -ENOMEM;
	for (i = 0; i < job->count; i++) {
		for (k = n; k > 0 && objs[k - 1] != job->regions[i]; k--)
			;
		if (!k)
			objs[n++] = job->regions[i];
	}
	ret = drm_gem_lock_reservations(objs, n, ticket);
	if (ret) {
		kfree(objs);
		return ret;
	}
	for (i = 0; i < n; i++) {
		ret = dma_resv_reserve_fences(objs[i]->resv, 1);
		if (ret) {
			drm_gem_unlock_reservations(objs, n, ticket);
			kfree(objs);
			return ret;
		}
	}
	*pobjs = objs;
	*pn = n;
	return 0;
}

/* Wait for a syncobj's fence (at point, on a timeline) before the job runs. */
static int idxgen_add_in_fence(struct idxgen_job *job, struct drm_file *file, u32 handle,
			       u64 point)
{
	struct dma_fence *fence;
	int ret;

	ret = drm_syncobj_find_fence(file, handle, point, 0, &fence);
	if (ret)
		return ret;
	/* run_job checks its error: the scheduler does not */
	job->in_fences[job->nin++] = dma_fence_get(fence);
	return drm_sched_job_add_dependency(&job->base, fence);
}

int idxgen_submit_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_submit *args = data;
	struct drm_idxgen_sync in_syncs[DRM_IDXGEN_MAX_SYNCS], out_syncs[DRM_IDXGEN_MAX_SYNCS];
	struct {
		struct drm_syncobj *syncobj;
		struct dma_fence_chain *chain;
	} outs[DRM_IDXGEN_MAX_SYNCS] = {};
	struct drm_syncobj *out_sync = NULL;
	struct dma_fence *finished = NULL;
	struct drm_gem_object **objs = NULL;
	struct ww_acquire_ctx ticket;
	u32 nobjs = 0;
	struct idxgen_ctx *ctx;
	struct idxgen_job *job;
	bool inited = false;
	u32 i, prev_handle = 0;
	u64 first;
	int ret, idx;

	if (args->flags || !args->count || args->count > DRM_IDXGEN_MAX_BATCH ||
	    args->count >= idev->queues[0].size ||
	    args->config_size < sizeof(struct drm_idxgen_config) ||
	    args->config_size > PAGE_SIZE || args->in_sync_count > DRM_IDXGEN_MAX_SYNCS ||
	    args->out_sync_count > DRM_IDXGEN_MAX_SYNCS)
		return -EINVAL;
	if (copy_from_user(in_syncs, u64_to_user_ptr(args->in_syncs),
			   args->in_sync_count * sizeof(*in_syncs)) ||
	    copy_from_user(out_syncs, u64_to_user_ptr(args->out_syncs),
			   args->out_sync_count * sizeof(*out_syncs)))
		return -EFAULT;
	for (i = 0; i < args->in_sync_count; i++)
		if (in_syncs[i].flags || !in_syncs[i].handle)
			return -EINVAL;
	for (i = 0; i < args->out_sync_count; i++)
		if (out_syncs[i].flags || !out_syncs[i].handle)
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
		ret = idxgen_add_in_fence(job, file, args->in_syncobj, 0);
		if (ret)
			goto err;
	}
	for (i = 0; i < args->in_sync_count; i++) {
		ret = idxgen_add_in_fence(job, file, in_syncs[i].handle, in_syncs[i].point);
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
	for (i = 0; i < args->out_sync_count; i++) {
		outs[i].syncobj = drm_syncobj_find(file, out_syncs[i].handle);
		if (!outs[i].syncobj) {
			ret = -ENOENT;
			goto err;
		}
		if (out_syncs[i].point) {
			outs[i].chain = dma_fence_chain_alloc();
			if (!outs[i].chain) {
				ret = -ENOMEM;
				goto err;
			}
		}
	}

	ret = idxgen_lock_regions(job, &objs, &nobjs, &ticket);
	if (ret)
		goto err;

	if (!drm_dev_enter(dev, &idx)) {
		ret = -ENODEV;
		goto err;
	}
	if (READ_ONCE(idev->dead)) {
		drm_dev_exit(idx);
		ret = -EIO;
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
	/* the job may be freed once pushed: keep its fence for the out-syncobjs */
	finished = dma_fence_get(&job->base.s_fence->finished);
	/* the regions it writes carry its fence (slots reserved under the locks) */
	for (i = 0; i < nobjs; i++)
		dma_resv_add_fence(objs[i]->resv, finished, DMA_RESV_USAGE_WRITE);

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
	for (i = 0; i < args->out_sync_count; i++) {
		if (outs[i].chain) {
			drm_syncobj_add_point(outs[i].syncobj, outs[i].chain, finished,
					      out_syncs[i].point);
			outs[i].chain = NULL;	/* owned by the syncobj now */
		} else {
			drm_syncobj_replace_fence(outs[i].syncobj, finished);
		}
	}
	mutex_unlock(&ctx->submit_lock);
	drm_dev_exit(idx);

	dma_fence_put(finished);
	args->first_seq = first;
	ret = 0;
	goto out;

err:
	if (inited)
		drm_sched_job_cleanup(&job->base);
	idxgen_job_free(job);
out:
	if (objs) {
		drm_gem_unlock_reservations(objs, nobjs, &ticket);
		kfree(objs);
	}
	if (out_sync)
		drm_syncobj_put(out_sync);
	for (i = 0; i < args->out_sync_count; i++) {
		if (outs[i].syncobj)
			drm_syncobj_put(outs[i].syncobj);
		dma_fence_chain_free(outs[i].chain);
	}
	return ret;
}
