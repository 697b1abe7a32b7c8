// SPDX-License-Identifier: MIT
/* devices_parse.c - IDXGEN_DEVICES (devices_parse.h). */
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "devices_parse.h"

int rt_devices_parse(const char *spec, unsigned int ndev, unsigned int max, unsigned int *idx,
		     unsigned int *n)
{
	const char *p = spec;

	*n = 0;
	if (!spec || !*spec || !strcmp(spec, "all")) {	/* the default: every device */
		do
			idx[*n] = *n;
		while (++*n < ndev && *n < max);
		return 0;
	}
	for (;;) {
		char *end;
		unsigned long v;
		unsigned int i;

		if (*p < '0' || *p > '9')
			return -EINVAL;
		v = strtoul(p, &end, 10);
		if (v >= ndev || *n == max)
			return -EINVAL;
		for (i = 0; i < *n; i++)
			if (idx[i] == v)
				return -EINVAL;
		idx[(*n)++] = (unsigned int)v;
		if (!*end)
			return 0;
		if (*end != ',')
			return -EINVAL;
		p = end + 1;
	}
}
