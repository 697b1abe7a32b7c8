// SPDX-License-Identifier: MIT
/*
 * asm_sreg.c - inline PTX that only reads a lane's special register, as
 * warp code in public libraries writes it (radix sorts, top-k, CUB-style
 * utilities): `asm("mov.u32 %0, %%laneid;" : "=r"(lane));` and the lane
 * masks %lanemask_eq/lt/le/gt/ge (mov.u32, .s32 or .b32, `asm volatile`,
 * `__asm__ __volatile__`, a single `%` as some write it).  No other PTX
 * means anything on a CPU, but these are a thread's linear index modulo
 * 32 and the bits around it, so before the parse each such statement
 * becomes `(lane)=__sreg_laneid` (include/cuda/idxgen_cuda_sreg.h: an
 * expression of threadIdx and blockDim, so the analyses see that it
 * depends on the thread) padded with blanks to its own length, its
 * newlines kept: every offset, line and column stays the user's.  Any
 * other asm is left for whole.c to refuse -- but `asm("trap;")`, which is
 * CUDA's __trap() (asm_trap_at), and vabsdiff4's sum of absolute byte
 * differences with .add, CUDA's __vsadu4 plus c (asm_vsad_at).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cc.h"

static const char *const sregs[] = {"laneid",	   "lanemask_eq", "lanemask_lt", "lanemask_le",
				    "lanemask_gt", "lanemask_ge", NULL};

/*
 * Past blanks and comments from i: a comment between an asm statement's
 * parts (after the template, before the ':') is a blank to the compiler,
 * and the statement is blanked whole when rewritten.
 */
static size_t blanks(const char *t, size_t len, size_t i)
{
	for (;;) {
		while (i < len && (t[i] == ' ' || t[i] == '\t' || t[i] == '\n' || t[i] == '\r'))
			i++;
		if (i + 1 >= len || t[i] != '/' || (t[i + 1] != '*' && t[i + 1] != '/'))
			return i;
		i = text_skip(t, len, i);
	}
}

/* The identifier at i if it is one of words (NULL-terminated): its end, else 0. */
static size_t word_in(const char *t, size_t len, size_t i, const char *const *words)
{
	size_t j = i;

	while (j < len && text_ident_char(t[j]))
		j++;
	for (; *words; words++)
		if (j > i && strlen(*words) == j - i && !strncmp(t + i, *words, j - i))
			return j;
	return 0;
}

/*
 * The asm template of string literals at *i, blanks and the quotes taken out
 * (adjacent literals concatenated), into out; false if it is no plain
 * literal or longer than out.
 */
static bool template_text(const char *t, size_t len, size_t *i, char *out, size_t cap)
{
	size_t n = 0;

	if (*i >= len || t[*i] != '"')
		return false;
	while (*i < len && t[*i] == '"') {
		for ((*i)++; *i < len && t[*i] != '"'; (*i)++) {
			if (t[*i] == '\\' || t[*i] == '\n')
				return false;
			if (t[*i] != ' ' && t[*i] != '\t') {
				if (n + 1 >= cap)
					return false;
				out[n++] = t[*i];
			}
		}
		if (*i >= len)
			return false;
		*i = blanks(t, len, *i + 1);
	}
	out[n] = 0;
	return true;
}

/* "mov.u32%0,%%laneid;" (blanks gone): the register's name, else NULL. */
static const char *sreg_of(const char *tpl)
{
	const char *p;

	if (strncmp(tpl, "mov.u32%0,", 10) && strncmp(tpl, "mov.s32%0,", 10) &&
	    strncmp(tpl, "mov.b32%0,", 10))
		return NULL;
	p = tpl + 10;
	if (*p++ != '%')
		return NULL;
	p += *p == '%'; /* %% in an asm with operands; some write one */
	for (const char *const *r = sregs; *r; r++) {
		size_t l = strlen(*r);

		if (!strncmp(p, *r, l) && (!strcmp(p + l, "") || !strcmp(p + l, ";")))
			return *r;
	}
	return NULL;
}

