// SPDX-License-Identifier: MIT
/*
 * idxgen - command-line front end of libidxgen: list devices, show their
 * capabilities, run kernel configurations, read the statistics, measure.
 *
 * Every failure is one line on stderr, "idxgen: <command>: <reason>", and a
 * non-zero exit status (1 runtime error, 2 usage error).
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include "idxgen.h"
#include "idxgen_hw.h"
#include "plot.h"
#include "idxgen_lock.h"
#include "tool.h"

const char *cmd_name;	/* NULL before the command is known */
const char *opt_device;		/* index or PCI address */
unsigned int opt_flags;
int opt_json;

int fail(int code, const char *fmt, ...)
{
	va_list ap;

	if (cmd_name)
		fprintf(stderr, "idxgen: %s: ", cmd_name);
	else
		fputs("idxgen: ", stderr);
	va_start(ap, fmt);
	vfprintf(stderr, fmt, ap);
	va_end(ap);
	fputc('\n', stderr);
	return code;
}

static double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

static int parse_uint(const char *s, unsigned long max, unsigned long *out)
{
	char *end;
	unsigned long v;

	if (!s || !*s || *s == '-')
		return -1;
	errno = 0;
	v = strtoul(s, &end, 0);
	if (errno || *end || v > max)
		return -1;
	*out = v;
	return 0;
}

/* "32x64x1", "32x64" or "1024": up to three dimensions, each 1..65535 */
static int parse_block(const char *s, uint32_t d[3])
{
	unsigned long v;
	char *end;
	int i;

	d[0] = d[1] = d[2] = 1;
	for (i = 0; i < 3; i++) {
		if (*s < '0' || *s > '9')
			return -1;
		errno = 0;
		v = strtoul(s, &end, 10);
		if (errno || !v || v > 65535)
			return -1;
		d[i] = (uint32_t)v;
		if (!*end)
			return 0;
		if (*end != 'x' && *end != 'X')
			return -1;
		s = end + 1;
	}
	return -1;
}

int common_opt(int opt)
{
	switch (opt) {
	case 'd': opt_device = optarg; return 1;
	case 'e': opt_flags |= IDXGEN_OPEN_EMU; return 1;
	case 'j': opt_json = 1; return 1;
	}
	return 0;
}

/* getopt's own messages are off (opterr = 0): one line of ours instead. */
int bad_option(char **argv)
{
	return fail(2, "unknown option or missing value '%s' (see 'idxgen %s --help')",
		    argv[optind - 1], cmd_name);
}

int open_device(struct idxgen_device **dev)
{
	unsigned long idx;
	int ret;

	const char *env = getenv("IDXGEN_BACKEND");

	if (!(opt_flags & IDXGEN_OPEN_EMU) && env && *env && strcmp(env, "emu") && strcmp(env, "drm"))
		return fail(2, "IDXGEN_BACKEND='%s': want 'emu' or 'drm'", env);
	if (!opt_device)
		ret = idxgen_open(0, opt_flags, dev);
	else if (!parse_uint(opt_device, 1000, &idx))
		ret = idxgen_open((unsigned int)idx, opt_flags, dev);
	else
		ret = idxgen_open_pci(opt_device, opt_flags, dev);
	if (ret)
		return fail(1, "cannot open device %s: %s", opt_device ? opt_device : "0",
			    idxgen_strerror(ret));
	return 0;
}

static const char *fmt_fw(uint32_t v, char *buf, size_t len)
{
	snprintf(buf, len, "%u.%u.%u", v >> 16, (v >> 8) & 0xff, v & 0xff);
	return buf;
}

/* ------------------------------------------------------------------ */
/* help texts                                                          */
/* ------------------------------------------------------------------ */

static const char help_main[] =
"NAME\n"
"    idxgen - drive the idxgen thread-index generator\n"
"\n"
"SYNOPSIS\n"
"    idxgen [--device N|ADDR] [--emu] [--json] COMMAND [OPTIONS]\n"
"    idxgen COMMAND --help\n"
"\n"
"DESCRIPTION\n"
"    The idxgen accelerator generates the packed 3-D thread indices of a\n"
"    CUDA-style thread block in index memory, one warp per clock, and skips\n"
"    the work when its history cache shows the indices are already there.\n"
"\n"
"COMMANDS\n"
"    list     the accelerators on the PCI bus and their device nodes\n"
"    info     capabilities and limits of one device\n"
"    run      run kernel configurations and show hit/miss, warps, cycles, time\n"
"    order    the order a schedule issues a block's threads in (grid, plot)\n"
"    stats    the device's job, hit and miss counters and busy time\n"
"    bench    submission rate and hit/miss latency\n"
"    locks    the arbiter: lock owners, waiters, priorities, counters\n"
"    schedules  the device's schedule table (named schedule orders)\n"
"\n"
"GLOBAL OPTIONS (before or after the command)\n"
"    -d, --device N|ADDR   device index of 'idxgen list' (default 0) or PCI\n"
"                          address (0000:00:03.0 or 00:03.0)\n"
"    -e, --emu             use the in-process emulation instead of a device\n"
"                          (same as IDXGEN_BACKEND=emu)\n"
"    -j, --json            machine-readable output (list, info, run, stats, bench, locks,\n"
"                          schedules)\n"
"    -h, --help            this text\n"
"\n"
"JSON OUTPUT\n"
"    The documents --json prints are described by the JSON Schema\n"
"    PREFIX/share/idxgen/idxgen.schema.json (/usr/share/idxgen with the\n"
"    packages), one definition per command.\n"
"\n"
"ENVIRONMENT\n"
"    IDXGEN_BACKEND=emu|drm   default backend (drm: the real device)\n"
"\n"
"EXIT STATUS\n"
"    0 success, 1 the operation failed (reason on stderr), 2 usage error.\n";

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

