// SPDX-License-Identifier: MIT
/*
 * discover.c - find idxgen accelerators on the PCI bus with libpci and
 * map each to its accel node through sysfs.
 *
 * libdrm enumerates DRM primary/render nodes but not accel nodes, so the
 * node is found from the PCI side: the driver's accel minor appears as
 * /sys/bus/pci/devices/<addr>/accel/accelN.
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <dirent.h>
#include <errno.h>
#include <setjmp.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <pci/pci.h>

#include "internal.h"

#define SYSFS_PCI "/sys/bus/pci/devices"

static int read_line(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "re");
	char *nl;

	if (!f)
		return -errno;
	if (!fgets(buf, (int)len, f)) {
		fclose(f);
		return -EIO;
	}
	fclose(f);
	nl = strchr(buf, '\n');
	if (nl)
		*nl = 0;
	return 0;
}

static void find_accel_node(struct idxgen_pci_info *pi)
{
	char path[128];
	struct dirent *de;
	DIR *d;

	pi->accel_minor = -1;
	snprintf(path, sizeof(path), SYSFS_PCI "/%s/accel", pi->pci_addr);
	d = opendir(path);
	if (!d)
		return;
	while ((de = readdir(d))) {
		int minor;

		if (sscanf(de->d_name, "accel%d", &minor) == 1) {
			pi->accel_minor = minor;
			snprintf(pi->dev_node, sizeof(pi->dev_node), "/dev/accel/accel%d", minor);
			break;
		}
	}
	closedir(d);
}

/*
 * The link from sysfs (readable without privileges), else from the PCIe
 * capability's link status register through libpci.
 */
static void find_link(struct pci_dev *pd, struct idxgen_pci_info *pi)
{
	char path[128], buf[32];
	struct pci_cap *cap;

	snprintf(path, sizeof(path), SYSFS_PCI "/%s/current_link_speed", pi->pci_addr);
	if (!read_line(path, buf, sizeof(buf)) && strcmp(buf, "Unknown")) {
		char *p = strstr(buf, " PCIe");	/* newer kernels append the generation */

		if (p)
			*p = 0;
		buf[sizeof(pi->link_speed) - 1] = 0;
		memcpy(pi->link_speed, buf, sizeof(pi->link_speed));
	}
	snprintf(path, sizeof(path), SYSFS_PCI "/%s/current_link_width", pi->pci_addr);
	if (!read_line(path, buf, sizeof(buf)))
		pi->link_width = (uint8_t)strtoul(buf, NULL, 0);
	if (pi->link_speed[0] && pi->link_width)
		return;

	cap = pci_find_cap(pd, PCI_CAP_ID_EXP, PCI_CAP_NORMAL);
	if (cap) {
		static const char *const speeds[] = { "", "2.5 GT/s", "5.0 GT/s", "8.0 GT/s",
						      "16.0 GT/s", "32.0 GT/s", "64.0 GT/s" };
		uint16_t sta = pci_read_word(pd, cap->addr + PCI_EXP_LNKSTA);
		unsigned int sp = sta & PCI_EXP_LNKSTA_SPEED;

		if (!pi->link_speed[0] && sp < sizeof(speeds) / sizeof(speeds[0]))
			snprintf(pi->link_speed, sizeof(pi->link_speed), "%s", speeds[sp]);
		if (!pi->link_width)
			pi->link_width = (sta & PCI_EXP_LNKSTA_WIDTH) >> 4;
	}
}

static int cmp_info(const void *a, const void *b)
{
	return strcmp(((const struct idxgen_pci_info *)a)->pci_addr,
		      ((const struct idxgen_pci_info *)b)->pci_addr);
}

static void pci_quiet(char *msg, ...)
{
	(void)msg;
}

/*
 * libpci's error callback must not return (the default one calls exit()),
 * and a library must never exit: jump back to idxgen_discover() instead.
 */
static __thread jmp_buf *pci_jmp;

static void __attribute__((noreturn)) pci_fail(char *msg, ...)
{
	(void)msg;
	longjmp(*pci_jmp, 1);
}

int idxgen_discover(struct idxgen_pci_info *list, unsigned int max)
{
	struct idxgen_pci_info *volatile all = NULL;
	struct idxgen_pci_info *tmp;
	struct pci_access *volatile pacc;
	struct pci_dev *pd;
	volatile unsigned int n = 0, cap = 0;
	jmp_buf jb;

	/* No PCI sysfs (a container, say): no devices rather than an error. */
	if (access(SYSFS_PCI, R_OK))
		return 0;
	pacc = pci_alloc();
	if (!pacc)
		return -ENOMEM;
	pacc->warning = pci_quiet;
	pacc->debug = pci_quiet;
	pacc->error = pci_fail;
	pacc->method = PCI_ACCESS_SYS_BUS_PCI;
	pci_jmp = &jb;
	if (setjmp(jb)) {
		pci_cleanup(pacc);
		free(all);
		return -EIO;
	}
	pci_init(pacc);
	pci_scan_bus(pacc);
	for (pd = pacc->devices; pd; pd = pd->next) {
		struct idxgen_pci_info *pi;

		pci_fill_info(pd, PCI_FILL_IDENT | PCI_FILL_NUMA_NODE | PCI_FILL_CLASS_EXT | PCI_FILL_CAPS);
		if (pd->vendor_id != IDXGEN_PCI_VENDOR_ID || pd->device_id != IDXGEN_PCI_DEVICE_ID)
			continue;
		if (n == cap) {
			cap = cap ? cap * 2 : 4;
			tmp = realloc(all, cap * sizeof(*all));
			if (!tmp) {
				free(all);
				pci_cleanup(pacc);
				return -ENOMEM;
			}
			all = tmp;
		}
		pi = &all[n++];
		memset(pi, 0, sizeof(*pi));
		snprintf(pi->pci_addr, sizeof(pi->pci_addr), "%04x:%02x:%02x.%d",
			 pd->domain, pd->bus, pd->dev, pd->func);
		pi->vendor_id = pd->vendor_id;
		pi->device_id = pd->device_id;
		pi->revision = pd->rev_id;
		pi->numa_node = pd->numa_node;
		pi->backend = IDXGEN_BACKEND_DRM;
		find_link(pd, pi);
		find_accel_node(pi);
	}
	pci_cleanup(pacc);
	/* bus order, so that index N means the same device every time */
	if (n)
		qsort(all, n, sizeof(*all), cmp_info);
	if (list && n)
		memcpy(list, all, (n < max ? n : max) * sizeof(*all));
	free(all);
	return (int)n;
}

/* "00:03.0" or "0000:00:03.0" (any case) to the canonical "0000:00:03.0". */
int idxgen_normalize_pci_addr(const char *in, char out[16])
{
	unsigned int dom = 0, bus, dev, fn;
	char tail;

	if (sscanf(in, "%x:%x:%x.%x%c", &dom, &bus, &dev, &fn, &tail) == 4) {
		/* full form */
	} else if (dom = 0, sscanf(in, "%x:%x.%x%c", &bus, &dev, &fn, &tail) == 3) {
		/* short form, domain 0 */
	} else {
		return -EINVAL;
	}
	if (dom > 0xffff || bus > 0xff || dev > 0x1f || fn > 7)
		return -EINVAL;
	snprintf(out, 16, "%04x:%02x:%02x.%u", dom, bus, dev, fn);
	return 0;
}
