// SPDX-License-Identifier: MIT
/*
 * test_lib_unpack.c - the libidxgen suite (test_lib.c): unpacking, every word layout
 * against an independent packer, and the warp iterator.
 */
#include "test_lib.h"

static void pack_ref(void *buf, uint32_t dx, uint32_t dy, uint32_t dz, unsigned int mx,
		     unsigned int my, unsigned int ws)
{
	uint32_t n, t = dx * dy * dz;

	for (n = 0; n < t; n++) {
		uint32_t w = idxgen_ref_word(n, dx, dy, mx, my);

		if (ws == 2)
			((uint16_t *)buf)[n] = (uint16_t)w;
		else
			((uint32_t *)buf)[n] = w;
	}
}

static int unpack_matches(int path, const void *buf, uint32_t dx, uint32_t dy, uint32_t dz,
			  unsigned int mx, unsigned int my, unsigned int mz, unsigned int ws,
			  uint16_t *x, uint16_t *y, uint16_t *z)
{
	uint32_t n, t = dx * dy * dz, rx, ry, rz;

	if (idxgen_unpack_words_path(path, buf, ws, mx, my, mz, t, x, y, z))
		return 0;
	for (n = 0; n < t; n++) {
		idxgen_ref_index(n, dx, dy, &rx, &ry, &rz);
		if (x[n] != rx || y[n] != ry || z[n] != rz)
			return 0;
	}
	return 1;
}

void test_unpack(void)
{
	static uint32_t buf[1024 + 16];
	static uint16_t x[1040], y[1040], z[1040], x2[1040], y2[1040], z2[1040];
	int avx2 = idxgen_unpack_best_path() == IDXGEN_UNPACK_AVX2;
	unsigned long shapes = 0, bad_s[2] = { 0, 0 }, bad_v[2] = { 0, 0 };
	uint32_t dx, dy, dz, i;
	unsigned int wsi;
	int ret;

	tap_diag("unpack: best path %s", avx2 ? "AVX2" : "scalar");
	/* every CUDA-legal block: x <= 1024, y <= 1024, z <= 64, x*y*z <= 1024 */
	for (dz = 1; dz <= 64; dz++)
		for (dy = 1; dy <= 1024 && dy * dz <= 1024; dy++)
			for (dx = 1; dx <= 1024 && dx * dy * dz <= 1024; dx++) {
				unsigned int mx = idxgen_ref_width(dx), my = idxgen_ref_width(dy);
				unsigned int mz = idxgen_ref_width(dz);

				shapes++;
				for (wsi = 0; wsi < 2; wsi++) {
					unsigned int ws = wsi ? 4 : 2;

					pack_ref(buf, dx, dy, dz, mx, my, ws);
					if (!unpack_matches(IDXGEN_UNPACK_SCALAR, buf, dx, dy, dz, mx,
							    my, mz, ws, x, y, z))
						bad_s[wsi]++;
					if (avx2 && !unpack_matches(IDXGEN_UNPACK_AVX2, buf, dx, dy,
								    dz, mx, my, mz, ws, x2, y2, z2))
						bad_v[wsi]++;
				}
			}
	tap_ok(!bad_s[0], "scalar == reference, 16-bit words, all %lu CUDA block shapes", shapes);
	tap_ok(!bad_s[1], "scalar == reference, 32-bit words, all %lu CUDA block shapes", shapes);
	if (avx2) {
		tap_ok(!bad_v[0], "AVX2 == reference, 16-bit words, all %lu shapes", shapes);
		tap_ok(!bad_v[1], "AVX2 == reference, 32-bit words, all %lu shapes", shapes);
	} else {
		tap_ok(idxgen_unpack_words_path(IDXGEN_UNPACK_AVX2, buf, 2, 1, 1, 1, 1, x, y, z) ==
		       -ENOTSUP, "no AVX2 here: forcing it gives -ENOTSUP");
		tap_skip("this CPU lacks AVX2", "AVX2 == reference, 16- and 32-bit words");
	}

	/* arbitrary bit patterns, every width split, odd lengths: paths agree bit for bit */
	srand(7);
	for (i = 0; i < 1040; i++)
		((uint16_t *)buf)[i * 2] = (uint16_t)rand(), ((uint16_t *)buf)[i * 2 + 1] = (uint16_t)rand();
	ret = 0;
	for (wsi = 0; wsi < 2 && avx2; wsi++) {
		unsigned int ws = wsi ? 4 : 2, mx, my, mz, len;

		for (mx = 0; mx <= 8 * ws; mx += 3)
			for (my = 0; mx + my <= 8 * ws; my += 5)
				for (mz = 0; mx + my + mz <= 8 * ws; mz += 7)
					for (len = 1000; len < 1040; len += 13) {
						idxgen_unpack_words_path(IDXGEN_UNPACK_SCALAR, buf, ws, mx, my, mz, len, x, y, z);
						idxgen_unpack_words_path(IDXGEN_UNPACK_AVX2, buf, ws, mx, my, mz, len, x2, y2, z2);
						if (memcmp(x, x2, len * 2) || memcmp(y, y2, len * 2) ||
						    memcmp(z, z2, len * 2))
							ret++;
					}
	}
	tap_ok(ret == 0, "scalar and AVX2 agree on random words for every width split and length");

	tap_ok(idxgen_unpack_words(buf, 3, 1, 1, 1, 4, x, y, z) == -EINVAL, "word size 3: -EINVAL");
	tap_ok(idxgen_unpack_words(buf, 2, 8, 8, 1, 4, x, y, z) == -EINVAL,
	       "17 bits in a 16-bit word: -EINVAL");
	tap_ok(idxgen_unpack_words(NULL, 2, 1, 1, 1, 4, x, y, z) == -EINVAL, "NULL words: -EINVAL");
	tap_ok(OK(idxgen_unpack_words(buf, 2, 1, 1, 1, 0, NULL, NULL, NULL)), "count 0 is fine");
	pack_ref(buf, 100, 2, 2, 7, 1, 2);
	memset(y, 0xff, sizeof(y));
	tap_ok(OK(idxgen_unpack_words(buf, 2, 7, 1, 1, 400, NULL, y, NULL)) && y[100] == 1 &&
	       y[99] == 0 && y[200] == 0, "NULL outputs are skipped");
	tap_ok(idxgen_unpack_words_path(9, buf, 2, 1, 1, 1, 1, x, y, z) == -EINVAL,
	       "unknown path: -EINVAL");
}

