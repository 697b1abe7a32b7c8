// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: recovery.  The device runs one descriptor at a time, round-robin
 * across the queues, so a hang stalls every queue: hangs are detected by
 * one device-wide watchdog (no progress for job_timeout_ms while jobs are
 * on the rings: progress is a completion, or the running job writing
 * warps, Q_WARPS_READY, where the device has IDXGEN_FEAT_INCREMENTAL; new
 * submissions do not re-arm it), and the job the device reports as
 * running (Q_STATUS.BUSY, Q_CUR_JOB_ID) is the one blamed.  A long job
 * that advances is never reset; one that stops is reset at most
 * job_timeout_ms plus one sampling period (an eighth of it) after its
 * last warp.  The recovery stops the schedulers' submission
 * (drm_sched_wqueue_stop()), parks the device (interrupts masked,
 * completions taken in, the rest taken off the rings), resets it, reloads
 * the firmware, fails the guilty job with -ETIMEDOUT and replays the other
 * descriptors that had no completion.  A failed reset leaves the device
 * dead, with a devcoredump and a uevent.  The schedulers' own timeout is
 * not used (MAX_SCHEDULE_TIMEOUT).
 *
 * Resets from outside (PCI function reset, AER) go through the same
 * park/replay steps: idxgen_dev_quiesce() before, idxgen_dev_reinit() and
 * idxgen_dev_unpark() after (idxgen_dev_resume() does both).
 *
 * Everything here that touches the rings runs with reset_sem held for
 * writing, which keeps run_job and the range commands (readers) out.
 */
#include <linux/devcoredump.h>
#include <linux/module.h>
#include <linux/vmalloc.h>
#include <linux/workqueue.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "idxgen_drv.h"

unsigned int idxgen_job_timeout_ms = 2000;
module_param_named(job_timeout_ms, idxgen_job_timeout_ms, uint, 0444);
MODULE_PARM_DESC(job_timeout_ms,
		 "Time a job may go without progress (a warp written, a completion) before the device is reset (ms)");

/* The watchdog samples the running job's progress this many times per job_timeout_ms. */
#define IDXGEN_WATCHDOG_SAMPLES 8

/* The watchdog's sampling period. */
static unsigned long idxgen_watchdog_period(void)
{
	return max(msecs_to_jiffies(idxgen_job_timeout_ms) / IDXGEN_WATCHDOG_SAMPLES, 1UL);
}

/* Start the hang clock unless it is running (progress re-arms it, submissions do not). */
void idxgen_watchdog_arm(struct idxgen_device *idev)
{
	queue_delayed_work(idev->tdr_wq, &idev->watchdog, idxgen_watchdog_period());
}

/*
 * Take every descriptor that has no completion yet off the rings (into
 * q->held), in ring order.  The device must be quiet (interrupts masked,
 * about to be reset).  Caller holds reset_sem for writing.
 */