static const char help_run[] =
"NAME\n"
"    idxgen run - run kernel configurations on a device\n"
"\n"
"SYNOPSIS\n"
"    idxgen run --block DXxDYxDZ [--block ...] [--dedicated | --shared]\n"
"               [--warp N] [--repeat N] [--no-history] [--dump N] [--json]\n"
"               [--schedule ORDER]\n"
"\n"
"DESCRIPTION\n"
"    Runs one job per --block, in order, on one context, and prints per job:\n"
"    the block, the region, hit or miss in the history cache, warps\n"
"    generated, device cycles (and what they mean at the device clock) and\n"
"    the wall time from submission to completion.\n"
"\n"
"    With --dedicated (the default) each distinct block shape gets its own\n"
"    dedicated region, as a frequently launched kernel would: running the\n"
"    same shape again hits the history and costs only the filter cycles.\n"
"    With --shared every job writes the device's one shared region, so a\n"
"    job evicts the indices of the one before.\n"
"\n"
"OPTIONS\n"
"    -b, --block DXxDYxDZ  block dimensions, e.g. 32x64x1 (missing ones are 1);\n"
"                          repeatable\n"
"    -D, --dedicated       one dedicated region per block shape (default)\n"
"    -s, --shared          the shared region for every job\n"
"    -w, --warp N          iteration step / warp size (default: the device's lanes)\n"
"    -r, --repeat N        run the whole sequence N times (default 1)\n"
"    -n, --no-history      always generate (the job neither hits nor records)\n"
"    -u, --dump N          then print the first N indices of the last job, unpacked,\n"
"                          as a table of thread, warp, lane, x, y, z and packed word\n"
"                          (thread = output position: the issue order)\n"
"    -S, --schedule ORDER  the order the device issues threads in, for every job:\n"
"                          sequential (default), zigzag, hilbert, tiled:WxH,\n"
"                          strided:S,G (see `idxgen order`)\n"
"\n"
"EXAMPLES\n"
"    The patent's sequence: miss, miss, hit.\n"
"        idxgen run --block 32x64x1 --block 100x2x2 --block 32x64x1\n"
"    The first two warps of a block:\n"
"        idxgen run --block 32x64x1 --dump 64\n";

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

static const char help_bench[] =
"NAME\n"
"    idxgen bench - measure submission rate and history latency\n"
"\n"
"SYNOPSIS\n"
"    idxgen bench [--jobs N] [--batch N] [--block DXxDYxDZ] [--json]\n"
"\n"
"DESCRIPTION\n"
"    Runs --jobs jobs of the block (default 1024 jobs of 32x1x1) three ways\n"
"    and prints jobs per second: one at a time (submit, wait), pipelined\n"
"    (all submitted, then one wait) and in batches of --batch (default 64)\n"
"    configurations per submission.  Then the wall-clock latency of one\n"
"    job of the block when it misses and when it hits the history.\n"
"\n"
"OPTIONS\n"
"    -J, --jobs N          jobs per measurement (default 1024)\n"
"    -B, --batch N         configurations per submission (default 64, max 256)\n"
"    -b, --block DXxDYxDZ  block of the rate measurement (default 32x1x1);\n"
"                          the latency uses 32x32x1 (1024 threads)\n";

/* ------------------------------------------------------------------ */
/* list, info, stats                                                   */
/* ------------------------------------------------------------------ */

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

static int cmd_list(void)
{
	struct idxgen_pci_info l[32];
	int n, i, denied = 0;

	n = idxgen_list(l, 32);
	if (n < 0)
		return fail(1, "%s", idxgen_strerror(n));
	if (n > 32)
		n = 32;
	if (opt_json) {
		printf("[");
		for (i = 0; i < n; i++)
			printf("%s\n  {\"index\": %d, \"pci_address\": \"%s\", \"node\": \"%s\", "
			       "\"numa_node\": %d, \"link_speed\": \"%s\", \"link_width\": %u, "
			       "\"revision\": %u, \"backend\": \"%s\", \"accessible\": %s}",
			       i ? "," : "", i,
			       l[i].pci_addr, l[i].dev_node, l[i].numa_node, l[i].link_speed,
			       l[i].link_width, l[i].revision,
			       l[i].backend == IDXGEN_BACKEND_EMU ? "emu" : "drm",
			       l[i].backend == IDXGEN_BACKEND_EMU ||
			       (l[i].dev_node[0] && !node_denied(l[i].dev_node)) ? "true" : "false");
		printf("%s]\n", n ? "\n" : "");
		return 0;
	}
	if (!n) {
		printf("no idxgen devices found\n");
		return 0;
	}
	printf("%-5s %-13s %-18s %-5s %s\n", "INDEX", "PCI", "NODE", "NUMA", "LINK");
	for (i = 0; i < n; i++) {
		char link[32] = "-", numa[12] = "-";

		if (l[i].link_width)
			snprintf(link, sizeof(link), "%s x%u", l[i].link_speed, l[i].link_width);
		if (l[i].numa_node >= 0)
			snprintf(numa, sizeof(numa), "%d", l[i].numa_node);
		printf("%-5d %-13s %-18s %-5s %s%s\n", i, l[i].pci_addr,
		       l[i].dev_node[0] ? l[i].dev_node : (l[i].backend ? "(in-process)" : "-"),
		       numa, link, node_denied(l[i].dev_node) ? "  (no permission)" : "");
	}
	for (i = 0; i < n; i++) {
		if (node_denied(l[i].dev_node)) {
			explain_denied(l[i].dev_node);
			denied = 1;
			break;
		}
	}
	return denied;
}

