/* hello.c - a 32x64x1 block twice (miss, then history hit) and a few of its indices. */
#include <stdio.h>
#include <idxgen.h>

int main(void)
{
	struct idxgen_device *dev; struct idxgen_context *ctx; struct idxgen_region *reg;
	struct idxgen_config cfg; struct idxgen_job_result res; const void *map;
	uint16_t x[4], y[4], z[4];
	int err = 0, i;

	if ((err = idxgen_open(0, 0, &dev)) ||	/* IDXGEN_BACKEND=emu: no device needed */
	    (err = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx)) ||
	    (err = idxgen_region_alloc(dev, 1 << 16, &reg)) ||
	    (err = idxgen_config_init(&cfg, dev, 32, 64, 1, 0)) ||	/* 0: device's warp */
	    (err = idxgen_config_target(&cfg, reg, 0)))
		return fprintf(stderr, "hello: %s\n", idxgen_strerror(err)), 1;
	for (i = 0; i < 2 && !(err = idxgen_run(ctx, &cfg, &res)); i++)
		printf("run %d: %s, %llu warps, %llu cycles\n", i, res.hit ? "hit" : "miss",
		       (unsigned long long)res.warps, (unsigned long long)res.cycles);
	if (err || (err = idxgen_region_map(reg, &map)) ||
	    (err = idxgen_config_unpack(&cfg, map, 1020, 4, x, y, z)))
		return fprintf(stderr, "hello: %s\n", idxgen_strerror(err)), 1;
	for (i = 0; i < 4; i++)
		printf("thread %d = (%u, %u, %u)\n", 1020 + i, x[i], y[i], z[i]);
	idxgen_close(dev);	/* also frees the context and the region */
	return 0;
}
