// SPDX-License-Identifier: MIT
/*
 * drv_uq_reset.c - a user queue's job hangs: the driver's watchdog resets
 * the device and the driver writes the completion records of the queue's
 * pending jobs (driver/idxgen_uq_recovery.c): UQ_HUNG for the job the
 * device hung on, UQ_RESET for the others, each with a valid check word,
 * then the completion value and RESET in the state word.  Before the
 * driver did this, the watchdog did not look at user queues at all: the
 * hung job was never reset and UQ_WAIT timed out with no record written.
 * Likewise for a queue's own fault (no reset): the jobs the device had
 * taken get the driver's UQ_FAULT records.
 */
#include "drv_uq.h"

#define SEC 1000000000ll

/* The device resets so far: debugfs queues, "status S resets N ...", or -1. */
static long resets_of(const struct dev *d)
{
	char path[256], buf[4096];
	unsigned int st;
	long n;

	snprintf(path, sizeof(path), "%s/queues", d->dbg);
	if (read_file(path, buf, sizeof(buf)) || sscanf(buf, "status %x resets %ld", &st, &n) != 2)
		return -1;
	return n;
}

/* The record the driver writes for a job it failed: status, nothing generated. */
static bool driver_record(struct uq *q, uint32_t slot, uint32_t job_id, uint16_t status)
{
	const struct idxgen_cpl *c = uq_cpl(q, slot);

	return c->job_id == job_id && c->status == status && c->flags == 0 && c->warps == 0 &&
	       c->threads == 0 && c->cycles == 0 && c->slot == slot &&
	       c->check == IDXGEN_CPL_CHECK(job_id, status, 0, 0, 0, 0, slot);
}

/*
 * Two jobs stored (and rung) into a queue that stopped at completion count
 * done, which the device never takes: UQ_WAIT with DROP_REST for them
 * gives each the driver's UQ_DROPPED record (job_id from its descriptor)
 * and the value; past what the ring holds it is refused.  Before the
 * flag existed UQ_WAIT refused any flags (-EINVAL) and the process made
 * such records up.
 */
static void drop_rest(struct dev *d, struct uq *q, uint64_t done, const char *tag)
{
	const uint32_t ids[2] = {0x7c01, 0x7c02};
	struct drm_idxgen_uq_wait w;
	struct idxgen_desc dsc;
	uint32_t i, slot;
	int ret;

	tap_ok(param(d->fd, DRM_IDXGEN_PARAM_UAPI_FEATURES) & DRM_IDXGEN_UAPI_UQ_DROP_REST,
	       "%s: the driver has UQ_WAIT_DROP_REST", tag);
	for (i = 0; i < 2; i++) {
		slot = (uint32_t)(done + i) & (q->c.ring_entries - 1);
		desc_make(&dsc, d, q->c.region_base[0] + 0x800 * i, 8, 4, ids[i]);
		memcpy(q->mem + slot * sizeof(dsc), &dsc, sizeof(dsc));
	}
	q->db[IDXGEN_UQ_DB_TAIL / 4] = (uint32_t)(done + 2) & (q->c.ring_entries - 1);
	memset(&w, 0, sizeof(w));
	w.uq_id = q->c.uq_id;
	w.flags = DRM_IDXGEN_UQ_WAIT_DROP_REST;
	w.value = done + q->c.ring_entries;	/* one more than the ring holds */
	ret = xioctl(q->fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w) ? -errno : 0;
	tap_ok(ret == -EINVAL && uq_value(q) == done,
	       "%s: DROP_REST past the ring: -EINVAL, nothing written (%s)", tag, strerror(-ret));
	w.value = done + 2;
	ret = xioctl(q->fd, DRM_IOCTL_IDXGEN_UQ_WAIT, &w) ? -errno : 0;
	tap_ok(ret == 0 && w.completed == done + 2 && uq_value(q) == done + 2,
	       "%s: UQ_WAIT DROP_REST for the two never taken: 0, completed and value %llu "
	       "(%s, completed %llu, value %llu)", tag, (unsigned long long)done + 2,
	       strerror(-ret), (unsigned long long)w.completed, (unsigned long long)uq_value(q));
	tap_ok(driver_record(q, (uint32_t)done & (q->c.ring_entries - 1), ids[0],
			     DRM_IDXGEN_STATUS_UQ_DROPPED) &&
		       driver_record(q, (uint32_t)(done + 1) & (q->c.ring_entries - 1), ids[1],
				     DRM_IDXGEN_STATUS_UQ_DROPPED),
	       "%s: their records: UQ_DROPPED, their job_ids and slots, valid check words "
	       "(status %u, %u)", tag, uq_cpl(q, (uint32_t)done & (q->c.ring_entries - 1))->status,
	       uq_cpl(q, (uint32_t)(done + 1) & (q->c.ring_entries - 1))->status);
	tap_ok(*(volatile uint32_t *)(q->mem + q->c.value_offset + DRM_IDXGEN_UQ_STATE_WORD) !=
		       DRM_IDXGEN_UQ_STATE_RUNNING && uq_wait(q, done + 3, 0, &w) == -EIO,
	       "%s: the queue still stopped, UQ_WAIT past them -EIO (state %u)", tag, w.state);
}