/* Past the parenthesised text that starts at i (t[i] == '('), else 0. */
static size_t balanced(const char *t, size_t len, size_t i)
{
	int depth = 0;

	for (; i < len; i++) {
		size_t k = text_skip(t, len, i);

		if (k != i) {
			i = k - 1;
			continue;
		}
		if (t[i] == '(')
			depth++;
		else if (t[i] == ')' && --depth == 0)
			return i + 1;
		else if (t[i] == ';' || t[i] == '{' || t[i] == '}')
			return 0;
	}
	return 0;
}

/*
 * An asm statement at a that reads one special register into an lvalue:
 * its end (past the closing parenthesis), the register, and the lvalue's
 * [*ea, *eb); else 0.
 */
static size_t asm_sreg_at(const char *t, size_t len, size_t a, const char **reg, size_t *ea, size_t *eb)
{
	static const char *const kw[] = {"asm", "__asm", "__asm__", NULL};
	static const char *const vol[] = {"volatile", "__volatile__", "__volatile", NULL};
	char tpl[64];
	size_t i = word_in(t, len, a, kw), k;

	if (!i || (a > 0 && text_ident_char(t[a - 1])))
		return 0;
	i = blanks(t, len, i);
	if ((k = word_in(t, len, i, vol)))
		i = blanks(t, len, k);
	if (i >= len || t[i] != '(')
		return 0;
	i = blanks(t, len, i + 1);
	if (!template_text(t, len, &i, tpl, sizeof(tpl)) || !(*reg = sreg_of(tpl)))
		return 0;
	if (i >= len || t[i] != ':')
		return 0;
	i = blanks(t, len, i + 1);
	if (len - i < 4 || strncmp(t + i, "\"=r\"", 4))
		return 0;
	i = blanks(t, len, i + 4);
	if (i >= len || t[i] != '(' || !(k = balanced(t, len, i)))
		return 0;
	*ea = i + 1;
	*eb = k - 1;
	i = blanks(t, len, k);
	if (i < len && t[i] == ':') /* an empty input list, as some write it */
		i = blanks(t, len, i + 1);
	if (i >= len || t[i] != ')')
		return 0;
	return i + 1;
}

/*
 * Operands written without a comma between them, `:: "r"(v) "l"(p)`
 * (cuda-samples' conjugateGradientMultiDeviceCG): nvcc's front end takes
 * them, clang stops the parse with "expected ')'" before idxgen-cc can say
 * what it does not translate.  The blank after the first operand becomes
 * the comma (offsets kept); then the statement is refused by name as any
 * other PTX, or runs where it is one asm_sreg_at reads.  For the asm
 * statement whose '(' is at i: its end, else 0.
 */
static size_t asm_operand_commas(char *t, size_t len, size_t i)
{
	size_t end = balanced(t, len, i), j, k;
	int depth = 0;
	bool operands = false;

	for (j = i; end && j < end; j++) {
		if ((k = text_skip(t, len, j)) != j) {
			j = k - 1;
			continue;
		}
		if (t[j] == '(') {
			depth++;
		} else if (t[j] == ')') {
			depth--;
			k = blanks(t, len, j + 1);
			if (operands && depth == 1 && k > j + 1 && k < end && t[k] == '"' &&
			    (t[j + 1] == ' ' || t[j + 1] == '\t' || t[j + 1] == '\n'))
				t[j + 1] = ',';
		} else if (t[j] == ':' && depth == 1) {
			operands = true;
		}
	}
	return end;
}

/* The '(' of an asm statement that starts at a (asm, __asm__, with qualifiers), else 0. */
static size_t asm_open(const char *t, size_t len, size_t a)
{
	static const char *const kw[] = {"asm", "__asm", "__asm__", NULL};
	static const char *const qual[] = {"volatile", "__volatile__", "__volatile", "goto", "inline", NULL};
	size_t i = word_in(t, len, a, kw), k;

	if (!i || (a > 0 && text_ident_char(t[a - 1])))
		return 0;
	i = blanks(t, len, i);
	while ((k = word_in(t, len, i, qual)))
		i = blanks(t, len, k);
	return i < len && t[i] == '(' ? i : 0;
}

