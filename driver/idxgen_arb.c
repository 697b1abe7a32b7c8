// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: priority arbitration (docs/design.md#arbiter).
 *
 * Each context gets one of the device's requesters; its CPR follows the
 * context priority (HIGH 0, NORMAL 1, LOW 2).  The driver stamps the
 * requester into every descriptor of the context, so that the device runs
 * shared-region jobs only for the holder of lock 0 (ARB_CTRL.ENFORCE).
 * LOCK queues a request in the device's arbiter FIFO and sleeps until the
 * arbiter grants it (its events interrupt wakes the waiters), the
 * deadline passes or a signal arrives.  A context's locks are released when
 * it is destroyed or its file closes; a device reset frees every lock, and
 * counts as a loss for every context with a requester.
 *
 * Locking: reset_sem (read) then arb.lock around every register sequence of
 * the arbiter block; the reset path takes arb.lock with reset_sem written.
 * arb.slots_lock (a spinlock) guards which context owns which requester,
 * because a requester is only given back when the context is released
 * (its last job done), possibly from a fence callback.
 */
#include <linux/capability.h>
#include <linux/jiffies.h>
#include <linux/ktime.h>
#include <linux/sched.h>
#include <linux/wait.h>

#include <drm/drm_drv.h>
#include <drm/drm_print.h>

#include "idxgen_drv.h"

static bool arb_enforce = true;
module_param(arb_enforce, bool, 0444);
MODULE_PARM_DESC(arb_enforce, "shared-region jobs need lock 0 (default: on)");

static uint arb_hold_limit;
module_param(arb_hold_limit, uint, 0444);
MODULE_PARM_DESC(arb_hold_limit, "arbiter hold limit in ticks, 0 = off (default: 0)");

#define IDXGEN_ARB_LOST_BITS	(IDXGEN_ARB_RS_LOST | IDXGEN_ARB_RS_LOST_PREEMPT | \
				 IDXGEN_ARB_RS_LOST_HOLD_LIMIT | IDXGEN_ARB_RS_LOST_YIELD)
/* how long a waiter sleeps without an interrupt before it looks again */
#define IDXGEN_ARB_POLL		msecs_to_jiffies(20)

static bool idxgen_arb_present(struct idxgen_device *idev)
{
	return idev->features & IDXGEN_FEAT_MUTEX_ARB;
}

void idxgen_arb_init(struct idxgen_device *idev)
{
	struct idxgen_arb *arb = &idev->arb;

	mutex_init(&arb->lock);
	spin_lock_init(&arb->slots_lock);
	init_waitqueue_head(&arb->wq);
	atomic_set(&arb->events, 0);
	arb->enforce = arb_enforce;
	arb->hold_limit = arb_hold_limit;
}

static int idxgen_arb_enter(struct idxgen_device *idev, int *idx)
{
	if (!drm_dev_enter(&idev->drm, idx))
		return -ENODEV;
	down_read(&idev->reset_sem);
	mutex_lock(&idev->arb.lock);
	return 0;
}

static void idxgen_arb_exit(struct idxgen_device *idev, int idx)
{
	mutex_unlock(&idev->arb.lock);
	up_read(&idev->reset_sem);
	drm_dev_exit(idx);
}

static u32 idxgen_arb_cmd(struct idxgen_device *idev, u32 op, u32 lock, u32 req)
{
	lockdep_assert_held(&idev->arb.lock);
	idxgen_wr(idev, IDXGEN_REG_ARB_CMD, IDXGEN_ARB_CMD(op, lock, req));
	return idxgen_rd(idev, IDXGEN_REG_ARB_CMD_RESULT);
}

static u32 idxgen_arb_status(struct idxgen_device *idev, u32 req)
{
	lockdep_assert_held(&idev->arb.lock);
	idxgen_wr(idev, IDXGEN_REG_ARB_SEL, req);
	return idxgen_rd(idev, IDXGEN_REG_ARB_REQ_STATUS);
}

