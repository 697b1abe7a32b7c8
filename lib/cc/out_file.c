// SPDX-License-Identifier: MIT
/*
 * out_file.c - the files idxgen-cc writes, where '-' is standard output as
 * its --help says (-o - with --emit-cxx, -E, -ptx, -fatbin, -cubin and the
 * C path).  A file named '-' was written instead for all but the C path.
 */
#include "cc.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>

bool out_is_stdout(const char *path)
{
	return !strcmp(path, "-");
}

FILE *out_open(const char *path, const char *mode)
{
	return out_is_stdout(path) ? stdout : fopen(path, mode);
}

int out_close(FILE *f)
{
	if (f != stdout)
		return fclose(f);
	return fflush(f) || ferror(f) ? EOF : 0;
}

/* The bytes of the file from into to (a built module: '-' copies it to standard output); 0 or 2. */
int out_copy(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = in ? out_open(to, "wb") : NULL;
	char block[65536];
	size_t n;
	int rc = in && out ? 0 : 2;

	while (!rc && (n = fread(block, 1, sizeof(block), in)) > 0)
		rc = fwrite(block, 1, n, out) == n ? 0 : 2;
	if (in && ferror(in))
		rc = 2;
	if (out && out_close(out))
		rc = 2;
	if (in)
		fclose(in);
	if (rc)
		fprintf(stderr, "idxgen-cc: %s: %s\n", rc && !in ? from : to, strerror(errno));
	return rc;
}