static int cmd_info(void)
{
	struct idxgen_device *dev;
	struct idxgen_info in;
	char fw[16];
	int ret;

	ret = open_device(&dev);
	if (ret)
		return ret;
	ret = idxgen_get_info(dev, &in);
	idxgen_close(dev);
	if (ret)
		return fail(1, "%s", idxgen_strerror(ret));
	fmt_fw(in.fw_version, fw, sizeof(fw));
	if (opt_json) {
		printf("{\"backend\": \"%s\", \"pci_address\": \"%s\", \"node\": \"%s\", "
		       "\"driver\": \"%s\", \"driver_version\": \"%d.%d.%d\", "
		       "\"hw_version\": \"%u.%u\", \"fw_version\": \"%s\", \"revision\": %u, "
		       "\"lanes\": %u, \"max_threads\": %u, \"max_dim\": [%u, %u, %u], "
		       "\"hist_entries\": %u, \"queues\": %u, \"features\": %u, \"clock_khz\": %u, "
		       "\"imem_size\": %" PRIu64 ", \"shared_size\": %" PRIu64
		       ", \"dedicated_free\": %" PRIu64 "}\n",
		       in.backend == IDXGEN_BACKEND_EMU ? "emu" : "drm", in.pci_addr, in.dev_node,
		       in.driver, in.driver_major, in.driver_minor, in.driver_patch,
		       in.hw_version >> 16, in.hw_version & 0xffff, fw, in.revision, in.lanes,
		       in.max_threads, in.max_dim[0], in.max_dim[1], in.max_dim[2],
		       in.hist_entries, in.num_queues, in.features, in.clock_khz, in.imem_size,
		       in.shared_size, in.dedicated_free);
		return 0;
	}
	printf("device          %s%s%s\n", in.pci_addr, in.dev_node[0] ? "  " : "", in.dev_node);
	printf("backend         %s\n", in.backend == IDXGEN_BACKEND_EMU ?
	       "emulation (in-process generator model)" : "DRM accel driver");
	printf("driver          %s %d.%d.%d\n", in.driver, in.driver_major, in.driver_minor,
	       in.driver_patch);
	printf("interface       %u.%u (PCI %04x:%04x rev %u)\n", in.hw_version >> 16,
	       in.hw_version & 0xffff, in.pci_id >> 16, in.pci_id & 0xffff, in.revision);
	printf("firmware        %s\n", in.fw_version ? fw : "none loaded");
	printf("lanes           %u (warp size: threads per clock)\n", in.lanes);
	printf("block limits    %u threads, %u x %u x %u\n", in.max_threads, in.max_dim[0],
	       in.max_dim[1], in.max_dim[2]);
	printf("history         %u entries\n", in.hist_entries);
	printf("config queues   %u\n", in.num_queues);
	printf("word sizes      %s%s\n", in.features & IDXGEN_FEAT_WORD16 ? "16-bit " : "",
	       in.features & IDXGEN_FEAT_WORD32 ? "32-bit" : "");
	printf("clock           %u.%03u MHz\n", in.clock_khz / 1000, in.clock_khz % 1000);
	printf("index memory    %" PRIu64 " KiB (shared region %" PRIu64 " KiB, %" PRIu64
	       " KiB free for dedicated regions)\n", in.imem_size >> 10, in.shared_size >> 10,
	       in.dedicated_free >> 10);
	return 0;
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

static int cmd_stats(void)
{
	unsigned int i;
	struct idxgen_device *dev;
	struct idxgen_stats st;
	char fw[16];
	int ret;

	ret = open_device(&dev);
	if (ret)
		return ret;
	ret = idxgen_get_stats(dev, &st);
	idxgen_close(dev);
	if (ret)
		return fail(1, "cannot read the counters: %s", idxgen_strerror(ret));
	fmt_fw(st.fw_version, fw, sizeof(fw));
	if (opt_json) {
		printf("{\"fw_version\": \"%s\"", fw);
		for (i = 0; i < NSTATS; i++)
			if (st.valid & stat_fields[i].bit)
				printf(", \"%s\": %" PRIu64, stat_fields[i].json, stat_val(&st, i));
		printf("}\n");
		return 0;
	}
	printf("%-16s%s\n", "firmware", fw);
	for (i = 0; i < NSTATS; i++)
		if (st.valid & stat_fields[i].bit)
			printf("%-16s%" PRIu64 "%s\n", stat_fields[i].label, stat_val(&st, i),
			       stat_fields[i].bit == IDXGEN_STAT_BUSY_NS ? " ns" : "");
	if ((st.valid & IDXGEN_STAT_HITS) && (st.valid & IDXGEN_STAT_MISSES) && st.hits + st.misses)
		printf("%-16s%.1f %%\n", "hit rate", 100.0 * st.hits / (st.hits + st.misses));
	return 0;
}

/* ------------------------------------------------------------------ */
/* run                                                                 */
/* ------------------------------------------------------------------ */

#define MAX_BLOCKS 16

static int cmd_run(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "block", required_argument, NULL, 'b' },
		{ "dedicated", no_argument, NULL, 'D' },
		{ "shared", no_argument, NULL, 's' },
		{ "warp", required_argument, NULL, 'w' },
		{ "repeat", required_argument, NULL, 'r' },
		{ "no-history", no_argument, NULL, 'n' },
		{ "dump", required_argument, NULL, 'u' },
		{ "schedule", required_argument, NULL, 'S' },
		COMMON_LONGOPTS,
		{ 0 }
	};
	struct idxgen_schedule sched = { 0 };
	uint32_t blocks[MAX_BLOCKS][3];
	char rname[MAX_BLOCKS][24];
	int nregions = 0;
	struct idxgen_region *regs[MAX_BLOCKS] = { 0 }, *shared = NULL;
	struct idxgen_config cfg[MAX_BLOCKS];
	unsigned long warp = 0, repeat = 1, dump = 0;
	int nblocks = 0, use_shared = 0, nohist = 0, opt, i, ret = 0;
	struct idxgen_device *dev;
	struct idxgen_context *ctx;
	struct idxgen_info in;
	unsigned long rep, jobno = 0;
	const void *map;

	while ((opt = getopt_long(argc, argv, "b:Dsw:r:nu:S:" COMMON_SHORTOPTS, opts, NULL)) != -1) {
		switch (opt) {
		case 'S':
			if (idxgen_schedule_parse(optarg, &sched))
				return fail(2, "bad schedule '%s': want sequential, zigzag, hilbert, "
					    "tiled:WxH or strided:S,G", optarg);
			break;
		case 'b':
			if (nblocks == MAX_BLOCKS)
				return fail(2, "at most %d blocks", MAX_BLOCKS);
			if (parse_block(optarg, blocks[nblocks]))
				return fail(2, "bad block '%s': want DXxDYxDZ, each 1..65535", optarg);
			nblocks++;
			break;
		case 'D': use_shared = 0; break;
		case 's': use_shared = 1; break;
		case 'w':
			if (parse_uint(optarg, IDXGEN_MAX_WARP, &warp) || !warp)
				return fail(2, "bad warp size '%s': want 1..%d", optarg, IDXGEN_MAX_WARP);
			break;
		case 'r':
			if (parse_uint(optarg, 1000000, &repeat) || !repeat)
				return fail(2, "bad repeat count '%s'", optarg);
			break;
		case 'n': nohist = 1; break;
		case 'u':
			if (parse_uint(optarg, 1u << 20, &dump))
				return fail(2, "bad dump count '%s'", optarg);
			break;
		case 'h': fputs(help_run, stdout); return 0;
		default:
			if (!common_opt(opt))
				return bad_option(argv);
		}
	}
	if (optind < argc)
		return fail(2, "unexpected argument '%s'", argv[optind]);
	if (!nblocks)
		return fail(2, "no --block given (e.g. --block 32x64x1)");

	ret = open_device(&dev);
	if (ret)
		return ret;
	ret = idxgen_get_info(dev, &in);
	if (!ret)
		ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret && use_shared)
		ret = idxgen_region_shared(dev, &shared);
	/* jobs on the shared region need its lock; held until the device closes */
	if (!ret && use_shared)
		ret = idxgen_lock(ctx, IDXGEN_LOCK_SHARED, 10 * (int64_t)1000000000);
	if (ret) {
		ret = fail(1, "%s", idxgen_strerror(ret));
		goto out;
	}
	/* The configurations, and a dedicated region per distinct shape. */
	for (i = 0; i < nblocks; i++) {
		int k;

		ret = idxgen_config_init(&cfg[i], dev, blocks[i][0], blocks[i][1], blocks[i][2],
					 (uint32_t)warp);
		if (ret) {
			ret = fail(1, "block %ux%ux%u%s: %s", blocks[i][0], blocks[i][1], blocks[i][2],
			     warp > in.lanes ? " with that warp" : "", idxgen_strerror(ret));
			goto out;
		}
		if (nohist)
			cfg[i].flags |= IDXGEN_CONFIG_NO_HISTORY;
		cfg[i].user_tag = (uint32_t)i;
		idxgen_config_schedule(&cfg[i], &sched);	/* parsed: cannot fail */
		ret = idxgen_config_validate(&cfg[i], dev);
		if (ret) {
			ret = fail(1, "block %ux%ux%u with schedule %s: %s", blocks[i][0],
				   blocks[i][1], blocks[i][2], sched.name[0] ? sched.name : "sequential",
				   ret == -E2BIG ? "the device has no schedule orders"
						 : idxgen_strerror(ret));
			goto out;
		}
		if (use_shared) {
			snprintf(rname[i], sizeof(rname[i]), "shared");
			ret = idxgen_config_target(&cfg[i], shared, 0);
		} else {
			for (k = 0; k < i; k++)
				if (!memcmp(blocks[k], blocks[i], sizeof(blocks[i])))
					break;
			if (k < i) {	/* same kernel again: same address */
				memcpy(rname[i], rname[k], sizeof(rname[i]));
				ret = idxgen_config_target(&cfg[i], cfg[k].region, 0);
			} else {
				snprintf(rname[i], sizeof(rname[i]), "dedicated%d", nregions++);
				ret = idxgen_region_alloc(dev, idxgen_config_bytes(&cfg[i]), &regs[i]);
				if (!ret)
					ret = idxgen_config_target(&cfg[i], regs[i], 0);
			}
		}
		if (ret) {
			ret = fail(1, "block %ux%ux%u: no room for %" PRIu64 " bytes of indices: %s",
			     blocks[i][0], blocks[i][1], blocks[i][2], idxgen_config_bytes(&cfg[i]),
			     idxgen_strerror(ret));
			goto out;
		}
	}

	if (opt_json)
		printf("{\"device\": \"%s\", \"jobs\": [", in.pci_addr);
	else
		printf("%-4s %-12s %-4s %-10s %-5s %6s %8s %12s %11s\n", "JOB", "BLOCK", "WARP",
		       "REGION", "RESULT", "WARPS", "CYCLES", "DEVICE TIME", "WALL TIME");
	for (rep = 0; rep < repeat; rep++) {
		for (i = 0; i < nblocks; i++) {
			struct idxgen_job_result r;
			char shape[24];
			const char *region = rname[i];
			double t0, t1, dev_us;

			t0 = now_us();
			ret = idxgen_run(ctx, &cfg[i], &r);
			t1 = now_us();
			jobno++;
			if (ret && ret != -EIO) {
				if (opt_json)
					printf("]}\n");
				ret = fail(1, "job %lu: %s", jobno, idxgen_strerror(ret));
				goto out;
			}
			snprintf(shape, sizeof(shape), "%ux%ux%u", cfg[i].dx, cfg[i].dy, cfg[i].dz);
			dev_us = in.clock_khz ? r.cycles * 1000.0 / in.clock_khz : 0;
			if (opt_json) {
				printf("%s\n  {\"job\": %lu, \"block\": [%u, %u, %u], \"warp\": %u, "
				       "\"region\": \"%s\", \"status\": \"%s\", \"hit\": %s, "
				       "\"warps\": %" PRIu64 ", \"cycles\": %" PRIu64
				       ", \"device_us\": %.3f, \"wall_us\": %.1f}",
				       jobno > 1 ? "," : "", jobno, cfg[i].dx, cfg[i].dy, cfg[i].dz,
				       cfg[i].c, region, idxgen_status_name(r.status),
				       r.hit ? "true" : "false", r.warps, r.cycles, dev_us, t1 - t0);
			} else {
				printf("%-4lu %-12s %-4u %-10s %-5s %6" PRIu64 " %8" PRIu64
				       " %9.2f us %8.1f us\n", jobno, shape, cfg[i].c, region,
				       r.status ? idxgen_status_name(r.status) : r.hit ? "hit" : "miss",
				       r.warps, r.cycles, dev_us, t1 - t0);
			}
			if (ret == -EIO) {
				if (opt_json)
					printf("]}\n");
				ret = fail(1, "job %lu: device status %s", jobno,
					   idxgen_status_name(r.status));
				goto out;
			}
		}
	}
	if (opt_json)
		printf("\n]");

	if (dump) {
		const struct idxgen_config *c = &cfg[nblocks - 1];
		uint64_t n = idxgen_config_threads(c), t;
		uint16_t *x, *y, *z;

		if (dump > n)
			dump = n;
		x = calloc(dump, 2);
		y = calloc(dump, 2);
		z = calloc(dump, 2);
		ret = !x || !y || !z ? -ENOMEM : idxgen_region_map(c->region, &map);
		if (!ret)
			ret = idxgen_config_unpack(c, map, 0, dump, x, y, z);
		if (ret) {
			free(x), free(y), free(z);
			if (opt_json)
				printf("}\n");
			ret = fail(1, "dump: %s", idxgen_strerror(ret));
			goto out;
		}
		if (opt_json) {
			printf(", \"dump\": {\"mx\": %u, \"my\": %u, \"mz\": %u, \"word_size\": %u, "
			       "\"indices\": [", c->mx, c->my, c->mz, c->word_size);
			for (t = 0; t < dump; t++)
				printf("%s[%u, %u, %u]", t ? ", " : "", x[t], y[t], z[t]);
			printf("]}");
		} else {
			const uint8_t *w = (const uint8_t *)map + c->offset;

			printf("\nfirst %lu indices of %ux%ux%u (warp %u, widths x:%u y:%u z:%u, "
			       "%u-bit words)\n", dump, c->dx, c->dy, c->dz, c->c, c->mx, c->my,
			       c->mz, c->word_size * 8);
			printf("%7s %5s %4s %6s %6s %6s  %s\n", "THREAD", "WARP", "LANE", "X", "Y",
			       "Z", "WORD");
			for (t = 0; t < dump; t++) {
				uint32_t word = w[t * c->word_size] | w[t * c->word_size + 1] << 8;

				if (c->word_size == 4)
					word |= (uint32_t)w[t * 4 + 2] << 16 | (uint32_t)w[t * 4 + 3] << 24;
				printf("%7" PRIu64 " %5" PRIu64 " %4" PRIu64 " %6u %6u %6u  0x%0*x\n",
				       t, t / c->c, t % c->c, x[t], y[t], z[t], c->word_size * 2, word);
			}
		}
		free(x), free(y), free(z);
	}
	if (opt_json)
		printf("}\n");
	ret = 0;
