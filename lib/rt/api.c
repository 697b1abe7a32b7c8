// SPDX-License-Identifier: MIT
/*
 * api.c - the runtime's launch API: synchronous, asynchronous and wait,
 * and the per-kernel statistics.  It sits above the launch path so that
 * the path has no circle: api.c chooses a way (resident blocks, coop.c;
 * schedule = auto, autotune.c; else one launch of the whole grid), and
 * autotune.c and api.c both launch through launch.c (check, prepare,
 * finish), which queues on pool.c.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>
#include <string.h>

#include "idxgen.h"
#include "idxgen_rt.h"
#include "rt_internal.h"

int idxgen_rt_launch_ex(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, void *const *args,
			const struct idxgen_rt_launch_opts *opts, struct idxgen_rt_launch_info *info)
{
	/*
	 * Threads that wait for other blocks' (a persistent-threads grid sized
	 * from the occupancy): every block resident when the grid fits, as on a
	 * GPU; a larger grid runs as any other (a GPU gives no more).
	 */
	if (rt && k && (k->flags & IDXGEN_RT_KERNEL_WAITS) && (uint64_t)grid.x * grid.y * grid.z > 1 &&
	    rt_grid_resident(rt, grid, block))
		return rt_launch_resident(rt, k, grid, block, args, opts, info, false);
	if (opts && opts->schedule.order == IDXGEN_RT_SCHED_AUTO) {
		/* schedule = auto: the controller (autotune.c), its defaults */
		struct idxgen_rt_tune_opts t = { .sample_permille = opts->schedule.params[0] };

		if (info)
			memset(info, 0, sizeof(*info));
		if (opts->schedule.params[0] > 1000 || opts->schedule.params[1] ||
		    opts->schedule.params[2] || opts->schedule.params[3])
			return -EINVAL;
		return idxgen_rt_launch_tuned(rt, k, grid, block, args, opts, &t, NULL, info);
	}
	return rt_launch_parts(rt, k, grid, block, args, opts, NULL, 0, false, info);
}

int idxgen_rt_launch(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k, struct idxgen_rt_dim3 grid,
		     struct idxgen_rt_dim3 block, size_t dyn_shared, void *const *args)
{
	struct idxgen_rt_launch_opts o = { .dyn_shared = dyn_shared };

	return idxgen_rt_launch_ex(rt, k, grid, block, args, &o, NULL);
}

int idxgen_rt_launch_async(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			   struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, void *const *args,
			   const struct idxgen_rt_launch_opts *opts, struct idxgen_rt_launch **lp)
{
	int ret;

	if (!lp)
		return -EINVAL;
	ret = rt_launch_prepare(rt, k, grid, block, args, opts, NULL, 0, false, true, NULL, lp);
	if (ret)
		return ret;
	(*lp)->is_async = true;
	pthread_mutex_lock(&rt->lock);
	(*lp)->anext = rt->async_list;
	if (rt->async_list)
		rt->async_list->aprev = *lp;
	rt->async_list = *lp;
	rt_enqueue(rt, *lp);
	if (rt->nworkers)
		pthread_cond_broadcast(&rt->work);
	pthread_mutex_unlock(&rt->lock);
	return 0;
}

int idxgen_rt_wait(struct idxgen_rt_launch *l, struct idxgen_rt_launch_info *info)
{
	struct idxgen_rt *rt;
	int ret;

	if (!l)
		return -EINVAL;
	rt = l->rt;
	pthread_mutex_lock(&rt->lock);
	rt_help_and_wait(rt, l);
	rt_dequeue(rt, l);
	rt_launch_release(l);
	if (l->aprev)
		l->aprev->anext = l->anext;
	else
		rt->async_list = l->anext;
	if (l->anext)
		l->anext->aprev = l->aprev;
	pthread_mutex_unlock(&rt->lock);
	ret = rt_launch_finish(l, info);
	rt_launch_free(l);
	return ret;
}

int idxgen_rt_kernel_stats(struct idxgen_rt *rt, const struct idxgen_rt_kernel *k,
			   struct idxgen_rt_kernel_stats *st)
{
	struct rt_kentry *ke;

	if (!rt || !k || !st)
		return -EINVAL;
	pthread_mutex_lock(&rt->lock);
	for (ke = rt->kernels; ke && ke->k != k; ke = ke->next)
		;
	if (ke) {
		st->launches = ke->launches;
		st->device_jobs = ke->jobs;
		st->device_hits = ke->hits;
		st->dedicated = ke->shapes != NULL;
	}
	pthread_mutex_unlock(&rt->lock);
	return ke ? 0 : -ENOENT;
}
