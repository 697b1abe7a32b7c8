// SPDX-License-Identifier: MIT
/*
 * test_handle_settings.c - the settings of a handle for GPUs that
 * lib/cublas/handle_emulation.c keeps and reads back: the target SM count
 * and CUDA 13's emulation settings (strategy, special values, mantissa
 * control, maximum mantissa bits, bit offset, the bit-count pointer).
 *
 * - a new handle reads back cuBLAS's defaults (0, DEFAULT, every special
 *   value, DYNAMIC, 0, 0, NULL);
 * - every setting set to another value reads it back, on its own handle
 *   (a second handle keeps its defaults);
 * - values outside the enum or range are INVALID_VALUE and change nothing,
 *   a NULL output INVALID_VALUE, a NULL handle NOT_INITIALIZED;
 * - no effect on results: GemmEx with the emulated compute types equals
 *   the plain 32F/64F call bit for bit and a triple loop within 1e-5/1e-13,
 *   and an Sgemm under every emulation setting and math mode equals one on
 *   a default handle bit for bit; an emulated FP32 compute type with half
 *   data is NOT_SUPPORTED, as cuBLAS lists it for FP32 data only.
 */
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <cublas_v2.h>
#include <cuda_runtime.h>
#include "xorshift.h"
#include "tap.h"

static cublasHandle_t H, H2;

/* every setting of a handle as read back; 0 when a getter failed */
struct settings {
	int sm;
	cublasEmulationStrategy_t strategy;
	cudaEmulationSpecialValuesSupport special;
	cudaEmulationMantissaControl control;
	int max_bits, offset;
	int *count_ptr;
};

static int read_settings(cublasHandle_t h, struct settings *s)
{
	return !cublasGetSmCountTarget(h, &s->sm) && !cublasGetEmulationStrategy(h, &s->strategy) &&
	       !cublasGetEmulationSpecialValuesSupport(h, &s->special) &&
	       !cublasGetFixedPointEmulationMantissaControl(h, &s->control) &&
	       !cublasGetFixedPointEmulationMaxMantissaBitCount(h, &s->max_bits) &&
	       !cublasGetFixedPointEmulationMantissaBitOffset(h, &s->offset) &&
	       !cublasGetFixedPointEmulationMantissaBitCountPointer(h, &s->count_ptr);
}

static int defaults(const struct settings *s)
{
	return s->sm == 0 && s->strategy == CUBLAS_EMULATION_STRATEGY_DEFAULT &&
	       s->special == CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_DEFAULT &&
	       s->control == CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC && s->max_bits == 0 &&
	       s->offset == 0 && !s->count_ptr;
}

static int bits_used;

static int set_all(cublasHandle_t h)
{
	return !cublasSetSmCountTarget(h, 12) &&
	       !cublasSetEmulationStrategy(h, CUBLAS_EMULATION_STRATEGY_EAGER) &&
	       !cublasSetEmulationSpecialValuesSupport(h,
						       CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NAN) &&
	       !cublasSetFixedPointEmulationMantissaControl(
		   h, CUDA_EMULATION_MANTISSA_CONTROL_FIXED) &&
	       !cublasSetFixedPointEmulationMaxMantissaBitCount(h, 53) &&
	       !cublasSetFixedPointEmulationMantissaBitOffset(h, -8) &&
	       !cublasSetFixedPointEmulationMantissaBitCountPointer(h, &bits_used);
}

TAP_TEST(defaults_and_round_trip)
{
	struct settings s, s2;

	tap_ok(read_settings(H, &s) && defaults(&s), "a new handle reads back cuBLAS's defaults");
	tap_ok(set_all(H) && read_settings(H, &s) && s.sm == 12 &&
		   s.strategy == CUBLAS_EMULATION_STRATEGY_EAGER &&
		   s.special == CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NAN &&
		   s.control == CUDA_EMULATION_MANTISSA_CONTROL_FIXED && s.max_bits == 53 &&
		   s.offset == -8 && s.count_ptr == &bits_used,
	       "each setting reads back what was set");
	tap_ok(read_settings(H2, &s2) && defaults(&s2),
	       "another handle keeps its own settings (the defaults)");
}

