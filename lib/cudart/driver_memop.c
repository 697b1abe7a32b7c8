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
 * would be graph nodes owning their operands: not captured here
 * (CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED, the capture stays valid).
 */
#include <sched.h>
#include <stdint.h>
#include <stdlib.h>

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

static void CUDA_CB perform(void *data)
{
	struct memop *m = data;
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
		__atomic_fetch_add(&m->flags, 0, __ATOMIC_SEQ_CST);
		break;
	}
	free(m);
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

static CUresult not_capturing(CUstream stream)
{
	enum cudaStreamCaptureStatus s = cudaStreamCaptureStatusNone;
	CUresult r = cudart_cu_result(cudaStreamIsCapturing(stream, &s));

	return r ? r : s != cudaStreamCaptureStatusNone ? CUDA_ERROR_STREAM_CAPTURE_UNSUPPORTED : CUDA_SUCCESS;
}

static CUresult queue(CUstream stream, const struct memop *ops, unsigned int n)
{
	CUresult r = not_capturing(stream);

	for (unsigned int i = 0; !r && i < n; i++)
		r = check(&ops[i]);
	for (unsigned int i = 0; !r && i < n; i++) {
		struct memop *m = malloc(sizeof(*m));

		if (!m)
			return CUDA_ERROR_OUT_OF_MEMORY;
		*m = ops[i];
		r = cuLaunchHostFunc(stream, perform, m);
		if (r)
			free(m);
	}
	return r;
}

static struct memop op(CUstreamBatchMemOpType type, CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	struct memop m = { type, (void *)(uintptr_t)addr, value, flags };

	return m;
}

CUresult cuStreamWriteValue32(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags)
{
	struct memop m = op(CU_STREAM_MEM_OP_WRITE_VALUE_32, addr, value, flags);

	return queue(stream, &m, 1);
}

CUresult cuStreamWriteValue64(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	struct memop m = op(CU_STREAM_MEM_OP_WRITE_VALUE_64, addr, value, flags);

	return queue(stream, &m, 1);
}

CUresult cuStreamWaitValue32(CUstream stream, CUdeviceptr addr, cuuint32_t value, unsigned int flags)
{
	struct memop m = op(CU_STREAM_MEM_OP_WAIT_VALUE_32, addr, value, flags);

	return queue(stream, &m, 1);
}

CUresult cuStreamWaitValue64(CUstream stream, CUdeviceptr addr, cuuint64_t value, unsigned int flags)
{
	struct memop m = op(CU_STREAM_MEM_OP_WAIT_VALUE_64, addr, value, flags);

	return queue(stream, &m, 1);
}

/* CUDA: at most 256 operations, flags 0; every one checked before any is queued */
CUresult cuStreamBatchMemOp(CUstream stream, unsigned int count, CUstreamBatchMemOpParams *params,
			    unsigned int flags)
{
	struct memop ops[256];

	if (!count || count > 256 || !params || flags)
		return CUDA_ERROR_INVALID_VALUE;
	for (unsigned int i = 0; i < count; i++) {
		const CUstreamBatchMemOpParams *p = &params[i];

		switch (p->operation) {
		case CU_STREAM_MEM_OP_WAIT_VALUE_32:
			ops[i] = op(p->operation, p->waitValue.address, p->waitValue.value, p->waitValue.flags);
			break;
		case CU_STREAM_MEM_OP_WAIT_VALUE_64:
			ops[i] = op(p->operation, p->waitValue.address, p->waitValue.value64, p->waitValue.flags);
			break;
		case CU_STREAM_MEM_OP_WRITE_VALUE_32:
			ops[i] = op(p->operation, p->writeValue.address, p->writeValue.value, p->writeValue.flags);
			break;
		case CU_STREAM_MEM_OP_WRITE_VALUE_64:
			ops[i] = op(p->operation, p->writeValue.address, p->writeValue.value64, p->writeValue.flags);
			break;
		case CU_STREAM_MEM_OP_FLUSH_REMOTE_WRITES:
			ops[i] = op(p->operation, 0, 0, p->flushRemoteWrites.flags);
			break;
		case CU_STREAM_MEM_OP_BARRIER:
			ops[i] = op(p->operation, 0, 0, p->memoryBarrier.flags);
			break;
		default:
			return CUDA_ERROR_INVALID_VALUE;
		}
	}
	return queue(stream, ops, count);
}
