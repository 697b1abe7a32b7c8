// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: what a hang or a device reset does to the user queues.
 *
 * A user queue's jobs never pass through the driver, so the driver learns
 * of them from the device.  The watchdog (idxgen_recovery.c) counts a
 * queue with work the device accepted (a job running, or HEAD short of
 * TAIL) as jobs in flight, and a change of any queue's completion count as
 * progress: a job that hangs on a user queue is reset like one on a config
 * queue.  A process sleeping in UQ_WAIT starts the watchdog.  The tail the
 * process stored into its shadow block but the device has not taken does
 * not count: a process that never rings must not get the device reset.
 *
 * A device reset stops every user queue and forgets it.  Before the reset,
 * while the device is parked, idxgen_uq_park() notes for each queue how far
 * the device got (its completion count), how far the process had published
 * (the tail in its shadow block where it has one, else the last doorbell)
 * and whether the device was running the queue's job when it hung.  After
 * the reset, whether it worked or left the device dead,
 * idxgen_uq_reset_done() writes each pending job's completion record in the
 * device's format, with a valid check word: DRM_IDXGEN_STATUS_UQ_HUNG for
 * the job the device hung on, DRM_IDXGEN_STATUS_UQ_RESET for the others;
 * then the completion value, then RESET into the queue's state word, so the
 * process learns all of it with plain loads, as it learns of completions.
 * The device, reset, no longer writes the memory, so only the process,
 * whose memory it is, could race these writes.  A job it publishes after
 * the tail was read gets no record then: the state word says the queue
 * takes no more, and the process, which alone knows of that job, asks for
 * its record (UQ_WAIT with DRM_IDXGEN_UQ_WAIT_DROP_REST,
 * idxgen_uq_drop_rest()): DRM_IDXGEN_STATUS_UQ_DROPPED.
 *
 * A fault of the queue's own (idxgen_uq_fault_done()) stops that queue
 * only, without a reset: the first poll that sees it writes the records of
 * the jobs the device had taken, as above, with FAULT in the state word.
 *
 * Locking: idxgen_uq_park() and idxgen_uq_reset_done() run with reset_sem
 * held for writing (uqs[] changes only under it for reading, so the queues
 * outlive the walk); idxgen_uq_busy() takes uq_lock and then
 * drm_dev_enter(), as the ioctls do, so never under reset_sem or inside a
 * drm_dev_enter() section.
 */
#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "idxgen_drv.h"
#include "idxgen_uq.h"

/*
 * The tail the process had published: its shadow tail where that is a slot
 * of the ring, else the last doorbell the device took.
 */
static u32 idxgen_uq_published_tail(struct idxgen_uq *uq)
{
	u32 mask = uq->entries - 1;
	u32 tail = idxgen_rd(uq->idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_TAIL));

	if (uq->shadow) {
		__le32 *sh = uq->mem->vaddr + idxgen_uq_value_off(uq->entries) +
			     DRM_IDXGEN_UQ_SHADOW_BLOCK + IDXGEN_UQ_SHADOW_TAIL;
		u32 t = le32_to_cpu(READ_ONCE(*sh));

		if (t <= mask)
			tail = t;
	}
	return tail & mask;
}

/*
 * For the watchdog: whether a user queue has work the device accepted, and
 * in *mark a value that changes whenever a queue completes a job.
 */
