// SPDX-License-Identifier: MIT
/*
 * fiber_switch.c - the context switch of the fibers (fiber.c), per
 * architecture.
 *
 * x86_64 (System V): a switch saves the callee-saved registers (rbx, rbp,
 * r12-r15) on the running stack, stores the stack pointer, loads the other
 * one and pops its registers: 14 instructions, no system call.  Not
 * swapcontext(3): it saves and restores the signal mask with a
 * sigprocmask system call on every switch (about 20 times slower), and the
 * fibers never change the signal mask.  The caller-saved registers are
 * saved by the compiler around the call, as for any function call; the
 * x87 control word and MXCSR are not switched (kernel code does not
 * change the rounding mode; Boost.Context's fcontext saves them, at the
 * cost of an ldmxcsr per switch).  Why not fcontext: Debian ships it only
 * inside libboost-context (a C++ library with its own ABI per Boost
 * version) and these few instructions are all we need of it.
 *
 * Other architectures: ucontext (correct, slower) until someone writes
 * their switch.
 */
#include "fiber_switch.h"

#if defined(__x86_64__)

/* rt_fiber_switch(void **save, void *to): rdi = save, rsi = to. */
__asm__(".text\n"
	".p2align 4\n"
	".globl rt_fiber_switch\n"
	".hidden rt_fiber_switch\n"
	".type rt_fiber_switch, @function\n"
	"rt_fiber_switch:\n"
	"	pushq %rbp\n"
	"	pushq %rbx\n"
	"	pushq %r12\n"
	"	pushq %r13\n"
	"	pushq %r14\n"
	"	pushq %r15\n"
	"	movq %rsp, (%rdi)\n"
	"	movq %rsi, %rsp\n"
	"	popq %r15\n"
	"	popq %r14\n"
	"	popq %r13\n"
	"	popq %r12\n"
	"	popq %rbx\n"
	"	popq %rbp\n"
	"	ret\n"
	".size rt_fiber_switch, .-rt_fiber_switch\n"
	/* a new fiber's first return lands here: r12 = function, r13 = its argument */
	".p2align 4\n"
	".type rt_fiber_start, @function\n"
	"rt_fiber_start:\n"
	"	movq %r13, %rdi\n"
	"	callq *%r12\n"
	"	ud2\n"
	".size rt_fiber_start, .-rt_fiber_start\n");

void rt_fiber_start(void);

void *rt_fiber_init(void *stack_top, void (*fn)(void *), void *arg)
{
	/*
	 * The frame rt_fiber_switch pops: r15, r14, r13, r12, rbx, rbp, then
	 * the return address.  After the ret, rsp = sp + 56 must be 16-byte
	 * aligned at rt_fiber_start's call (the System V rule).
	 */
	uintptr_t top = (uintptr_t)stack_top & ~(uintptr_t)15;
	void **sp = (void **)(top - 72);

	sp[0] = 0;		/* r15 */
	sp[1] = 0;		/* r14 */
	sp[2] = arg;		/* r13 */
	sp[3] = (void *)fn;	/* r12 */
	sp[4] = 0;		/* rbx */
	sp[5] = 0;		/* rbp */
	sp[6] = (void *)rt_fiber_start;
	return sp;
}

#else

#include <stdlib.h>
#include <ucontext.h>

/* A fiber's "stack pointer" is its ucontext, kept at the top of its stack. */
void rt_fiber_switch(void **save, void *to)
{
	ucontext_t here;

	*save = &here;
	swapcontext(&here, to);
}

void *rt_fiber_init(void *stack_top, void (*fn)(void *), void *arg)
{
	uintptr_t top = ((uintptr_t)stack_top - sizeof(ucontext_t)) & ~(uintptr_t)63;
	ucontext_t *uc = (ucontext_t *)top;

	getcontext(uc);
	uc->uc_stack.ss_sp = (char *)stack_top - (1u << 14);	/* fiber.c keeps >= 16 KiB */
	uc->uc_stack.ss_size = (size_t)(top - (uintptr_t)uc->uc_stack.ss_sp);
	uc->uc_link = NULL;
	makecontext(uc, (void (*)(void))fn, 1, arg);	/* one pointer argument: fine on LP64 glibc */
	return uc;
}

#endif