static void idxgen_rings_collect(struct idxgen_device *idev)
{
	unsigned int i;

	lockdep_assert_held_write(&idev->reset_sem);
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

	lockdep_assert_held(&q->lock);
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

	lockdep_assert_held_write(&idev->reset_sem);
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

/*
 * Mask interrupts, take in what completed, take the rest off the rings,
 * note what the user queues had pending (hang: the recovery is for a hang).
 */
static void idxgen_dev_park(struct idxgen_device *idev, bool hang)
{
	lockdep_assert_held_write(&idev->reset_sem);
	idxgen_wr(idev, IDXGEN_REG_IRQ_ENABLE, 0);
	idxgen_irq_sync(idev);
	idxgen_harvest(idev);
	idxgen_stat_save(idev);
	idxgen_rings_collect(idev);
	idxgen_uq_park(idev, hang);
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

/* Reset, reload the firmware, replay what was collected. */
static int idxgen_dev_restart(struct idxgen_device *idev, struct idxgen_job *guilty)
{
	int ret;

	lockdep_assert_held_write(&idev->reset_sem);
	ret = idxgen_hw_reset(idev);
	/* the user queues are stopped either way: their pending jobs fail */
	idxgen_uq_reset_done(idev);
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
	bool parked, uq_busy = false;
	u64 mark;
	int idx;

	if (hang)	/* takes uq_lock: before drm_dev_enter() and reset_sem */
		uq_busy = idxgen_uq_busy(idev, &mark);
	if (!drm_dev_enter(drm, &idx))
		return;		/* unplugged: remove() fails what is in flight */
	idxgen_sched_stop_all(idev);
	down_write(&idev->reset_sem);
	if (idev->parked || idev->dead)
		goto out;	/* an outside reset is in charge / nothing to do */

	/* completions that arrived without an interrupt */
	idxgen_harvest(idev);
	if (!idxgen_dev_broken(idev)) {
		if (hang && !atomic_read(&idev->inflight) && !uq_busy) {
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
	atomic_inc(&idev->reset_seq);	/* odd: region reads may not be index memory */
	idxgen_dev_park(idev, hang);
	idxgen_dev_restart(idev, guilty);
	atomic_inc(&idev->reset_seq);
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
		idxgen_watchdog_arm(idev);
}

static void idxgen_reset_work(struct work_struct *work)
{
	struct idxgen_device *idev = container_of(work, struct idxgen_device, reset_work);

	idxgen_recover(idev, false, "device error");
}

/*
 * Whether the device's running job moved since the last look: the busy
 * queue, its Q_CUR_JOB_ID and Q_WARPS_READY (live with
 * IDXGEN_FEAT_INCREMENTAL) differ from what the watchdog saw last.  A
 * dead link (all ones) or no busy queue is no progress.
 */
static bool idxgen_generating(struct idxgen_device *idev)
{
	unsigned int i;
	u64 mark;

	if (!(idev->features & IDXGEN_FEAT_INCREMENTAL))
		return false;
	for (i = 0; i < idev->num_queues; i++) {
		struct idxgen_queue *q = &idev->queues[i];
		u32 st = idxgen_qrd(q, IDXGEN_Q_STATUS);

		if (st == IDXGEN_DEAD_READ)
			return false;
		if (!(st & IDXGEN_QSTATUS_BUSY))
			continue;
		mark = (u64)i << 60 ^ (u64)idxgen_qrd(q, IDXGEN_Q_CUR_JOB_ID) << 32 ^
		       idxgen_qrd(q, IDXGEN_Q_WARPS_READY);
		if (mark == idev->progress_mark)
			return false;
		idev->progress_mark = mark;
		return true;
	}
	return false;
}

/*
 * Device-wide hang detection: jobs on the rings and no progress (a
 * completion, or warps written by the running job) for job_timeout_ms,
 * sampled IDXGEN_WATCHDOG_SAMPLES times per job_timeout_ms.  Re-armed by
 * progress only.  With a single shared
 * interrupt vector the device's error vector is not delivered, so errors
 * are polled here too.
 */
static void idxgen_watchdog_work(struct work_struct *work)
{
	struct idxgen_device *idev = container_of(to_delayed_work(work), struct idxgen_device,
						  watchdog);
	unsigned long timeout = msecs_to_jiffies(idxgen_job_timeout_ms), idle;
	unsigned long period = idxgen_watchdog_period();
	bool uq_busy;
	u64 mark;
	int idx;

	/* a user queue's completion, or its first work, is progress (idxgen_uq_recovery.c) */
	uq_busy = idxgen_uq_busy(idev, &mark);
	if (mark != idev->uq_progress_mark) {
		idev->uq_progress_mark = mark;
		if (uq_busy)
			WRITE_ONCE(idev->last_progress, jiffies);
	}
	if (!drm_dev_enter(&idev->drm, &idx))
		return;
	idxgen_harvest(idev);
	if (idev->single_irq && idxgen_dev_broken(idev))
		WRITE_ONCE(idev->force_reset, true);
	if (idxgen_generating(idev))
		WRITE_ONCE(idev->last_progress, jiffies);
	drm_dev_exit(idx);

	if (READ_ONCE(idev->force_reset)) {
		idxgen_recover(idev, false, "device error");
		return;
	}
	if ((!atomic_read(&idev->inflight) && !uq_busy) || READ_ONCE(idev->parked) ||
	    READ_ONCE(idev->dead))
		return;		/* run_job, UQ_WAIT or the end of an outside reset re-arms */
	idle = jiffies - READ_ONCE(idev->last_progress);
	if (idle < timeout) {
		queue_delayed_work(idev->tdr_wq, &idev->watchdog, min(timeout - idle, period));
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
	idxgen_recovery_cancel(idev);
	idxgen_sched_stop_all(idev);
	down_write(&idev->reset_sem);
	atomic_inc(&idev->reset_seq);	/* odd until idxgen_dev_unpark() */
	idxgen_dev_park(idev, false);
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
	atomic_inc(&idev->reset_seq);
	up_write(&idev->reset_sem);
	idxgen_sched_start_all(idev);
	if (atomic_read(&idev->inflight))
		idxgen_watchdog_arm(idev);
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
	idxgen_recovery_cancel(idev);
	idxgen_sched_stop_all(idev);
	down_write(&idev->reset_sem);
	if (!idev->parked) {
		idxgen_dev_park(idev, false);
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

/* Nothing of the recovery runs after this returns (until new work queues it). */
void idxgen_recovery_cancel(struct idxgen_device *idev)
{
	cancel_work_sync(&idev->reset_work);
	cancel_delayed_work_sync(&idev->watchdog);
}

void idxgen_recovery_init(struct idxgen_device *idev)
{
	init_rwsem(&idev->reset_sem);
	INIT_WORK(&idev->reset_work, idxgen_reset_work);
	INIT_DELAYED_WORK(&idev->watchdog, idxgen_watchdog_work);
	atomic_set(&idev->inflight, 0);
}
