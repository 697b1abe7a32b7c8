// SPDX-License-Identifier: MIT
/*
 * driver_batch_node.c - batch memory-operation nodes of the driver's graphs
 * (cuGraphAddBatchMemOpNode, ...GetParams, ...SetParams,
 * cuGraphExecBatchMemOpNodeSetParams, and the type in cuGraphAddNode &
 * co.): the operations of cuStreamBatchMemOp (driver_memop.c: checked as
 * it checks them, run in order in a host function when the graph runs),
 * copied into the node, which owns them; the runtime's graph keeps the
 * node under the driver's type number, CUDART_NODE_BATCH_MEM_OP.  An
 * executable graph's node may change its addresses, values and wait
 * conditions only: another count or kind of operation, or a wait's FLUSH
 * bit, is CUDA_ERROR_INVALID_VALUE, as CUDA documents.
 */
#include "driver_int.h"

CUresult cuGraphAddBatchMemOpNode(CUgraphNode *node, CUgraph graph, const CUgraphNode *deps, size_t n,
				  const CUDA_BATCH_MEM_OP_NODE_PARAMS *p)
{
	struct cudart_op op;
	cudaGraphNode_t made;
	CUresult r;

	if (!node || !p)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_batch_op(p->count, p->paramArray, p->flags, &op);
	if (r)
		return r;
	r = cudart_cu_result(cudart_graph_node_new(graph, deps, n, CUDART_NODE_BATCH_MEM_OP, &made));
	if (r) {
		free(op.owned);
		return r;
	}
	made->op = op;
	*node = made;
	return CUDA_SUCCESS;
}

CUresult cuGraphBatchMemOpNodeGetParams(CUgraphNode node, CUDA_BATCH_MEM_OP_NODE_PARAMS *out)
{
	if (!node || !out || node->type != CUDART_NODE_BATCH_MEM_OP)
		return CUDA_ERROR_INVALID_VALUE;
	return cudart_batch_params(&node->op, out) ? CUDA_SUCCESS : CUDA_ERROR_INVALID_VALUE;
}

CUresult cuGraphBatchMemOpNodeSetParams(CUgraphNode node, const CUDA_BATCH_MEM_OP_NODE_PARAMS *p)
{
	struct cudart_op op;
	CUresult r;

	if (!node || !p || node->type != CUDART_NODE_BATCH_MEM_OP)
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_batch_op(p->count, p->paramArray, p->flags, &op);
	return r ? r : cudart_cu_result(cudart_node_set_op(node, CUDART_NODE_BATCH_MEM_OP, &op));
}

/* What an executable graph's batch node may change: not the count, the kinds, a wait's FLUSH bit. */
static bool same_shape(const CUDA_BATCH_MEM_OP_NODE_PARAMS *now, const CUDA_BATCH_MEM_OP_NODE_PARAMS *p)
{
	if (p->count != now->count || !p->paramArray)
		return false;
	for (unsigned int i = 0; i < p->count; i++) {
		const CUstreamBatchMemOpParams *a = &now->paramArray[i], *b = &p->paramArray[i];
		bool wait = a->operation == CU_STREAM_MEM_OP_WAIT_VALUE_32 ||
			    a->operation == CU_STREAM_MEM_OP_WAIT_VALUE_64;

		if (a->operation != b->operation ||
		    (wait && (a->waitValue.flags & CU_STREAM_WAIT_VALUE_FLUSH) !=
				     (b->waitValue.flags & CU_STREAM_WAIT_VALUE_FLUSH)))
			return false;
	}
	return true;
}

CUresult cuGraphExecBatchMemOpNodeSetParams(CUgraphExec exec, CUgraphNode node,
					    const CUDA_BATCH_MEM_OP_NODE_PARAMS *p)
{
	cudaGraphNode_t in_exec = cudart_exec_node(exec, node);
	CUDA_BATCH_MEM_OP_NODE_PARAMS now;
	struct cudart_op op;
	CUresult r;

	if (!p || !in_exec || in_exec->type != CUDART_NODE_BATCH_MEM_OP || !cudart_batch_params(&in_exec->op, &now) ||
	    !same_shape(&now, p))
		return CUDA_ERROR_INVALID_VALUE;
	r = cudart_batch_op(p->count, p->paramArray, p->flags, &op);
	return r ? r : cudart_cu_result(cudart_node_set_op(in_exec, CUDART_NODE_BATCH_MEM_OP, &op));
}