out:
	idxgen_close(dev);	/* also frees the context and regions */
	return ret;
}

/* ------------------------------------------------------------------ */
/* bench                                                               */
/* ------------------------------------------------------------------ */

static int cmd_bench(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "jobs", required_argument, NULL, 'J' },
		{ "batch", required_argument, NULL, 'B' },
		{ "block", required_argument, NULL, 'b' },
		COMMON_LONGOPTS,
		{ 0 }
	};
	unsigned long njobs = 1024, batch = 64, i, k;
	uint32_t blk[3] = { 32, 1, 1 };
	struct idxgen_device *dev;
	struct idxgen_context *ctx;
	struct idxgen_region *reg;
	struct idxgen_config cfg, *many = NULL, big;
	struct idxgen_job_result r;
	idxgen_job_t j, *jobs = NULL;
	double t0, rate_single, rate_pipe, rate_batch, lat_miss = 1e30, lat_hit = 1e30;
	int opt, ret;

	while ((opt = getopt_long(argc, argv, "J:B:b:" COMMON_SHORTOPTS, opts, NULL)) != -1) {
		switch (opt) {
		case 'J':
			if (parse_uint(optarg, 1000000, &njobs) || !njobs)
				return fail(2, "bad job count '%s'", optarg);
			break;
		case 'B':
			if (parse_uint(optarg, IDXGEN_MAX_BATCH, &batch) || !batch)
				return fail(2, "bad batch '%s': want 1..%d", optarg, IDXGEN_MAX_BATCH);
			break;
		case 'b':
			if (parse_block(optarg, blk))
				return fail(2, "bad block '%s'", optarg);
			break;
		case 'h': fputs(help_bench, stdout); return 0;
		default:
			if (!common_opt(opt))
				return bad_option(argv);
		}
	}
	if (optind < argc)
		return fail(2, "unexpected argument '%s'", argv[optind]);
	ret = open_device(&dev);
	if (ret)
		return ret;
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_config_init(&cfg, dev, blk[0], blk[1], blk[2], 0);
	if (!ret)
		ret = idxgen_region_alloc(dev, 2 * (idxgen_config_bytes(&cfg) + 4096), &reg);
	if (!ret)
		ret = idxgen_config_target(&cfg, reg, 0);
	many = calloc(njobs, sizeof(*many));
	jobs = calloc(njobs, sizeof(*jobs));
	if (!ret && (!many || !jobs))
		ret = -ENOMEM;
	if (ret) {
		ret = fail(1, "%s", idxgen_strerror(ret));
		goto out;
	}
	/* small jobs that always run the generator: the submission path is what we measure */
	cfg.flags = IDXGEN_CONFIG_NO_HISTORY;
	for (i = 0; i < njobs; i++)
		many[i] = cfg;

	t0 = now_us();
	for (i = 0; i < njobs && !ret; i++)
		ret = idxgen_run(ctx, &cfg, NULL);
	rate_single = njobs / ((now_us() - t0) / 1e6);
	t0 = now_us();
	for (i = 0; i < njobs && !ret; i++)
		ret = idxgen_submit(ctx, &cfg, 1, &j);
	if (!ret)
		ret = idxgen_wait(ctx, j, -1, NULL);
	rate_pipe = njobs / ((now_us() - t0) / 1e6);
	t0 = now_us();
	for (i = 0; i < njobs && !ret; i += k) {
		k = njobs - i < batch ? njobs - i : batch;
		ret = idxgen_submit(ctx, many + i, (unsigned int)k, jobs + i);
	}
	if (!ret)
		ret = idxgen_wait(ctx, jobs[njobs - 1], -1, NULL);
	rate_batch = njobs / ((now_us() - t0) / 1e6);

	/* latency of a 1024-thread block, best of 20: miss (no history) vs hit */
	if (!ret)
		ret = idxgen_config_init(&big, dev, 32, 32, 1, 0);
	if (!ret)
		ret = idxgen_config_target(&big, reg, 0);
	for (i = 0; i < 20 && !ret; i++) {
		double t;

		big.flags = IDXGEN_CONFIG_NO_HISTORY;
		t = now_us();
		ret = idxgen_run(ctx, &big, &r);
		t = now_us() - t;
		if (t < lat_miss)
			lat_miss = t;
	}
	big.flags = 0;
	if (!ret)
		ret = idxgen_run(ctx, &big, &r);	/* records it */
	for (i = 0; i < 20 && !ret; i++) {
		double t = now_us();

		ret = idxgen_run(ctx, &big, &r);
		t = now_us() - t;
		if (!r.hit)
			ret = -EIO;
		if (t < lat_hit)
			lat_hit = t;
	}
	if (ret) {
		ret = fail(1, "%s", idxgen_strerror(ret));
		goto out;
	}
	if (opt_json) {
		printf("{\"block\": [%u, %u, %u], \"jobs\": %lu, \"batch\": %lu, "
		       "\"jobs_per_s_single\": %.0f, \"jobs_per_s_pipelined\": %.0f, "
		       "\"jobs_per_s_batched\": %.0f, \"latency_us_miss_1024\": %.1f, "
		       "\"latency_us_hit_1024\": %.1f}\n", blk[0], blk[1], blk[2], njobs, batch,
		       rate_single, rate_pipe, rate_batch, lat_miss, lat_hit);
	} else {
		printf("%lu jobs of %ux%ux%u:\n", njobs, blk[0], blk[1], blk[2]);
		printf("  one at a time     %10.0f jobs/s\n", rate_single);
		printf("  pipelined         %10.0f jobs/s\n", rate_pipe);
		printf("  batches of %-4lu   %10.0f jobs/s\n", batch, rate_batch);
		printf("1024-thread block (32x32x1), best of 20:\n");
		printf("  miss              %10.1f us\n", lat_miss);
		printf("  hit               %10.1f us\n", lat_hit);
	}
	ret = 0;
