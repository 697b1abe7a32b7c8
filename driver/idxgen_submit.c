// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: DRM_IOCTL_IDXGEN_SUBMIT, in four layers as the ioctl reads:
 *
 *   copy-in and validate  the arguments and the sync arrays
 *                         (idxgen_submit_copy_in)
 *   build the job         the context, each configuration checked and
 *                         turned into a descriptor, the scheduler job
 *                         (idxgen_submit_build)
 *   attach fences         in-fences as scheduler dependencies, out-syncobjs
 *                         looked up, region reservations locked
 *                         (idxgen_submit_fences)
 *   push                  sequence numbers, fences published, the job to
 *                         its context's entity (idxgen_submit_push)
 *
 * Everything that can fail is done before the push; after it the job
 * belongs to the scheduler and nothing fails.
 */
#include <linux/dma-fence-chain.h>
#include <linux/dma-resv.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#include <drm/drm_drv.h>
#include <drm/drm_syncobj.h>

#include "idxgen_drv.h"

/* One SUBMIT call: its arguments and what it holds until it returns. */
struct idxgen_submit {
	struct drm_idxgen_submit *args;
	struct drm_idxgen_sync in_syncs[DRM_IDXGEN_MAX_SYNCS];
	struct drm_idxgen_sync out_syncs[DRM_IDXGEN_MAX_SYNCS];
	struct drm_syncobj *out_sync;	/* args->out_syncobj */
	struct {
		struct drm_syncobj *syncobj;
		struct dma_fence_chain *chain;	/* a timeline point's node */
	} outs[DRM_IDXGEN_MAX_SYNCS];
	struct drm_gem_object **objs;	/* the regions, each once, reservations locked */
	u32 nobjs;
	struct ww_acquire_ctx ticket;
};

/* Copy-in and validate: everything that needs no object looked up. */
static int idxgen_submit_copy_in(struct idxgen_device *idev, struct idxgen_submit *s)
{
	const struct drm_idxgen_submit *args = s->args;
	u32 i;

	if (args->flags || !args->count || args->count > DRM_IDXGEN_MAX_BATCH ||
	    args->count >= idev->queues[0].size ||
	    args->config_size < sizeof(struct drm_idxgen_config) ||
	    args->config_size > PAGE_SIZE || args->in_sync_count > DRM_IDXGEN_MAX_SYNCS ||
	    args->out_sync_count > DRM_IDXGEN_MAX_SYNCS)
		return -EINVAL;
	if (copy_from_user(s->in_syncs, u64_to_user_ptr(args->in_syncs),
			   args->in_sync_count * sizeof(s->in_syncs[0])) ||
	    copy_from_user(s->out_syncs, u64_to_user_ptr(args->out_syncs),
			   args->out_sync_count * sizeof(s->out_syncs[0])))
		return -EFAULT;
	for (i = 0; i < args->in_sync_count; i++)
		if (s->in_syncs[i].flags || !s->in_syncs[i].handle)
			return -EINVAL;
	for (i = 0; i < args->out_sync_count; i++)
		if (s->out_syncs[i].flags || !s->out_syncs[i].handle)
			return -EINVAL;
	return 0;
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

/*
 * Build the job: its context, every configuration copied in (a shorter,
 * older struct reads as zeroes) and turned into a descriptor, and the
 * scheduler job.  On failure nothing is left allocated.
 */
static int idxgen_submit_build(struct idxgen_device *idev, struct drm_file *file,
			       const struct drm_idxgen_submit *args, struct idxgen_job **pjob)
{
	struct idxgen_file *ifile = file->driver_priv;
	struct idxgen_ctx *ctx;
	struct idxgen_job *job;
	u32 i, prev_handle = 0;
	int ret;

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
		if (!ret)
			ret = idxgen_config_to_desc(idev, file, &cfg, prev_handle, job, i);
		if (ret)
			goto err;
		prev_handle = cfg.region;
	}
	ret = drm_sched_job_init(&job->base, &ctx->entity, args->count, ifile, file->client_id);
	if (ret)
		goto err;
	*pjob = job;
	return 0;

err:
	idxgen_job_free(job);
	return ret;
}

/*
 * Attach fences: the in-fences become the job's dependencies; the
 * out-syncobjs are looked up and timeline points allocated now, so that
 * nothing fails after the push; the regions' reservations are locked.
 */
static int idxgen_submit_fences(struct idxgen_job *job, struct drm_file *file,
				struct idxgen_submit *s)
{
	const struct drm_idxgen_submit *args = s->args;
	u32 i;
	int ret;

