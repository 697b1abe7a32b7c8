/* SPDX-License-Identifier: MIT */
/*
 * tool.h - what the idxgen tool's subcommand files share (idxgen.c has
 * the main program and the original commands; one file per newer command).
 */
#ifndef IDXGEN_TOOL_H
#define IDXGEN_TOOL_H

#include <getopt.h>

#include "idxgen.h"

extern const char *cmd_name;	/* NULL before the command is known */
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

/* locks.c */
int cmd_locks(int argc, char **argv);

/* schedules.c */
int cmd_schedules(int argc, char **argv);

#endif /* IDXGEN_TOOL_H */