out:
	free(many);
	free(jobs);
	idxgen_close(dev);
	return ret;
}

/* ------------------------------------------------------------------ */

/* Options shared by every command: --json, --help. */
static const char help_order[] =
"NAME\n"
"    idxgen order - show the order a device issues a block's threads in\n"
"\n"
"SYNOPSIS\n"
"    idxgen order --block DXxDY[xDZ] [--schedule ORDER] [--warp N] [--plot FILE]\n"
"                 [--quiet]\n"
"\n"
"DESCRIPTION\n"
"    Runs the block once with the schedule order on the device (or the\n"
"    emulation: idxgen --emu order ...), reads the output back and shows the\n"
"    issue order of slice z = 0: a grid with the warp of every thread (one\n"
"    character per thread: warps 0..61 as 0-9, a-z, A-Z, then again) and the\n"
"    first positions.  With --plot it draws the path through the plane, one\n"
"    colour per warp, as PNG or SVG (by the file's suffix).\n"
"\n"
"OPTIONS\n"
"    -b, --block DXxDY[xDZ]  block dimensions\n"
"    -S, --schedule ORDER    sequential (default), zigzag, hilbert, tiled:WxH\n"
"                            (tiled:N = NxN), strided:S,G (groups of G threads,\n"
"                            every S-th group; strided:S = strided:S,1)\n"
"    -w, --warp N            warp size (default: the device's lanes)\n"
"    -p, --plot FILE         draw the order into FILE.png or FILE.svg\n"
"    -q, --quiet             no text rendering\n"
"\n"
"EXAMPLES\n"
"        idxgen --emu order --block 32x32 --schedule hilbert --plot order.png\n"
"        idxgen order --block 16x8 --schedule tiled:4x4\n";

