// SPDX-License-Identifier: MIT
/*
 * common.c - what every command of the idxgen tool uses: the global
 * options, one-line failures, number and block parsing, opening the
 * device, and the option loop of commands that take no options of their
 * own.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <getopt.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "idxgen.h"
#include "tool.h"

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

double now_us(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1e6 + ts.tv_nsec / 1e3;
}

int parse_uint(const char *s, unsigned long max, unsigned long *out)
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
int parse_block(const char *s, uint32_t d[3])
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
	case 'd':
		/* a command that covers every device takes none */
		if (cmd && !cmd->needs_device)
			return 0;
		opt_device = optarg;
		return 1;
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

const char *fmt_fw(uint32_t v, char *buf, size_t len)
{
	snprintf(buf, len, "%u.%u.%u", v >> 16, (v >> 8) & 0xff, v & 0xff);
	return buf;
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
