// SPDX-License-Identifier: MIT
/*
 * driver_memop.c - stream memory operations (cuStreamWriteValue32/64,
 * cuStreamWaitValue32/64, cuStreamBatchMemOp): each a host function in the
 * stream's order, so it happens after the work queued before it and the
 * work after it waits for it, as on a GPU.  A write stores the word with
 * release order (NO_MEMORY_BARRIER: relaxed); a wait polls the word with
 * acquire order until the condition holds (CUDA's: GEQ compares cyclically,
 * (int32_t)(*addr - value) >= 0; EQ; AND: any bit of value set; NOR: a bit
 * set in neither), yielding the CPU between polls.  A wait that nothing
 * satisfies blocks its stream forever, as on a GPU.  In a capture they
 * become one batch memory-operation node (CU_GRAPH_NODE_TYPE_BATCH_MEM_OP,
 * as CUDA captures them), owning its operations; such nodes are added
 * directly with cuGraphAddBatchMemOpNode & co. (driver_batch_node.c) and
 * run their operations in order, in a host function, when launched.
 */
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "driver_int.h"

/* one operation, freed by the host function that performs it */
struct memop {
	CUstreamBatchMemOpType op;
	void *addr;
	cuuint64_t value;
	unsigned int flags;
};

static bool wait_done(const struct memop *m)
{
	cuuint64_t v;

	if (m->op == CU_STREAM_MEM_OP_WAIT_VALUE_32)
		v = __atomic_load_n((cuuint32_t *)m->addr, __ATOMIC_ACQUIRE);
	else
		v = __atomic_load_n((cuuint64_t *)m->addr, __ATOMIC_ACQUIRE);
	switch (m->flags & 3u) {
	case CU_STREAM_WAIT_VALUE_GEQ:
		return m->op == CU_STREAM_MEM_OP_WAIT_VALUE_32 ? (int32_t)((cuuint32_t)v - (cuuint32_t)m->value) >= 0
							       : (int64_t)(v - m->value) >= 0;
	case CU_STREAM_WAIT_VALUE_EQ:
		return v == m->value;
	case CU_STREAM_WAIT_VALUE_AND:
		return (v & m->value) != 0;
	default: /* NOR */
		return m->op == CU_STREAM_MEM_OP_WAIT_VALUE_32 ? (cuuint32_t)~(v | m->value) != 0 : ~(v | m->value) != 0;
	}
}

static void run(struct memop *m)
{
	int order = m->flags & CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER ? __ATOMIC_RELAXED : __ATOMIC_RELEASE;

	switch (m->op) {
	case CU_STREAM_MEM_OP_WRITE_VALUE_32:
		__atomic_store_n((cuuint32_t *)m->addr, (cuuint32_t)m->value, order);
		break;
	case CU_STREAM_MEM_OP_WRITE_VALUE_64:
		__atomic_store_n((cuuint64_t *)m->addr, m->value, order);
		break;
	case CU_STREAM_MEM_OP_WAIT_VALUE_32:
	case CU_STREAM_MEM_OP_WAIT_VALUE_64:
		while (!wait_done(m))
			sched_yield();
		break;
	default: /* a barrier or a flush: host memory is coherent; a sequentially consistent operation orders it */
		__atomic_fetch_add(&m->flags, 0, __ATOMIC_SEQ_CST);	/* (TSan has no fences) */
		break;
	}
}

/* a stream's operation: run, then freed */
static void CUDA_CB perform(void *data)
{
	run(data);
	free(data);
}

