// SPDX-License-Identifier: MIT
/*
 * graph_symbol.c - memcpy nodes to and from __device__/__constant__
 * symbols (cudaGraphAddMemcpyNodeToSymbol & co.).  A symbol's device
 * address is its host address (one address space), so each is the 1-D
 * memcpy node of that address once the symbol, the range within it and
 * the direction are checked as cudaMemcpyToSymbol checks them.
 */
#include "cudart.h"

/* The address of [offset, offset + count) of symbol for a copy of kind into (to) or out of it. */
static cudaError_t symbol_at(const void *symbol, size_t count, size_t offset, enum cudaMemcpyKind kind, bool to,
			     char **addr)
{
	if (!(to ? cudart_kind_to_device(kind) : cudart_kind_from_device(kind)))
		return cudaErrorInvalidMemcpyDirection;
	return cudart_symbol_range(symbol, offset, count, addr);
}

cudaError_t cudaGraphAddMemcpyNodeToSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					   const cudaGraphNode_t *pDependencies, size_t numDependencies,
					   const void *symbol, const void *src, size_t count, size_t offset,
					   enum cudaMemcpyKind kind)
{
	char *addr;
	cudaError_t err = symbol_at(symbol, count, offset, kind, true, &addr);

	if (err)
		return cudart_set_error(err);
	return cudaGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies, numDependencies, addr, src, count,
					cudaMemcpyDefault);
}

cudaError_t cudaGraphAddMemcpyNodeFromSymbol(cudaGraphNode_t *pGraphNode, cudaGraph_t graph,
					     const cudaGraphNode_t *pDependencies, size_t numDependencies, void *dst,
					     const void *symbol, size_t count, size_t offset, enum cudaMemcpyKind kind)
{
	char *addr;
	cudaError_t err = symbol_at(symbol, count, offset, kind, false, &addr);

	if (err)
		return cudart_set_error(err);
	return cudaGraphAddMemcpyNode1D(pGraphNode, graph, pDependencies, numDependencies, dst, addr, count,
					cudaMemcpyDefault);
}

cudaError_t cudaGraphMemcpyNodeSetParamsToSymbol(cudaGraphNode_t node, const void *symbol, const void *src,
						 size_t count, size_t offset, enum cudaMemcpyKind kind)
{
	char *addr;
	cudaError_t err = symbol_at(symbol, count, offset, kind, true, &addr);

	if (err)
		return cudart_set_error(err);
	return cudaGraphMemcpyNodeSetParams1D(node, addr, src, count, cudaMemcpyDefault);
}

cudaError_t cudaGraphMemcpyNodeSetParamsFromSymbol(cudaGraphNode_t node, void *dst, const void *symbol,
						   size_t count, size_t offset, enum cudaMemcpyKind kind)
{
	char *addr;
	cudaError_t err = symbol_at(symbol, count, offset, kind, false, &addr);

	if (err)
		return cudart_set_error(err);
	return cudaGraphMemcpyNodeSetParams1D(node, dst, addr, count, cudaMemcpyDefault);
}

cudaError_t cudaGraphExecMemcpyNodeSetParamsToSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node,
						     const void *symbol, const void *src, size_t count, size_t offset,
						     enum cudaMemcpyKind kind)
{
	char *addr;
	cudaError_t err = symbol_at(symbol, count, offset, kind, true, &addr);

	if (err)
		return cudart_set_error(err);
	return cudaGraphExecMemcpyNodeSetParams1D(hGraphExec, node, addr, src, count, cudaMemcpyDefault);
}

cudaError_t cudaGraphExecMemcpyNodeSetParamsFromSymbol(cudaGraphExec_t hGraphExec, cudaGraphNode_t node, void *dst,
						       const void *symbol, size_t count, size_t offset,
						       enum cudaMemcpyKind kind)
{
	char *addr;
	cudaError_t err = symbol_at(symbol, count, offset, kind, false, &addr);

	if (err)
		return cudart_set_error(err);
	return cudaGraphExecMemcpyNodeSetParams1D(hGraphExec, node, dst, addr, count, cudaMemcpyDefault);
}