TAP_TEST(refused)
{
	struct settings before, after;
	int bad = 0;

	read_settings(H, &before);
	bad += cublasSetSmCountTarget(H, -1) != CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasSetEmulationStrategy(H, (cublasEmulationStrategy_t)3) !=
	       CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasSetEmulationSpecialValuesSupport(
		   H, (cudaEmulationSpecialValuesSupport)0x10000) != CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasSetFixedPointEmulationMantissaControl(H, (cudaEmulationMantissaControl)2) !=
	       CUBLAS_STATUS_INVALID_VALUE;
	bad +=
	    cublasSetFixedPointEmulationMaxMantissaBitCount(H, -1) != CUBLAS_STATUS_INVALID_VALUE;
	read_settings(H, &after);
	tap_ok(!bad && !memcmp(&before, &after, sizeof(before)),
	       "values outside the enum or range are INVALID_VALUE and change nothing (%d wrong)",
	       bad);
	bad = 0;
	bad += cublasGetSmCountTarget(H, NULL) != CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasGetEmulationStrategy(H, NULL) != CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasGetEmulationSpecialValuesSupport(H, NULL) != CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasGetFixedPointEmulationMantissaControl(H, NULL) != CUBLAS_STATUS_INVALID_VALUE;
	bad +=
	    cublasGetFixedPointEmulationMaxMantissaBitCount(H, NULL) != CUBLAS_STATUS_INVALID_VALUE;
	bad +=
	    cublasGetFixedPointEmulationMantissaBitOffset(H, NULL) != CUBLAS_STATUS_INVALID_VALUE;
	bad += cublasGetFixedPointEmulationMantissaBitCountPointer(H, NULL) !=
	       CUBLAS_STATUS_INVALID_VALUE;
	tap_ok(!bad, "a NULL output is INVALID_VALUE (%d wrong)", bad);
	bad = 0;
	bad += cublasSetSmCountTarget(NULL, 0) != CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasGetSmCountTarget(NULL, &after.sm) != CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasSetEmulationStrategy(NULL, CUBLAS_EMULATION_STRATEGY_DEFAULT) !=
	       CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasGetEmulationStrategy(NULL, &after.strategy) != CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasSetEmulationSpecialValuesSupport(NULL,
						      CUDA_EMULATION_SPECIAL_VALUES_SUPPORT_NONE) !=
	       CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasSetFixedPointEmulationMantissaControl(
		   NULL, CUDA_EMULATION_MANTISSA_CONTROL_DYNAMIC) != CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasSetFixedPointEmulationMaxMantissaBitCount(NULL, 0) !=
	       CUBLAS_STATUS_NOT_INITIALIZED;
	bad +=
	    cublasSetFixedPointEmulationMantissaBitOffset(NULL, 0) != CUBLAS_STATUS_NOT_INITIALIZED;
	bad += cublasSetFixedPointEmulationMantissaBitCountPointer(NULL, NULL) !=
	       CUBLAS_STATUS_NOT_INITIALIZED;
	tap_ok(!bad, "a NULL handle is NOT_INITIALIZED (%d wrong)", bad);
}

enum { M = 6, N = 5, K = 7 };

/* C = A B (column-major, no padding) by a triple loop */
static double loop_error(const void *a, const void *b, const void *c, int dbl)
{
	double err = 0;

	for (int j = 0; j < N; j++)
		for (int i = 0; i < M; i++) {
			double ref = 0, got = dbl ? ((const double *)c)[i + j * M]
						  : ((const float *)c)[i + j * M];

			for (int l = 0; l < K; l++)
				ref += dbl ? ((const double *)a)[i + l * M] *
						 ((const double *)b)[l + j * K]
					   : (double)((const float *)a)[i + l * M] *
						 ((const float *)b)[l + j * K];
			err = fmax(err, fabs(got - ref) / (1 + fabs(ref)));
		}
	return err;
}

