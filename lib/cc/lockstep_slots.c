// SPDX-License-Identifier: MIT
/*
 * lockstep_slots.c - the two halves of a ping-pong __shared__ array
 * (lib/cc/README.md "Warp-synchronous code"; issue 38).
 *
 * `__shared__ float buf[2][N]; ... buf[1 - cur][t] = f(buf[cur][t - 1],
 * buf[cur][t + 1]); __syncthreads(); cur = 1 - cur;`: the statement stores
 * one half and reads the other.  For any integer c, 1 - c != c (their sum
 * is odd) and c ^ 1 != c, so where every lane of the warp has the same cur
 * the halves are apart, whatever the second subscripts.  A cur that differs
 * between lanes (`cur = threadIdx.x & 1`) proves nothing: lane 0 may store
 * buf[1] while lane 1 reads it.  Here only the texts; lockstep.c asks the
 * uniformity analysis about the variable (kernel_local_uniform()).
 */
#include "cc.h"

#include <string.h>

/* The first subscript of text "NAME[SUB]...": NAME's length in *nlen, SUB at *sub, its length returned (0: none). */
static size_t first_subscript(const char *text, size_t *nlen, const char **sub)
{
	const char *p = text, *b;
	int depth = 0;

	while (text_ident_char(*p))
		p++;
	if (p == text || *p != '[')
		return 0;
	*nlen = (size_t)(p - text);
	for (b = ++p; *p; p++) {
		depth += *p == '[' || *p == '(';
		if ((*p == ']' || *p == ')') && !depth--)
			break;
	}
	if (*p != ']' || p == b)
		return 0;
	*sub = b;
	return (size_t)(p - b);
}

/* Is s (n chars) one identifier?  Copied to name. */
static bool identifier(const char *s, size_t n, char *name, size_t size)
{
	if (!n || n >= size || (*s >= '0' && *s <= '9'))
		return false;
	for (size_t i = 0; i < n; i++)
		if (!text_ident_char(s[i]))
			return false;
	memcpy(name, s, n);
	name[n] = 0;
	return true;
}

/* Is a (na chars) the other half of x: "1-x", "x^1", "1^x", "(1-x)"? */
static bool other_half(const char *a, size_t na, const char *x)
{
	size_t nx = strlen(x);
	char buf[160];

	if (na >= 2 && a[0] == '(' && a[na - 1] == ')')
		return other_half(a + 1, na - 2, x);
	if (nx + 2 != na || na >= sizeof(buf))
		return false;
	memcpy(buf, a, na);
	buf[na] = 0;
	return (!strncmp(buf, "1-", 2) && !strcmp(buf + 2, x)) || (!strncmp(buf, "1^", 2) && !strcmp(buf + 2, x)) ||
	       (!strncmp(buf, x, nx) && !strcmp(buf + nx, "^1"));
}

bool lockstep_slot_var(const char *store, const char *load, char *name, size_t size)
{
	const char *ss, *ls;
	size_t sn, ln, nn, nl;

	if (!store || !load || !(sn = first_subscript(store, &nn, &ss)) || !(ln = first_subscript(load, &nl, &ls)) ||
	    nn != nl || strncmp(store, load, nn))
		return false;
	/* the store's half is the other of the load's, or the other way round */
	if (identifier(ls, ln, name, size) && other_half(ss, sn, name))
		return true;
	return identifier(ss, sn, name, size) && other_half(ls, ln, name);
}
