// SPDX-License-Identifier: MIT
/*
 * fault_div.c - an integer division in kernel code that x86 traps on gives
 * the GPU's value instead (issue 38; fault.c calls it from its SIGFPE
 * handler, only for kernel code).
 *
 * PTX's div and rem never trap: a division by zero yields an unspecified,
 * machine-specific value, and NVIDIA's GPUs return all bits set for both
 * x / 0 and x % 0 (observed in public: Stack Overflow question 12960005,
 * an unsigned char 0 / 0 printing FF).  x86's div and idiv raise #DE (SIGFPE) for a zero
 * divisor and for a quotient that does not fit (INT_MIN / -1).  The values
 * given here:
 *
 *   x / 0 and x % 0, signed or unsigned, any width: all bits set (-1, or
 *   UINT_MAX and the like);
 *   MIN / -1: MIN (the two's-complement wrap), MIN % -1: 0.
 *
 * The faulting div/idiv is decoded (prefixes, REX, F6/F7 /6 or /7, its
 * ModRM operand in a register or memory), its results are written to the
 * registers the instruction would have written, and the thread goes on
 * after it.  What this does not know (another instruction, a dividend that
 * no compiled C division makes, an fs/gs-relative operand) is not ours:
 * the fault goes on as before.  AArch64's sdiv/udiv do not trap (x / 0 is 0
 * there): nothing to do on other machines.
 */
#define _GNU_SOURCE
#include "rt_internal.h"

#include <signal.h>
#include <string.h>
#include <ucontext.h>

#if defined(__x86_64__)

/* The mcontext index of x86 registers 0-15: rax, rcx, rdx, rbx, rsp, rbp, rsi, rdi, r8-r15. */
static const int gpr_index[16] = {REG_RAX, REG_RCX, REG_RDX, REG_RBX, REG_RSP, REG_RBP,
				  REG_RSI, REG_RDI, REG_R8,  REG_R9,  REG_R10, REG_R11,
				  REG_R12, REG_R13, REG_R14, REG_R15};

/* A decoded div or idiv. */
struct div_insn {
	unsigned int len;   /* bytes */
	unsigned int width; /* 8, 16, 32, 64 */
	bool is_signed;	    /* idiv */
	bool in_mem;
	uintptr_t addr;	  /* the divisor's address (in_mem) */
	unsigned int reg; /* else its register; high8: ah, ch, dh or bh (reg - 4) */
	bool high8;
};

static uint64_t gpr(const greg_t *g, unsigned int r)
{
	return (uint64_t)g[gpr_index[r & 15]];
}

static int32_t disp32(const uint8_t *p)
{
	int32_t d;

	memcpy(&d, p, sizeof(d));
	return d;
}

/* The memory operand of ModRM at ip[*i] (mod != 3); false if this cannot compute it. */
static bool decode_mem(const uint8_t *ip, unsigned int *i, unsigned int rex, const greg_t *g,
		       uintptr_t *addr)
{
	unsigned int mod = ip[*i] >> 6, rm = ip[*i] & 7;
	uint64_t a = 0;

	(*i)++;
	if (rm == 4) { /* SIB */
		uint8_t sib = ip[(*i)++];
		unsigned int idx = (sib >> 3 & 7) | (rex & 2) << 2, base = sib & 7;

		if (idx != 4)
			a += gpr(g, idx) << (sib >> 6);
		if (base == 5 && mod == 0) {
			a += (uint64_t)(int64_t)disp32(ip + *i);
			*i += 4;
		} else {
			a += gpr(g, base | (rex & 1) << 3);
		}
	} else if (rm == 5 &&
		   mod == 0) { /* rip-relative: from the end of the instruction (no immediate) */
		a = (uint64_t)(uintptr_t)(ip + *i + 4) + (uint64_t)(int64_t)disp32(ip + *i);
		*i += 4;
	} else {
		a = gpr(g, rm | (rex & 1) << 3);
	}
	if (mod == 1) {
		a += (uint64_t)(int64_t)(int8_t)ip[*i];
		*i += 1;
	} else if (mod == 2) {
		a += (uint64_t)(int64_t)disp32(ip + *i);
		*i += 4;
	}
	*addr = (uintptr_t)a;
	return true;
}

