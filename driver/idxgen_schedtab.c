// SPDX-License-Identifier: GPL-2.0-only
/*
 * idxgen: the device's schedule table (docs/design.md#schedule-orders), read
 * once at probe from registers 0x200..0x2ff, checked, and served by GET_PARAM
 * 32-47 (DRM_IDXGEN_PARAM_SCHED_*).
 *
 * The device is not trusted: a count or an entry that a descriptor could
 * not use means no table is reported at all (a partial table would list
 * configurations the firmware never named), with a warning; the device
 * itself stays usable, since a job's order fields are checked anyway.
 */
#include <drm/drm_print.h>

#include "idxgen_drv.h"

/* Why the entry's words are not a usable configuration, or NULL. */
static const char *idxgen_schedtab_entry_bad(u32 ow, u32 stride, u32 tw, u32 rsvd)
{
	u32 order = IDXGEN_SCHED_E_ORDER_OF(ow), gran = IDXGEN_SCHED_E_GRAN_OF(ow);
	u32 tile_w = IDXGEN_SCHED_E_TILE_W_OF(tw), tile_h = IDXGEN_SCHED_E_TILE_H_OF(tw);

	if (IDXGEN_SCHED_E_ORDER_RSVD(ow) || rsvd)
		return "reserved bits set";
	if (order >= IDXGEN_ORDER_COUNT)
		return "unknown order";
	switch (order) {
	case IDXGEN_ORDER_STRIDED:
		if (tw)
			return "unused parameter set";
		if (!stride)
			return "stride 0";
		if (!gran)
			return "granularity 0";
		return NULL;
	case IDXGEN_ORDER_TILED:
		if (stride || gran)
			return "unused parameter set";
		if (!tile_w || !tile_h)
			return "tile side 0";
		return NULL;
	default:
		return stride || gran || tw ? "unused parameter set" : NULL;
	}
}

/* Read and check the table; called at probe, after the firmware loaded. */
void idxgen_schedtab_probe(struct idxgen_device *idev)
{
	u64 tab[IDXGEN_SCHED_MAX_ENTRIES];
	u32 count, i;

	idev->schedtab.count = 0;
	if (!(idev->features & IDXGEN_FEAT_SCHED_ORDERS))
		return;
	count = idxgen_rd(idev, IDXGEN_REG_SCHED_COUNT);
	if (count > IDXGEN_SCHED_MAX_ENTRIES) {
		drm_warn(&idev->drm, "schedule table: count %u above %u; no table reported\n",
			 count, IDXGEN_SCHED_MAX_ENTRIES);
		return;
	}
	for (i = 0; i < count; i++) {
		u32 reg = IDXGEN_REG_SCHED_ENTRY(i);
		u32 ow = idxgen_rd(idev, reg + IDXGEN_SCHED_E_ORDER);
		u32 stride = idxgen_rd(idev, reg + IDXGEN_SCHED_E_STRIDE);
		u32 tw = idxgen_rd(idev, reg + IDXGEN_SCHED_E_TILE);
		u32 rsvd = idxgen_rd(idev, reg + IDXGEN_SCHED_E_RSVD);
		const char *why = idxgen_schedtab_entry_bad(ow, stride, tw, rsvd);

		if (why) {
			drm_warn(&idev->drm,
				 "schedule table: entry %u %s (%#x %#x %#x %#x); no table reported\n",
				 i, why, ow, stride, tw, rsvd);
			return;
		}
		/* unused parameters are 0 (checked above): the fields share bits */
		tab[i] = DRM_IDXGEN_SCHED_PACK(IDXGEN_SCHED_E_ORDER_OF(ow), stride,
					       IDXGEN_SCHED_E_GRAN_OF(ow),
					       IDXGEN_SCHED_E_TILE_W_OF(tw),
					       IDXGEN_SCHED_E_TILE_H_OF(tw));
	}
	memcpy(idev->schedtab.entries, tab, count * sizeof(tab[0]));
	idev->schedtab.count = count;
}

int idxgen_schedtab_get_param(struct idxgen_device *idev, u32 param, u64 *value)
{
	u32 i;

	if (param == DRM_IDXGEN_PARAM_SCHED_COUNT) {
		*value = idev->schedtab.count;
		return 0;
	}
	i = param - DRM_IDXGEN_PARAM_SCHED_ENTRY(0);
	if (param < DRM_IDXGEN_PARAM_SCHED_ENTRY(0) || i >= idev->schedtab.count)
		return -EINVAL;
	*value = idev->schedtab.entries[i];
	return 0;
}