/*
 * Three jobs: the first hangs (DBG_FAULT HANG_JOB), the second was rung
 * (the device's TAIL has it), the third, on a queue with a shadow tail,
 * only stored with its tail (the device, hung, never took it; on a
 * doorbell-only queue it is rung too).  All three get the driver's records.
 */
static void hang_round(struct dev *d, uint32_t ctx, uint32_t reg, bool shadow)
{
	const uint32_t ids[3] = {0x5a01, 0x5a02, 0x5a03};
	const char *tag = shadow ? " (shadow tail)" : " (doorbell only)";
	long resets = resets_of(d);
	struct drm_idxgen_uq_wait w;
	struct idxgen_desc dsc;
	struct uq q, q2;
	uint32_t i;
	int ret;

	if (!tap_ok(uq_create_flags(d->fd, ctx, 8, &reg, 1,
				    shadow ? DRM_IDXGEN_UQ_CREATE_SHADOW : 0, &q) == 0,
		    "hang%s: a user queue", tag))
		return;
	tap_ok(inject(d, IDXGEN_FAULT_HANG_JOB) == 0, "hang%s: arm HANG_JOB", tag);
	for (i = 0; i < 3; i++) {
		desc_make(&dsc, d, q.c.region_base[0] + 0x800 * i, 16, 4, ids[i]);
		memcpy(q.mem + q.tail * sizeof(dsc), &dsc, sizeof(dsc));
		q.tail++;
		/* a shadow queue's device takes its tail from memory, a doorbell or not */
		if (shadow)
			__atomic_store_n((uint32_t *)(q.mem + q.c.value_offset +
						      DRM_IDXGEN_UQ_SHADOW_BLOCK +
						      IDXGEN_UQ_SHADOW_TAIL),
					 q.tail, __ATOMIC_SEQ_CST);
		if (i < 2 || !shadow)
			q.db[IDXGEN_UQ_DB_TAIL / 4] = q.tail;
	}
	/* the watchdog resets the device after job_timeout_ms without progress */
	ret = uq_wait(&q, 3, 120 * SEC, &w);
	tap_ok(ret == 0 && w.completed == 3 && w.state == DRM_IDXGEN_UQ_STATE_RESET,
	       "hang%s: UQ_WAIT for the three jobs returns once the watchdog reset the device "
	       "(%s, completed %llu, state %u)",
	       tag, strerror(-ret), (unsigned long long)w.completed, w.state);
	tap_ok(resets >= 0 && resets_of(d) == resets + 1, "hang%s: one device reset (%ld -> %ld)",
	       tag, resets, resets_of(d));
	tap_ok(uq_value(&q) == 3 &&
		       *(volatile uint32_t *)(q.mem + q.c.value_offset + DRM_IDXGEN_UQ_STATE_WORD) ==
			       DRM_IDXGEN_UQ_STATE_RESET,
	       "hang%s: the completion value is 3 and the state word RESET (value %llu)",
	       tag, (unsigned long long)uq_value(&q));
	tap_ok(driver_record(&q, 0, ids[0], DRM_IDXGEN_STATUS_UQ_HUNG),
	       "hang%s: the hung job's record: UQ_HUNG, its job_id and slot, a valid check word "
	       "(status %u job_id %#x)", tag, uq_cpl(&q, 0)->status, uq_cpl(&q, 0)->job_id);
	tap_ok(driver_record(&q, 1, ids[1], DRM_IDXGEN_STATUS_UQ_RESET) &&
		       driver_record(&q, 2, ids[2], DRM_IDXGEN_STATUS_UQ_RESET),
	       "hang%s: the jobs behind it: UQ_RESET, rung and %s (status %u, %u)",
	       tag, shadow ? "shadow tail only" : "rung", uq_cpl(&q, 1)->status, uq_cpl(&q, 2)->status);
	tap_ok(uq_cpl(&q, 3)->check == 0 && uq_cpl(&q, 3)->status == 0,
	       "hang%s: no record past the pending jobs", tag);
	tap_ok(uq_wait(&q, 4, SEC, &w) == -EIO && w.state == DRM_IDXGEN_UQ_STATE_RESET,
	       "hang%s: the reset queue completes nothing more (UQ_WAIT 4: -EIO, RESET)", tag);
	if (shadow)
		drop_rest(d, &q, 3, "hang (shadow tail)");
	tap_ok(uq_destroy(&q) == 0, "hang%s: UQ_DESTROY of the reset queue", tag);
	uq_unmap(&q);

	if (!tap_ok(uq_create(d->fd, ctx, 8, &reg, 1, &q2) == 0, "hang%s: a new queue", tag))
		return;
	desc_make(&dsc, d, q2.c.region_base[0], 16, 4, 0x5a10);
	tap_ok(uq_run(&q2, &dsc) == IDXGEN_CPL_OK, "hang%s: the device runs the new queue's job",
	       tag);
	uq_destroy(&q2);
	uq_unmap(&q2);
}