/* CUDA's checks of one operation: a known type, an aligned address, its own flags */
static CUresult check(const struct memop *m)
{
	uintptr_t a = (uintptr_t)m->addr;

	switch (m->op) {
	case CU_STREAM_MEM_OP_WRITE_VALUE_32:
		return a && !(a % 4) && m->flags <= CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER ? CUDA_SUCCESS
											   : CUDA_ERROR_INVALID_VALUE;
	case CU_STREAM_MEM_OP_WRITE_VALUE_64:
		return a && !(a % 8) && m->flags <= CU_STREAM_WRITE_VALUE_NO_MEMORY_BARRIER ? CUDA_SUCCESS
											   : CUDA_ERROR_INVALID_VALUE;
	case CU_STREAM_MEM_OP_WAIT_VALUE_32:
		return a && !(a % 4) && !(m->flags & ~(3u | CU_STREAM_WAIT_VALUE_FLUSH)) ? CUDA_SUCCESS
											: CUDA_ERROR_INVALID_VALUE;
	case CU_STREAM_MEM_OP_WAIT_VALUE_64:
		return a && !(a % 8) && !(m->flags & ~(3u | CU_STREAM_WAIT_VALUE_FLUSH)) ? CUDA_SUCCESS
											: CUDA_ERROR_INVALID_VALUE;
	case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES:
		return m->flags ? CUDA_ERROR_INVALID_VALUE : CUDA_SUCCESS;
	case CU_STREAM_MEM_OP_BARRIER:
		return m->flags <= CU_STREAM_MEMORY_BARRIER_TYPE_GPU ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
}

/* The operations of a batch node (or of a captured batch), owned by its graph node. */
struct batch {
	unsigned int count, flags;
	CUstreamBatchMemOpParams params[];
};

static struct memop op(CUstreamBatchMemOpType type, CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	struct memop m = { type, (void *)(uintptr_t)addr, value, flags };

	return m;
}

/* one of CUDA's parameter records as an operation, checked as CUDA checks it */
static CUresult from_params(const CUstreamBatchMemOpParams *p, struct memop *m)
{
	switch (p->operation) {
	case CU_STREAM_MEM_OP_WAIT_VALUE_32:
		*m = op(p->operation, p->waitValue.address, p->waitValue.value, p->waitValue.flags);
		break;
	case CU_STREAM_MEM_OP_WAIT_VALUE_64:
		*m = op(p->operation, p->waitValue.address, p->waitValue.value64, p->waitValue.flags);
		break;
	case CU_STREAM_MEM_OP_WRITE_VALUE_32:
		*m = op(p->operation, p->writeValue.address, p->writeValue.value, p->writeValue.flags);
		break;
	case CU_STREAM_MEM_OP_WRITE_VALUE_64:
		*m = op(p->operation, p->writeValue.address, p->writeValue.value64, p->writeValue.flags);
		break;
	case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES:
		*m = op(p->operation, 0, 0, p->flushRemoteWrites.flags);
		break;
	case CU_STREAM_MEM_OP_BARRIER:
		*m = op(p->operation, 0, 0, p->memoryBarrier.flags);
		break;
	default:
		return CUDA_ERROR_INVALID_VALUE;
	}
	return check(m);
}

/* a batch node's host function: its operations in order */
static void CUDA_CB run_batch(void *data)
{
	const struct batch *b = data;
	struct memop m;

	for (unsigned int i = 0; i < b->count; i++)
		if (!from_params(&b->params[i], &m))
			run(&m);
}

/* CUDA: 1 to 256 operations, flags 0; every one checked before any is taken */
static CUresult check_all(unsigned int count, const CUstreamBatchMemOpParams *params, unsigned int flags)
{
	struct memop m;
	CUresult r = CUDA_SUCCESS;

	if (!count || count > 256 || !params || flags)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; !r && i < count; i++)
		r = from_params(&params[i], &m);
	return r;
}

CUresult cudart_batch_op(unsigned int count, const CUstreamBatchMemOpParams *params, unsigned int flags,
			 struct cudart_op *out)
{
	CUresult r = check_all(count, params, flags);
	struct batch *b;

	if (r)
		return r;
	b = malloc(sizeof(*b) + count * sizeof(*params));
	if (!b)
		return CUDA_ERROR_OUT_OF_MEMORY;
	b->count = count;
	b->flags = flags;
	memcpy(b->params, params, count * sizeof(*params));
	*out = (struct cudart_op){ .kind = CUDART_OP_HOSTFN, .owned = b };
	out->u.host.fn = run_batch;
	out->u.host.arg = b;
	return CUDA_SUCCESS;
}

