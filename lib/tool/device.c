// SPDX-License-Identifier: MIT
/*
 * device.c - `idxgen list`, `idxgen info`, `idxgen stats`: the devices on
 * the bus, one device's capabilities and its counters.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <inttypes.h>
#include <stddef.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_hw.h"
#include "print.h"
#include "tool.h"

static const char help_list[] =
"NAME\n"
"    idxgen list - list idxgen accelerators\n"
"\n"
"SYNOPSIS\n"
"    idxgen list [--json]\n"
"\n"
"DESCRIPTION\n"
"    Scans the PCI bus (libpci) for the idxgen vendor/device ID and shows,\n"
"    per device: its index (for --device), PCI address, accel device node\n"
"    (\"-\" when no driver is bound), NUMA node and PCIe link.  With the\n"
"    emulation backend the list holds the one emulated device.\n"
"\n"
"    A node this user may not open is marked \"(no permission)\", the reason\n"
"    and the remedy (the render group) go to standard error and the exit\n"
"    status is 1; --json gives \"accessible\": false.\n";

static const char help_info[] =
"NAME\n"
"    idxgen info - show a device's capabilities\n"
"\n"
"SYNOPSIS\n"
"    idxgen [--device N|ADDR] info [--json]\n"
"\n"
"DESCRIPTION\n"
"    Driver and firmware versions, lanes (the warp size: threads generated\n"
"    per clock), block limits, history entries, config queues, supported\n"
"    word sizes, generator clock, index memory and the shared region's size.\n";

static const char help_stats[] =
"NAME\n"
"    idxgen stats - show a device's counters\n"
"\n"
"SYNOPSIS\n"
"    idxgen [--device N|ADDR] stats [--json]\n"
"\n"
"DESCRIPTION\n"
"    Firmware version, jobs completed, history hits and misses, jobs with a\n"
"    device error, warps generated, busy cycles and busy time, from the\n"
"    driver's sysfs attributes of the PCI device (counters since the device\n"
"    was reset).  The emulation's counters cover the current process only.\n";

/*
 * A node that exists but that this user may not open: the usual first
 * problem on a new machine.  Returns the errno of the check (0: usable).
 */
static int node_denied(const char *node)
{
	if (!node[0] || access(node, R_OK | W_OK) == 0)
		return 0;
	return errno == EACCES || errno == EPERM ? errno : 0;
}

static void explain_denied(const char *node)
{
	fprintf(stderr,
		"idxgen: list: %s exists but cannot be opened: %s.\n"
		"idxgen: list: the idxgen udev rule (70-idxgen.rules) gives accel nodes group\n"
		"idxgen: list: 'render', mode 0660: run 'sudo adduser $USER render' and log in\n"
		"idxgen: list: again, or use the local session (uaccess), or --emu.\n",
		node, strerror(node_denied(node)));
}

static void list_one(int i, const struct idxgen_pci_info *d)
{
	int emu = d->backend == IDXGEN_BACKEND_EMU;
	char link[32] = "-", numa[12] = "-";

	if (d->link_width)
		snprintf(link, sizeof(link), "%s x%u", d->link_speed, d->link_width);
	if (d->numa_node >= 0)
		snprintf(numa, sizeof(numa), "%d", d->numa_node);
	print_open_object(NULL);
	print_int(PRINT_ANY, "index", "%-5d ", i);
	print_string(PRINT_ANY, "pci_address", "%-13s ", d->pci_addr);
	print_string(PRINT_JSON, "node", NULL, d->dev_node);
	print_string(PRINT_FP, NULL, "%-18s ",
		     d->dev_node[0] ? d->dev_node : (emu ? "(in-process)" : "-"));
	print_int(PRINT_JSON, "numa_node", NULL, d->numa_node);
	print_string(PRINT_FP, NULL, "%-5s ", numa);
	print_string(PRINT_JSON, "link_speed", NULL, d->link_speed);
	print_uint(PRINT_JSON, "link_width", NULL, d->link_width);
	print_string(PRINT_FP, NULL, "%s", link);
	print_uint(PRINT_JSON, "revision", NULL, d->revision);
	print_string(PRINT_JSON, "backend", NULL, emu ? "emu" : "drm");
	print_bool(PRINT_JSON, "accessible", NULL,
		   emu || (d->dev_node[0] && !node_denied(d->dev_node)));
	print_text("%s\n", node_denied(d->dev_node) ? "  (no permission)" : "");
	print_close_object();
}

