// SPDX-License-Identifier: MIT
/*
 * device_names.c - the function a failed device assert() names, spelled as
 * nvcc spells it.
 *
 * assert() passes the host compiler's __PRETTY_FUNCTION__, and clang and
 * nvcc's front end (EDG, in GCC's manner) spell templates and lambdas
 * apart.  Read from the PTX nvcc 13.0 emits (tests/cc/whole/progs/
 * assert_names.cu):
 *
 *   clang                                      nvcc
 *   void f(T *, R...) [T = float, B = 4,       void f(T *, R...) [with T = float;
 *                      R = <int, double>]          int B = 4; R = int; R = double]
 *   void S<float, 4>::m(T *) [T = float,       void S<T, N>::m(T *) [with T = float;
 *                             N = 4]               int N = 4]
 *   auto k(int *)::(anonymous class)::         lambda [](int)->auto::operator()
 *        operator()(int) const                     (int)->auto
 *   void (anonymous namespace)::k(int *)        void <unnamed>::k(int *)
 *
 * A non-type argument's type is read off its value, which both print alike
 * (4, 5UL, true, 'a', (short)7); one that says nothing of its type (an
 * enumerator) is printed without it.  A lambda's return type is "auto" as
 * clang prints it for every lambda (nvcc prints a declared one).
 */
#define _GNU_SOURCE
#include <ctype.h>
#include <stdbool.h>
#include <stdio.h>
#include <string.h>

#include "cudart.h"

/* Bytes appended to a bounded string. */
struct name_out {
	char *p;
	size_t n, len;
};

static void put(struct name_out *o, const char *s, size_t len)
{
	size_t room = o->n - 1 - o->len;

	if (len > room)
		len = room;
	memcpy(o->p + o->len, s, len);
	o->len += len;
	o->p[o->len] = 0;
}

static void puts0(struct name_out *o, const char *s)
{
	put(o, s, strlen(s));
}

/* The length of s[0..len)'s first item of a ", " list, brackets and quotes kept whole. */
static size_t item_len(const char *s, size_t len)
{
	int depth = 0;

	for (size_t i = 0; i < len; i++) {
		if (s[i] == '\'' && i + 2 < len && s[i + 2] == '\'')
			i += 2;	/* 'a', '<' */
		else if (strchr("<([{", s[i]))
			depth++;
		else if (strchr(">)]}", s[i]))
			depth--;
		else if (!depth && s[i] == ',' && i + 1 < len && s[i + 1] == ' ')
			return i;
	}
	return len;
}

/* The index of the bracket that closes the one at open (s[open] one of "([<"), or len. */
static size_t closing(const char *s, size_t len, size_t open)
{
	char close = s[open] == '(' ? ')' : s[open] == '[' ? ']' : '>';
	int depth = 0;

	for (size_t i = open; i < len; i++) {
		if (s[i] == s[open])
			depth++;
		else if (s[i] == close && --depth == 0)
			return i;
	}
	return len;
}

/* The type nvcc prints before a non-type argument, from its value ("" for a type or an enumerator). */
static const char *value_type(const char *v, size_t len, char *buf, size_t n)
{
	static const struct {
		const char *suffix, *type;
	} ints[] = { { "ULL", "unsigned long long " }, { "LL", "long long " }, { "UL", "unsigned long " },
		     { "U", "unsigned int " },	   { "L", "long " },	     { "", "int " } };
	size_t d = len && v[0] == '-';

	if ((len == 4 && !memcmp(v, "true", 4)) || (len == 5 && !memcmp(v, "false", 5)))
		return "__nv_bool ";
	if (len && v[0] == '\'')
		return "char ";
	if (len && v[0] == '(') {	/* (short)7, (unsigned char)'a'; not (anonymous namespace)::T */
		size_t c = closing(v, len, 0);

		if (c + 1 >= len || !(isdigit((unsigned char)v[c + 1]) || v[c + 1] == '-' || v[c + 1] == '\''))
			return "";
		snprintf(buf, n, "%.*s ", (int)(c - 1), v + 1);
		return buf;
	}
	if (d >= len || !isdigit((unsigned char)v[d]))
		return "";
	while (d < len && isdigit((unsigned char)v[d]))
		d++;
	for (unsigned i = 0; i < sizeof(ints) / sizeof(ints[0]); i++)
		if (strlen(ints[i].suffix) == len - d && !memcmp(v + d, ints[i].suffix, len - d))
			return ints[i].type;
	return "";
}

