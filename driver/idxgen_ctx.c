// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: per-file state, submission contexts (drm_sched entities with a
 * priority) and each context's window of job results.
 */
#include <linux/capability.h>
#include <linux/math64.h>
#include <linux/mm.h>
#include <linux/rcupdate.h>
#include <linux/slab.h>

#include <drm/drm_print.h>

#include "idxgen_drv.h"

static void idxgen_fstats_release(struct kref *ref)
{
	kfree(container_of(ref, struct idxgen_fstats, ref));
}

static void idxgen_ctx_release(struct kref *ref)
{
	struct idxgen_ctx *ctx = container_of(ref, struct idxgen_ctx, ref);

	if (ctx->stats)
		kref_put(&ctx->stats->ref, idxgen_fstats_release);
	atomic_dec(&ctx->idev->cnt.ctxs);
	idxgen_arb_ctx_release(ctx);
	mutex_destroy(&ctx->submit_lock);
	kvfree(ctx->win);
	kfree_rcu(ctx, rcu);	/* idxgen_ctx_lookup() may still look at it */
}

void idxgen_ctx_put(struct idxgen_ctx *ctx)
{
	kref_put(&ctx->ref, idxgen_ctx_release);
}

/*
 * Lockless (every SUBMIT and JOB_RESULT does this): a context erased and
 * released meanwhile is still readable until the grace period ends, and
 * its zero refcount says it is gone.  One erased but still referenced is
 * returned; SUBMIT checks ctx->destroyed under submit_lock.
 */
struct idxgen_ctx *idxgen_ctx_lookup(struct idxgen_file *ifile, u32 id)
{
	struct idxgen_ctx *ctx;

	rcu_read_lock();
	ctx = xa_load(&ifile->ctxs, id);
	if (ctx && !kref_get_unless_zero(&ctx->ref))
		ctx = NULL;
	rcu_read_unlock();
	return ctx;
}

static void idxgen_ctx_destroy_work(struct work_struct *work)
{
	struct idxgen_ctx *ctx = container_of(work, struct idxgen_ctx, destroy_work);

	drm_sched_entity_destroy(&ctx->entity);
	idxgen_ctx_put(ctx);
}

/*
 * Stop accepting jobs; those queued still run.  The entity flush waits
 * until they reach the hardware: on CTX_DESTROY that happens in the
 * background (the ioctl waits for nothing), on close it is done inline as
 * for every DRM driver.
 */
static void idxgen_ctx_destroy(struct idxgen_ctx *ctx, bool async)
{
	mutex_lock(&ctx->submit_lock);
	ctx->destroyed = true;
	mutex_unlock(&ctx->submit_lock);
	idxgen_arb_ctx_destroy(ctx);
	if (async)
		queue_work(ctx->idev->ctx_wq, &ctx->destroy_work);
	else
		idxgen_ctx_destroy_work(&ctx->destroy_work);
}

int idxgen_ctx_create_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	static const enum drm_sched_priority prio[] = {
		[DRM_IDXGEN_PRIORITY_LOW] = DRM_SCHED_PRIORITY_LOW,
		[DRM_IDXGEN_PRIORITY_NORMAL] = DRM_SCHED_PRIORITY_NORMAL,
		[DRM_IDXGEN_PRIORITY_HIGH] = DRM_SCHED_PRIORITY_HIGH,
	};
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_ctx_create *args = data;
	struct idxgen_ctx *ctx;
	u32 id;
	int ret;

	if (args->flags || args->pad || args->priority >= ARRAY_SIZE(prio))
		return -EINVAL;
	if (args->priority == DRM_IDXGEN_PRIORITY_HIGH && !capable(CAP_SYS_NICE))
		return -EPERM;

	ctx = kzalloc(sizeof(*ctx), GFP_KERNEL_ACCOUNT);
	if (!ctx)
		return -ENOMEM;
	ctx->win = kvcalloc(DRM_IDXGEN_RESULT_WINDOW, sizeof(*ctx->win), GFP_KERNEL_ACCOUNT);
	if (!ctx->win) {
		kfree(ctx);
		return -ENOMEM;
	}
	kref_init(&ctx->ref);
	ctx->idev = idev;
	ctx->arb_req = -1;
	ctx->next_seq = 1;
	mutex_init(&ctx->submit_lock);
	spin_lock_init(&ctx->lock);
	init_waitqueue_head(&ctx->done_wq);
	kref_get(&ifile->stats->ref);
	ctx->stats = ifile->stats;
	INIT_WORK(&ctx->destroy_work, idxgen_ctx_destroy_work);
	atomic_inc(&idev->cnt.ctxs);

	ret = drm_sched_entity_init(&ctx->entity, prio[args->priority], idev->scheds,
				    idev->num_queues, NULL);
	if (ret) {
		idxgen_ctx_put(ctx);
		return ret;
	}

	/* reserve the id, complete the context, then publish it */
	ret = xa_alloc(&ifile->ctxs, &id, NULL, xa_limit_32b, GFP_KERNEL);
	if (ret) {
		idxgen_ctx_destroy(ctx, false);
		return ret;
	}
	ctx->id = id;
	idxgen_arb_ctx_init(ctx, args->priority);
	xa_store(&ifile->ctxs, id, ctx, GFP_KERNEL);	/* the slot exists: cannot fail */
	args->ctx_id = id;
	drm_dbg_driver(dev, "ctx %u created, priority %u\n", id, args->priority);
	return 0;
}