bool idxgen_uq_busy(struct idxgen_device *idev, u64 *mark)
{
	bool busy = false;
	u64 m = 1;
	int idx;
	u32 i;

	mutex_lock(&idev->uq_lock);
	if (!drm_dev_enter(&idev->drm, &idx)) {
		mutex_unlock(&idev->uq_lock);
		*mark = 0;
		return false;
	}
	for (i = 0; i < idev->num_uqueues; i++) {
		struct idxgen_uq *uq = idev->uqs[i];
		u32 st, head, tail;

		if (!uq || uq->stopped)
			continue;
		st = idxgen_rd(idev, IDXGEN_UQREG(i, IDXGEN_UQ_STATUS));
		if (st == IDXGEN_DEAD_READ || !(st & IDXGEN_QSTATUS_ENABLED))
			continue;
		head = idxgen_rd(idev, IDXGEN_UQREG(i, IDXGEN_UQ_HEAD));
		tail = idxgen_rd(idev, IDXGEN_UQREG(i, IDXGEN_UQ_TAIL));
		if (!(st & IDXGEN_QSTATUS_BUSY) && head == tail)
			continue;
		busy = true;
		m = m * 1000003 ^ ((u64)i << 56 | (idxgen_uq_completed(uq) & GENMASK_ULL(55, 0)));
	}
	drm_dev_exit(idx);
	mutex_unlock(&idev->uq_lock);
	*mark = busy ? m : 0;
	return busy;
}

/*
 * Before a reset: what each running queue had pending, and whether the
 * device hung on its first job (hang: the recovery is for a hang).
 */
void idxgen_uq_park(struct idxgen_device *idev, bool hang)
{
	u32 i;

	lockdep_assert_held_write(&idev->reset_sem);
	for (i = 0; i < idev->num_uqueues; i++) {
		struct idxgen_uq *uq = idev->uqs[i];
		u32 st, mask;
		u64 done;

		if (!uq || uq->stopped || uq->finished || uq->parked.valid)
			continue;
		st = idxgen_rd(idev, IDXGEN_UQREG(i, IDXGEN_UQ_STATUS));
		/* a faulted queue stopped itself: the process hears FAULT and its error */
		if (st == IDXGEN_DEAD_READ || !(st & IDXGEN_QSTATUS_ENABLED))
			continue;
		mask = uq->entries - 1;
		done = idxgen_uq_completed(uq);
		uq->parked.completed = done;
		uq->parked.pending = (idxgen_uq_published_tail(uq) - (u32)done) & mask;
		uq->parked.hung = hang && (st & IDXGEN_QSTATUS_BUSY) && uq->parked.pending;
		uq->parked.valid = true;
	}
}

/*
 * The records of the pending jobs from completion count done on (the first
 * with status first, the others rest), then the value.
 */
static void idxgen_uq_write_cpls(struct idxgen_uq *uq, u64 done, u32 pending, u16 first, u16 rest)
{
	struct idxgen_desc *ring = uq->mem->vaddr;
	struct idxgen_cpl *cpl = uq->mem->vaddr + idxgen_uq_cpl_off(uq->entries);
	__le64 *value = uq->mem->vaddr + idxgen_uq_value_off(uq->entries);
	u32 mask = uq->entries - 1, k;

	for (k = 0; k < pending; k++) {
		u32 slot = ((u32)done + k) & mask;
		u32 job_id = le32_to_cpu(READ_ONCE(ring[slot].job_id));
		u16 status = k ? rest : first;
		struct idxgen_cpl c = {
			.job_id = cpu_to_le32(job_id),
			.status = cpu_to_le16(status),
			.slot = cpu_to_le32(slot),
			.check = cpu_to_le32(IDXGEN_CPL_CHECK(job_id, status, 0, 0, 0, 0, slot)),
		};

		memcpy(&cpl[slot], &c, sizeof(c));
	}
	uq->final_value = done + pending;
	/* the records before the value: a process that sees the value reads them */
	smp_wmb();
	WRITE_ONCE(*value, cpu_to_le64(uq->final_value));
}

/* The pending jobs' records and the value (above), then state into the state word. */
static void idxgen_uq_write_records(struct idxgen_uq *uq, u64 done, u32 pending, u16 first,
				    u16 rest, u32 state)
{
	idxgen_uq_write_cpls(uq, done, pending, first, rest);
	/* the value before the state word: a process that sees the state reads the final value */
	smp_wmb();
	WRITE_ONCE(*idxgen_uq_state_word(uq), state);
	uq->stop_done = done;
	uq->finished = true;
}