/*
 * The queue's own fault, no reset: three jobs rung at once, the device
 * fails to fetch the first one's descriptor (DBG_FAULT FAIL_DMA), writes
 * its DMA_FAULT record and stops the queue (QERR_DMA).  The two it had
 * taken behind it get the driver's UQ_FAULT records at the first UQ_WAIT,
 * the value 3 and FAULT in the state word.  Before, the driver wrote
 * nothing: the value stayed 1 and the process had to invent the rest.
 *
 * late: DBG_FAULT UQ_LATE holds the doorbell back until the driver's first
 * UQ_STATUS read, so the device completes the first job and stops the
 * queue in the middle of the wait's poll, as it did by chance on a loaded
 * CI machine.  A driver that reads the completion count before the status
 * takes the device's DMA_FAULT record for a job still pending and writes
 * its UQ_FAULT record over it (status 66 in slot 0).
 */
static void fault_round(struct dev *d, uint32_t ctx, uint32_t reg, bool late)
{
	const char *tag = late ? " (late)" : "";
	const uint32_t ids[3] = {0x6b01, 0x6b02, 0x6b03};
	long resets = resets_of(d);
	struct drm_idxgen_uq_wait w;
	struct idxgen_desc dsc;
	struct uq q, q2;
	uint32_t i, state;
	int ret;

	if (!tap_ok(uq_create(d->fd, ctx, 8, &reg, 1, &q) == 0, "fault%s: a doorbell-only queue",
		    tag))
		return;
	for (i = 0; i < 3; i++) {
		desc_make(&dsc, d, q.c.region_base[0] + 0x800 * i, 16, 4, ids[i]);
		memcpy(q.mem + q.tail * sizeof(dsc), &dsc, sizeof(dsc));
		q.tail++;
	}
	tap_ok(inject(d, IDXGEN_FAULT_FAIL_DMA | (late ? IDXGEN_FAULT_UQ_LATE : 0)) == 0,
	       "fault%s: arm FAIL_DMA%s", tag, late ? " and UQ_LATE" : "");
	q.db[IDXGEN_UQ_DB_TAIL / 4] = q.tail; /* the device takes all three */
	/* the driver's records complete the three: the wait returns, and says FAULT */
	ret = uq_wait(&q, 3, 10 * SEC, &w);
	tap_ok(ret == 0 && w.state == DRM_IDXGEN_UQ_STATE_FAULT && w.error == IDXGEN_QERR_DMA &&
		   w.completed == 3,
	       "fault%s: UQ_WAIT for the three returns, state FAULT, error DMA, completed 3 (%s, "
	       "state %u, error %u, completed %llu)",
	       tag, strerror(-ret), w.state, w.error, (unsigned long long)w.completed);
	state = *(volatile uint32_t *)(q.mem + q.c.value_offset + DRM_IDXGEN_UQ_STATE_WORD);
	tap_ok(uq_value(&q) == 3 && state == DRM_IDXGEN_UQ_STATE_FAULT,
	       "fault%s: the completion value is 3 and the state word FAULT (value %llu, state %u)",
	       tag, (unsigned long long)uq_value(&q), state);
	/* the device never read that job's descriptor: its record has no job_id */
	tap_ok(uq_cpl(&q, 0)->slot == 0 && uq_cpl(&q, 0)->status == IDXGEN_CPL_DMA_FAULT,
	       "fault%s: the device's record of the job it could not fetch: DMA_FAULT (status %u)",
	       tag, uq_cpl(&q, 0)->status);
	tap_ok(driver_record(&q, 1, ids[1], DRM_IDXGEN_STATUS_UQ_FAULT) &&
		   driver_record(&q, 2, ids[2], DRM_IDXGEN_STATUS_UQ_FAULT),
	       "fault%s: the two jobs behind it: the driver's UQ_FAULT records, valid check words "
	       "(status %u, %u)",
	       tag, uq_cpl(&q, 1)->status, uq_cpl(&q, 2)->status);
	tap_ok(uq_cpl(&q, 3)->check == 0 && uq_cpl(&q, 3)->status == 0,
	       "fault%s: no record past the jobs the device had taken", tag);
	ret = uq_wait(&q, 4, SEC, &w);
	tap_ok(ret == -EIO && w.state == DRM_IDXGEN_UQ_STATE_FAULT && w.completed == 3,
	       "fault%s: UQ_WAIT 4: -EIO, FAULT, completed 3 (%s, completed %llu)", tag,
	       strerror(-ret), (unsigned long long)w.completed);
	tap_ok(resets >= 0 && resets_of(d) == resets, "fault%s: no device reset (%ld -> %ld)", tag,
	       resets, resets_of(d));
	drop_rest(d, &q, 3, late ? "fault (late)" : "fault");
	tap_ok(uq_destroy(&q) == 0, "fault%s: UQ_DESTROY of the faulted queue", tag);
	uq_unmap(&q);

	if (!tap_ok(uq_create(d->fd, ctx, 8, &reg, 1, &q2) == 0, "fault%s: a new queue", tag))
		return;
	desc_make(&dsc, d, q2.c.region_base[0], 16, 4, 0x6b10);
	tap_ok(uq_run(&q2, &dsc) == IDXGEN_CPL_OK, "fault%s: the device runs the new queue's job",
	       tag);
	uq_destroy(&q2);
	uq_unmap(&q2);
}

void test_uq_hang_records(struct dev *d, uint32_t ctx, uint32_t reg)
{
	fault_round(d, ctx, reg, false);
	fault_round(d, ctx, reg, true);
	hang_round(d, ctx, reg, false);
	if (param(d->fd, DRM_IDXGEN_PARAM_UAPI_FEATURES) & DRM_IDXGEN_UAPI_UQ_SHADOW)
		hang_round(d, ctx, reg, true);
}
