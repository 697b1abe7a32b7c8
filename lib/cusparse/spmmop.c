// SPDX-License-Identifier: MIT
/*
 * lib/cusparse: SpMMOp, SpMM with the program's own add, multiply and
 * epilogue operators (issue 44).  cuSPARSE receives those operators as NVVM
 * IR (the output of nvcc -dlto for device functions) and JIT-compiles them
 * into its kernel; there is no NVVM here, and reading that bitcode without
 * NVIDIA's compiler would be guessing.  So the plan is refused with
 * CUSPARSE_STATUS_NOT_SUPPORTED (after the argument checks every call
 * makes), as cuSPARSE refuses it on a GPU it does not support; a program
 * that checks the status can fall back to cusparseSpMM.  No plan is ever
 * made, so SpMMOp has none to run and destroyPlan none to free.
 */
#include "cusparse_internal.h"

cusparseStatus_t cusparseSpMMOp_createPlan(
    cusparseHandle_t handle, cusparseSpMMOpPlan_t *plan, cusparseOperation_t opA,
    cusparseOperation_t opB, cusparseConstSpMatDescr_t matA, cusparseConstDnMatDescr_t matB,
    cusparseDnMatDescr_t matC, cudaDataType computeType, cusparseSpMMOpAlg_t alg,
    const void *addOperationNvvmBuffer, size_t addOperationBufferSize,
    const void *mulOperationNvvmBuffer, size_t mulOperationBufferSize,
    const void *epilogueNvvmBuffer, size_t epilogueBufferSize, size_t *SpMMWorkspaceSize)
{
	(void)opA, (void)opB, (void)computeType, (void)alg, (void)addOperationBufferSize;
	(void)mulOperationBufferSize, (void)epilogueBufferSize;
	SP_CALL(handle, plan && matA && matB && matC && addOperationNvvmBuffer &&
				mulOperationNvvmBuffer && epilogueNvvmBuffer && SpMMWorkspaceSize
			    ? CUSPARSE_STATUS_NOT_SUPPORTED
			    : CUSPARSE_STATUS_INVALID_VALUE);
	return CUSPARSE_STATUS_SUCCESS; /* not reached: SP_CALL returned the status */
}

cusparseStatus_t cusparseSpMMOp(cusparseSpMMOpPlan_t plan, void *externalBuffer)
{
	(void)externalBuffer;
	return plan ? CUSPARSE_STATUS_NOT_SUPPORTED : CUSPARSE_STATUS_INVALID_VALUE;
}

cusparseStatus_t cusparseSpMMOp_destroyPlan(cusparseSpMMOpPlan_t plan)
{
	(void)plan; /* never made (createPlan refuses), nothing to free */
	return CUSPARSE_STATUS_SUCCESS;
}
