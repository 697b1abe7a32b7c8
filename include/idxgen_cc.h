/* SPDX-License-Identifier: MIT */
/*
 * idxgen_cc.h - kernels from CUDA C source at run time (the NVRTC-like path
 * of idxgen-cc): translate a .cu file, compile it, load it, and launch its
 * kernels with the SPMD runtime (idxgen_rt.h).
 *
 * idxgen-cc emits, per __global__ function NAME, a block function in the
 * runtime's kernel ABI and a descriptor
 *	const struct idxgen_rt_kernel idxgen_cc_kernel_NAME;
 * which a program compiled against the translated C (the make path) uses
 * directly, and this loader finds by name.
 */
#ifndef IDXGEN_CC_H
#define IDXGEN_CC_H

#include <idxgen_rt.h>

#ifdef __cplusplus
extern "C" {
#endif

struct idxgen_module;

/*
 * Load the kernels of a .cu file: translate it with $IDXGEN_CC (default
 * idxgen-cc in PATH), compile the C with $CC (default clang if in PATH,
 * else cc) and $IDXGEN_CC_CFLAGS (default -O3 -march=native; split into
 * words as the shell does; the same command line as idxgen-cc -c) into a
 * shared object, dlopen it.  The object is cached in $IDXGEN_CC_CACHE
 * (default $XDG_CACHE_HOME/idxgen or ~/.cache/idxgen) under a hash of the
 * source text, so loading the same source again only dlopens.  0 or
 * -errno: -ENOENT no such file, -ENOEXEC the translation (its diagnostics
 * went to stderr) or the compilation failed, -EINVAL $IDXGEN_CC_CFLAGS
 * cannot be split into words.
 */
int idxgen_module_load(const char *path, struct idxgen_module **mod);
/* The kernel named name (-ENOENT if the module has none). */
int idxgen_module_kernel(struct idxgen_module *mod, const char *name, const struct idxgen_rt_kernel **k);
void idxgen_module_unload(struct idxgen_module *mod);

#ifdef __cplusplus
}
#endif
#endif
