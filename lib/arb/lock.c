// SPDX-License-Identifier: MIT
/*
 * lock.c - libidxgen's side of the priority arbiter (docs/design.md#arbiter):
 * idxgen_lock(), idxgen_unlock(), idxgen_lock_lost(), the safe shared-region
 * pattern idxgen_run_shared() and the monitoring snapshot.  The backends
 * (emu.c: the model in-process; drm.c: the driver's ioctls) do the work.
 */
#include <errno.h>
#include <string.h>

#include "../internal.h"

int idxgen_lock(struct idxgen_context *ctx, unsigned int lock, int64_t timeout_ns)
{
	int64_t deadline;

	if (!ctx || lock >= IDXGEN_LOCKS_MAX)
		return -EINVAL;
	if (timeout_ns < 0)
		deadline = -1;
	else if (timeout_ns == 0)
		deadline = 0;
	else
		deadline = idxgen_now_ns() + timeout_ns;
	return ctx->dev->ops->lock(ctx, lock, deadline);
}

int idxgen_unlock(struct idxgen_context *ctx, unsigned int lock)
{
	if (!ctx || lock >= IDXGEN_LOCKS_MAX)
		return -EINVAL;
	return ctx->dev->ops->unlock(ctx, lock);
}

int idxgen_lock_lost(struct idxgen_context *ctx, uint64_t *count)
{
	bool lost = false;
	uint64_t n = 0;
	uint32_t held;
	int ret;

	if (!ctx)
		return -EINVAL;
	ret = ctx->dev->ops->lock_lost(ctx, &lost, &n, &held);
	if (ret)
		return ret;
	if (count)
		*count = n;
	lost |= ctx->lost_latched;
	ctx->lost_latched = false;
	return lost ? -EAGAIN : 0;
}

int idxgen_lock_held(struct idxgen_context *ctx, uint32_t *held)
{
	bool lost;
	uint64_t n;
	uint32_t h = 0;
	int ret;

	if (!ctx || !held)
		return -EINVAL;
	/* the lost flag is left for idxgen_lock_lost(): only the bitmap here */
	ret = ctx->dev->ops->lock_lost(ctx, &lost, &n, &h);
	if (!ret && lost)
		ctx->lost_latched = true;
	*held = h;
	return ret;
}

#define RUN_SHARED_TRIES 64

int idxgen_run_shared(struct idxgen_context *ctx, const struct idxgen_config *cfg, void *dst,
		      size_t dst_size, struct idxgen_job_result *res, unsigned int *reruns)
{
	struct idxgen_job_result r;
	const void *map;
	uint64_t bytes;
	int ret, tries;

	if (reruns)
		*reruns = 0;
	if (!ctx || !cfg || !dst || !cfg->region || !idxgen_region_is_shared(cfg->region))
		return -EINVAL;
	bytes = idxgen_config_bytes(cfg);
	if (dst_size < bytes)
		return -EINVAL;
	ret = idxgen_region_map(cfg->region, &map);
	if (ret)
		return ret;
	for (tries = 0; tries < RUN_SHARED_TRIES; tries++) {
		uint32_t held = 0;

		if (reruns)
			*reruns = (unsigned int)tries;
		ret = idxgen_lock(ctx, IDXGEN_LOCK_SHARED, -1);
		if (ret)
			return ret;
		ret = idxgen_run(ctx, cfg, &r);
		if (ret == 0)
			memcpy(dst, (const uint8_t *)map + cfg->offset, bytes);
		/*
		 * Still holding lock 0 now means it was held all along: only a
		 * request of ours could give it back, and none was made.  Else
		 * the output may have been overwritten: run again.
		 */
		if (idxgen_lock_held(ctx, &held))
			held = 0;
		if (res)
			*res = r;
		if (held & (1u << IDXGEN_LOCK_SHARED)) {
			idxgen_unlock(ctx, IDXGEN_LOCK_SHARED);
			return ret;
		}
	}
	return -EAGAIN;
}

int idxgen_lock_state(struct idxgen_device *dev, struct idxgen_lock_state *st)
{
	if (!dev || !st)
		return -EINVAL;
	return dev->ops->lock_state(dev, st);
}

int idxgen_lock_config(struct idxgen_device *dev, uint32_t hold_limit, bool enforce)
{
	if (!dev)
		return -EINVAL;
	return dev->ops->lock_config(dev, hold_limit, enforce);
}
