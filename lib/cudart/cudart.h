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

/* A memory pool (mempool.c): attributes and what its allocations hold. */
struct CUmemPoolHandle_st {
	struct CUmemPoolHandle_st *next;	/* in the context's list */
	struct cudaMemPoolProps props;
	unsigned long long release_threshold;
	unsigned long long used, used_high;	/* reserved = used: no cache */
	int reuse[3];				/* cudaMemPoolReuse* (1..3) */
	bool destroyed;				/* freed when used drops to 0 */
};

/* A memory range the API allocated or registered. */
/* Graph memory's backing (graph_mem_map.c): counted unless unmapped. */
enum cudart_graph_state { CUDART_GRAPH_UNMAPPED, CUDART_GRAPH_LIVE, CUDART_GRAPH_CACHED };

struct cudart_alloc {
	uintptr_t base;
	size_t size;
	enum cudaMemoryType type;
	bool registered;		/* cudaHostRegister: not ours to free */
	unsigned int host_flags;	/* cudaHostAlloc's flags */
	cudaMemPool_t pool;		/* cudaMallocAsync & co.: its pool, else NULL */
	uint64_t graph_mem;		/* graph memory: its allocation's id (cudaFree leaves it), else 0 */
	enum cudart_graph_state graph_state;	/* graph memory: backed and counted, or not */
	struct cudart_page_advice *advice;	/* per page, NULL until advised (mem_advice.c) */
};

/* A kernel of the launch ABI, by its host stub's address. */
struct cudart_func {
	const void *host;
	const struct idxgen_rt_kernel *k;
	const size_t *arg_aligns;	/* the parameters' alignments (idxgen-cc), else NULL */
	int max_dyn_shared;		/* cudaFuncAttributeMaxDynamicSharedMemorySize */
	int carveout;
	int cluster[3];			/* cudaFuncAttributeRequiredCluster*: 0 or 1 here */
	int nonportable_cluster;	/* cudaFuncAttributeNonPortableClusterSizeAllowed */
	int cluster_policy;		/* cudaFuncAttributeClusterSchedulingPolicyPreference */
	struct cudart_legacy *legacy;	/* CUDA 3's launch state (driver_legacy.c), NULL until used */
	bool pinned;			/* a graph node keeps k: cudart_func_pin */
};

/* A __device__/__constant__ variable. */
struct cudart_var {
	const void *host;
	size_t size;
	const char *name;
	bool managed;			/* __managed__ (cuLibraryGetManaged finds only these) */
};

enum cudart_op_kind {
	CUDART_OP_KERNEL,
	CUDART_OP_COPY,
	CUDART_OP_SET,
	CUDART_OP_RECORD,
	CUDART_OP_WAIT,
	CUDART_OP_HOSTFN,
};

struct cudart_ctx;