static int cmd_order(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "block", required_argument, NULL, 'b' },
		{ "schedule", required_argument, NULL, 'S' },
		{ "warp", required_argument, NULL, 'w' },
		{ "plot", required_argument, NULL, 'p' },
		{ "quiet", no_argument, NULL, 'q' },
		COMMON_LONGOPTS,
		{ 0 }
	};
	static const char wch[] = "0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
	struct idxgen_schedule sched = { 0 };
	uint32_t block[3] = { 0, 0, 0 };
	unsigned long warp = 0;
	const char *plot = NULL;
	int opt, quiet = 0, ret, have_block = 0;
	struct idxgen_device *dev;
	struct idxgen_context *ctx = NULL;
	struct idxgen_region *reg = NULL;
	struct idxgen_config cfg;
	struct idxgen_job_result res;
	struct idxgen_warp_iter it;
	const void *map;
	uint32_t *pos = NULL, *warp_of = NULL;
	uint64_t plane, p;
	char title[96];

	while ((opt = getopt_long(argc, argv, "b:S:w:p:q" COMMON_SHORTOPTS, opts, NULL)) != -1) {
		switch (opt) {
		case 'b':
			if (parse_block(optarg, block))
				return fail(2, "bad block '%s': want DXxDYxDZ, each 1..65535", optarg);
			have_block = 1;
			break;
		case 'S':
			if (idxgen_schedule_parse(optarg, &sched))
				return fail(2, "bad schedule '%s': want sequential, zigzag, hilbert, "
					    "tiled:WxH or strided:S,G", optarg);
			break;
		case 'w':
			if (parse_uint(optarg, IDXGEN_MAX_WARP, &warp) || !warp)
				return fail(2, "bad warp size '%s': want 1..%d", optarg, IDXGEN_MAX_WARP);
			break;
		case 'p': plot = optarg; break;
		case 'q': quiet = 1; break;
		case 'h': fputs(help_order, stdout); return 0;
		default:
			if (!common_opt(opt))
				return bad_option(argv);
		}
	}
	if (optind < argc)
		return fail(2, "unexpected argument '%s'", argv[optind]);
	if (!have_block)
		return fail(2, "no --block given (e.g. --block 32x32)");
	if (plot && strlen(plot) > 4 && strcmp(plot + strlen(plot) - 4, ".png") &&
	    strcmp(plot + strlen(plot) - 4, ".svg"))
		return fail(2, "plot file '%s' must end in .png or .svg", plot);
	if (!sched.name[0])
		idxgen_schedule_parse("sequential", &sched);

	ret = open_device(&dev);
	if (ret)
		return ret;
	ret = idxgen_config_init(&cfg, dev, block[0], block[1], block[2], (uint32_t)warp);
	if (!ret)
		ret = idxgen_config_schedule(&cfg, &sched);
	if (!ret)
		ret = idxgen_config_validate(&cfg, dev);
	if (ret) {
		ret = fail(1, "block %ux%ux%u with schedule %s: %s", block[0], block[1], block[2],
			   sched.name,
			   ret == -E2BIG ? "outside the device's limits or no schedule orders"
					 : idxgen_strerror(ret));
		goto out;
	}
	ret = idxgen_context_create(dev, IDXGEN_PRIORITY_NORMAL, &ctx);
	if (!ret)
		ret = idxgen_region_alloc(dev, idxgen_config_bytes(&cfg), &reg);
	if (!ret)
		ret = idxgen_config_target(&cfg, reg, 0);
	if (!ret)
		ret = idxgen_run(ctx, &cfg, &res);
	if (!ret)
		ret = idxgen_region_map(reg, &map);
	if (ret) {
		ret = fail(1, "%s%s%s", idxgen_strerror(ret), ret == -EIO ? ": device status " : "",
			   ret == -EIO ? idxgen_status_name(res.status) : "");
		goto out;
	}
	plane = (uint64_t)cfg.dx * cfg.dy;
	pos = malloc(plane * sizeof(*pos));
	warp_of = malloc(plane * sizeof(*warp_of));
	if (!pos || !warp_of) {
		ret = fail(1, "out of memory");
		goto out;
	}
	/* slice 0 = the first dx*dy positions, read as the device wrote them */
	idxgen_warp_iter_init(&it, &cfg, map);
	while (idxgen_warp_next(&it) && it.first < plane) {
		unsigned int i;

		for (i = 0; i < it.count && it.first + i < plane; i++) {
			uint32_t l = it.x[i] + it.y[i] * cfg.dx;

			pos[it.first + i] = l;
			warp_of[l] = (uint32_t)it.warp;
		}
	}
	snprintf(title, sizeof(title), "%ux%u %s, warp %u", cfg.dx, cfg.dy, sched.name, cfg.c);
	if (!quiet) {
		printf("%s (%s, %" PRIu64 " warps, %" PRIu64 " cycles)\n", title,
		       res.hit ? "hit" : "miss", res.warps, res.cycles);
		if (cfg.dx <= 128 && cfg.dy <= 64) {
			uint32_t x, y;

			for (y = 0; y < cfg.dy; y++) {
				for (x = 0; x < cfg.dx; x++)
					putchar(wch[warp_of[x + y * cfg.dx] % 62]);
				putchar('\n');
			}
		} else {
			printf("(plane larger than 128x64: no grid)\n");
		}
		printf("path:");
		for (p = 0; p < plane && p < 24; p++)
			printf(" (%u,%u)", pos[p] % cfg.dx, pos[p] / cfg.dx);
		printf("%s\n", plane > 24 ? " ..." : "");
	}
	if (plot) {
		ret = idxgen_plot_order(plot, title, cfg.dx, cfg.dy, pos, plane, cfg.c);
		if (ret) {
			ret = fail(1, "cannot draw %s: %s", plot, idxgen_strerror(ret));
			goto out;
		}
		if (!quiet)
			printf("plot: %s\n", plot);
	}
	ret = 0;
