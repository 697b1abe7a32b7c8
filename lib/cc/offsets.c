// SPDX-License-Identifier: MIT
/*
 * offsets.c - a set of offsets into a file, each once, in the order first
 * added: the invocations the macro_*_expand.c passes want written out
 * (several kernels or launches of one invocation name it once).
 */
#include "cc.h"

void offsets_add(struct offsets *o, unsigned a)
{
	for (unsigned i = 0; i < o->n; i++)
		if (o->off[i] == a)
			return;
	if (o->n == o->cap) {
		o->cap = o->cap ? 2 * o->cap : 8;
		o->off = cx_realloc(o->off, o->cap * sizeof(*o->off));
	}
	o->off[o->n++] = a;
}