/*
 * UQ_WAIT with DRM_IDXGEN_UQ_WAIT_DROP_REST on a queue whose records the
 * driver wrote (a reset or a fault): the jobs the process published after
 * them, which the device never took, get records with
 * DRM_IDXGEN_STATUS_UQ_DROPPED up to completion count value, then the
 * value.  Their job_ids come from the ring, the process's own memory, as
 * do the slots: nothing here reaches outside the queue's buffer.  -EINVAL
 * past what the ring holds (entries - 1 jobs from the device's count when
 * it stopped).  Called with uq_lock held; the device no longer writes the
 * memory.
 */
int idxgen_uq_drop_rest(struct idxgen_uq *uq, u64 value)
{
	if (!uq->finished || value <= uq->final_value)
		return 0;
	if (value - uq->stop_done > uq->entries - 1)
		return -EINVAL;
	idxgen_uq_write_cpls(uq, uq->final_value, (u32)(value - uq->final_value),
			     DRM_IDXGEN_STATUS_UQ_DROPPED, DRM_IDXGEN_STATUS_UQ_DROPPED);
	return 0;
}

/* A reset's records: the jobs noted at the park. */
static void idxgen_uq_finish(struct idxgen_uq *uq)
{
	idxgen_uq_write_records(uq, uq->parked.completed, uq->parked.pending,
				uq->parked.hung ? DRM_IDXGEN_STATUS_UQ_HUNG :
						  DRM_IDXGEN_STATUS_UQ_RESET,
				DRM_IDXGEN_STATUS_UQ_RESET, DRM_IDXGEN_UQ_STATE_RESET);
	uq->parked.valid = false;
	drm_dbg_driver(&uq->idev->drm, "user queue %u: %u pending jobs failed by the reset%s\n",
		       uq->hw, uq->parked.pending, uq->parked.hung ? " (the first hung)" : "");
}

/*
 * The device stopped the queue on a fault of its own (a doorbell past the
 * ring, a DMA error) after done completions: the jobs it had accepted (up
 * to its TAIL, the last doorbell or shadow tail it took) and not completed
 * get records with DRM_IDXGEN_STATUS_UQ_FAULT, then the value, then FAULT
 * in the state word.  The queue being stopped, the device no longer writes
 * its memory.  A tail the device refused (past the ring) names no job.
 * Called with uq_lock and reset_sem (read) held, inside drm_dev_enter(), by
 * the first poll that sees the fault.
 */
void idxgen_uq_fault_done(struct idxgen_uq *uq, u64 done)
{
	u32 tail = idxgen_rd(uq->idev, IDXGEN_UQREG(uq->hw, IDXGEN_UQ_TAIL));
	u32 pending;

	if (uq->finished || tail == IDXGEN_DEAD_READ)
		return;
	pending = (tail - (u32)done) & (uq->entries - 1);
	idxgen_uq_write_records(uq, done, pending, DRM_IDXGEN_STATUS_UQ_FAULT,
				DRM_IDXGEN_STATUS_UQ_FAULT, DRM_IDXGEN_UQ_STATE_FAULT);
	drm_dbg_driver(&uq->idev->drm, "user queue %u: fault %u, %u pending jobs failed\n", uq->hw,
		       uq->error, pending);
}

/*
 * After a device reset (which stopped every user queue in the device),
 * whether it worked or not: the pending jobs noted at the park get their
 * records; waiters see the queues RESET from the new generation.
 */
void idxgen_uq_reset_done(struct idxgen_device *idev)
{
	u32 i;

	lockdep_assert_held_write(&idev->reset_sem);
	for (i = 0; i < idev->num_uqueues; i++) {
		struct idxgen_uq *uq = idev->uqs[i];

		if (uq && uq->parked.valid)
			idxgen_uq_finish(uq);
	}
	atomic_inc(&idev->uq_reset_gen);
	atomic_inc(&idev->uq_events);
	wake_up_all(&idev->uq_wq);
}