/*
 * `asm("trap;")` (asm volatile, __asm__ __volatile__, empty operand lists
 * and clobbers such as "memory" allowed): PTX's trap instruction, which is
 * what CUDA's __trap() is -- the kernel stops and the launch fails with
 * cudaErrorLaunchFailure.  Its end, else 0.  PTX's "exit;" is not mapped:
 * it ends only the calling thread, which a barrier others wait at would
 * then wait for forever on a GPU too; no faithful meaning to give it.
 */
static size_t asm_trap_at(const char *t, size_t len, size_t a)
{
	char tpl[16];
	size_t i = asm_open(t, len, a), k;

	if (!i)
		return 0;
	i = blanks(t, len, i + 1);
	if (!template_text(t, len, &i, tpl, sizeof(tpl)))
		return 0;
	if (strcmp(tpl, "trap;") && strcmp(tpl, "trap"))
		return 0;
	while (i < len && t[i] == ':') { /* no operands: empty lists and string clobbers only */
		i = blanks(t, len, i + 1);
		while (i < len && t[i] == '"') {
			if ((k = text_skip(t, len, i)) == i)
				return 0;
			i = blanks(t, len, k);
			if (i < len && t[i] == '(')
				return 0; /* an operand */
			if (i < len && t[i] == ',')
				i = blanks(t, len, i + 1);
		}
	}
	return i < len && t[i] == ')' ? i + 1 : 0;
}

/*
 * Statement [i, end) as rep (n bytes) padded with blanks, its line breaks
 * kept, rep on the first stretch without a line break that holds it; false
 * (nothing written) where none does or rep has a line break.
 */
static bool replace_padded(char *text, size_t i, size_t end, const char *rep, size_t n)
{
	size_t at = i, run = 0;

	for (size_t j = i; j < end && run < n; j++) {
		run = text[j] == '\n' ? 0 : run + 1;
		at = run == 1 ? j : at;
	}
	if (run < n || memchr(rep, '\n', n))
		return false;
	for (size_t j = i; j < end; j++)
		if (text[j] != '\n')
			text[j] = ' ';
	memcpy(text + at, rep, n);
	return true;
}

/*
 * `asm("vabsdiff4.u32.u32.u32.add %0, %1, %2, %3;" : "=r"(d) : "r"(a),
 * "r"(b), "r"(c))` (cuda-samples' stereoDisparity): PTX ISA's vabsdiff4
 * with the secondary accumulate and the default mask .b3210 is d = c plus
 * the sum over the four bytes of |a_i - b_i|, unsigned, modulo 2^32: CUDA's
 * __vsadu4(a, b) + c.  Where the statement starts at a: its end, and in
 * ops[0..3] the [start, end) of the four parenthesised operands (d, a, b,
 * c); else 0.  The signed forms, the per-byte form without .add, masks and
 * byte selectors stay refused: only this one is written here.
 */
static size_t asm_vsad_at(const char *t, size_t len, size_t a, size_t ops[4][2])
{
	static const char *const cons[] = {"\"=r\"", "\"r\"", "\"r\"", "\"r\""};
	char tpl[96];
	size_t i = asm_open(t, len, a), k;

	if (!i)
		return 0;
	i = blanks(t, len, i + 1);
	if (!template_text(t, len, &i, tpl, sizeof(tpl)) ||
	    (strcmp(tpl, "vabsdiff4.u32.u32.u32.add%0,%1,%2,%3;") &&
	     strcmp(tpl, "vabsdiff4.u32.u32.u32.add%0,%1,%2,%3")))
		return 0;
	for (int o = 0; o < 4; o++) {
		/* ':' before the output and the first input, ',' between inputs */
		if (i >= len || t[i] != (o < 2 ? ':' : ','))
			return 0;
		i = blanks(t, len, i + 1);
		if (len - i < strlen(cons[o]) || strncmp(t + i, cons[o], strlen(cons[o])))
			return 0;
		i = blanks(t, len, i + strlen(cons[o]));
		if (i >= len || t[i] != '(' || !(k = balanced(t, len, i)))
			return 0;
		ops[o][0] = i;
		ops[o][1] = k;
		i = blanks(t, len, k);
	}
	return i < len && t[i] == ')' ? i + 1 : 0;
}