TAP_TEST(no_effect)
{
	float fa[M * K], fb[K * N], f1[M * N], f2[M * N], f3[M * N], fone = 1, fzero = 0;
	double da[M * K], db[K * N], d1[M * N], d2[M * N], done = 1, dzero = 0;

	for (int i = 0; i < M * K; i++)
		da[i] = urand(), fa[i] = (float)da[i];
	for (int i = 0; i < K * N; i++)
		db[i] = urand(), fb[i] = (float)db[i];
	cublasStatus_t s1 = cublasGemmEx(H2, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &fone, fa,
					 CUDA_R_32F, M, fb, CUDA_R_32F, K, &fzero, f1, CUDA_R_32F,
					 M, CUBLAS_COMPUTE_32F, CUBLAS_GEMM_DEFAULT);
	cublasStatus_t s2 = cublasGemmEx(
	    H2, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &fone, fa, CUDA_R_32F, M, fb, CUDA_R_32F, K,
	    &fzero, f2, CUDA_R_32F, M, CUBLAS_COMPUTE_32F_EMULATED_16BFX9, CUBLAS_GEMM_DEFAULT);
	double e = loop_error(fa, fb, f2, 0);

	tap_ok(!s1 && !s2 && !memcmp(f1, f2, sizeof(f1)) && e < 1e-5,
	       "GemmEx with CUBLAS_COMPUTE_32F_EMULATED_16BFX9 equals COMPUTE_32F bit for bit, "
	       "loop error %.2g",
	       e);
	s1 = cublasGemmEx(H2, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &done, da, CUDA_R_64F, M, db,
			  CUDA_R_64F, K, &dzero, d1, CUDA_R_64F, M, CUBLAS_COMPUTE_64F,
			  CUBLAS_GEMM_DEFAULT);
	s2 = cublasGemmEx(H2, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &done, da, CUDA_R_64F, M, db,
			  CUDA_R_64F, K, &dzero, d2, CUDA_R_64F, M,
			  CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT, CUBLAS_GEMM_DEFAULT);
	e = loop_error(da, db, d2, 1);
	tap_ok(!s1 && !s2 && !memcmp(d1, d2, sizeof(d1)) && e < 1e-13,
	       "GemmEx with CUBLAS_COMPUTE_64F_EMULATED_FIXEDPOINT equals COMPUTE_64F bit for bit, "
	       "loop error %.2g",
	       e);
	uint16_t h16[M * K] = {0};
	tap_ok(cublasGemmEx(H2, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &fone, h16, CUDA_R_16F, M, h16,
			    CUDA_R_16F, K, &fzero, f3, CUDA_R_32F, M,
			    CUBLAS_COMPUTE_32F_EMULATED_16BFX9,
			    CUBLAS_GEMM_DEFAULT) == CUBLAS_STATUS_NOT_SUPPORTED,
	       "GemmEx: the emulated FP32 compute type with half data is NOT_SUPPORTED");
	/* H has every emulation setting changed; add the emulation math modes */
	cublasMath_t mode;
	int ok = !cublasSetMathMode(H, CUBLAS_FP32_EMULATED_BF16X9_MATH) &&
		 !cublasGetMathMode(H, &mode) && mode == CUBLAS_FP32_EMULATED_BF16X9_MATH;
	ok = ok &&
	     !cublasSgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &fone, fa, M, fb, K, &fzero, f3,
			  M) &&
	     !memcmp(f1, f3, sizeof(f1));
	ok = ok && !cublasSetMathMode(H, CUBLAS_FP64_EMULATED_FIXEDPOINT_MATH) &&
	     !cublasDgemm(H, CUBLAS_OP_N, CUBLAS_OP_N, M, N, K, &done, da, M, db, K, &dzero, d2,
			  M) &&
	     !memcmp(d1, d2, sizeof(d1));
	tap_ok(ok, "S/Dgemm under the emulation settings and math modes equal the default handle's "
		   "bit for bit");
}

static int setup(void)
{
	xorshift_seed(0x51c0ffee);
	return tap_ok(cublasCreate(&H) == CUBLAS_STATUS_SUCCESS &&
			  cublasCreate(&H2) == CUBLAS_STATUS_SUCCESS,
		      "cublasCreate (two handles)");
}

static void teardown(void)
{
	tap_ok(cublasDestroy(H) == CUBLAS_STATUS_SUCCESS &&
		   cublasDestroy(H2) == CUBLAS_STATUS_SUCCESS,
	       "cublasDestroy");
}

int main(int argc, char **argv)
{
	return tap_main_with(argc, argv, setup, teardown);
}