static int list_show(void)
{
	struct idxgen_pci_info l[32];
	int n, i;

	n = idxgen_list(l, 32);
	if (n < 0)
		return fail(1, "%s", idxgen_strerror(n));
	if (n > 32)
		n = 32;
	if (!n && !opt_json) {
		printf("no idxgen devices found\n");
		return 0;
	}
	print_text("%-5s %-13s %-18s %-5s %s\n", "INDEX", "PCI", "NODE", "NUMA", "LINK");
	print_open_array(NULL);
	for (i = 0; i < n; i++)
		list_one(i, &l[i]);
	print_close_array();
	print_end();
	if (opt_json)
		return 0;
	for (i = 0; i < n; i++) {
		if (node_denied(l[i].dev_node)) {
			explain_denied(l[i].dev_node);
			return 1;
		}
	}
	return 0;
}

int cmd_list(int argc, char **argv)
{
	return simple_cmd(argc, argv, help_list, list_show);
}

static void info_print(const struct idxgen_info *in)
{
	int emu = in->backend == IDXGEN_BACKEND_EMU;
	char fw[16], drv[40], hw[24];

	fmt_fw(in->fw_version, fw, sizeof(fw));
	snprintf(drv, sizeof(drv), "%d.%d.%d", in->driver_major, in->driver_minor,
		 in->driver_patch);
	snprintf(hw, sizeof(hw), "%u.%u", in->hw_version >> 16, in->hw_version & 0xffff);

	print_open_object(NULL);
	print_string(PRINT_JSON, "backend", NULL, emu ? "emu" : "drm");
	print_string(PRINT_ANY, "pci_address", "device          %s", in->pci_addr);
	print_string(PRINT_ANY, "node", in->dev_node[0] ? "  %s\n" : "%s\n", in->dev_node);
	print_text("backend         %s\n",
		   emu ? "emulation (in-process generator model)" : "DRM accel driver");
	print_string(PRINT_ANY, "driver", "driver          %s", in->driver);
	print_string(PRINT_ANY, "driver_version", " %s\n", drv);
	print_string(PRINT_ANY, "hw_version", "interface       %s", hw);
	print_text(" (PCI %04x:%04x", in->pci_id >> 16, in->pci_id & 0xffff);
	print_uint(PRINT_ANY, "revision", " rev %u)\n", in->revision);
	print_string(PRINT_JSON, "fw_version", NULL, fw);
	print_text("firmware        %s\n", in->fw_version ? fw : "none loaded");
	print_uint(PRINT_ANY, "lanes", "lanes           %u (warp size: threads per clock)\n",
		   in->lanes);
	print_uint(PRINT_ANY, "max_threads", "block limits    %u threads, ", in->max_threads);
	print_open_array("max_dim");
	print_uint(PRINT_ANY, NULL, "%u x ", in->max_dim[0]);
	print_uint(PRINT_ANY, NULL, "%u x ", in->max_dim[1]);
	print_uint(PRINT_ANY, NULL, "%u\n", in->max_dim[2]);
	print_close_array();
	print_uint(PRINT_ANY, "hist_entries", "history         %u entries\n", in->hist_entries);
	print_uint(PRINT_ANY, "queues", "config queues   %u\n", in->num_queues);
	print_uint(PRINT_JSON, "features", NULL, in->features);
	print_text("word sizes      %s%s\n", in->features & IDXGEN_FEAT_WORD16 ? "16-bit " : "",
		   in->features & IDXGEN_FEAT_WORD32 ? "32-bit" : "");
	print_uint(PRINT_JSON, "clock_khz", NULL, in->clock_khz);
	print_text("clock           %u.%03u MHz\n", in->clock_khz / 1000, in->clock_khz % 1000);
	print_u64(PRINT_JSON, "imem_size", NULL, in->imem_size);
	print_u64(PRINT_JSON, "shared_size", NULL, in->shared_size);
	print_u64(PRINT_JSON, "dedicated_free", NULL, in->dedicated_free);
	print_text("index memory    %" PRIu64 " KiB (shared region %" PRIu64 " KiB, %" PRIu64
		   " KiB free for dedicated regions)\n", in->imem_size >> 10,
		   in->shared_size >> 10, in->dedicated_free >> 10);
	print_close_object();
	print_end();
}

