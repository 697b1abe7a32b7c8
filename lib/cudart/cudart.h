/* SPDX-License-Identifier: MIT */
/*
 * cudart.h - internals of libidxgen_cudart shared by its files: the
 * process's CUDA context (one device), streams and their operations,
 * events, the registries of the launch ABI, the memory table.
 */
#ifndef IDXGEN_CUDART_INTERNAL_H
#define IDXGEN_CUDART_INTERNAL_H

#include <pthread.h>
#include <stdbool.h>
#include <stdint.h>

#include <idxgen.h>
#include <idxgen_rt.h>

/* The API keeps default visibility; the library's internals (cudart_*) are
 * hidden and made local in libidxgen_cudart.a (Makefile). */
#pragma GCC visibility push(default)
#include "cuda_runtime_api.h"
#include "cuda_profiler_api.h"
#pragma GCC visibility pop

/* A memory range the API allocated or registered. */
struct cudart_alloc {
	uintptr_t base;
	size_t size;
	enum cudaMemoryType type;
	bool registered;		/* cudaHostRegister: not ours to free */
};

/* A kernel of the launch ABI, by its host stub's address. */
struct cudart_func {
	const void *host;
	const struct idxgen_rt_kernel *k;
	int max_dyn_shared;		/* cudaFuncAttributeMaxDynamicSharedMemorySize */
	int carveout;
};

/* A __device__/__constant__ variable. */
struct cudart_var {
	const void *host;
	size_t size;
	const char *name;
};

enum cudart_op_kind {
	CUDART_OP_KERNEL,
	CUDART_OP_COPY,
	CUDART_OP_SET,
	CUDART_OP_RECORD,
	CUDART_OP_WAIT,
	CUDART_OP_HOSTFN,
};

/* One queued operation of a stream. */
struct cudart_op {
	struct cudart_op *next;
	enum cudart_op_kind kind;
	uint64_t seq;			/* position in its stream */
	void *owned;			/* freed with the operation (argument copies) */
	union {
		struct {
			const struct idxgen_rt_kernel *k;
			struct idxgen_rt_dim3 grid, block;
			size_t shmem;
			void **args;	/* into the op's own copy of the values */
			bool coop;	/* cudaLaunchCooperativeKernel */
		} kern;
		struct {
			void *dst;
			const void *src;
			size_t n;
		} copy;
		struct {
			void *dst;
			int value;
			size_t n;
		} set;
		struct {
			struct CUevent_st *ev;
			uint64_t gen;
		} event;		/* RECORD and WAIT */
		struct {
			cudaStreamCallback_t cb;	/* or NULL: fn */
			cudaHostFn_t fn;
			void *arg;
			cudaStream_t stream;
		} host;
	} u;
};

struct CUstream_st {
	struct CUstream_st *next;	/* in the context's list */
	unsigned int flags;		/* cudaStreamNonBlocking */
	int priority;
	struct cudart_op *head, *tail;
	uint64_t enqueued, completed;	/* operation counts */
	bool stop;			/* destroyed: exit when drained */
	pthread_cond_t wake;		/* the executor: work queued, or stop */
};

struct CUevent_st {
	unsigned int flags;
	uint64_t gen_recorded;		/* generation of the last cudaEventRecord */
	uint64_t gen_done;		/* newest generation whose record ran */
	uint64_t time_ns;		/* when gen_done ran (CLOCK_MONOTONIC) */
	/*
	 * Generations recorded whose record has not run yet.  Records of one
	 * event in different streams complete in any order, so "a newer one
	 * ran" does not mean an older one did: a cudaStreamWaitEvent waits for
	 * its own generation to leave this set.
	 */
	uint64_t *pending;
	unsigned int npending, pending_cap;
	unsigned int refs;		/* the handle and queued operations */
	bool destroyed;
};

/*
 * The process's CUDA context.  The CUDA runtime API is one implicit,
 * process-wide context (no handle in any call), so this is the one piece
 * of mutable file-scope state of the library (state.c): everything in it
 * is under lock.  Registrations (funcs, vars) survive cudaDeviceReset.
 */
