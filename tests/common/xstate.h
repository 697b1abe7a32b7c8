/* SPDX-License-Identifier: MIT */
/*
 * xstate.h - is wide vector state left in use?  (issue 40, item 0)
 *
 * Code that uses 256- or 512-bit registers must leave their upper parts in
 * the initial state (vzeroupper) before it returns to code that may use
 * SSE: otherwise every later SSE instruction of the thread pays the
 * AVX-SSE transition (a stall or a false dependency on every register),
 * which made whole programs up to 3x slower.  The processor says which
 * state components are in use: XGETBV with ECX=1 returns XINUSE, a bit per
 * component, 0 meaning "in its initial configuration".  A test puts the
 * components in their initial state (XRSTOR of an area whose header marks
 * them initial), calls the entry point, and reads XINUSE: deterministic,
 * no timing.
 *
 * The components watched (Intel SDM vol. 1, 13.1): 2 the upper halves of
 * YMM0-15, 5 the opmask registers, 6 the upper halves of ZMM0-15, 7 ZMM16-31.
 *
 * The C library's EVEX string functions (glibc >= 2.33 on AVX-512 CPUs)
 * use YMM16-31 and opmasks and, by design, leave components 5 and 7 in use
 * (no SSE penalty follows from those).  So that a test can hold our code to
 * all four bits, xstate_reexec() restarts the test once with
 * GLIBC_TUNABLES hiding AVX-512 from the C library's function choice; the
 * library under test does not read that setting (it asks the CPU: cpuid,
 * __builtin_cpu_supports), so its own paths are the same.
 *
 * Build the test without AVX (-mno-avx after CFLAGS): the test's own code
 * must not touch the state it measures.
 */
#ifndef IDXGEN_XSTATE_H
#define IDXGEN_XSTATE_H

#include <cpuid.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define XSTATE_YMM_HI128	(1u << 2)
#define XSTATE_OPMASK		(1u << 5)
#define XSTATE_ZMM_HI256	(1u << 6)
#define XSTATE_HI16_ZMM		(1u << 7)
#define XSTATE_WIDE (XSTATE_YMM_HI128 | XSTATE_OPMASK | XSTATE_ZMM_HI256 | XSTATE_HI16_ZMM)

#define XSTATE_TUNABLES \
	"glibc.cpu.hwcaps=-AVX512F,-AVX512VL,-AVX512BW,-AVX512DQ,-AVX512CD"

/*
 * NULL where XINUSE can be read, else why not.  The OS must have enabled
 * XSAVE (OSXSAVE) and the CPU must have XGETBV with ECX=1 (CPUID leaf 0xD,
 * sub-leaf 1, EAX bit 2).
 */
static inline const char *xstate_unsupported(void)
{
	unsigned int a, b, c, d;

	if (!__get_cpuid(1, &a, &b, &c, &d) || !(c & bit_OSXSAVE))
		return "the OS has not enabled XSAVE (CPUID.1:ECX.OSXSAVE = 0)";
	if (__get_cpuid_max(0, NULL) < 0xd)
		return "the CPU has no CPUID leaf 0xD";
	__cpuid_count(0xd, 1, a, b, c, d);
	if (!(a & (1u << 2)))
		return "the CPU lacks XGETBV with ECX=1 (CPUID.(EAX=0DH,ECX=1):EAX[2] = 0)";
	return NULL;
}

/* XCR0: the components the OS enabled (only those can be in use). */
static inline uint32_t xstate_enabled(void)
{
	uint32_t a, d;

	__asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(0));
	return a;
}

/* The watched components now in use (XINUSE & XSTATE_WIDE). */
static inline uint32_t xstate_in_use(void)
{
	uint32_t a, d;

	__asm__ volatile("xgetbv" : "=a"(a), "=d"(d) : "c"(1));
	return a & XSTATE_WIDE;
}

/*
 * Put the watched components the OS enabled into their initial state:
 * XRSTOR (standard form) of a zeroed area, whose header's XSTATE_BV = 0
 * says "initial" for every requested component (SDM 13.8.1).  The area is
 * 64-byte aligned and as large as CPUID.(0xD,0).EBX says.
 */
static inline int xstate_init(void)
{
	static _Alignas(64) unsigned char area[16384];	/* test-only scratch, zero forever */
	unsigned int a, b, c, d;

	__cpuid_count(0xd, 0, a, b, c, d);
	if (b > sizeof(area))
		return -1;
	__asm__ volatile("xrstor %0" : : "m"(area), "a"(xstate_enabled() & XSTATE_WIDE), "d"(0)
			 : "memory");
	return 0;
}

/*
 * Restart this program once with XSTATE_TUNABLES (see above).  Returns
 * only when already restarted, or when the restart failed (then the C
 * library may set components 5 and 7 itself: the caller reports that).
 */
static inline int xstate_reexec(char **argv)
{
	const char *t = getenv("GLIBC_TUNABLES");

	if (t && strstr(t, XSTATE_TUNABLES))
		return 0;
	if (setenv("GLIBC_TUNABLES", XSTATE_TUNABLES, 1))
		return -1;
	execv("/proc/self/exe", argv);
	return -1;
}

#endif