int idxgen_ctx_destroy_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_ctx_destroy *args = data;
	struct idxgen_ctx *ctx;

	if (args->pad)
		return -EINVAL;
	ctx = xa_erase(&ifile->ctxs, args->ctx_id);
	if (!ctx)
		return -ENOENT;
	idxgen_ctx_destroy(ctx, true);
	return 0;
}

/* Copy a finished job's per-configuration results into its context's window. */
void idxgen_ctx_publish(struct idxgen_job *job)
{
	struct idxgen_ctx *ctx = job->ctx;
	unsigned long flags;
	u32 i;

	spin_lock_irqsave(&ctx->lock, flags);
	for (i = 0; i < job->count; i++) {
		u64 seq = job->first_seq + i;
		struct idxgen_result *e = &ctx->win[seq % DRM_IDXGEN_RESULT_WINDOW];
		const struct idxgen_job_res *r = &job->res[i];

		if (e->seq != seq)
			continue;	/* already dropped from the window */
		e->error = r->error;
		e->status = r->status;
		e->flags = r->flags;
		e->warps = r->warps;
		e->threads = r->threads;
		e->cycles = r->cycles;
		e->done = true;
	}
	for (i = 0; i < job->count; i++)
		atomic64_add(job->res[i].cycles, &ctx->stats->cycles);
	spin_unlock_irqrestore(&ctx->lock, flags);
	job->published = true;
	wake_up_all(&ctx->done_wq);
}

/* 0 and the result, -EBUSY (not done) or -ENOENT (unknown or dropped). */
static int idxgen_ctx_result(struct idxgen_ctx *ctx, u64 seq, struct drm_idxgen_job_result *out)
{
	struct idxgen_result *e;
	int ret = 0;

	spin_lock_irq(&ctx->lock);
	e = &ctx->win[seq % DRM_IDXGEN_RESULT_WINDOW];
	if (!seq || seq >= ctx->next_seq || e->seq != seq) {
		ret = -ENOENT;
	} else if (!e->done) {
		ret = -EBUSY;
	} else {
		out->error = e->error;
		out->status = e->status;
		out->result_flags = (e->flags & IDXGEN_CPLF_HIT) ? DRM_IDXGEN_RESULT_HIT : 0;
		out->user_tag = e->user_tag;
		out->warps = e->warps;
		out->cycles = e->cycles;
		out->threads = e->threads;
	}
	spin_unlock_irq(&ctx->lock);
	return ret;
}

int idxgen_job_result_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_job_result *args = data;
	struct idxgen_ctx *ctx;
	int ret;

	if (args->flags)
		return -EINVAL;
	ctx = idxgen_ctx_lookup(ifile, args->ctx_id);
	if (!ctx)
		return -ENOENT;
	ret = idxgen_ctx_result(ctx, args->seq, args);
	idxgen_ctx_put(ctx);
	return ret;
}

/*
 * Wait for a job until an absolute CLOCK_MONOTONIC deadline.  The result is
 * published before the job's fence signals and before anyone is woken, so
 * a done job always has its result here.
 */