/* Fold the device's lost events of requester r into the driver's record. */
static void idxgen_arb_collect(struct idxgen_device *idev, u32 r)
{
	struct idxgen_arb_req *q = &idev->arb.req[r];
	u32 st = idxgen_arb_status(idev, r), n;

	lockdep_assert_held(&idev->arb.lock);
	if (st & IDXGEN_ARB_LOST_BITS) {
		idxgen_wr(idev, IDXGEN_REG_ARB_REQ_STATUS, st & IDXGEN_ARB_LOST_BITS);
		if (st & IDXGEN_ARB_RS_LOST_PREEMPT)
			q->lost_why |= DRM_IDXGEN_LOST_PREEMPT;
		if (st & IDXGEN_ARB_RS_LOST_HOLD_LIMIT)
			q->lost_why |= DRM_IDXGEN_LOST_HOLD_LIMIT;
		if (st & IDXGEN_ARB_RS_LOST_YIELD)
			q->lost_why |= DRM_IDXGEN_LOST_YIELD;
		q->lost_pending = true;
	}
	n = idxgen_rd(idev, IDXGEN_REG_ARB_REQ_LOST_COUNT);
	q->lost += n - q->dev_lost_seen;
	q->dev_lost_seen = n;
}

/* After probe and after every device reset: the arbiter is at power-on. */
void idxgen_arb_hw_start(struct idxgen_device *idev)
{
	struct idxgen_arb *arb = &idev->arb;
	u32 r;

	if (!idxgen_arb_present(idev))
		return;
	mutex_lock(&arb->lock);
	idxgen_wr(idev, IDXGEN_REG_ARB_CTRL, arb->enforce ? IDXGEN_ARB_CTRL_ENFORCE : 0);
	idxgen_wr(idev, IDXGEN_REG_ARB_HOLD_LIMIT, arb->hold_limit);
	for (r = 0; r < IDXGEN_ARB_REQUESTERS; r++) {
		struct idxgen_arb_req *q = &arb->req[r];

		idxgen_wr(idev, IDXGEN_REG_ARB_CPR(r), q->cpr);
		q->dev_lost_seen = 0;
		if (q->ctx && idev->resets) {
			/* whatever it held is gone; a waiter asks again */
			q->lost_pending = true;
			q->lost++;
		}
	}
	mutex_unlock(&arb->lock);
	atomic_inc(&arb->events);
	wake_up_all(&arb->wq);
}

void idxgen_arb_irq(struct idxgen_device *idev)
{
	atomic_inc(&idev->arb.events);
	wake_up_all(&idev->arb.wq);
}

/* A requester for a new context (none left: -1, LOCK says -ENOSPC). */
void idxgen_arb_ctx_init(struct idxgen_ctx *ctx, u32 priority)
{
	struct idxgen_device *idev = ctx->idev;
	struct idxgen_arb *arb = &idev->arb;
	int r, found = -1, idx;

	ctx->arb_req = -1;
	if (!idxgen_arb_present(idev))
		return;
	spin_lock_irq(&arb->slots_lock);
	for (r = 0; r < IDXGEN_ARB_REQUESTERS; r++) {
		if (!arb->req[r].ctx) {
			arb->req[r].ctx = ctx;
			found = r;
			break;
		}
	}
	spin_unlock_irq(&arb->slots_lock);
	if (found < 0)
		return;
	if (idxgen_arb_enter(idev, &idx)) {
		spin_lock_irq(&arb->slots_lock);
		arb->req[found].ctx = NULL;
		spin_unlock_irq(&arb->slots_lock);
		return;
	}
	arb->req[found].pid = task_tgid_nr(current);
	arb->req[found].cpr = DRM_IDXGEN_PRIORITY_HIGH - priority;
	arb->req[found].lost = 0;
	arb->req[found].lost_why = 0;
	arb->req[found].lost_pending = false;
	arb->req[found].grants = 0;
	arb->req[found].wait_ns = 0;
	arb->req[found].draining = false;
	/* a clean requester: nothing held, no stale events */
	idxgen_arb_cmd(idev, IDXGEN_ARB_OP_RELEASE_ALL, 0, found);
	idxgen_arb_status(idev, found);
	idxgen_wr(idev, IDXGEN_REG_ARB_REQ_STATUS, IDXGEN_ARB_RS_EVENT_MASK);
	arb->req[found].dev_lost_seen = idxgen_rd(idev, IDXGEN_REG_ARB_REQ_LOST_COUNT);
	idxgen_wr(idev, IDXGEN_REG_ARB_CPR(found), arb->req[found].cpr);
	idxgen_arb_exit(idev, idx);
	ctx->arb_req = found;
}