/*
 * One argument of clang's list, "N = V" (a pack: "R = <A, B>"), called once
 * per value with its name, a pack's once per element and never for an
 * empty pack.
 */
typedef void (*arg_fn)(void *ctx, const char *name, size_t nlen, bool pack, const char *v, size_t vlen);

static void each_arg(const char *s, size_t len, arg_fn fn, void *ctx)
{
	for (size_t i = 0; i < len;) {
		size_t l = item_len(s + i, len - i);
		const char *it = s + i, *eq = memmem(it, l, " = ", 3);

		i += l + 2;
		if (!eq)
			continue;
		const char *v = eq + 3;
		size_t vlen = (size_t)(it + l - v), nlen = (size_t)(eq - it);

		if (vlen >= 2 && v[0] == '<' && v[vlen - 1] == '>') {	/* a pack */
			for (size_t j = 1; j + 1 < vlen;) {
				size_t el = item_len(v + j, vlen - 1 - j);

				fn(ctx, it, nlen, true, v + j, el);
				j += el + 2;
			}
		} else {
			fn(ctx, it, nlen, false, v, vlen);
		}
	}
}

struct args_text {
	struct name_out *o;
	unsigned n, autos;
};

/* "[with T = float; int N = 4]"; a generic lambda's "z:auto = double" is "<auto-1> = double" */
static void with_arg(void *ctx, const char *name, size_t nlen, bool pack, const char *v, size_t vlen)
{
	struct args_text *a = ctx;
	char buf[128];

	(void)pack;
	puts0(a->o, a->n++ ? "; " : " [with ");
	if (nlen > 5 && !memcmp(name + nlen - 5, ":auto", 5)) {
		snprintf(buf, sizeof(buf), "<auto-%u>", ++a->autos);
		puts0(a->o, buf);
	} else {
		puts0(a->o, value_type(v, vlen, buf, sizeof(buf)));
		put(a->o, name, nlen);
	}
	puts0(a->o, " = ");
	put(a->o, v, vlen);
}

/* "<float, 4>" (values) or "<T, N>" (names, a pack's "R...") of the first count values */
struct class_args {
	struct name_out *o;
	bool names;
	unsigned seen, count;
	const char *last;	/* the pack whose name was put */
};

static void class_arg(void *ctx, const char *name, size_t nlen, bool pack, const char *v, size_t vlen)
{
	struct class_args *a = ctx;

	if (a->seen++ >= a->count || (a->names && pack && a->last == name))
		return;
	puts0(a->o, a->o->len ? ", " : "<");
	if (a->names)
		put(a->o, name, nlen);
	else
		put(a->o, v, vlen);
	if (a->names && pack)
		puts0(a->o, "...");
	a->last = name;
}

static void class_list(const char *s, size_t len, bool names, unsigned count, char *buf, size_t n)
{
	struct name_out o = { buf, n, 0 };
	struct class_args a = { &o, names, 0, count, NULL };

	buf[0] = 0;
	each_arg(s, len, class_arg, &a);
	if (o.len)
		puts0(&o, ">");
}

static void count_arg(void *ctx, const char *name, size_t nlen, bool pack, const char *v, size_t vlen)
{
	(void)name, (void)nlen, (void)pack, (void)v, (void)vlen;
	++*(unsigned *)ctx;
}