int idxgen_wait_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_wait *args = data;
	struct drm_idxgen_job_result *res = &args->result;
	struct idxgen_ctx *ctx;
	ktime_t deadline;
	long ret;

	if (args->flags || res->ctx_id || res->flags || res->seq)
		return -EINVAL;
	ctx = idxgen_ctx_lookup(ifile, args->ctx_id);
	if (!ctx)
		return -ENOENT;
	deadline = ns_to_ktime(args->timeout_ns);
	ret = idxgen_ctx_result(ctx, args->seq, res);
	while (ret == -EBUSY) {
		if (ktime_compare(ktime_get(), deadline) >= 0) {
			ret = -ETIME;
			break;
		}
		ret = wait_event_interruptible_hrtimeout(ctx->done_wq,
							 idxgen_ctx_result(ctx, args->seq, res) !=
							 -EBUSY,
							 ktime_sub(deadline, ktime_get()));
		if (ret == -ETIME || ret == -ERESTARTSYS)
			break;
		ret = idxgen_ctx_result(ctx, args->seq, res);
	}
	idxgen_ctx_put(ctx);
	return ret;
}

int idxgen_ctx_query_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_file *ifile = file->driver_priv;
	struct drm_idxgen_ctx_query *args = data;
	struct idxgen_ctx *ctx;

	if (args->flags || args->resets || args->guilty || args->device_resets || args->pad)
		return -EINVAL;
	ctx = idxgen_ctx_lookup(ifile, args->ctx_id);
	if (!ctx)
		return -ENOENT;
	/* written under reset_sem by the recovery */
	down_read(&idev->reset_sem);
	args->resets = ctx->resets;
	args->guilty = ctx->guilty;
	args->device_resets = idev->resets;
	up_read(&idev->reset_sem);
	idxgen_ctx_put(ctx);
	return 0;
}

int idxgen_file_open(struct drm_device *dev, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_file *ifile;

	ifile = kzalloc(sizeof(*ifile), GFP_KERNEL);
	if (!ifile)
		return -ENOMEM;
	ifile->idev = idev;
	ifile->stats = kzalloc(sizeof(*ifile->stats), GFP_KERNEL);
	if (!ifile->stats) {
		kfree(ifile);
		return -ENOMEM;
	}
	kref_init(&ifile->stats->ref);
	xa_init_flags(&ifile->ctxs, XA_FLAGS_ALLOC1);
	xa_init_flags(&ifile->uqs, XA_FLAGS_ALLOC1);
	file->driver_priv = ifile;
	atomic_inc(&idev->cnt.files);
	return 0;
}

void idxgen_file_close(struct drm_device *dev, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_file *ifile = file->driver_priv;
	struct idxgen_ctx *ctx;
	unsigned long id;

	/* user queues first: they hold references on contexts and regions */
	idxgen_uq_file_close(ifile);
	xa_for_each(&ifile->ctxs, id, ctx) {
		xa_erase(&ifile->ctxs, id);
		idxgen_ctx_destroy(ctx, false);
	}
	xa_destroy(&ifile->ctxs);
	kref_put(&ifile->stats->ref, idxgen_fstats_release);
	kfree(ifile);
	atomic_dec(&idev->cnt.files);
}

/*
 * fdinfo, per Documentation/gpu/drm-usage-stats.rst: one engine ("idxgen",
 * the generator every queue feeds), busy time and cycles of this file's
 * completed work (the device reports cycles per descriptor; time is
 * cycles at the device clock).
 */
void idxgen_show_fdinfo(struct drm_printer *p, struct drm_file *file)
{
	struct idxgen_file *ifile = file->driver_priv;
	struct idxgen_device *idev = ifile->idev;
	u64 cycles = atomic64_read(&ifile->stats->cycles);

	drm_printf(p, "drm-engine-idxgen:\t%llu ns\n",
		   mul_u64_u32_div(cycles, USEC_PER_SEC, max(idev->clock_khz, 1u)));
	drm_printf(p, "drm-cycles-idxgen:\t%llu\n", cycles);
	drm_printf(p, "drm-maxfreq-idxgen:\t%u KHz\n", idev->clock_khz);
	drm_printf(p, "drm-idxgen-user-queues:\t%u\n", idxgen_uq_file_count(ifile));
}
