// SPDX-License-Identifier: MIT
/*
 * module_out.c - what `idxgen-cc -fatbin x.cu` (and -cubin, -ptx: nvcc's
 * spellings of "device code in a file") writes: nvcc writes GPU code that
 * a program loads at run time with cuModuleLoad* and finds by name with
 * cuModuleGetFunction; here the file is an ELF shared object of x.cu's
 * translated kernels, tagged (include/idxgen_module.h) so that
 * lib/cudart/driver_module.c knows it from any other file before it
 * dlopens it.  The kernels' host stubs are the CUfunctions: their
 * constructors register them with the runtime of the program that loads
 * the module, as a program's own kernels register, and dlsym finds a
 * stub by the name CUDA gives the kernel (mangled, or as written for
 * extern "C").  -ptx writes the same object as text (module_write_text):
 * programs read a .ptx file as a C string, which a binary's first NUL
 * would cut short.
 */
#include "module_out.h"

#include <stdio.h>
#include <stdlib.h>

#include "../../include/idxgen_module.h"

void module_mark(struct buf *cxx)
{
	bputs(cxx, "\n/* idxgen-cc -fatbin: the tag of a module for cuModuleLoad (idxgen_module.h) */\n"
		   "extern \"C\" __attribute__((used, section(\"" IDXGEN_MODULE_SECTION "\")))\n"
		   "const char __idxgen_module_tag[] = \"" IDXGEN_MODULE_TAG "\";\n");
}

/*
 * -shared: a module is loaded, not run.  The runtime (lib/cudart, static
 * in the program) is not linked in: the module must use the loading
 * program's, whose registry, streams and memory the kernels share, so its
 * references stay undefined and resolve at dlopen from the program (which
 * idxgen-cc links with --export-dynamic).  -Bsymbolic: the module's own
 * kernels, stubs and variables bind inside it, never to a program's
 * symbol of the same name (a program may define a kernel the module has
 * too; the module's registration must name the module's stub).
 */
const char *const *module_link_options(void)
{
	static const char *const opts[] = { "-shared", "-fPIC", "-Wl,-Bsymbolic", NULL };

	return opts;
}

/* The base64 alphabet (RFC 4648), 76 characters a line as MIME writes it. */
static const char b64[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

static void put_base64(FILE *out, const unsigned char *p, size_t n)
{
	size_t col = 0;

	for (size_t i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)p[i] << 16 | (i + 1 < n ? (unsigned long)p[i + 1] << 8 : 0) |
				  (i + 2 < n ? p[i + 2] : 0);
		char q[4] = { b64[v >> 18 & 63], b64[v >> 12 & 63], i + 1 < n ? b64[v >> 6 & 63] : '=',
			      i + 2 < n ? b64[v & 63] : '=' };

		fwrite(q, 1, 4, out);
		col += 4;
		if (col == 76 || i + 3 >= n) {
			fputc('\n', out);
			col = 0;
		}
	}
}

int module_write_text(const char *so_path, const char *out_path, const char *src)
{
	FILE *in = fopen(so_path, "rb"), *out;
	unsigned char *p = NULL;
	long n = -1;
	int rc = 2;

	if (in && !fseek(in, 0, SEEK_END) && (n = ftell(in)) > 0 && !fseek(in, 0, SEEK_SET)) {
		p = malloc((size_t)n);
		if (p && fread(p, 1, (size_t)n, in) != (size_t)n)
			n = -1;
	}
	if (in)
		fclose(in);
	out = p && n > 0 ? out_open(out_path, "w") : NULL;
	if (out) {
		fprintf(out, "%s\n// idxgen-cc -ptx: the kernels of %s as a module for cuModuleLoad* (idxgen's,\n"
			     "// lib/cudart): an ELF shared object of the translated kernels, base64 below. Not\n"
			     "// PTX: the CPU runs these kernels, no GPU; NVIDIA's tools cannot read it.\n",
			IDXGEN_MODULE_TEXT_HEAD, src);
		put_base64(out, p, (size_t)n);
		rc = out_close(out) ? 2 : 0;
	}
	if (rc)
		perror(out_path);
	free(p);
	return rc;
}