/* s on the first stretch of [a, b) without a line break that holds it; false where none does. */
static bool put_in_gap(char *text, size_t a, size_t b, const char *s)
{
	size_t n = strlen(s), run = 0;

	for (size_t j = a; j < b; j++) {
		run = text[j] == '\n' ? 0 : run + 1;
		if (run == n) {
			memcpy(text + j + 1 - n, s, n);
			return true;
		}
	}
	return false;
}

/*
 * The vabsdiff4 statement [i, end) (asm_vsad_at) as
 * `__idxgen_vabsdiff4_add((d), (a), (b), (c))`, include/cuda's macro for
 * `(d) = __vsadu4(a, b) + c`: the operands stay where they are written (so
 * a statement over several lines keeps them on theirs), everything else
 * becomes blanks, the macro's name goes where the template was.  False
 * (nothing written) where no stretch before the output holds the name.
 */
static bool vsad_rewrite(char *text, size_t i, size_t end, size_t ops[4][2])
{
	static const char name[] = "__idxgen_vabsdiff4_add(";
	size_t run = 0, fits = 0;

	for (size_t j = i; j < ops[0][0] && !fits; j++) {
		run = text[j] == '\n' ? 0 : run + 1;
		fits = run >= sizeof(name) - 1;
	}
	if (!fits)
		return false;
	for (size_t j = i, o = 0; j + 1 < end; j++) {
		if (o < 4 && j == ops[o][0]) {
			j = ops[o++][1] - 1;
			continue;
		}
		if (text[j] != '\n')
			text[j] = ' ';
	}
	put_in_gap(text, i, ops[0][0], name);
	for (int o = 0; o < 3; o++) /* the ':' or ',' that was there holds it */
		put_in_gap(text, ops[o][1], ops[o + 1][0], ",");
	return true;
}

void asm_special_registers(char *text, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		size_t k = text_skip(text, len, i), end, ea, eb, n, ops[4][2];
		const char *reg;
		char rep[512];

		if (k != i) {
			i = k - 1;
			continue;
		}
		if (text[i] != 'a' && text[i] != '_')
			continue;
		if ((n = asm_open(text, len, i)))
			asm_operand_commas(text, len, n);
		end = asm_trap_at(text, len, i);
		if (end && replace_padded(text, i, end, "__trap()", 8)) {
			i = end - 1;
			continue;
		}
		end = asm_vsad_at(text, len, i, ops);
		if (end && vsad_rewrite(text, i, end, ops)) {
			i = end - 1;
			continue;
		}
		end = asm_sreg_at(text, len, i, &reg, &ea, &eb);
		if (!end)
			continue;
		n = (size_t)snprintf(rep, sizeof(rep), "(%.*s)=__sreg_%s", (int)(eb - ea),
				     text + ea, reg);
		/* no room (or a line break in the lvalue): left to be refused */
		if (n < sizeof(rep) && replace_padded(text, i, end, rep, n))
			i = end - 1;
	}
}

/*
 * Does asm_special_registers rewrite the asm statement that starts at
 * offset at of text?  whole.c's judge of PTX in a header of the program:
 * the parse reads the header as written, its translation rewrites it
 * (translate_headers), so the judge runs the rewrite itself on the same
 * text.  It read the statement's tokens joined by blanks before, which
 * accepted what the rewrite leaves as written -- a template over lines too
 * short to hold `(x)=__sreg_...`, a comment between the parts -- and the
 * PTX reached the host's assembler ("invalid register name").
 */
bool asm_rewritten_at(const char *text, size_t len, size_t at)
{
	char *copy;
	bool r;

	if (at >= len || len - at < 3)
		return false;
	copy = cx_alloc(len);
	memcpy(copy, text, len);
	asm_special_registers(copy, len);
	r = memcmp(copy + at, text + at, 3) != 0; /* the asm keyword is gone */
	free(copy);
	return r;
}