/* Context destroyed or its file closed: release its locks now. */
void idxgen_arb_ctx_destroy(struct idxgen_ctx *ctx)
{
	struct idxgen_device *idev = ctx->idev;
	int idx;

	if (ctx->arb_req < 0)
		return;
	if (!idxgen_arb_enter(idev, &idx)) {
		idxgen_arb_cmd(idev, IDXGEN_ARB_OP_RELEASE_ALL, 0, ctx->arb_req);
		idxgen_arb_exit(idev, idx);
	}
	idev->arb.req[ctx->arb_req].draining = true;
	wake_up_all(&idev->arb.wq);
}

/*
 * Context released (its last job done): the requester may go to another
 * context; before, a queued job of this one could run as that one's.
 */
void idxgen_arb_ctx_release(struct idxgen_ctx *ctx)
{
	struct idxgen_arb *arb = &ctx->idev->arb;
	unsigned long flags;

	if (ctx->arb_req < 0)
		return;
	spin_lock_irqsave(&arb->slots_lock, flags);
	arb->req[ctx->arb_req].ctx = NULL;
	spin_unlock_irqrestore(&arb->slots_lock, flags);
}

__le32 idxgen_arb_desc_requester(const struct idxgen_ctx *ctx)
{
	if (ctx->arb_req < 0)
		return 0;
	return cpu_to_le32(IDXGEN_DESC_REQ_VALID | ctx->arb_req);
}

static struct idxgen_ctx *idxgen_arb_ctx(struct drm_file *file, u32 id, int *err)
{
	struct idxgen_ctx *ctx = idxgen_ctx_lookup(file->driver_priv, id);

	*err = 0;
	if (!ctx) {
		*err = -ENOENT;
	} else if (ctx->arb_req < 0) {
		idxgen_ctx_put(ctx);
		*err = -ENOSPC;
		ctx = NULL;
	}
	return ctx;
}

/* One look at the request: 1 granted, 0 keep waiting, < 0 failed. */
static int idxgen_arb_poll(struct idxgen_device *idev, u32 r, u32 lock, bool nonblock,
			   u64 deadline)
{
	u32 mine = IDXGEN_ARB_MUTEX_LOCKED | r;
	u32 st;
	int ret = 0;

	idxgen_arb_collect(idev, r);
	/*
	 * The arbiter serves its FIFO on its own: read the status before the
	 * mutex word, so that a grant between the two reads shows as owned.
	 */
	st = idxgen_arb_status(idev, r);
	if (idxgen_rd(idev, IDXGEN_REG_ARB_MUTEX(lock)) == mine)
		return 1;
	if (!(st & (IDXGEN_ARB_RS_PENDING | IDXGEN_ARB_RS_WAITING))) {
		/* granted and taken away already, or a device reset: ask again */
		u32 res = idxgen_arb_cmd(idev, IDXGEN_ARB_OP_LOCK, lock, r);

		return res == IDXGEN_ARB_R_HELD ? 1 : idxgen_arb_result_errno(res);
	}
	if (nonblock && !(st & IDXGEN_ARB_RS_PENDING))
		ret = -EBUSY;
	else if (deadline && ktime_get_ns() >= deadline)
		ret = -ETIMEDOUT;
	if (ret) {
		idxgen_arb_cmd(idev, IDXGEN_ARB_OP_CANCEL, 0, r);
		/* granted in the meantime: keep it */
		if (idxgen_rd(idev, IDXGEN_REG_ARB_MUTEX(lock)) == mine)
			return 1;
	}
	return ret;
}