static unsigned count_values(const char *s, size_t len)
{
	unsigned n = 0;

	each_arg(s, len, count_arg, &n);
	return n;
}

/*
 * head (clang's name before its " [...]") with an enclosing class
 * template's arguments, written as the values of the list's first ones
 * ("S<float, 4>::"), written as their names ("S<T, N>::").
 */
static void put_head(struct name_out *o, const char *head, size_t hlen, const char *list, size_t llen)
{
	char vals[512], names[512];

	for (unsigned k = count_values(list, llen); k > 0; k--) {
		const char *at = NULL;
		size_t vl;

		class_list(list, llen, false, k, vals, sizeof(vals));
		vl = strlen(vals);
		for (const char *p = head; (p = memmem(p, (size_t)(head + hlen - p), vals, vl)); p++)
			if (p + vl + 2 <= head + hlen && !memcmp(p + vl, "::", 2))
				at = p;
		if (at) {
			class_list(list, llen, true, k, names, sizeof(names));
			put(o, head, (size_t)(at - head));
			puts0(o, names);
			put(o, at + vl, (size_t)(head + hlen - at - vl));
			return;
		}
	}
	put(o, head, hlen);
}

/* clang's "... [T = float]" (a template's arguments): where its " [" starts, or len. */
static size_t args_at(const char *s, size_t len)
{
	if (!len || s[len - 1] != ']')
		return len;
	for (size_t i = len - 1; i > 0; i--)
		if (s[i] == '[' && s[i - 1] == ' ' && closing(s, len, i) == len - 1)
			return i - 1;
	return len;
}

static void put_with(struct name_out *o, const char *list, size_t llen)
{
	struct args_text a = { o, 0, 0 };

	each_arg(list, llen, with_arg, &a);
	if (a.n)
		puts0(o, "]");
}

/* "auto F::(anonymous class)::operator()(int) const [z:auto = double]" -> nvcc's lambda form */
static bool put_lambda(struct name_out *o, const char *fn)
{
	static const char op[] = "::(anonymous class)::operator()";
	const char *p = NULL, *q, *params;
	size_t len = strlen(fn), plen, a;

	for (q = fn; (q = strstr(q, op)); q++)
		p = q;
	if (!p)
		return false;
	params = p + sizeof(op) - 1;
	if (*params != '(' || closing(fn, len, (size_t)(params - fn)) == len)
		return false;
	plen = closing(fn, len, (size_t)(params - fn)) + 1 - (size_t)(params - fn);
	puts0(o, "lambda []");
	put(o, params, plen);
	puts0(o, "->auto::operator()");
	put(o, params, plen);
	puts0(o, "->auto");
	a = args_at(fn, len);
	if (a < len)
		put_with(o, fn + a + 2, len - a - 3);
	return true;
}

/* clang's "(anonymous namespace)::" is nvcc's "<unnamed>::", in place (it only shrinks) */
static void unnamed_namespaces(char *s)
{
	static const char anon[] = "(anonymous namespace)";
	char *w = s;

	for (const char *r = s; *r;) {
		if (!strncmp(r, anon, sizeof(anon) - 1)) {
			memcpy(w, "<unnamed>", 9);
			w += 9;
			r += sizeof(anon) - 1;
		} else {
			*w++ = *r++;
		}
	}
	*w = 0;
}

const char *cudart_nvcc_function_name(const char *fn, char *buf, size_t n)
{
	struct name_out o = { buf, n, 0 };
	const char *list;	/* clang's "T = float, N = 4" */
	size_t len, a, llen;

	if (!fn || n < 2)
		return fn;
	len = strlen(fn);
	a = args_at(fn, len);
	list = a < len ? fn + a + 2 : fn + len;
	llen = a < len ? len - a - 3 : 0;
	buf[0] = 0;
	if (!put_lambda(&o, fn)) {
		put_head(&o, fn, a, list, llen);
		put_with(&o, list, llen);
	}
	unnamed_namespaces(buf);
	return buf;
}
