// SPDX-License-Identifier: MIT
/*
 * idxgen-stress drmcore: the two DRM-core bugs of issue 8 item 10.
 */
#include "stress.h"

/*
 * Debug kernel only (check.suites "debug:"): on an unpatched 6.12 the first
 * two oops (NULL file_priv->master on an accel file) and the third WARNs in
 * the page allocator.  tests/vm/kernel/patches 0001 and 0002 fix them.
 */
int mode_drmcore(const char *which)
{
	struct dev d;
	struct drm_unique u = {0};
	struct drm_auth a = {0};
	struct drm_syncobj_wait w = {0};
	char name[64];
	uint32_t so, *handles;
	unsigned int t0 = taint(), i, n = 0x80000;
	int r;

	if (!tap_ok(dev_open(&d, 0) == 0, "open accel0"))
		return tap_done();
	if (!strcmp(which, "syncobj"))
		goto syncobj;
	u.unique_len = sizeof(name);
	u.unique = name;
	r = ioctl1(d.fd, DRM_IOCTL_GET_UNIQUE, &u);
	tap_ok(r == -EINVAL, "GET_UNIQUE on an accel file (no master) -> EINVAL (%d)", r);
	r = ioctl1(d.fd, DRM_IOCTL_GET_MAGIC, &a);
	tap_ok(r == -EINVAL, "GET_MAGIC on an accel file (no master) -> EINVAL (%d)", r);
	if (!strcmp(which, "master"))
		goto out;
syncobj:
	if (!tap_ok(drmSyncobjCreate(d.fd, DRM_SYNCOBJ_CREATE_SIGNALED, &so) == 0,
		    "syncobj created"))
		return tap_done();
	w.handles = (uintptr_t)&so;
	w.count_handles = 0x40000000;
	w.timeout_nsec = 0;
	r = ioctl1(d.fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
	tap_ok(r == -ENOMEM || r == -EFAULT,
	       "SYNCOBJ_WAIT count_handles 0x40000000 -> ENOMEM/EFAULT (%d)", r);
	/* A count whose handle array fits but whose wait entries do not. */
	handles = malloc(n * sizeof(*handles));
	for (i = 0; handles && i < n; i++)
		handles[i] = so;
	w.handles = (uintptr_t)handles;
	w.count_handles = n;
	r = handles ? ioctl1(d.fd, DRM_IOCTL_SYNCOBJ_WAIT, &w) : -ENOMEM;
	tap_ok(r == 0 || r == -ENOMEM,
	       "SYNCOBJ_WAIT with 0x80000 copies of one handle -> 0/ENOMEM (%d)", r);
	free(handles);
	w.handles = (uintptr_t)&so;
	w.count_handles = 1;
	r = ioctl1(d.fd, DRM_IOCTL_SYNCOBJ_WAIT, &w);
	tap_ok(r == 0, "SYNCOBJ_WAIT of one signaled syncobj still works (%d)", r);
out:
	tap_ok(!((taint() & ~t0) & (TAINT_WARN | TAINT_DIE)),
	       "no WARN or oops taint from these ioctls (taint %#x -> %#x)", t0, taint());
	close(d.fd);
	return tap_done();
}
