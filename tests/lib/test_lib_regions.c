// SPDX-License-Identifier: MIT
/*
 * test_lib_regions.c - the libidxgen suite (test_lib.c): dedicated and shared regions.
 */
#include "test_lib.h"

void test_regions(void)
{
	struct idxgen_region *r, *s1, *s2, *many[256];
	struct idxgen_info after;
	struct idxgen_config c;
	const void *m1, *m2;
	unsigned int i, n;
	int ret;

	tap_ok(idxgen_region_alloc(dev, 0, &r) == -EINVAL && r == NULL, "alloc size 0: -EINVAL");
	tap_ok(idxgen_region_alloc(NULL, 4096, &r) == -EINVAL, "alloc on NULL device: -EINVAL");
	ret = idxgen_region_alloc(dev, info.imem_size * 2, &r);
	tap_ok(ret == -EINVAL || ret == -ENOSPC, "alloc above index memory: %s", idxgen_strerror(ret));
	ret = idxgen_region_alloc(dev, 1, &r);
	tap_ok(ret == 0 && idxgen_region_size(r) == 4096 && !idxgen_region_is_shared(r),
	       "alloc 1 byte rounds up to a page");
	ret = idxgen_region_map(r, &m1);
	tap_ok(ret == 0 && m1 && OK(idxgen_region_map(r, &m2)) && m1 == m2,
	       "map: one read-only mapping shared by callers");
	for (i = 0; i < 4096 && ((const uint8_t *)m1)[i] == 0; i++)
		;
	tap_ok(i == 4096, "a new dedicated region reads as zeros");
	tap_ok(idxgen_region_map(r, NULL) == -EINVAL && idxgen_region_map(NULL, &m2) == -EINVAL,
	       "map: NULL arguments: -EINVAL");

	idxgen_config_init(&c, dev, 32, 64, 1, 32);
	tap_ok(idxgen_config_target(&c, r, 2) == -EINVAL, "target: output past the region: -EINVAL");
	tap_ok(idxgen_config_target(&c, r, 1) == -EINVAL, "target: misaligned offset: -EINVAL");
	tap_ok(idxgen_config_target(&c, NULL, 0) == -EINVAL, "target: NULL region: -EINVAL");
	tap_ok(OK(idxgen_config_target(&c, r, 0)), "target: 4096 bytes fit exactly");
	tap_ok(idxgen_region_free(NULL) == -EINVAL, "free NULL: -EINVAL");
	tap_ok(OK(idxgen_region_free(r)), "free");

	ret = idxgen_region_shared(dev, &s1);
	tap_ok(ret == 0 && idxgen_region_is_shared(s1) && idxgen_region_size(s1) == info.shared_size,
	       "shared region, size %" PRIu64, info.shared_size);
	ret = idxgen_region_shared(dev, &s2);
	tap_ok(ret == 0 && OK(idxgen_region_map(s2, &m2)), "a second handle to the shared region");
	tap_ok(OK(idxgen_region_free(s1)) && OK(idxgen_region_map(s2, &m1)) && m1 == m2,
	       "freeing one shared handle leaves the other usable");
	idxgen_region_free(s2);

	/* fill the dedicated pool, then give it all back */
	for (n = 0; n < 256; n++) {
		ret = idxgen_region_alloc(dev, info.imem_size / 16, &many[n]);
		if (ret)
			break;
	}
	tap_ok(n > 0 && n < 256 && ret == -ENOSPC, "pool full after %u regions: -ENOSPC", n);
	for (i = 0; i < n; i++)
		idxgen_region_free(many[i]);
	ret = idxgen_get_info(dev, &after);
	tap_ok(ret == 0 && after.dedicated_free == info.dedicated_free,
	       "freed regions give their memory back (%" PRIu64 " free)", after.dedicated_free);
}
