// SPDX-License-Identifier: MIT
/*
 * schedules.c - `idxgen schedules`: the device's schedule table
 * (docs/design.md#schedule-orders), the firmware's named order configurations that a job can
 * use with `idxgen run --schedule NAME`.
 */
#include <errno.h>
#include <stdio.h>

#include "print.h"
#include "tool.h"

static const char help_schedules[] =
"NAME\n"
"    idxgen schedules - the device's schedule table\n"
"\n"
"SYNOPSIS\n"
"    idxgen schedules [--json]\n"
"\n"
"DESCRIPTION\n"
"    Lists the schedule orders the device's firmware names (its schedule\n"
"    table): for each entry its index, its name (as the --schedule option\n"
"    of idxgen run and idxgen order takes it), the order and its\n"
"    parameters.  A job may use any other legal order too.  The answer\n"
"    \"no schedule table\" means the device has none (no schedule orders,\n"
"    or a firmware without the table), or the driver found the device's\n"
"    table invalid and withheld it (the kernel log says which entry).\n"
"\n"
"EXIT STATUS\n"
"    0 listed (or no table); 1 the driver cannot report a table (one from\n"
"    before schedule tables) or an entry is illegal; 2 usage error.\n";

static const char *const order_names[] = {
	[IDXGEN_SCHED_SEQUENTIAL] = "sequential",
	[IDXGEN_SCHED_STRIDED] = "strided",
	[IDXGEN_SCHED_ZIGZAG] = "zigzag",
	[IDXGEN_SCHED_TILED] = "tiled",
	[IDXGEN_SCHED_HILBERT] = "hilbert",
};

static void show_entry(int i, const struct idxgen_schedule *s)
{
	print_open_object(NULL);
	print_int(PRINT_ANY, "index", "%3d  ", i);
	print_string(PRINT_ANY, "name", "%-12s  ", s->name);
	print_string(PRINT_ANY, "order", "%-10s  ", order_names[s->order]);
	print_uint(PRINT_JSON, "stride", NULL, s->stride);
	print_uint(PRINT_JSON, "granularity", NULL, s->granularity);
	print_uint(PRINT_JSON, "tile_w", NULL, s->tile_w);
	print_uint(PRINT_JSON, "tile_h", NULL, s->tile_h);
	if (s->order == IDXGEN_SCHED_STRIDED)
		print_text("stride %u, granularity %u\n", s->stride, s->granularity);
	else if (s->order == IDXGEN_SCHED_TILED)
		print_text("tile %ux%u\n", s->tile_w, s->tile_h);
	else
		print_text("-\n");
	print_close_object();
}

static void show(const struct idxgen_schedule *tab, int n)
{
	if (!n && !opt_json) {
		printf("no schedule table\n");
		return;
	}
	print_open_object(NULL);
	print_int(PRINT_ANY, "count", "schedule table: %d ", n);
	print_text("entr%s\n\n  #  name          order       parameters\n", n == 1 ? "y" : "ies");
	print_open_array("entries");
	for (int i = 0; i < n; i++)
		show_entry(i, &tab[i]);
	print_close_array();
	print_close_object();
	print_end();
}

static int schedules_show(void)
{
	struct idxgen_schedule tab[16];
	struct idxgen_device *dev = NULL;
	int n, ret;

	ret = open_device(&dev);
	if (ret)
		return ret;
	n = idxgen_schedule_table(dev, tab, sizeof(tab) / sizeof(tab[0]));
	if (n == -ENOTSUP)
		ret = fail(1, "the driver does not report a schedule table (too old)");
	else if (n == -EIO)
		ret = fail(1, "the device's schedule table has an illegal entry");
	else if (n < 0)
		ret = fail(1, "%s", idxgen_strerror(n));
	else if (n > (int)(sizeof(tab) / sizeof(tab[0])))
		ret = fail(1, "the device reports %d entries, more than a table holds", n);
	else
		show(tab, n);
	idxgen_close(dev);
	return ret;
}

int cmd_schedules(int argc, char **argv)
{
	return simple_cmd(argc, argv, help_schedules, schedules_show);
}