struct cudart_ctx {
	pthread_mutex_t lock;
	pthread_cond_t cond;		/* an operation completed, a stream exited */
	unsigned int waiters;		/* threads waiting on cond */
	struct idxgen_rt *rt;		/* created on first use, freed by reset */
	struct idxgen_info info;	/* of rt's device */
	struct idxgen_rt_schedule sched;	/* $IDXGEN_SCHEDULE (default: sequential) */
	void *allocs;			/* tsearch tree of struct cudart_alloc, by range */
	void *funcs;			/* tsearch tree of struct cudart_func, by host */
	void *vars;			/* tsearch tree of struct cudart_var, by host */
	void *events;			/* tsearch tree of live struct CUevent_st */
	struct CUstream_st *streams;	/* created streams, executors running */
	unsigned int default_running;	/* legacy default-stream operations in progress */
	int sticky;			/* cudaError_t poisoning the context, or 0 */
	cudaError_t async_error;	/* a non-sticky error of a queued operation,
					 * returned by the next synchronisation */
	unsigned int device_flags;
	enum cudaFuncCache cache_config;
	size_t limits[3];		/* enum cudaLimit */
};

/* A <<<grid, block, shmem, stream>>> configuration. */
struct cudart_config {
	dim3 grid, block;
	size_t shmem;
	cudaStream_t stream;
};

/* streams.c: wait on / wake the context's condition (lock held) */
void cudart_wait(struct cudart_ctx *c);
void cudart_wake(struct cudart_ctx *c);

/* state.c */
bool cudart_push_config(const struct cudart_config *cfg);	/* false: stack full */
bool cudart_pop_config(struct cudart_config *cfg);		/* false: none pushed */
void cudart_set_sticky(cudaError_t err);			/* the first one stays */
struct cudart_ctx *cudart_ctx(void);
cudaError_t cudart_set_error(cudaError_t err);	/* records it as the thread's last error */
cudaError_t cudart_sticky(void);
cudaError_t cudart_get_rt(struct idxgen_rt **rtp);	/* creates the runtime if needed */
cudaError_t cudart_from_errno(int err);
uint64_t cudart_now_ns(void);
/* The thread's last error: get (and clear unless sticky) or peek. */
cudaError_t cudart_last_error(bool clear);

/* memory.c: is [p, p + n) inside what the table knows?  (lock held) */
cudaError_t cudart_check_range(struct cudart_ctx *c, const void *p, size_t n);
void cudart_free_all(struct cudart_ctx *c);

/* streams.c */
cudaError_t cudart_stream_check(struct cudart_ctx *c, cudaStream_t s);	/* lock held */
bool cudart_stream_is_default(cudaStream_t s);
/* Run op now on the (legacy or per-thread) default stream: waits for the
 * blocking streams first (lock held; released while the op runs). */
cudaError_t cudart_run_default(struct cudart_ctx *c, cudaStream_t s, struct cudart_op *op);
/* Queue op on a created stream (lock held); op is freed by the executor. */
void cudart_enqueue(struct CUstream_st *s, struct cudart_op *op);
cudaError_t cudart_execute(struct cudart_ctx *c, struct cudart_op *op);	/* lock not held */
/* Drop what op holds (event reference, owned memory); lock held. */
void cudart_op_release(struct cudart_ctx *c, struct cudart_op *op);
void cudart_wait_all(struct cudart_ctx *c);					/* lock held */
void cudart_streams_stop(struct cudart_ctx *c);					/* lock held */
/* The error a synchronisation returns: sticky, else a queued operation's
 * (once); lock held. */
cudaError_t cudart_sync_result(struct cudart_ctx *c);
/* Queue a copy of op on stream, or run it now on a default stream (lock
 * not held); op's owned memory and event reference are taken in any case.
 * Returns the handle check's or the run's error. */
cudaError_t cudart_submit(cudaStream_t stream, const struct cudart_op *op);

/* events.c */
void cudart_event_put(struct cudart_ctx *c, struct CUevent_st *ev);		/* lock held */
void cudart_event_done(struct cudart_ctx *c, struct CUevent_st *ev, uint64_t gen);
bool cudart_event_ran(const struct CUevent_st *ev, uint64_t gen);		/* lock held */
void cudart_event_forget(struct CUevent_st *ev, uint64_t gen);		/* lock held */
void cudart_events_free(struct cudart_ctx *c);

/* launch.c */
cudaError_t cudart_run_kernel(struct cudart_ctx *c, const struct idxgen_rt_kernel *k,
			      struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, size_t shmem,
			      void **args, bool coop);
int cudart_ptr_cmp(const void *a, const void *b); /* tsearch order of {const void *host, ...} */

/* Every API function starts so: the sticky error of a failed kernel. */
#define CUDART_STICKY_RETURN()				\
	do {						\
		cudaError_t s_ = cudart_sticky();	\
		if (s_)					\
			return cudart_set_error(s_);	\
	} while (0)

#endif
