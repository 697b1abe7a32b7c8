/* SPDX-License-Identifier: MIT */
/*
 * tool.h - what the idxgen tool's files share: the command table's entry,
 * the global options and the helpers of common.c.  One file per command
 * group (device.c: list, info, stats; run.c; order.c; bench.c; locks.c;
 * schedules.c); main.c has main() and the table; print.h the output.
 */
#ifndef IDXGEN_TOOL_H
#define IDXGEN_TOOL_H

#include <getopt.h>
#include <stddef.h>
#include <stdint.h>

#include "idxgen.h"

/* One command: `idxgen NAME ...` runs fn with argv[0] = NAME. */
struct tool_cmd {
	const char *name;
	int (*fn)(int argc, char **argv);
	const char *summary;	/* its line in COMMANDS of `idxgen --help` */
	int needs_device;	/* opens one device (--device picks it) */
};

extern const char *cmd_name;	/* NULL before the command is known */
extern const struct tool_cmd *cmd;	/* its table entry (main.c) */
extern const char *opt_device;	/* index or PCI address */
extern unsigned int opt_flags;
extern int opt_json;

/* One line "idxgen: <command>: <reason>" on stderr; returns code. */
int fail(int code, const char *fmt, ...) __attribute__((format(printf, 2, 3)));

/*
 * Options every command takes, also after its name: --device, --emu,
 * --json.  common_opt() returns 1 if opt was one of them.
 */
#define COMMON_LONGOPTS \
	{ "device", required_argument, NULL, 'd' }, \
	{ "emu", no_argument, NULL, 'e' }, \
	{ "json", no_argument, NULL, 'j' }, \
	{ "help", no_argument, NULL, 'h' }
#define COMMON_SHORTOPTS "d:ejh"

int common_opt(int opt);
int bad_option(char **argv);
int open_device(struct idxgen_device **dev);
/* A command with only the common options and no arguments: parse, then fn(). */
int simple_cmd(int argc, char **argv, const char *help, int (*fn)(void));

double now_us(void);
/* 0 and *out, or -1: a number 0..max (decimal, 0x hex, 0 octal) */
int parse_uint(const char *s, unsigned long max, unsigned long *out);
/* "32x64x1", "32x64" or "1024": up to three dimensions, each 1..65535 */
int parse_block(const char *s, uint32_t d[3]);
/* "major.minor.patch" of a firmware version word */
const char *fmt_fw(uint32_t v, char *buf, size_t len);
/* "bad schedule ..." usage error of --schedule */
#define BAD_SCHEDULE_FMT \
	"bad schedule '%s': want sequential, zigzag, hilbert, tiled:WxH or strided:S,G"

/* the commands (device.c, run.c, order.c, bench.c, locks.c, schedules.c) */
int cmd_list(int argc, char **argv);
int cmd_info(int argc, char **argv);
int cmd_stats(int argc, char **argv);
int cmd_run(int argc, char **argv);
int cmd_order(int argc, char **argv);
int cmd_bench(int argc, char **argv);
int cmd_locks(int argc, char **argv);
int cmd_schedules(int argc, char **argv);

#endif /* IDXGEN_TOOL_H */