bool cudart_batch_params(const struct cudart_op *op, CUDA_BATCH_MEM_OP_NODE_PARAMS *out)
{
	const struct batch *b = op->owned;

	if (op->kind != CUDART_OP_HOSTFN || op->u.host.fn != run_batch || !b)
		return false;
	out->ctx = NULL;
	cuCtxGetCurrent(&out->ctx);
	out->count = b->count;
	out->paramArray = (CUstreamBatchMemOpParams *)b->params;	/* the node's, as CUDA's */
	out->flags = b->flags;
	return true;
}

cudaError_t cudart_batch_copy(struct cudart_op *to, const struct cudart_op *from)
{
	const struct batch *b = from->owned;
	size_t size = sizeof(*b) + b->count * sizeof(b->params[0]);
	struct batch *copy = malloc(size);

	if (!copy)
		return cudaErrorMemoryAllocation;
	memcpy(copy, b, size);
	to->owned = copy;
	to->u.host.arg = copy;
	return cudaSuccess;
}

/*
 * The operations in stream's order: each a host function (one stream
 * operation each, as CUDA's), or in a capture one batch node of them all.
 */
static CUresult queue(CUstream stream, const CUstreamBatchMemOpParams *params, unsigned int count,
		      unsigned int flags)
{
	enum cudaStreamCaptureStatus status = cudaStreamCaptureStatusNone;
	CUresult r = check_all(count, params, flags);
	struct cudart_op node_op;

	if (!r)
		r = cudart_cu_result(cudaStreamIsCapturing(stream, &status));
	if (!r && status == cudaStreamCaptureStatusInvalidated)
		r = CUDA_ERROR_STREAM_CAPTURE_INVALIDATED;
	if (!r && status == cudaStreamCaptureStatusActive) {
		r = cudart_batch_op(count, params, flags, &node_op);
		return r ? r : cudart_cu_result(cudart_capture_node(stream, CUDART_NODE_BATCH_MEM_OP, &node_op));
	}
	for (unsigned int i = 0; !r && i < count; i++) {
		struct memop *m = malloc(sizeof(*m));

		if (!m)
			return CUDA_ERROR_OUT_OF_MEMORY;
		from_params(&params[i], m);
		r = cuLaunchHostFunc(stream, perform, m);
		if (r)
			free(m);
	}
	return r;
}

/* one write or wait as CUDA's parameter record */
static CUstreamBatchMemOpParams one(CUstreamBatchMemOpType type, CUdeviceptr addr, cuuint64_t value,
				    unsigned int flags)
{
	CUstreamBatchMemOpParams p;

	memset(&p, 0, sizeof(p));
	p.operation = type;
	if (type == CU_STREAM_MEM_OP_WRITE_VALUE_32 || type == CU_STREAM_MEM_OP_WRITE_VALUE_64) {
		p.writeValue.address = addr;
		p.writeValue.value64 = value;
		p.writeValue.flags = flags;
	} else {
		p.waitValue.address = addr;
		p.waitValue.value64 = value;
		p.waitValue.flags = flags;
	}
	return p;
}

CUresult cuStreamWriteValue32(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags)
{
	CUstreamBatchMemOpParams p = one(CU_STREAM_MEM_OP_WRITE_VALUE_32, addr, value, flags);

	return queue(stream, &p, 1, 0);
}

CUresult cuStreamWriteValue64(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	CUstreamBatchMemOpParams p = one(CU_STREAM_MEM_OP_WRITE_VALUE_64, addr, value, flags);

	return queue(stream, &p, 1, 0);
}

CUresult cuStreamWaitValue32(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags)
{
	CUstreamBatchMemOpParams p = one(CU_STREAM_MEM_OP_WAIT_VALUE_32, addr, value, flags);

	return queue(stream, &p, 1, 0);
}

CUresult cuStreamWaitValue64(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	CUstreamBatchMemOpParams p = one(CU_STREAM_MEM_OP_WAIT_VALUE_64, addr, value, flags);

	return queue(stream, &p, 1, 0);
}

CUresult cuStreamBatchMemOp(CUstream stream, unsigned int count, CUstreamBatchMemOpParams *params,
			    unsigned int flags)
{
	return queue(stream, params, count, flags);
}