/* One queued operation of a stream. */
struct cudart_op {
	struct cudart_op *next;
	enum cudart_op_kind kind;
	uint64_t seq;			/* position in its stream */
	void *owned;			/* freed with the operation (argument copies) */
	union {
		struct {
			/*
			 * Runs it (launch.c's cudart_kernel_op, set by whoever
			 * makes the operation), so that the stream executor
			 * needs nothing of the launch path.
			 */
			cudaError_t (*run)(struct cudart_ctx *c, const struct cudart_op *op);
			const struct idxgen_rt_kernel *k;
			const void *func;	/* its host stub (graph nodes report it) */
			struct idxgen_rt_dim3 grid, block;
			size_t shmem;
			void **args;	/* into the op's own copy of the values */
			bool coop;	/* cudaLaunchCooperativeKernel */
		} kern;
		struct cudart_op_copy {
			void *dst;
			const void *src;
			size_t n;		/* bytes of a row */
			size_t rows, depth;	/* 0: 1 */
			size_t dpitch, spitch;	/* between rows */
			size_t dslice, sslice;	/* between slices */
		} copy;
		struct cudart_op_set {
			void *dst;
			unsigned int value;
			unsigned int elem;	/* bytes of an element: 1 (0 too), 2, 4 */
			size_t n;		/* elements of a row */
			size_t rows;		/* 0: 1 */
			size_t pitch;
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

/* A stream capture (capture.c): shared by the streams it reached by events. */
struct cudart_capture {
	cudaGraph_t graph;
	struct CUstream_st *origin;
	enum cudaStreamCaptureStatus status;
	enum cudaStreamCaptureMode mode;
	unsigned long long id;
	pthread_t thread;
	bool own_graph;			/* false: cudaStreamBeginCaptureToGraph's */
	unsigned int streams;		/* streams capturing into it */
	struct CUevent_st **events;	/* events recorded in it (a reference each) */
	size_t nevents;
};

/* A set of graph nodes (a capturing stream's or a captured event's tail). */
struct cudart_nodes {
	cudaGraphNode_t *v;
	size_t n, cap;
};

struct CUstream_st {
	struct CUstream_st *next;	/* in the context's list */
	unsigned int flags;		/* cudaStreamNonBlocking */
	int priority;
	struct cudaAccessPolicyWindow window;	/* cudaStreamSetAttribute's hints */
	enum cudaSynchronizationPolicy sync_policy;
	struct cudart_capture *cap;	/* capturing into cap->graph, or NULL */
	struct cudart_nodes cap_tail;	/* what the next captured node depends on */
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
	struct cudart_capture *cap;	/* recorded in a capture: its tail then */
	struct cudart_nodes cap_tail;
};

/* A graph node (graph.c).  Copies, sets and host functions keep the stream
 * operation they become; a kernel keeps its own copy of the arguments. */
struct CUgraphNode_st {
	struct CUgraph_st *graph;
	enum cudaGraphNodeType type;
	struct cudart_nodes deps;	/* the nodes it depends on */
	struct cudart_op op;		/* KERNEL (args owned), COPY, SET, HOSTFN */
	cudaGraph_t child;		/* cudaGraphNodeTypeGraph: its own clone */
	cudaEvent_t event;		/* EventRecord, WaitEvent */
	struct cudart_graph_mem *mem;	/* MemAlloc: the allocation (shared with clones) */
	void *free_ptr;			/* MemFree: what it frees */
	cudaGraphNode_t origin;		/* the node it was cloned from, or NULL */
	cudaLaunchAttributeValue *attrs;	/* Kernel: by cudaLaunchAttributeID, or NULL: none set */
	struct cudart_cond *cond;	/* Conditional: its handle (held by the graph) */
	enum cudaGraphConditionalNodeType cond_type;
	unsigned int nbodies;
	cudaGraph_t *bodies;		/* Conditional: its body graphs (owned) */
	bool disabled;			/* cudaGraphNodeSetEnabled(0) in an exec */
};

/*
 * Graph memory (graph_mem.c): made when the allocation node is, at the
 * address the node reports; the nodes holding it (the node, its clones,
 * executable graphs) free it when the last one goes.
 */
struct cudart_ctx;
struct cudart_graph_mem {
	unsigned int refs;
	uint64_t id;
	struct cudaMemAllocNodeParams params;
};
void cudart_graph_mem_put(struct cudart_graph_mem *m);
/* memory.c: graph memory in the allocation table (lock not held) */
cudaError_t cudart_graph_mem_alloc(void **ptr, size_t size, uint64_t *id);
void cudart_graph_mem_free(void *ptr, uint64_t id);
uint64_t cudart_graph_mem_id(struct cudart_ctx *c, const void *p);	/* lock held; 0: none */
/* graph_mem_map.c: the footprint: a launch reached the allocation (alloc) or free node of p */
void cudart_graph_mem_launched(struct cudart_ctx *c, const void *p, bool alloc);
void cudart_graph_mem_freed(struct cudart_alloc *a);			/* cudaFree of it; lock held */
void cudart_graph_mem_forget(struct cudart_ctx *c, struct cudart_alloc *a);	/* lock held */
void cudart_graph_mem_trim(struct cudart_ctx *c);
/* graph_mem.c: cudaMallocAsync/cudaFreeAsync in a capturing stream (lock held) */
cudaError_t cudart_capture_alloc(struct cudart_ctx *c, struct CUstream_st *s, void **ptr, size_t size);
cudaError_t cudart_capture_free(struct cudart_ctx *c, struct CUstream_st *s, void *ptr);
/* A new node of graph after deps (graph.c). */
cudaError_t cudart_graph_node_new(cudaGraph_t graph, const cudaGraphNode_t *deps, size_t ndeps,
				  enum cudaGraphNodeType type, cudaGraphNode_t *out);

/* A graph's references to user objects (user_object.c). */
struct cudart_user_ref {
	cudaUserObject_t obj;
	unsigned int count;
};
struct cudart_user_refs {
	struct cudart_user_ref *v;
	size_t n;
};
/* graph_node_attr.c: a kernel node's attributes copied to a clone / freed */
cudaError_t cudart_node_attrs_copy(cudaGraphNode_t to, cudaGraphNode_t from);
cudaError_t cudart_user_refs_copy(struct cudart_user_refs *to, const struct cudart_user_refs *from);
void cudart_user_refs_free(struct cudart_user_refs *r);	/* lock not held */

/* A conditional handle (graph_cond.c): cudaGraphConditionalHandle is its address. */
struct cudart_cond {
	unsigned int value;		/* at the address: cudaGraphSetConditional writes it */
	unsigned int default_value;
	unsigned int flags;		/* cudaGraphCondAssignDefault */
	unsigned int refs;		/* graphs holding it: where it was made, clones, execs */
};
struct cudart_conds {
	struct cudart_cond **v;
	size_t n;
};
cudaError_t cudart_conds_copy(struct cudart_conds *to, const struct cudart_conds *from);
void cudart_conds_free(struct cudart_conds *r);
void cudart_conds_assign_defaults(void *graph);	/* a host function */
bool cudart_conds_need_defaults(cudaGraph_t g);
cudaError_t cudart_graph_add_conditional(cudaGraphNode_t *out, cudaGraph_t graph, const cudaGraphNode_t *deps,
					 size_t ndeps, struct cudaConditionalNodeParams *p);
cudaError_t cudart_cond_bodies_copy(cudaGraphNode_t to, cudaGraphNode_t from);
void cudart_cond_bodies_free(cudaGraphNode_t n);
void cudart_cond_run(void *node);		/* a host function of the launching stream */
bool cudart_graph_has_cond(cudaGraph_t g);

struct CUgraph_st {
	struct cudart_nodes nodes;	/* in creation order */
	struct cudart_user_refs users;	/* cudaGraphRetainUserObject's */
	struct cudart_conds conds;	/* cudaGraphConditionalHandleCreate's */
};

struct CUgraphExec_st {
	cudaGraph_t graph;		/* a clone of the instantiated graph */
	cudaGraphNode_t *order;		/* its nodes in dependency order */
	unsigned long long flags;
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
	struct idxgen_rt *dev_rt;	/* of one participant, for grids launched from device code */
	struct idxgen_info info;	/* of rt's device */
	struct idxgen_rt_schedule sched;	/* $IDXGEN_SCHEDULE (default: sequential) */
	void *allocs;			/* tsearch tree of struct cudart_alloc, by range */
	void *funcs;			/* tsearch tree of struct cudart_func, by host */
	void *vars;			/* tsearch tree of struct cudart_var, by host */
	void *events;			/* tsearch tree of live struct CUevent_st */
	void *texobjs;			/* tsearch tree of live struct cudart_texobj */
	struct cudart_texobj *dead_texobjs;	/* destroyed, kept for reuse (texture.c) */
	void *arrays;			/* tsearch tree of live struct cudaArray */
	struct CUstream_st *streams;	/* created streams, executors running */
	unsigned int default_running;	/* legacy default-stream operations in progress */
	int sticky;			/* cudaError_t poisoning the context, or 0 */
	cudaError_t async_error;	/* a non-sticky error of a queued operation,
					 * returned by the next synchronisation */
	unsigned int device_flags;
	unsigned long long capture_ids;	/* the last stream capture's id */
	uint64_t graph_mem_ids;		/* the last graph allocation's id */
	size_t graph_mem_used, graph_mem_high;	/* bytes of graph memory, its high mark */
	struct CUmemPoolHandle_st default_pool;	/* device 0's (in pools once used) */
	struct CUmemPoolHandle_st *pools;	/* live pools, the default one included */
	cudaMemPool_t current_pool;		/* cudaDeviceSetMemPool's, or NULL: default */
	enum cudaFuncCache cache_config;
	size_t limits[7];		/* enum cudaLimit */
	struct CUlogsCallbackEntry_st *log_callbacks;	/* cudaLogsRegisterCallback's (device_ext.c) */
	struct CUmod_st *modules;	/* loaded driver-API modules (driver_module.c) */
	struct CUlinkState_st *links;	/* live JIT link states (driver_link.c) */
	/*
	 * cuCtxWaitEvent's mark (driver_ctx_event.c): completes with every event
	 * the context was told to wait for; streams created later wait for it
	 * first, cudaStreamPerThread's work waits for it.  NULL: none.
	 */
	struct CUevent_st *ctx_wait;
	uint64_t ctx_wait_gen;
};

/* A <<<grid, block, shmem, stream>>> configuration. */
struct cudart_config {
	dim3 grid, block;
	size_t shmem;
	cudaStream_t stream;
	bool device;	/* written in device code: dynamic parallelism (device_launch.c) */
};

/* device_launch.c: run a grid launched from device code to completion */
cudaError_t cudart_device_launch(const struct idxgen_rt_kernel *k, const struct cudart_config *cfg, void **args);
/* launch.c: CUDA's checks of a launch against the device's limits (lock not needed) */
cudaError_t cudart_check_config(const struct idxgen_rt_kernel *k, const struct cudart_config *cfg, void **args);

/* streams.c: wait on / wake the context's condition (lock held) */
void cudart_wait(struct cudart_ctx *c);
void cudart_wake(struct cudart_ctx *c);

/* launch.c: how many parameters the kernel at func has (no last error set) */
cudaError_t cudart_param_count(const void *func, unsigned int *n);
/* The registered kernel of a host stub (lock held); NULL: none. */
struct cudart_func *cudart_func_find(struct cudart_ctx *c, const void *host);
/*
 * A kernel whose descriptor a graph node keeps (graph.c, a captured launch):
 * its module's code must stay mapped (driver_module.c).  Lock held.
 */
void cudart_func_pin(struct cudart_ctx *c, const void *host);
/*
 * Forgets the kernels and variables registered at addresses in [lo, hi)
 * (an unloaded module's); true if a kernel among them was pinned.  Lock held.
 */
bool cudart_funcs_forget(struct cudart_ctx *c, uintptr_t lo, uintptr_t hi);
void cudart_vars_forget(struct cudart_ctx *c, uintptr_t lo, uintptr_t hi);

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

/* memory.c: a device allocation counted in pool (lock not held). */
cudaError_t cudart_alloc_pool(void **ptr, size_t size, cudaMemPool_t pool);
/* mempool.c (lock held): pool's accounting as an allocation comes and goes */
cudaError_t cudart_pool_take(cudaMemPool_t pool, size_t size);
void cudart_pool_give(struct cudart_ctx *c, cudaMemPool_t pool, size_t size);
cudaMemPool_t cudart_current_pool(struct cudart_ctx *c);
/* memory.c: is [p, p + n) inside what the table knows, an allocation being its size rounded to
 * 256 bytes (copies and sets)?  (lock held) */
cudaError_t cudart_check_range(struct cudart_ctx *c, const void *p, size_t n);
/* memory.c: the same within the allocation's own size, not its rounding: managed-range calls
 * (prefetch, advice, attach, range attributes), whose pages are the allocation's */
cudaError_t cudart_check_range_exact(struct cudart_ctx *c, const void *p, size_t n);
/* memory.c: the allocation holding p, or NULL (under the lock) */
struct cudart_alloc *cudart_alloc_find(struct cudart_ctx *c, const void *p);
/* mem_advice.c (under the lock): advice and prefetches of a range kept per page, read back */
cudaError_t cudart_advice_set(struct cudart_ctx *c, const void *p, size_t n, enum cudaMemoryAdvise advice,
			      int device);
void cudart_advice_prefetch(struct cudart_ctx *c, const void *p, size_t n, int device);
cudaError_t cudart_advice_get(struct cudart_ctx *c, const void *p, size_t n, enum cudaMemRangeAttribute attr,
			      int *out, size_t nout);
/* memory.c: bytes from p to the end of its allocation, 0 if the table has none (lock held) */
size_t cudart_alloc_rest(struct cudart_ctx *c, const void *p);
/* memory.c: the allocation p is in, false if the table has none (lock held) */
bool cudart_alloc_range(struct cudart_ctx *c, const void *p, uintptr_t *base, size_t *size);
void cudart_free_all(struct cudart_ctx *c);

/* streams.c */
cudaError_t cudart_stream_check(struct cudart_ctx *c, cudaStream_t s);
/* streams.c: the created streams alive now (malloc'd, *n of them; NULL: no memory); any capturing? */
cudaStream_t *cudart_streams_now(struct cudart_ctx *c, size_t *n, bool *capturing);	/* lock held */
bool cudart_stream_is_default(cudaStream_t s);
/* Run op now on the (legacy or per-thread) default stream: waits for the
 * blocking streams first (lock held; released while the op runs). */
cudaError_t cudart_run_default(struct cudart_ctx *c, cudaStream_t s, struct cudart_op *op);
/* Queue op on a created stream (lock held); op is freed by the executor. */
void cudart_enqueue(struct CUstream_st *s, struct cudart_op *op);
/* events.c: s (a created stream) waits for generation gen of event before its later work; lock held */
cudaError_t cudart_enqueue_wait(struct CUstream_st *s, struct CUevent_st *event, uint64_t gen);
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

/* symbols.c */
cudaError_t cudart_symbol_range(const void *symbol, size_t offset, size_t count, char **addr);
bool cudart_kind_to_device(enum cudaMemcpyKind kind);	/* allowed into a symbol */
bool cudart_kind_from_device(enum cudaMemcpyKind kind);	/* allowed out of a symbol */

/* memory2d.c: a strided copy or set as one operation of stream (lock not held) */
cudaError_t cudart_copy3d(void *dst, size_t dpitch, size_t dslice, const void *src, size_t spitch,
			  size_t sslice, size_t width, size_t height, size_t depth, int kind,
			  cudaStream_t stream);
cudaError_t cudart_set3d(void *dst, size_t pitch, size_t slice, unsigned int value, unsigned int elem,
			 size_t width, size_t height, size_t depth, cudaStream_t stream);
cudaError_t cudart_copy3d_parms(const struct cudaMemcpy3DParms *p, cudaStream_t stream);
/* The same, checked, as an operation not yet submitted (graph nodes). */
cudaError_t cudart_copy3d_op(struct cudart_op *op, void *dst, size_t dpitch, size_t dslice,
			     const void *src, size_t spitch, size_t sslice, size_t width,
			     size_t height, size_t depth, int kind);
cudaError_t cudart_copy3d_parms_op(struct cudart_op *op, const struct cudaMemcpy3DParms *p);

/* A CUDA array (arrays.c): linear memory, rows of width elements, no padding. */
struct cudaArray {
	char *data;
	struct cudaChannelFormatDesc desc;
	size_t width, height, depth;	/* elements; 0 for an absent dimension */
	size_t elem;			/* bytes of an element */
	unsigned int flags;
};
/*
 * A texture or surface object (texture.c); its handle is its address.
 * Device code reads it without a lock: it does not change while it lives.
 */
struct cudart_texobj {
	struct cudaResourceDesc res;
	struct cudaTextureDesc tex;
	struct cudaResourceViewDesc view;
	struct cudaChannelFormatDesc fmt;
	const char *base;
	size_t size[3];		/* elements per dimension, 1 where absent (layers in [2] if layered) */
	size_t pitch, slice;	/* bytes between rows, between slices */
	size_t elem;		/* bytes of an element */
	size_t readable;	/* bytes from base inside its allocation (SIZE_MAX: not
				 * memory of ours); reads past them see zeros */
	int dims;		/* 1, 2 or 3 (a layered array: the layer's + 1) */
	bool layered, surface;
	bool dead;		/* destroyed: device reads see zeros (atomic; tex_fetch.c) */
	struct cudart_texobj *next_dead;	/* the context's list of destroyed objects */
};
void cudart_texobjs_free(struct cudart_ctx *c);	/* lock held */
void cudart_arrays_free(struct cudart_ctx *c);	/* arrays.c; lock held */

/* The byte of arr at pos (x in elements), its row and slice pitches. */
cudaError_t cudart_array_at(cudaArray_t arr, struct cudaPos pos, char **p, size_t *pitch,
			    size_t *slice);
size_t cudart_array_elem(cudaArray_const_t arr);
/*
 * The resource of a legacy reference bound to an array (texref.c, surfref.c):
 * CUDA's error for a missing array or descriptor, or a descriptor whose
 * elements are of another size than the array's.
 */
cudaError_t cudart_array_resource(cudaArray_const_t array, const struct cudaChannelFormatDesc *desc,
				  struct cudaResourceDesc *res);
/* Does [p, p + n) touch a live array's own object (a cudaArray_t passed as a pointer)? Lock held. */
bool cudart_array_overlaps(struct cudart_ctx *c, const void *p, size_t n);
/* Does the copy stay inside the arrays it names?  (extent in elements) */
cudaError_t cudart_array_check(const struct cudaMemcpy3DParms *p, size_t elem);

/* graph.c */
cudaError_t cudart_nodes_add(struct cudart_nodes *set, cudaGraphNode_t n);
void cudart_nodes_free(struct cudart_nodes *set);
/* A node of op (taken: its owned memory too) in graph after deps. */
cudaError_t cudart_graph_add_op(cudaGraph_t graph, const struct cudart_nodes *deps,
				enum cudaGraphNodeType type, const struct cudart_op *op,
				cudaGraphNode_t *out);
cudaError_t cudart_graph_clone(cudaGraph_t g, cudaGraph_t *out);
/*
 * The driver's batch memory-operation node (CU_GRAPH_NODE_TYPE_BATCH_MEM_OP),
 * which the runtime has no type for: a host-function operation whose argument,
 * the operations (driver_memop.c), the node owns.
 */
#define CUDART_NODE_BATCH_MEM_OP ((enum cudaGraphNodeType)12)
/* driver_memop.c: to's own copy of from's operations (a batch node copied into another graph) */
cudaError_t cudart_batch_copy(struct cudart_op *to, const struct cudart_op *from);
/* graph.c: n's operation replaced by op (its memory then n's), if n is of type; else op freed */
cudaError_t cudart_node_set_op(cudaGraphNode_t n, enum cudaGraphNodeType type, struct cudart_op *op);
/* graph_exec.c: the node of exec e instantiated from node, or NULL */
cudaGraphNode_t cudart_exec_node(cudaGraphExec_t e, cudaGraphNode_t node);
/*
 * capture.c: op as a node of the given type in stream's capture (the node
 * then owns op's memory; on an error op is released).  Lock taken here.
 */
cudaError_t cudart_capture_node(cudaStream_t stream, enum cudaGraphNodeType type, struct cudart_op *op);
cudaError_t cudart_graph_add_child(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
				   const cudaGraphNode_t *pDependencies, size_t numDependencies,
				   cudaGraph_t childGraph, bool move);
void cudart_graph_free(cudaGraph_t g);
/* A node's parameters replaced (checked first; the node is unchanged on error). */
cudaError_t cudart_node_set_kernel(cudaGraphNode_t n, const struct cudaKernelNodeParams *p);
cudaError_t cudart_node_set_memcpy(cudaGraphNode_t n, const struct cudaMemcpy3DParms *p);
cudaError_t cudart_node_set_memcpy1d(cudaGraphNode_t n, void *dst, const void *src, size_t count,
				     enum cudaMemcpyKind kind);
cudaError_t cudart_node_set_memset(cudaGraphNode_t n, const struct cudaMemsetParams *p);
cudaError_t cudart_node_set_host(cudaGraphNode_t n, const struct cudaHostNodeParams *p);
/* graph_exec.c: queue every node of g on stream in dependency order */
cudaError_t cudart_graph_submit_all(cudaGraph_t g, cudaStream_t stream);
/* streams.c: a queued operation's error, for the next synchronisation (lock not held) */
void cudart_set_async_error(cudaError_t err);
/* graph_exec.c: queue the nodes of g on stream in dependency order */
cudaError_t cudart_graph_submit(cudaGraphNode_t *order, size_t n, cudaStream_t stream);

/* capture.c (lock held): is s capturing?  then op becomes a node. */
cudaError_t cudart_capture_op(struct cudart_ctx *c, struct CUstream_st *s, struct cudart_op *op);
/* The legacy stream's work while a blocking stream captures: CUDA's error. */
cudaError_t cudart_capture_implicit(struct cudart_ctx *c);
/* A call that may not run during s's capture: invalidates it. */
cudaError_t cudart_capture_forbid(struct CUstream_st *s);
void cudart_capture_stream_gone(struct cudart_ctx *c, struct CUstream_st *s);
void cudart_capture_reset(struct cudart_ctx *c);
cudaError_t cudart_capture_record(struct cudart_ctx *c, struct CUevent_st *ev, struct CUstream_st *s);
cudaError_t cudart_capture_wait(struct cudart_ctx *c, struct CUstream_st *s, struct CUevent_st *ev);

/* launch.c */
/* the run function of a KERNEL operation: cudart_run_kernel with its values */
cudaError_t cudart_kernel_op(struct cudart_ctx *c, const struct cudart_op *op);
cudaError_t cudart_run_kernel(struct cudart_ctx *c, const struct idxgen_rt_kernel *k,
			      struct idxgen_rt_dim3 grid, struct idxgen_rt_dim3 block, size_t shmem,
			      void **args, bool coop);
int cudart_ptr_cmp(const void *a, const void *b); /* tsearch order of {const void *host, ...} */
/* launch.c: removes root's entries whose address lies in [lo, hi) from the tree, malloc'd into *items; their count */
size_t cudart_span_take(void **root, uintptr_t lo, uintptr_t hi, void ***items);
/* The kernel of a host stub (lock not held), or NULL. */
const struct idxgen_rt_kernel *cudart_kernel_of(const void *func);
/* symbols.c: is addr a registered __device__/__constant__ variable, of what size (no error set) */
bool cudart_var_size(const void *addr, size_t *size);
bool cudart_var_is_managed(const void *addr);
/* CUDA's checks of a launch shape (lock held, runtime created). */
cudaError_t cudart_check_launch(struct cudart_ctx *c, const struct idxgen_rt_kernel *k, dim3 grid,
				dim3 block, size_t shmem, void **args);
/* A copy of the argument values (k->arg_sizes), one allocation; NULL: no memory. */
void **cudart_copy_args(const struct idxgen_rt_kernel *k, void **args);
/* cudaLaunchKernel's work once the kernel is known. */
cudaError_t cudart_launch(const void *func, const struct idxgen_rt_kernel *k, dim3 grid, dim3 block,
			  void **args, size_t shmem, cudaStream_t stream, bool coop);

/* A device function's __PRETTY_FUNCTION__ (clang's) as nvcc spells it, into buf; fn itself where they agree. */
const char *cudart_nvcc_function_name(const char *fn, char *buf, size_t n);
/*
 * The sticky error of a launch that trapped, from the runtime's message
 * (device_trap.c): cudaErrorAssert, cudaErrorIllegalAddress (a fault in
 * kernel code, lib/rt/fault.c) or cudaErrorLaunchFailure.
 */
cudaError_t cudart_trap_error(const char *msg);

/* Every API function starts so: the sticky error of a failed kernel. */
#define CUDART_STICKY_RETURN()				\
	do {						\
		cudaError_t s_ = cudart_sticky();	\
		if (s_)					\
			return cudart_set_error(s_);	\
	} while (0)

#endif