	if (args->in_syncobj) {
		ret = idxgen_add_in_fence(job, file, args->in_syncobj, 0);
		if (ret)
			return ret;
	}
	for (i = 0; i < args->in_sync_count; i++) {
		ret = idxgen_add_in_fence(job, file, s->in_syncs[i].handle, s->in_syncs[i].point);
		if (ret)
			return ret;
	}
	if (args->out_syncobj) {
		s->out_sync = drm_syncobj_find(file, args->out_syncobj);
		if (!s->out_sync)
			return -ENOENT;
	}
	for (i = 0; i < args->out_sync_count; i++) {
		s->outs[i].syncobj = drm_syncobj_find(file, s->out_syncs[i].handle);
		if (!s->outs[i].syncobj)
			return -ENOENT;
		if (s->out_syncs[i].point) {
			s->outs[i].chain = dma_fence_chain_alloc();
			if (!s->outs[i].chain)
				return -ENOMEM;
		}
	}
	return idxgen_lock_regions(job, &s->objs, &s->nobjs, &s->ticket);
}

/* The job's results get sequence numbers and empty places in the window. */
static u64 idxgen_submit_reserve_seqs(struct idxgen_ctx *ctx, struct idxgen_job *job)
{
	u64 first;
	u32 i;

	lockdep_assert_held(&ctx->submit_lock);	/* seq order == push order */
	spin_lock_irq(&ctx->lock);
	first = ctx->next_seq;
	ctx->next_seq += job->count;
	for (i = 0; i < job->count; i++) {
		struct idxgen_result *e = &ctx->win[(first + i) % DRM_IDXGEN_RESULT_WINDOW];

		memset(e, 0, sizeof(*e));
		e->seq = first + i;
		e->user_tag = job->tags[i];
	}
	spin_unlock_irq(&ctx->lock);
	return first;
}

/* The out-syncobjs get the job's finished fence (plain or as a timeline point). */
static void idxgen_submit_signal_outs(struct idxgen_submit *s, struct dma_fence *finished)
{
	u32 i;

	if (s->out_sync)
		drm_syncobj_replace_fence(s->out_sync, finished);
	for (i = 0; i < s->args->out_sync_count; i++) {
		if (s->outs[i].chain) {
			drm_syncobj_add_point(s->outs[i].syncobj, s->outs[i].chain, finished,
					      s->out_syncs[i].point);
			s->outs[i].chain = NULL;	/* owned by the syncobj now */
		} else {
			drm_syncobj_replace_fence(s->outs[i].syncobj, finished);
		}
	}
}

/*
 * Push: the last checks (device present and alive, context not destroyed),
 * then arm and push under the context's submit_lock, so that sequence
 * numbers and a shared out-syncobj follow the push order.
 */
static int idxgen_submit_push(struct idxgen_device *idev, struct idxgen_job *job,
			      struct idxgen_submit *s)
{
	struct idxgen_ctx *ctx = job->ctx;
	struct dma_fence *finished;
	int idx, ret = 0;
	u32 i;

	if (!drm_dev_enter(&idev->drm, &idx))
		return -ENODEV;
	if (READ_ONCE(idev->dead)) {
		ret = -EIO;
		goto out_exit;
	}
	mutex_lock(&ctx->submit_lock);
	if (ctx->destroyed) {
		ret = -ENOENT;
		goto out_unlock;
	}
	drm_sched_job_arm(&job->base);
	/* the job may be freed once pushed: keep its fence for the out-syncobjs */
	finished = dma_fence_get(&job->base.s_fence->finished);
	/* the regions it writes carry its fence (slots reserved under the locks) */
	for (i = 0; i < s->nobjs; i++)
		dma_resv_add_fence(s->objs[i]->resv, finished, DMA_RESV_USAGE_WRITE);
	job->first_seq = idxgen_submit_reserve_seqs(ctx, job);
	s->args->first_seq = job->first_seq;

	drm_sched_entity_push_job(&job->base);
	/* under submit_lock: a shared out-syncobj always ends on the latest job */
	idxgen_submit_signal_outs(s, finished);
	dma_fence_put(finished);
out_unlock:
	mutex_unlock(&ctx->submit_lock);
out_exit:
	drm_dev_exit(idx);
	return ret;
}

/* What the call held, pushed or not. */
static void idxgen_submit_release(struct idxgen_submit *s)
{
	u32 i;

	if (s->objs) {
		drm_gem_unlock_reservations(s->objs, s->nobjs, &s->ticket);
		kfree(s->objs);
	}
	if (s->out_sync)
		drm_syncobj_put(s->out_sync);
	for (i = 0; i < s->args->out_sync_count; i++) {
		if (s->outs[i].syncobj)
			drm_syncobj_put(s->outs[i].syncobj);
		dma_fence_chain_free(s->outs[i].chain);
	}
}

int idxgen_submit_ioctl(struct drm_device *dev, void *data, struct drm_file *file)
{
	struct idxgen_device *idev = to_idxgen_device(dev);
	struct idxgen_submit s = { .args = data };
	struct idxgen_job *job;
	int ret;

	ret = idxgen_submit_copy_in(idev, &s);
	if (ret)
		return ret;
	ret = idxgen_submit_build(idev, file, s.args, &job);
	if (ret)
		return ret;
	ret = idxgen_submit_fences(job, file, &s);
	if (!ret)
		ret = idxgen_submit_push(idev, job, &s);
	if (ret) {
		drm_sched_job_cleanup(&job->base);
		idxgen_job_free(job);
	}
	idxgen_submit_release(&s);
	return ret;
}
