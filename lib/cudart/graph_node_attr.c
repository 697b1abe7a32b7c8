// SPDX-License-Identifier: MIT
/*
 * graph_node_attr.c - kernel node attributes (cudaGraphKernelNodeGet/Set/
 * CopyAttribute(s)): the launch attributes CUDA lets a kernel node keep.
 * Cooperative is the node's launch mode (op.u.kern.coop); the others are
 * hints here (one memory, one cache, no clusters) that are kept so that a
 * program reads back what it set.  A node's values live in an array by
 * attribute ID, made when the first one is set (NULL: all zero, CUDA's
 * defaults).
 */
#include <stdlib.h>
#include <string.h>

#include "cudart.h"

#define ATTR_IDS (cudaLaunchAttributeNvlinkUtilCentricScheduling + 1)

/* CUDA's checks of a kernel node attribute's value: 0 when valid. */
static cudaError_t check_value(cudaLaunchAttributeID id, const cudaLaunchAttributeValue *v)
{
	switch (id) {
	case cudaLaunchAttributeAccessPolicyWindow:
		return v->accessPolicyWindow.hitRatio >= 0.0f && v->accessPolicyWindow.hitRatio <= 1.0f
			       ? cudaSuccess : cudaErrorInvalidValue;
	case cudaLaunchAttributeClusterDimension: {
		unsigned long long blocks = (unsigned long long)v->clusterDim.x * v->clusterDim.y *
					    v->clusterDim.z;

		return blocks > 1 ? cudaErrorNotSupported : cudaSuccess;	/* 0: none set */
	}
	case cudaLaunchAttributeClusterSchedulingPolicyPreference:
		return v->clusterSchedulingPolicyPreference <= cudaClusterSchedulingPolicyLoadBalancing
			       ? cudaSuccess : cudaErrorInvalidValue;
	case cudaLaunchAttributeDeviceUpdatableKernelNode:
		return v->deviceUpdatableKernelNode.deviceUpdatable ? cudaErrorNotSupported : cudaSuccess;
	case cudaLaunchAttributePreferredSharedMemoryCarveout:
		return v->sharedMemCarveout <= 100 || v->sharedMemCarveout == (unsigned int)-1
			       ? cudaSuccess : cudaErrorInvalidValue;
	case cudaLaunchAttributeNvlinkUtilCentricScheduling:
		return v->nvlinkUtilCentricScheduling <= 1 ? cudaSuccess : cudaErrorInvalidValue;
	case cudaLaunchAttributeCooperative:
	case cudaLaunchAttributePriority:
	case cudaLaunchAttributeMemSyncDomainMap:
	case cudaLaunchAttributeMemSyncDomain:
	case cudaLaunchAttributePreferredClusterDimension:
		return cudaSuccess;
	default:	/* stream-only (SynchronizationPolicy), launch-only (events), unknown */
		return cudaErrorInvalidValue;
	}
}

static bool kernel_node(cudaGraphNode_t n)
{
	return n && n->type == cudaGraphNodeTypeKernel;
}

cudaError_t cudaGraphKernelNodeSetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
					    const cudaLaunchAttributeValue *value)
{
	cudaError_t err;

	if (!kernel_node(hNode) || !value)
		return cudart_set_error(cudaErrorInvalidValue);
	err = check_value(attr, value);
	if (err)
		return cudart_set_error(err);
	if (!hNode->attrs) {
		hNode->attrs = calloc(ATTR_IDS, sizeof(*hNode->attrs));
		if (!hNode->attrs)
			return cudart_set_error(cudaErrorMemoryAllocation);
	}
	hNode->attrs[attr] = *value;
	if (attr == cudaLaunchAttributeCooperative)
		hNode->op.u.kern.coop = value->cooperative != 0;
	return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeGetAttribute(cudaGraphNode_t hNode, cudaLaunchAttributeID attr,
					    cudaLaunchAttributeValue *value_out)
{
	static const cudaLaunchAttributeValue zero;
	cudaError_t err;

	if (!kernel_node(hNode) || !value_out)
		return cudart_set_error(cudaErrorInvalidValue);
	err = check_value(attr, &zero);
	if (err && err != cudaErrorNotSupported)
		return cudart_set_error(err);	/* not a kernel node attribute */
	*value_out = hNode->attrs ? hNode->attrs[attr] : zero;
	if (attr == cudaLaunchAttributeCooperative)
		value_out->cooperative = hNode->op.u.kern.coop;
	return cudaSuccess;
}

cudaError_t cudart_node_attrs_copy(cudaGraphNode_t to, cudaGraphNode_t from)
{
	cudaLaunchAttributeValue *v = NULL;

	if (from->attrs) {
		v = malloc(ATTR_IDS * sizeof(*v));
		if (!v)
			return cudaErrorMemoryAllocation;
		memcpy(v, from->attrs, ATTR_IDS * sizeof(*v));
	}
	free(to->attrs);
	to->attrs = v;
	return cudaSuccess;
}

cudaError_t cudaGraphKernelNodeCopyAttributes(cudaGraphNode_t hDst, cudaGraphNode_t hSrc)
{
	cudaError_t err;

	if (!kernel_node(hDst) || !kernel_node(hSrc))
		return cudart_set_error(cudaErrorInvalidValue);
	err = cudart_node_attrs_copy(hDst, hSrc);
	if (!err)
		hDst->op.u.kern.coop = hSrc->op.u.kern.coop;
	return cudart_set_error(err);
}
