// SPDX-License-Identifier: MIT
/*
 * The translator keeps no state between translations (lib/cc/cc.h): linked
 * with idxgen-cc's passes, translate the files given several times in one
 * process and compare each C output with the file's first translation.  TAP.
 *
 *   cc-twice -IDIR FILE.cu... [-l | -t NAME...]
 *
 * Two registered tests, each alone or both (the default):
 *   back_to_back  each file translated twice in a row;
 *   interleaved   every file once, then every file again (what one
 *                 translation leaves behind reaches the others).
 */
#include "cc.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/*
 * The command line's include option and files, read by every test.  Set once
 * by main before any test runs (a test program's set-up, not the translator's
 * state: the registered tests take no arguments).
 */
static char *include_opt;
static char **files;
static int nfiles;

/* One translation of FILE into OUT; whether it succeeded. */
static bool translate(const char *file, struct buf *out)
{
	*out = (struct buf){ 0 };
	return cc_translate_file(file, &include_opt, 1, 0, out) == 0;
}

static bool same_text(const struct buf *a, const struct buf *b)
{
	return a->n == b->n && !memcmp(a->p, b->p, a->n);
}

TAP_TEST(back_to_back)
{
	for (int i = 0; i < nfiles; i++) {
		struct buf one, two;
		bool ok1 = translate(files[i], &one);
		bool ok2 = translate(files[i], &two);

		tap_ok(ok1 && ok2 && same_text(&one, &two),
		       "%s: translated twice in a row, the same C both times", files[i]);
		buf_free(&one);
		buf_free(&two);
	}
}

TAP_TEST(interleaved)
{
	struct buf *first = calloc((size_t)nfiles, sizeof(*first));
	bool *ok = calloc((size_t)nfiles, sizeof(*ok));

	if (!first || !ok) {
		tap_ok(0, "interleaved: memory for %d translations", nfiles);
		free(first);
		free(ok);
		return;
	}
	for (int i = 0; i < nfiles; i++)
		ok[i] = translate(files[i], &first[i]);
	for (int i = 0; i < nfiles; i++) {
		struct buf again;
		bool ok2 = translate(files[i], &again);

		tap_ok(ok[i] && ok2 && same_text(&first[i], &again),
		       "%s: translated again after all the others, the same C", files[i]);
		buf_free(&again);
		buf_free(&first[i]);
	}
	free(first);
	free(ok);
}

int main(int argc, char **argv)
{
	int n = 0;

	/* -IDIR, then the files up to the first option; tap_main's options follow */
	if (argc < 3 || strncmp(argv[1], "-I", 2)) {
		fprintf(stderr, "usage: cc-twice -IDIR FILE.cu... [-l | -t NAME...]\n");
		return 2;
	}
	include_opt = argv[1];
	while (2 + n < argc && argv[2 + n][0] != '-')
		n++;
	if (!n && !tap_listing(argc, argv)) {
		fprintf(stderr, "cc-twice: no file to translate\n");
		return 2;
	}
	/* the files are copied out: tap_main's argv[0] takes the last one's slot */
	files = calloc((size_t)n + 1, sizeof(*files));
	if (!files)
		return 2;
	memcpy(files, argv + 2, (size_t)n * sizeof(*files));
	nfiles = n;
	argv[1 + n] = argv[0];
	n = tap_main(argc - 1 - n, argv + 1 + n);
	free(files);
	return n;
}
