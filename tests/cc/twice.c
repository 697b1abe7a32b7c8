// SPDX-License-Identifier: MIT
/*
 * The translator keeps no state between translations (lib/cc/cc.h): linked
 * with idxgen-cc's passes, translate each file given twice in one process,
 * in turn and interleaved, and compare the C with the first translation of
 * the file.  TAP.
 */
#include "cc.h"
#include "tap.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv)
{
	struct buf *first = calloc((size_t)argc, sizeof(*first));
	int i, round;

	if (!first || argc < 3) {
		fprintf(stderr, "usage: twice -IDIR FILE.cu...\n");
		return 2;
	}
	for (round = 0; round < 2; round++)
		for (i = 2; i < argc; i++) {
			struct buf out = { 0 };
			int rc = cc_translate_file(argv[i], &argv[1], 1, 0, &out);
			bool same = rc == 0;

			if (round == 0) {
				first[i] = out;
			} else {
				same = same && out.n == first[i].n && !memcmp(out.p, first[i].p, out.n);
				buf_free(&out);
			}
			tap_ok(same, "%s: translation %d in this process%s", argv[i], round + 1,
			       round ? " is identical to the first" : " succeeds");
		}
	for (i = 2; i < argc; i++)
		buf_free(&first[i]);
	free(first);
	return tap_done();
}
