/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc.h - kernels translated by idxgen-cc: their ABI, a block launcher
 * and the JIT module loader (idxgen_module_load).
 *
 * A translated kernel is one C function called once per thread block.  It
 * runs the kernel's barrier-free regions one after the other, each as a
 * thread loop over the block's threads; values live across a barrier are in
 * per-thread arrays, block-shared memory is local to the call.
 */
#ifndef IDXGEN_CC_H
#define IDXGEN_CC_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

/* CUDA's dim3/uint3. */
typedef struct idxgen_dim3 {
	unsigned int x, y, z;
} idxgen_dim3;

/* What a block function gets besides the kernel's arguments. */
struct idxgen_cc_block {
	idxgen_dim3 blockIdx, blockDim, gridDim;
	void *dyn_shared;	/* extern __shared__ memory (launch's dyn_shared bytes) */
};

/* args[i] points to the value of the kernel's i-th parameter (cudaLaunchKernel style). */
typedef void idxgen_cc_block_fn(const struct idxgen_cc_block *b, void *const *args);

#define IDXGEN_CC_ABI_VERSION 1

/* One per __global__ function, named idxgen_cc_kernel_<name> in the translated code. */
struct idxgen_cc_kernel {
	unsigned int abi;		/* IDXGEN_CC_ABI_VERSION */
	const char *name;
	idxgen_cc_block_fn *block;
	unsigned int nargs;
	const size_t *arg_sizes;	/* nargs entries */
	size_t static_shared;		/* bytes of static __shared__ arrays */
	unsigned int barriers;		/* __syncthreads() in the source */
	unsigned int regions;		/* thread loops emitted */
};

/*
 * Run all blocks of grid on a pool of OS threads (IDXGEN_NUM_THREADS, else
 * one per online CPU) and return when all are done.  0 or -errno:
 * -EINVAL for a NULL kernel or a zero dimension, -E2BIG for more than 1024
 * threads per block or more than 1 MiB dynamic shared memory.
 */
int idxgen_cc_launch(const struct idxgen_cc_kernel *k, idxgen_dim3 grid, idxgen_dim3 block,
		     size_t dyn_shared, void *const *args);

/* JIT: translate (idxgen-cc), compile (cc), dlopen; cached by content hash. */
struct idxgen_module;
/*
 * Load the kernels of a .cu file.  The translator is $IDXGEN_CC (default
 * idxgen-cc in PATH), the compiler $CC (default clang if in PATH, else cc) with $IDXGEN_CC_CFLAGS
 * (default -O3 -march=native; not part of the cache key), the cache directory
 * $IDXGEN_CC_CACHE (default $XDG_CACHE_HOME/idxgen or ~/.cache/idxgen).
 * 0 or -errno; on a translation error (-ENOEXEC) the translator's
 * diagnostics went to stderr.
 */
int idxgen_module_load(const char *path, struct idxgen_module **mod);
/* The kernel named name (-ENOENT if the module has none). */
int idxgen_module_kernel(struct idxgen_module *mod, const char *name,
			 const struct idxgen_cc_kernel **k);
void idxgen_module_unload(struct idxgen_module *mod);

#ifdef __cplusplus
}
#endif
#endif
