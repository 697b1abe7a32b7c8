// SPDX-License-Identifier: MIT
/*
 * test_lib_schedule.c - the libidxgen suite (test_lib.c): schedule orders (issue 9), against
 * tests/common/order_ref.h.
 */
#include "test_lib.h"
#include "order_ref.h"

void test_schedule(void)
{
	static const char *const good[] = { "sequential", "zigzag", "hilbert", "tiled:8x8",
					    "tiled:3x5", "strided:4,32", "strided:7,3",
					    "strided:1000,1", "tiled:1x1" };
	static const char *const bad[] = { "", "Hilbert", "tiled:", "tiled:0x4", "tiled:4x0",
					   "tiled:65536x1", "strided:0,1", "strided:4,0",
					   "strided:4,65536", "strided:4,", "tiled:8x8x", "zigzag:1",
					   "strided:99999999999,1", "tiled:-1x2" };
	static const uint32_t shapes[][3] = { { 32, 32, 1 }, { 17, 9, 3 }, { 1024, 1, 1 },
					      { 1, 1000, 1 }, { 8, 8, 16 }, { 33, 31, 1 } };
	struct idxgen_schedule s, tab[16];
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg;
	struct idxgen_job_result res;
	struct idxgen_warp_iter it;
	char name[32];
	const void *map;
	uint32_t *ref = malloc(sizeof(*ref) * 1024);
	size_t i, k;
	int n, has = !!(info.features & IDXGEN_FEAT_SCHED_ORDERS), parse_ok = 1, bad_ok = 1;

	for (i = 0; i < sizeof(good) / sizeof(good[0]); i++)
		if (idxgen_schedule_parse(good[i], &s) ||
		    idxgen_schedule_format(&s, name, sizeof(name)) < 0 ||
		    (strcmp(name, good[i]) && !(i == 0 && !strcmp(name, "sequential"))) ||
		    strcmp(s.name, name))
			parse_ok = 0;
	tap_ok(parse_ok, "schedule_parse/format round trip on %zu texts",
	       sizeof(good) / sizeof(good[0]));
	for (i = 0; i < sizeof(bad) / sizeof(bad[0]); i++)
		if (idxgen_schedule_parse(bad[i], &s) != -EINVAL) {
			bad_ok = 0;
			tap_diag("accepted '%s'", bad[i]);
		}
	tap_ok(bad_ok, "schedule_parse rejects %zu malformed texts with -EINVAL",
	       sizeof(bad) / sizeof(bad[0]));
	tap_ok(OK(idxgen_schedule_parse("tiled:8", &s)) && s.tile_w == 8 && s.tile_h == 8 &&
	       OK(idxgen_schedule_parse("strided:4", &s)) && s.granularity == 1,
	       "short forms tiled:N and strided:S");

	idxgen_config_init(&cfg, dev, 16, 16, 1, 0);
	memset(&s, 0, sizeof(s));
	s.order = 5;
	tap_ok(idxgen_config_schedule(&cfg, &s) == -EINVAL, "config_schedule: unknown order -EINVAL");
	s.order = IDXGEN_SCHED_ZIGZAG;
	s.stride = 2;
	tap_ok(idxgen_config_schedule(&cfg, &s) == -EINVAL,
	       "config_schedule: a parameter the order does not use -EINVAL");
	s.order = IDXGEN_SCHED_TILED;
	s.stride = 0;
	tap_ok(idxgen_config_schedule(&cfg, &s) == -EINVAL && cfg.order == 0,
	       "config_schedule: tile 0x0 -EINVAL, config unchanged");
	tap_ok(OK(idxgen_config_schedule(&cfg, NULL)) && cfg.order == 0,
	       "config_schedule(NULL) is sequential");

	/* the default firmware's table: the emulation's, and the VM's devices' */
	n = idxgen_schedule_table(dev, tab, 16);
	if (has)
		tap_ok(n == 14 && !strcmp(tab[0].name, "sequential") &&
		       !strcmp(tab[13].name, "hilbert") && tab[10].order == IDXGEN_SCHED_TILED &&
		       tab[10].tile_w == 8 && tab[10].tile_h == 8 && !tab[10].stride &&
		       !strcmp(tab[7].name, "strided:4,32") && tab[7].stride == 4 &&
		       tab[7].granularity == 32 && !tab[7].tile_w,
		       "%s schedule table: the default firmware's 14 entries (%d)",
		       info.backend == IDXGEN_BACKEND_EMU ? "emu" : "drm", n);
	else
		tap_ok(n == 0, "schedule table without schedule orders: none (%d)", n);
	tap_ok(idxgen_schedule_table(dev, tab, 2) == n &&
	       (!has || !strcmp(tab[1].name, "strided:2,1")) &&
	       idxgen_schedule_table(dev, NULL, 0) == n,
	       "schedule table: max below the count fills max, returns the count");
	tap_ok(idxgen_schedule_table(NULL, tab, 2) == -EINVAL &&
	       idxgen_schedule_table(dev, NULL, 2) == -EINVAL, "schedule table: bad arguments -EINVAL");
	for (i = 0, k = 0; has && n > 0 && i < (size_t)n; i++) {
		struct idxgen_schedule back;

		if (idxgen_schedule_parse(tab[i].name, &back) || memcmp(&back, &tab[i], sizeof(back)))
			k++;
	}
	tap_ok(k == 0, "every table entry's name parses back into the entry");

	if (!has) {
		idxgen_schedule_parse("hilbert", &s);
		idxgen_config_schedule(&cfg, &s);
		tap_ok(idxgen_config_validate(&cfg, dev) == -E2BIG,
		       "device without FEAT_SCHED_ORDERS: hilbert config -E2BIG");
		free(ref);
		return;
	}
	idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	idxgen_region_alloc(dev, 1 << 16, &reg);
	idxgen_region_map(reg, &map);
	for (k = 0; k < sizeof(shapes) / sizeof(shapes[0]); k++)
		for (i = 1; i < sizeof(good) / sizeof(good[0]); i++) {
			uint32_t dx = shapes[k][0], dy = shapes[k][1], dz = shapes[k][2];
			uint64_t p, threads = (uint64_t)dx * dy * dz, warps = 0, bad_words = 0;
			uint16_t tx, ty, tz;
			int ran;

			idxgen_schedule_parse(good[i], &s);
			idxgen_config_init(&cfg, dev, dx, dy, dz, 0);
			idxgen_config_schedule(&cfg, &s);
			idxgen_config_target(&cfg, reg, 128);
			ran = idxgen_run(ctx, &cfg, &res);
			idxgen_order_ref_plane(ref, s.order, dx, dy, s.stride, s.granularity,
					       s.tile_w, s.tile_h);
			idxgen_warp_iter_init(&it, &cfg, map);
			while (idxgen_warp_next(&it)) {
				for (p = 0; p < it.count; p++) {
					uint64_t pos = it.first + p, lin = ref[pos % (dx * dy)];

					if (it.x[p] != lin % dx || it.y[p] != lin / dx ||
					    it.z[p] != pos / (dx * dy))
						bad_words++;
				}
				warps++;
			}
			/* position -> thread on a few positions */
			for (p = 0; p < threads; p += threads / 7 + 1) {
				uint64_t lin = ref[p % (dx * dy)];

				if (idxgen_config_thread_at(&cfg, p, &tx, &ty, &tz) ||
				    tx != lin % dx || ty != lin / dx || tz != p / (dx * dy))
					bad_words++;
			}
			tap_ok(ran == 0 && !res.hit && bad_words == 0 && warps == res.warps &&
			       idxgen_config_thread_at(&cfg, threads, &tx, &ty, &tz) == -EINVAL,
			       "%ux%ux%u %s: warp iterator and thread_at in issue order == reference",
			       dx, dy, dz, good[i]);
		}
	/* history: same block, another order misses; the same order again hits */
	idxgen_config_init(&cfg, dev, 32, 32, 1, 0);
	idxgen_config_target(&cfg, reg, 0);
	idxgen_schedule_parse("hilbert", &s);
	idxgen_config_schedule(&cfg, &s);
	idxgen_run(ctx, &cfg, &res);
	idxgen_run(ctx, &cfg, &res);
	tap_ok(res.hit, "history: hilbert twice hits");
	idxgen_schedule_parse("zigzag", &s);
	idxgen_config_schedule(&cfg, &s);
	idxgen_run(ctx, &cfg, &res);
	tap_ok(!res.hit, "history: zigzag after hilbert on the same block misses");
	idxgen_config_schedule(&cfg, NULL);
	idxgen_run(ctx, &cfg, &res);
	tap_ok(!res.hit, "history: sequential after zigzag misses");
	idxgen_region_free(reg);
	idxgen_context_destroy(ctx);
	free(ref);
}