out:
	free(pos);
	free(warp_of);
	if (reg)
		idxgen_region_free(reg);
	if (ctx)
		idxgen_context_destroy(ctx);
	idxgen_close(dev);
	return ret;
}

int simple_cmd(int argc, char **argv, const char *help, int (*fn)(void))
{
	static const struct option opts[] = {
		COMMON_LONGOPTS,
		{ 0 }
	};
	int opt;

	while ((opt = getopt_long(argc, argv, COMMON_SHORTOPTS, opts, NULL)) != -1) {
		if (opt == 'h') {
			fputs(help, stdout);
			return 0;
		}
		if (!common_opt(opt))
			return bad_option(argv);
	}
	if (optind < argc)
		return fail(2, "unexpected argument '%s'", argv[optind]);
	return fn();
}

int main(int argc, char **argv)
{
	static const struct option opts[] = {
		{ "device", required_argument, NULL, 'd' },
		{ "emu", no_argument, NULL, 'e' },
		{ "json", no_argument, NULL, 'j' },
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ 0 }
	};
	int opt;

	opterr = 0;
	/* '+': stop at the command; its own options follow it */
	while ((opt = getopt_long(argc, argv, "+d:ejhV", opts, NULL)) != -1) {
		switch (opt) {
		case 'd': opt_device = optarg; break;
		case 'e': opt_flags |= IDXGEN_OPEN_EMU; break;
		case 'j': opt_json = 1; break;
		case 'h': fputs(help_main, stdout); return 0;
		case 'V': printf("idxgen %s\n", idxgen_version()); return 0;
		default: return fail(2, "unknown option or missing value '%s' (see 'idxgen --help')",
				     argv[optind - 1]);
		}
	}
	if (optind >= argc) {
		fputs(help_main, stderr);
		return 2;
	}
	cmd_name = argv[optind];
	argc -= optind;
	argv += optind;
	optind = 1;	/* restart getopt for the command's options */
	if (!strcmp(cmd_name, "list"))
		return simple_cmd(argc, argv, help_list, cmd_list);
	if (!strcmp(cmd_name, "info"))
		return simple_cmd(argc, argv, help_info, cmd_info);
	if (!strcmp(cmd_name, "stats"))
		return simple_cmd(argc, argv, help_stats, cmd_stats);
	if (!strcmp(cmd_name, "run"))
		return cmd_run(argc, argv);
	if (!strcmp(cmd_name, "bench"))
		return cmd_bench(argc, argv);
	if (!strcmp(cmd_name, "order"))
		return cmd_order(argc, argv);
	if (!strcmp(cmd_name, "locks"))
		return cmd_locks(argc, argv);
	if (!strcmp(cmd_name, "schedules"))
		return cmd_schedules(argc, argv);
	if (!strcmp(cmd_name, "help")) {
		fputs(help_main, stdout);
		return 0;
	}
	cmd_name = NULL;
	return fail(2, "unknown command '%s' (list, info, run, order, stats, bench, locks, "
		    "schedules; see --help)",
		    argv[0]);
}
