// SPDX-License-Identifier: MIT
/*
 * idxgen - command-line front end of libidxgen: list devices, show their
 * capabilities, run kernel configurations, read the statistics, measure.
 *
 * main() reads the global options and runs the command named next from
 * commands[]; each command parses its own options (tool.h, common.c) and
 * prints through print.h, text or JSON from the same calls.
 *
 * Every failure is one line on stderr, "idxgen: <command>: <reason>", and a
 * non-zero exit status (1 runtime error, 2 usage error).
 */
#define _GNU_SOURCE
#include <getopt.h>
#include <stdio.h>
#include <string.h>

#include "idxgen.h"
#include "tool.h"

const char *cmd_name;		/* NULL before the command is known */
const struct tool_cmd *cmd;	/* NULL before the command is known */
const char *opt_device;		/* index or PCI address */
unsigned int opt_flags;
int opt_json;

static const struct tool_cmd commands[] = {
	{ "list", cmd_list, "the accelerators on the PCI bus and their device nodes", 0 },
	{ "info", cmd_info, "capabilities and limits of one device", 1 },
	{ "run", cmd_run, "run kernel configurations and show hit/miss, warps, cycles, time", 1 },
	{ "order", cmd_order, "the order a device issues a block's threads in", 1 },
	{ "stats", cmd_stats, "the device's job, hit and miss counters and busy time", 1 },
	{ "bench", cmd_bench, "submission rate and hit/miss latency", 1 },
	{ "locks", cmd_locks, "the arbiter: lock owners, waiters, priorities, counters", 1 },
	{ "schedules", cmd_schedules, "the device's schedule table (named schedule orders)", 1 },
};
#define NCOMMANDS (sizeof(commands) / sizeof(commands[0]))

static const char help_head[] =
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
"COMMANDS\n";

static const char help_tail[] =
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

/* idxgen --help: COMMANDS is the table, one line each. */
static void help_main(FILE *f)
{
	size_t i;

	fputs(help_head, f);
	for (i = 0; i < NCOMMANDS; i++) {
		int len = (int)strlen(commands[i].name);

		fprintf(f, "    %s%*s%s\n", commands[i].name, len < 8 ? 9 - len : 2, "",
			commands[i].summary);
	}
	fputs(help_tail, f);
}

static const struct tool_cmd *find_command(const char *name)
{
	size_t i;

	for (i = 0; i < NCOMMANDS; i++)
		if (!strcmp(commands[i].name, name))
			return &commands[i];
	return NULL;
}

static int unknown_command(const char *name)
{
	char names[256] = "";
	size_t i;

	for (i = 0; i < NCOMMANDS; i++) {
		strncat(names, commands[i].name, sizeof(names) - strlen(names) - 1);
		strncat(names, i + 1 < NCOMMANDS ? ", " : "", sizeof(names) - strlen(names) - 1);
	}
	return fail(2, "unknown command '%s' (%s; see --help)", name, names);
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
		case 'h': help_main(stdout); return 0;
		case 'V': printf("idxgen %s\n", idxgen_version()); return 0;
		default: return fail(2, "unknown option or missing value '%s' (see 'idxgen --help')",
				     argv[optind - 1]);
		}
	}
	if (optind >= argc) {
		help_main(stderr);
		return 2;
	}
	if (!strcmp(argv[optind], "help")) {
		help_main(stdout);
		return 0;
	}
	cmd = find_command(argv[optind]);
	if (!cmd)
		return unknown_command(argv[optind]);
	cmd_name = cmd->name;
	if (opt_device && !cmd->needs_device)
		return fail(2, "takes no --device: it covers every device");
	argc -= optind;
	argv += optind;
	optind = 1;	/* restart getopt for the command's options */
	return cmd->fn(argc, argv);
}
