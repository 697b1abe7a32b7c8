// SPDX-License-Identifier: MIT
/*
 * driver_kernel_names.c - the names CUDA gives a module's kernels, from
 * the symbols the host compiler gave them, so that cuModuleGetFunction
 * (and cuLibraryGetKernel) find a kernel by the name a program took from
 * nvcc's PTX or from NVRTC's lowered names.  Two spellings differ:
 *  - internal linkage: the Itanium ABI marks it with an L before the name
 *    (_ZL5scalePff, _ZN2nsL5scaleEPf); nvcc's PTX names such a kernel
 *    without it (_Z5scalePff, _ZN2ns5scaleEPf);
 *  - an anonymous namespace: the host compiler names it _GLOBAL__N_1
 *    (_ZN12_GLOBAL__N_15scaleEPff), nvcc a name of its own that carries a
 *    hash of the file, its name and a number that changes from one compile
 *    to the next (_ZN44_GLOBAL__N__3233a533_7_anon_cu_2cc610e1_15845scaleEPff,
 *    nvcc 13).  A module is one .cu file, so it has one anonymous namespace:
 *    every such name stands for it, and both spellings compare as
 *    _GLOBAL__N_1 (the parts of the nested name before the function's own;
 *    an anonymous-namespace type among the parameters is not rewritten).
 * Variables of internal linkage (cuModuleGetGlobal): nvcc names one at file
 * scope by its plain name (`static __device__ int n;` is n, the host
 * compiler's _ZL1n), and one in a namespace with a part of its own first
 * (_ZN33_INTERNAL_c951ee87_5_v2_cu__Z1kPi2ns1qE for the host compiler's
 * _ZN2nsL1qE), which is dropped.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdlib.h>
#include <string.h>

#include "driver_int.h"

#define ANON_NS "_GLOBAL__N_"
#define ANON_NS_HOST "12_GLOBAL__N_1"
#define INTERNAL "_INTERNAL_"

/*
 * sym rewritten part by part of its nested name (_ZN, qualifiers, then
 * <digits><name> parts): the marks of internal linkage dropped when
 * drop_local, every anonymous namespace spelled as the host compiler's.
 * Malloc'd; NULL when out of memory.
 */
static char *rewrite(const char *sym, bool drop_local)
{
	size_t n = strlen(sym), i = 3, j = 3;
	/* a part is rewritten only where it is 13 bytes at least: it never grows by more than one */
	char *out = malloc(2 * n + sizeof(ANON_NS_HOST));

	if (!out)
		return NULL;
	if (strncmp(sym, "_ZL", 3) && strncmp(sym, "_ZN", 3))
		return memcpy(out, sym, n + 1);	/* not C++ (or not nested): as it is */
	memcpy(out, sym, 3);
	if (sym[2] == 'L') {
		j = drop_local ? 2 : 3;		/* _ZL<name>: drop the L */
	} else {
		while (i < n && strchr("rVKRO", sym[i]))
			out[j++] = sym[i++];
		while (i < n) {
			char *end;
			unsigned long len;

			if (sym[i] == 'L' && isdigit((unsigned char)sym[i + 1])) {
				if (!drop_local)
					out[j++] = 'L';
				i++;
			}
			if (!isdigit((unsigned char)sym[i]))
				break;
			len = strtoul(sym + i, &end, 10);
			if (len > n - (size_t)(end - sym))
				break;
			if (len >= strlen(INTERNAL) && !strncmp(end, INTERNAL, strlen(INTERNAL))) {
				;	/* nvcc's mark of a variable of internal linkage: dropped */
			} else if (len >= strlen(ANON_NS) && !strncmp(end, ANON_NS, strlen(ANON_NS))) {
				memcpy(out + j, ANON_NS_HOST, strlen(ANON_NS_HOST));
				j += strlen(ANON_NS_HOST);
			} else {
				memcpy(out + j, sym + i, (size_t)(end - sym) - i + len);
				j += (size_t)(end - sym) - i + len;
			}
			i = (size_t)(end - sym) + len;
		}
	}
	memcpy(out + j, sym + i, n - i + 1);
	return out;
}

char *cudart_kernel_cuda_name(const char *sym)
{
	return rewrite(sym, true);
}

char *cudart_kernel_name_key(const char *name)
{
	return rewrite(name, false);
}

char *cudart_var_cuda_name(const char *sym)
{
	char *end;
	unsigned long len;

	if (!strncmp(sym, "_ZL", 3) && isdigit((unsigned char)sym[3])) {
		len = strtoul(sym + 3, &end, 10);
		if (strlen(end) == len)
			return strdup(end);	/* _ZL1n: n, as C names it */
	}
	return rewrite(sym, true);
}
