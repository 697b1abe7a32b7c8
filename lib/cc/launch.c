// SPDX-License-Identifier: MIT
/*
 * launch.c - run a translated kernel's blocks on a pool of OS threads.
 *
 * Blocks are the work units: workers take block numbers from an atomic
 * counter and call the kernel's block function.  Each worker owns one
 * dynamic shared-memory buffer, reused across its blocks.  Worker stacks
 * are large because a block function keeps its __shared__ arrays and the
 * per-thread arrays of promoted variables on the stack.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <pthread.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <idxgen_cc.h>

#define MAX_THREADS_PER_BLOCK 1024u
#define MAX_DYN_SHARED (1u << 20)
#define WORKER_STACK (64u << 20)

struct launch {
	const struct idxgen_cc_kernel *k;
	idxgen_dim3 grid, block;
	size_t dyn_shared;
	void *const *args;
	atomic_ulong next;
	unsigned long nblocks;
	atomic_int err;
};

static void *worker(void *p)
{
	struct launch *l = p;
	struct idxgen_cc_block b;
	void *dyn = NULL;
	unsigned long i;

	if (l->dyn_shared && posix_memalign(&dyn, 64, l->dyn_shared)) {
		atomic_store(&l->err, -ENOMEM);
		return NULL;
	}
	b.blockDim = l->block;
	b.gridDim = l->grid;
	b.dyn_shared = dyn;
	while ((i = atomic_fetch_add(&l->next, 1)) < l->nblocks) {
		b.blockIdx.x = (unsigned int)(i % l->grid.x);
		b.blockIdx.y = (unsigned int)(i / l->grid.x % l->grid.y);
		b.blockIdx.z = (unsigned int)(i / l->grid.x / l->grid.y);
		l->k->block(&b, l->args);
	}
	free(dyn);
	return NULL;
}

static unsigned int pool_size(void)
{
	const char *e = getenv("IDXGEN_NUM_THREADS");
	long n = e && *e ? strtol(e, NULL, 10) : sysconf(_SC_NPROCESSORS_ONLN);

	return n < 1 ? 1 : n > 256 ? 256 : (unsigned int)n;
}

int idxgen_cc_launch(const struct idxgen_cc_kernel *k, idxgen_dim3 grid, idxgen_dim3 block,
		     size_t dyn_shared, void *const *args)
{
	struct launch l = { .k = k, .grid = grid, .block = block, .dyn_shared = dyn_shared, .args = args };
	pthread_t tid[256];
	pthread_attr_t attr;
	unsigned int n, i, started = 0;

	if (!k || !k->block || k->abi != IDXGEN_CC_ABI_VERSION || (k->nargs && !args))
		return -EINVAL;
	if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
		return -EINVAL;
	if ((unsigned long)block.x * block.y * block.z > MAX_THREADS_PER_BLOCK || dyn_shared > MAX_DYN_SHARED ||
	    block.z > 64)
		return -E2BIG;
	l.nblocks = (unsigned long)grid.x * grid.y * grid.z;
	atomic_init(&l.next, 0);
	atomic_init(&l.err, 0);
	n = pool_size();
	if (n > l.nblocks)
		n = (unsigned int)l.nblocks;
	if (pthread_attr_init(&attr) || pthread_attr_setstacksize(&attr, WORKER_STACK))
		return -ENOMEM;
	for (i = 0; i < n; i++)
		if (!pthread_create(&tid[i], &attr, worker, &l))
			started++;
		else
			break;
	pthread_attr_destroy(&attr);
	if (!started)
		return -EAGAIN;
	for (i = 0; i < started; i++)
		pthread_join(tid[i], NULL);
	return atomic_load(&l.err);
}
