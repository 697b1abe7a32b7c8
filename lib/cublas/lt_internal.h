/* SPDX-License-Identifier: MIT */
/*
 * lt_internal.h - cuBLASLt's descriptors as lib/cublas keeps them (lt.c makes
 * and sets them, lt_matmul.c runs the product they describe).
 */
#ifndef IDXGEN_CUBLAS_LT_INTERNAL_H
#define IDXGEN_CUBLAS_LT_INTERNAL_H

#include "cublas_internal.h"
#pragma GCC visibility push(default)
#include <cublasLt.h>
#pragma GCC visibility pop

struct cublasLtContext {
	int unused; /* nothing per handle: the stream comes with each call */
};

struct idxgen_lt_matmul_desc {
	int32_t compute_type;	/* cublasComputeType_t */
	int32_t scale_type;	/* cudaDataType_t of alpha and beta */
	int32_t pointer_mode, transa, transb, transc, fill_mode, epilogue;
	const void *bias;
	int64_t bias_batch_stride;
	int32_t bias_type;	/* -1: D's type */
	void *aux;		/* the _AUX epilogues' output: accepted, refused at the matmul */
	int64_t aux_ld, aux_batch_stride, alpha_batch_stride;
	int32_t sm_count;
	int8_t fast_accum;
	/* FP8: scale factors (float, NULL is 1) and where D's amax goes (NULL: nowhere) */
	const float *a_scale, *b_scale, *c_scale, *d_scale;
	float *amax_d;
};

struct idxgen_lt_layout {
	uint32_t type;		/* cudaDataType */
	int32_t order;		/* cublasLtOrder_t */
	uint64_t rows, cols;
	int64_t ld;
	int32_t batch_count;
	int64_t batch_stride;	/* elements between the batch's matrices */
	int64_t plane_offset;
};

struct idxgen_lt_pref {
	uint32_t search_mode, reduction_mask;
	uint64_t max_workspace;
	uint32_t align_a, align_b, align_c, align_d;
};

#endif