/* Queue requester r's request for lock: -EBUSY one is pending, -EDEADLK held. */
static int idxgen_arb_request(struct idxgen_device *idev, u32 r, u32 lock)
{
	struct idxgen_arb_req *q = &idev->arb.req[r];
	int ret, idx;

	ret = idxgen_arb_enter(idev, &idx);
	if (ret)
		return ret;
	if (q->busy) {
		ret = -EBUSY;
	} else if (idxgen_rd(idev, IDXGEN_REG_ARB_MUTEX(lock)) == (IDXGEN_ARB_MUTEX_LOCKED | r)) {
		ret = -EDEADLK;
	} else {
		ret = idxgen_arb_result_errno(idxgen_arb_cmd(idev, IDXGEN_ARB_OP_LOCK, lock, r));
		q->busy = !ret;
	}
	idxgen_arb_exit(idev, idx);
	return ret;
}

/*
 * A signal while waiting: cancel the request, unless the lock was granted
 * in the meantime (then keep it).  1 granted, -ERESTARTSYS cancelled.
 */
static int idxgen_arb_interrupted(struct idxgen_device *idev, u32 r, u32 lock)
{
	int ret = -ERESTARTSYS, idx;

	if (!idxgen_arb_enter(idev, &idx)) {
		idxgen_arb_cmd(idev, IDXGEN_ARB_OP_CANCEL, 0, r);
		if (idxgen_rd(idev, IDXGEN_REG_ARB_MUTEX(lock)) == (IDXGEN_ARB_MUTEX_LOCKED | r))
			ret = 1;
		idxgen_arb_exit(idev, idx);
	}
	return ret;
}

/*
 * Wait for the request's outcome, looking again at every arbiter event and
 * every IDXGEN_ARB_POLL: 1 granted, < 0 failed (timeout, signal, device).
 */
static int idxgen_arb_wait(struct idxgen_device *idev, u32 r, u32 lock, bool nonblock,
			   u64 deadline)
{
	int ret, idx;

	for (;;) {
		int seen = atomic_read(&idev->arb.events);
		long to = IDXGEN_ARB_POLL, w;

		ret = idxgen_arb_enter(idev, &idx);
		if (ret)
			return ret;
		ret = idxgen_arb_poll(idev, r, lock, nonblock, deadline);
		idxgen_arb_exit(idev, idx);
		if (ret)
			return ret;
		if (deadline && deadline > ktime_get_ns()) {
			long left = nsecs_to_jiffies(deadline - ktime_get_ns());

			to = clamp_t(long, left, 1, to);
		}
		w = wait_event_interruptible_timeout(idev->arb.wq,
						     atomic_read(&idev->arb.events) != seen, to);
		if (w < 0)
			return idxgen_arb_interrupted(idev, r, lock);
	}
}