void test_iterator(void)
{
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg;
	struct idxgen_warp_iter it;
	const void *map;
	uint64_t warps = 0, threads = 0;
	uint32_t rx, ry, rz;
	unsigned int i, bad = 0, last = 0;
	uint16_t x[4], y[4], z[4];

	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	idxgen_region_alloc(dev, 4096, &reg);
	idxgen_config_init(&cfg, dev, 100, 2, 2, 32);
	idxgen_config_target(&cfg, reg, 64);
	idxgen_run(ctx, &cfg, NULL);
	idxgen_region_map(reg, &map);

	tap_ok(idxgen_warp_iter_init(&it, NULL, map) == -EINVAL &&
	       idxgen_warp_iter_init(&it, &cfg, NULL) == -EINVAL, "iterator: NULL arguments: -EINVAL");
	tap_ok(OK(idxgen_warp_iter_init(&it, &cfg, map)), "iterator over 100x2x2 warp 32");
	while (idxgen_warp_next(&it)) {
		if (it.warp != warps || it.first != threads)
			bad++;
		for (i = 0; i < it.count; i++) {
			idxgen_ref_index((uint32_t)(it.first + i), 100, 2, &rx, &ry, &rz);
			if (it.x[i] != rx || it.y[i] != ry || it.z[i] != rz)
				bad++;
		}
		threads += it.count;
		last = it.count;
		warps++;
	}
	tap_ok(warps == 13 && threads == 400 && last == 16 && bad == 0,
	       "13 warps, the last of 16 threads, all indices right");
	tap_ok(!idxgen_warp_next(&it), "stays at the end");

	tap_ok(OK(idxgen_config_unpack(&cfg, map, 398, 2, x, y, z)) && x[0] == 98 && y[0] == 1 &&
	       z[0] == 1 && x[1] == 99, "config_unpack of the last threads");
	tap_ok(idxgen_config_unpack(&cfg, map, 399, 2, x, y, z) == -EINVAL,
	       "config_unpack past the block: -EINVAL");
	idxgen_region_free(reg);
	idxgen_context_destroy(ctx);
}
