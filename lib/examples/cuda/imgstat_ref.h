/* SPDX-License-Identifier: MIT */
/*
 * imgstat_ref.h - the host side of imgstat that is neither CUDA nor
 * runtime: the test image of each frame and the self-check, a plain C
 * reference computed on the CPU.  C and C++ (nvcc compiles it as C++).
 */
#ifndef IMGSTAT_REF_H
#define IMGSTAT_REF_H

#include <stdio.h>

#define IMG_W		320
#define IMG_H		240
#define IMG_FRAMES	4

/* Frame f: pixels 0..255 from a linear congruential generator. */
static void imgstat_fill(unsigned int *img, int n, int f)
{
	unsigned int s = 12345u + 7919u * (unsigned int)f;

	for (int i = 0; i < n; i++) {
		s = s * 1103515245u + 12345u;
		img[i] = (s >> 16) & 255u;
	}
}

/*
 * Compare what the kernels computed for img (w x h) with the CPU's
 * answer; prints the first difference.  Returns the number of wrong values.
 */
static int imgstat_check(const unsigned int *img, int w, int h, const unsigned int *hist,
			 const unsigned int *t, const unsigned int *cols, const unsigned int *rows)
{
	unsigned int ref[64] = { 0 };
	int bad = 0;

	for (int i = 0; i < w * h; i++)
		ref[img[i] / 4]++;
	for (int b = 0; b < 64; b++)
		if (hist[b] != ref[b] && !bad++)
			printf("histogram bin %d: %u, expected %u\n", b, hist[b], ref[b]);
	for (int y = 0; y < h; y++) {
		unsigned int s = 0;

		for (int x = 0; x < w; x++) {
			s += img[y * w + x];
			if (t[x * h + y] != img[y * w + x] && !bad++)
				printf("transpose (%d, %d): %u, expected %u\n", x, y,
				       t[x * h + y], img[y * w + x]);
		}
		if (rows[y] != s && !bad++)
			printf("row %d: sum %u, expected %u\n", y, rows[y], s);
	}
	for (int x = 0; x < w; x++) {
		unsigned int s = 0;

		for (int y = 0; y < h; y++)
			s += img[y * w + x];
		if (cols[x] != s && !bad++)
			printf("column %d: sum %u, expected %u\n", x, cols[x], s);
	}
	return bad;
}

#endif