int idxgen_arb_lock_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct drm_idxgen_lock *args = data;
	u64 deadline = args->timeout_ns, t0 = ktime_get_ns();
	bool nonblock = args->flags & DRM_IDXGEN_LOCK_NONBLOCK;
	struct idxgen_arb_req *q;
	struct idxgen_ctx *ctx;
	int ret;

	if ((args->flags & ~DRM_IDXGEN_LOCK_NONBLOCK) || args->pad ||
	    args->lock >= IDXGEN_ARB_LOCKS || args->timeout_ns < 0 ||
	    (nonblock && args->timeout_ns))
		return -EINVAL;
	if (!idxgen_arb_present(idev))
		return -EOPNOTSUPP;
	ctx = idxgen_arb_ctx(file, args->ctx_id, &ret);
	if (!ctx)
		return ret;
	q = &idev->arb.req[ctx->arb_req];

	ret = idxgen_arb_request(idev, ctx->arb_req, args->lock);
	if (ret)
		goto out_put;
	ret = idxgen_arb_wait(idev, ctx->arb_req, args->lock, nonblock, deadline);
	if (ret == 1) {
		ret = 0;
		q->grants++;
		q->wait_ns += ktime_get_ns() - t0;
	}
	mutex_lock(&idev->arb.lock);
	q->busy = false;
	mutex_unlock(&idev->arb.lock);
out_put:
	idxgen_ctx_put(ctx);
	return ret;
}

int idxgen_arb_unlock_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct drm_idxgen_unlock *args = data;
	struct idxgen_ctx *ctx;
	int ret, idx;

	if (args->flags || args->pad || args->lock >= IDXGEN_ARB_LOCKS)
		return -EINVAL;
	if (!idxgen_arb_present(idev))
		return -EOPNOTSUPP;
	ctx = idxgen_arb_ctx(file, args->ctx_id, &ret);
	if (!ctx)
		return ret == -ENOSPC ? -EPERM : ret;
	ret = idxgen_arb_enter(idev, &idx);
	if (!ret) {
		u32 res = idxgen_arb_cmd(idev, IDXGEN_ARB_OP_UNLOCK, args->lock, ctx->arb_req);

		ret = idxgen_arb_result_errno(res);
		idxgen_arb_exit(idev, idx);
	}
	idxgen_ctx_put(ctx);
	return ret;
}

int idxgen_arb_lock_lost_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct drm_idxgen_lock_lost *args = data;
	struct idxgen_arb_req *q;
	struct idxgen_ctx *ctx;
	int ret, idx;

	if (args->flags || args->pad)
		return -EINVAL;
	args->lost = 0;
	args->why = 0;
	args->held = 0;
	args->count = 0;
	if (!idxgen_arb_present(idev))
		return -EOPNOTSUPP;
	ctx = idxgen_arb_ctx(file, args->ctx_id, &ret);
	if (!ctx)
		return ret == -ENOSPC ? 0 : ret;
	q = &idev->arb.req[ctx->arb_req];
	ret = idxgen_arb_enter(idev, &idx);
	if (!ret) {
		idxgen_arb_collect(idev, ctx->arb_req);
		args->lost = q->lost_pending;
		args->why = q->lost_why;
		args->count = q->lost;
		q->lost_pending = false;
		q->lost_why = 0;
		idxgen_wr(idev, IDXGEN_REG_ARB_SEL, ctx->arb_req);
		args->held = idxgen_rd(idev, IDXGEN_REG_ARB_REQ_HELD);
		idxgen_arb_exit(idev, idx);
	}
	idxgen_ctx_put(ctx);
	return ret;
}

