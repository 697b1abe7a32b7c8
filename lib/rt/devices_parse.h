/* SPDX-License-Identifier: MIT */
/*
 * devices_parse.h - IDXGEN_DEVICES, read the same way by the runtime
 * (lib/rt/pool.c) and by the cooperative-warp runtime (lib/coop/coop_rt.c,
 * which compiles devices_parse.c into its own archive: libidxgen keeps its
 * internal symbols hidden).
 */
#ifndef IDXGEN_RT_DEVICES_PARSE_H
#define IDXGEN_RT_DEVICES_PARSE_H

/*
 * IDXGEN_DEVICES into idx[0..*n) (at most max, ndev devices here):
 * NULL, "" or "all" -> 0..ndev-1 (at least {0}: every device serves a
 * launch unless the variable restricts it); else distinct decimal indices
 * below ndev, comma-separated ("0": device 0 alone).  -EINVAL otherwise.
 */
int rt_devices_parse(const char *spec, unsigned int ndev, unsigned int max, unsigned int *idx,
		     unsigned int *n);

#endif