static int ask_info(struct idxgen_device *dev, void *out)
{
	return idxgen_get_info(dev, out);
}

static int ask_stats(struct idxgen_device *dev, void *out)
{
	return idxgen_get_stats(dev, out);
}

/* Open the device, ask it one thing, close it: 0 or the failure's exit status. */
static int ask_device(int (*ask)(struct idxgen_device *, void *), void *out, const char *what)
{
	struct idxgen_device *dev;
	int ret = open_device(&dev);

	if (ret)
		return ret;
	ret = ask(dev, out);
	idxgen_close(dev);
	return ret ? fail(1, "%s%s", what, idxgen_strerror(ret)) : 0;
}

static int info_show(void)
{
	struct idxgen_info in;
	int ret = ask_device(ask_info, &in, "");

	if (!ret)
		info_print(&in);
	return ret;
}

int cmd_info(int argc, char **argv)
{
	return simple_cmd(argc, argv, help_info, info_show);
}

static const struct {
	uint32_t bit;
	const char *label, *json;
	size_t off;
} stat_fields[] = {
	{ IDXGEN_STAT_JOBS, "jobs", "jobs", offsetof(struct idxgen_stats, jobs) },
	{ IDXGEN_STAT_HITS, "history hits", "hits", offsetof(struct idxgen_stats, hits) },
	{ IDXGEN_STAT_MISSES, "history misses", "misses", offsetof(struct idxgen_stats, misses) },
	{ IDXGEN_STAT_ERRORS, "errors", "errors", offsetof(struct idxgen_stats, errors) },
	{ IDXGEN_STAT_WARPS, "warps generated", "warps", offsetof(struct idxgen_stats, warps) },
	{ IDXGEN_STAT_BUSY_CYCLES, "busy cycles", "busy_cycles",
	  offsetof(struct idxgen_stats, busy_cycles) },
	{ IDXGEN_STAT_BUSY_NS, "busy time", "busy_ns", offsetof(struct idxgen_stats, busy_ns) },
};
#define NSTATS (sizeof(stat_fields) / sizeof(stat_fields[0]))

static uint64_t stat_val(const struct idxgen_stats *st, unsigned int i)
{
	return *(const uint64_t *)((const char *)st + stat_fields[i].off);
}

static int stats_show(void)
{
	struct idxgen_stats st;
	unsigned int i;
	char fw[16];
	int ret;

	ret = ask_device(ask_stats, &st, "cannot read the counters: ");
	if (ret)
		return ret;
	print_open_object(NULL);
	print_text("%-16s", "firmware");
	print_string(PRINT_ANY, "fw_version", "%s\n", fmt_fw(st.fw_version, fw, sizeof(fw)));
	for (i = 0; i < NSTATS; i++) {
		if (!(st.valid & stat_fields[i].bit))
			continue;
		print_text("%-16s", stat_fields[i].label);
		print_u64(PRINT_ANY, stat_fields[i].json,
			  stat_fields[i].bit == IDXGEN_STAT_BUSY_NS ? "%" PRIu64 " ns\n"
								    : "%" PRIu64 "\n",
			  stat_val(&st, i));
	}
	if ((st.valid & IDXGEN_STAT_HITS) && (st.valid & IDXGEN_STAT_MISSES) && st.hits + st.misses)
		print_text("%-16s%.1f %%\n", "hit rate", 100.0 * st.hits / (st.hits + st.misses));
	print_close_object();
	print_end();
	return 0;
}

int cmd_stats(int argc, char **argv)
{
	return simple_cmd(argc, argv, help_stats, stats_show);
}