/* Decode the instruction at ip as div/idiv; false if it is not one this knows. */
static bool decode(const uint8_t *ip, const greg_t *g, struct div_insn *d)
{
	unsigned int i = 0, rex = 0, mod, rm;
	bool size16 = false, addr32 = false, seg = false;

	for (;; i++) { /* legacy prefixes */
		if (i >= 14)
			return false;
		if (ip[i] == 0x66)
			size16 = true;
		else if (ip[i] == 0x67)
			addr32 = true;
		else if (ip[i] == 0x64 || ip[i] == 0x65)
			seg = true;
		else if (ip[i] != 0xf0 && ip[i] != 0xf2 && ip[i] != 0xf3 && ip[i] != 0x2e &&
			 ip[i] != 0x36 && ip[i] != 0x3e && ip[i] != 0x26)
			break;
	}
	if ((ip[i] & 0xf0) == 0x40)
		rex = ip[i++];
	if (ip[i] != 0xf6 && ip[i] != 0xf7)
		return false;
	d->width = ip[i] == 0xf6 ? 8 : rex & 8 ? 64 : size16 ? 16 : 32;
	i++;
	if ((ip[i] >> 3 & 7) < 6)
		return false; /* test, not, neg, mul, imul */
	d->is_signed = (ip[i] >> 3 & 7) == 7;
	mod = ip[i] >> 6;
	rm = ip[i] & 7;
	d->in_mem = mod != 3;
	if (!d->in_mem) {
		d->reg = rm | (rex & 1) << 3;
		d->high8 = d->width == 8 && !rex && rm >= 4;
		d->len = i + 1;
		return true;
	}
	if (seg || !decode_mem(ip, &i, rex, g, &d->addr))
		return false; /* fs/gs: the segment base is not in the context */
	if (addr32)
		d->addr = (uint32_t)d->addr;
	d->len = i;
	return true;
}

/* v's low `width` bits, sign-extended when is_signed. */
static uint64_t extend(uint64_t v, unsigned int width, bool is_signed)
{
	unsigned int sh = 64 - width;

	if (width == 64)
		return v;
	return is_signed ? (uint64_t)((int64_t)(v << sh) >> sh) : v << sh >> sh;
}

static uint64_t divisor_of(const struct div_insn *d, const greg_t *g)
{
	uint64_t v = 0;

	if (d->in_mem)
		memcpy(&v, (const void *)d->addr, d->width / 8); /* little-endian: the low bytes */
	else if (d->high8)
		v = gpr(g, d->reg - 4) >> 8;
	else
		v = gpr(g, d->reg);
	return extend(v, d->width, d->is_signed);
}

/* Write quotient q and remainder r where the instruction would have. */
static void write_result(const struct div_insn *d, greg_t *g, uint64_t q, uint64_t r)
{
	uint64_t rax = (uint64_t)g[REG_RAX], rdx = (uint64_t)g[REG_RDX];

	switch (d->width) {
	case 8: /* al quotient, ah remainder */
		rax = (rax & ~0xffffull) | (r & 0xff) << 8 | (q & 0xff);
		break;
	case 16:
		rax = (rax & ~0xffffull) | (q & 0xffff);
		rdx = (rdx & ~0xffffull) | (r & 0xffff);
		break;
	case 32: /* a 32-bit result clears the upper half, as the instruction's */
		rax = (uint32_t)q;
		rdx = (uint32_t)r;
		break;
	default:
		rax = q;
		rdx = r;
	}
	g[REG_RAX] = (greg_t)rax;
	g[REG_RDX] = (greg_t)rdx;
}

bool rt_fault_divide(const siginfo_t *si, void *uc)
{
	greg_t *g = ((ucontext_t *)uc)->uc_mcontext.gregs;
	const uint8_t *ip = (const uint8_t *)(uintptr_t)g[REG_RIP];
	struct div_insn d;
	uint64_t div, lo, hi, min, ones;

	if ((si->si_code != FPE_INTDIV && si->si_code != FPE_INTOVF) || !decode(ip, g, &d))
		return false;
	div = divisor_of(&d, g);
	ones = extend(~0ull, d.width, false);
	/* the dividend: ax (8-bit), else dx:ax at the width; hi must extend lo, as C's divisions
	 * make it */
	lo = d.width == 8 ? (uint64_t)g[REG_RAX] & 0xff
			  : extend((uint64_t)g[REG_RAX], d.width, false);
	hi = d.width == 8 ? (uint64_t)g[REG_RAX] >> 8 & 0xff
			  : extend((uint64_t)g[REG_RDX], d.width, false);
	if (hi != (d.is_signed && extend(lo, d.width, true) >> 63 ? ones : 0))
		return false;
	min = 1ull << (d.width - 1);
	if (!(div & ones))
		write_result(&d, g, ones, ones);
	else if (d.is_signed && (div & ones) == ones && lo == min)
		write_result(&d, g, min, 0);
	else
		return false;
	g[REG_RIP] += (greg_t)d.len;
	return true;
}

#else

bool rt_fault_divide(const siginfo_t *si, void *uc)
{
	(void)si, (void)uc;
	return false;
}

#endif