int idxgen_arb_state_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct drm_idxgen_arb_state *args = data;
	struct idxgen_arb *arb = &idev->arb;
	int ret, idx;
	u32 l, r;

	if (args->flags)
		return -EINVAL;
	memset(args, 0, sizeof(*args));
	if (!idxgen_arb_present(idev))
		return -EOPNOTSUPP;
	ret = idxgen_arb_enter(idev, &idx);
	if (ret)
		return ret;
	args->locks = IDXGEN_ARB_LOCKS;
	args->requesters = IDXGEN_ARB_REQUESTERS;
	args->enforce = arb->enforce;
	args->hold_limit = arb->hold_limit;
	args->fifo_count = idxgen_rd(idev, IDXGEN_REG_ARB_FIFO_COUNT);
	args->max_depth = idxgen_rd(idev, IDXGEN_REG_ARB_STAT_MAX_DEPTH);
	args->grants = idxgen_rd64(idev, IDXGEN_REG_ARB_STAT_GRANTS);
	args->preemptions = idxgen_rd64(idev, IDXGEN_REG_ARB_STAT_PREEMPTIONS);
	args->hold_releases = idxgen_rd64(idev, IDXGEN_REG_ARB_STAT_HOLD_RELEASES);
	args->denials = idxgen_rd64(idev, IDXGEN_REG_ARB_STAT_DENIALS);
	for (l = 0; l < IDXGEN_ARB_LOCKS; l++) {
		u32 m = idxgen_rd(idev, IDXGEN_REG_ARB_MUTEX(l));

		args->owner[l] = m & IDXGEN_ARB_MUTEX_LOCKED ?
				 (m & IDXGEN_ARB_MUTEX_OWNER_MASK) + 1 : 0;
	}
	for (r = 0; r < IDXGEN_ARB_REQUESTERS; r++) {
		struct drm_idxgen_arb_state_req *o = &args->req[r];
		struct idxgen_arb_req *q = &arb->req[r];
		u32 st;

		spin_lock_irq(&arb->slots_lock);
		if (q->ctx && !q->draining) {
			o->ctx_id = q->ctx->id;
			o->pid = q->pid;
		}
		spin_unlock_irq(&arb->slots_lock);
		idxgen_arb_collect(idev, r);
		st = idxgen_arb_status(idev, r);
		o->cpr = idxgen_rd(idev, IDXGEN_REG_ARB_CPR(r));
		o->held = idxgen_rd(idev, IDXGEN_REG_ARB_REQ_HELD);
		o->hold_count = idxgen_rd(idev, IDXGEN_REG_ARB_REQ_HOLD_COUNT);
		if (st & IDXGEN_ARB_RS_WAITING)
			o->waiting = ((st >> IDXGEN_ARB_RS_LOCK_SHIFT) & 0xff) + 1;
		o->lost_count = q->lost;
		o->grants = q->grants;
		o->wait_ns = q->wait_ns;
	}
	idxgen_arb_exit(idev, idx);
	return 0;
}

int idxgen_arb_config_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct drm_idxgen_arb_config *args = data;
	int ret, idx;

	if (args->flags & ~DRM_IDXGEN_ARB_CONFIG_ENFORCE)
		return -EINVAL;
	if (!capable(CAP_SYS_ADMIN))
		return -EPERM;
	if (!idxgen_arb_present(idev))
		return -EOPNOTSUPP;
	ret = idxgen_arb_enter(idev, &idx);
	if (ret)
		return ret;
	idev->arb.enforce = args->flags & DRM_IDXGEN_ARB_CONFIG_ENFORCE;
	idev->arb.hold_limit = args->hold_limit;
	idxgen_wr(idev, IDXGEN_REG_ARB_CTRL, idev->arb.enforce ? IDXGEN_ARB_CTRL_ENFORCE : 0);
	idxgen_wr(idev, IDXGEN_REG_ARB_HOLD_LIMIT, idev->arb.hold_limit);
	idxgen_arb_exit(idev, idx);
	return 0;
}

int idxgen_arb_get_param(struct idxgen_device *idev, u32 param, u64 *value)
{
	bool on = idxgen_arb_present(idev);

	switch (param) {
	case DRM_IDXGEN_PARAM_ARB_LOCKS:
		*value = on ? IDXGEN_ARB_LOCKS : 0;
		return 0;
	case DRM_IDXGEN_PARAM_ARB_REQUESTERS:
		*value = on ? IDXGEN_ARB_REQUESTERS : 0;
		return 0;
	case DRM_IDXGEN_PARAM_ARB_ENFORCE:
		*value = on && idev->arb.enforce;
		return 0;
	case DRM_IDXGEN_PARAM_ARB_HOLD_LIMIT:
		*value = on ? idev->arb.hold_limit : 0;
		return 0;
	default:
		return -EINVAL;
	}
}
