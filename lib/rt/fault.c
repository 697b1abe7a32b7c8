// SPDX-License-Identifier: MIT
/*
 * fault.c - a hardware fault in kernel code ends the launch, not the process
 * (issue 38).
 *
 * On a GPU a kernel that writes through NULL or far out of bounds stops, and
 * the CUDA runtime reports cudaErrorIllegalAddress (sticky) at the next
 * synchronising call; an integer division by zero gives a value (PTX has no
 * trap).  Here the same code faults on the CPU: SIGSEGV or SIGBUS, and SIGFPE
 * for x86's div/idiv.  One handler for the three, on an alternate signal
 * stack (per OS thread: a fault may be a stack overflow), installed once
 * when a thread first runs blocks:
 *
 *   - in a fiber's guard page: the fiber engine's stack-overflow trap
 *     (fiber.c, unchanged);
 *   - SIGFPE of a division in kernel code: the GPU's value (fault_div.c),
 *     and the kernel goes on after the instruction;
 *   - SIGSEGV/SIGBUS in kernel code: the block traps with "illegal address"
 *     (idxgen_rt_trap: it leaves the handler for the block's setjmp, the
 *     launch's other blocks finish or stop before their next block, the
 *     launch fails with -EFAULT; lib/cudart makes that the sticky
 *     cudaErrorIllegalAddress);
 *   - anything else, or any fault outside kernel code: the handler that was
 *     installed before ours, or the default action (a host bug still dumps
 *     core).
 *
 * "In kernel code" is a thread-local mark, the block a worker runs, set by
 * pool.c around its block functions (rt_fault_enter/rt_fault_leave).
 *
 * The handler runs with SA_NODEFER and an empty mask: entering it blocks no
 * signal, so leaving it by longjmp (not siglongjmp) leaves the thread's
 * mask as it was, and the per-block setjmp costs no system call.  A program
 * that installs its own handler after our first launch replaces ours: its
 * kernels' faults then go to its handler, as before this file.
 */
#define _GNU_SOURCE
#include "rt_internal.h"

#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>

static const int rt_fault_sigs[] = {SIGSEGV, SIGBUS, SIGFPE};
#define RT_FAULT_NSIGS	  (sizeof(rt_fault_sigs) / sizeof(rt_fault_sigs[0]))
#define RT_FAULT_ALTSTACK (64u << 10)

/*
 * Process and thread state a signal handler needs: it has no argument of
 * ours.  The previous handlers are written once (pthread_once) before ours
 * can run; the mark and the alternate stack are per OS thread.
 */
static struct sigaction rt_fault_old[RT_FAULT_NSIGS];
static pthread_once_t rt_fault_once = PTHREAD_ONCE_INIT;
static pthread_key_t rt_fault_altstack_key;
static _Thread_local bool rt_fault_ready; /* this thread went through rt_fault_guard_thread */
static _Thread_local struct idxgen_rt_block *rt_fault_blk
    __attribute__((tls_model("initial-exec")));

struct idxgen_rt_block *rt_fault_enter(struct idxgen_rt_block *blk)
{
	struct idxgen_rt_block *was = rt_fault_blk;

	rt_fault_blk = blk;
	return was;
}

void rt_fault_leave(struct idxgen_rt_block *was)
{
	rt_fault_blk = was;
}

/* Hand sig to the handler installed before ours, or have its default action. */
static void chain(int sig, siginfo_t *si, void *uc)
{
	const struct sigaction *old = NULL;

	for (size_t i = 0; i < RT_FAULT_NSIGS; i++)
		if (rt_fault_sigs[i] == sig)
			old = &rt_fault_old[i];
	if (old && old->sa_flags & SA_SIGINFO && old->sa_sigaction) {
		old->sa_sigaction(sig, si, uc);
		return;
	}
	if (old && old->sa_handler != SIG_DFL && old->sa_handler != SIG_IGN) {
		old->sa_handler(sig);
		return;
	}
	signal(sig,
	       SIG_DFL); /* the faulting instruction runs again and the default action follows */
}

static const char *sig_name(int sig)
{
	return sig == SIGSEGV ? "SIGSEGV" : sig == SIGBUS ? "SIGBUS" : "SIGFPE";
}

static void rt_fault_handler(int sig, siginfo_t *si, void *uc)
{
	struct idxgen_rt_block *blk = rt_fault_blk;

	if (sig == SIGSEGV)
		rt_fiber_overflow((uintptr_t)si->si_addr); /* returns unless a fiber overflowed */
	if (blk && sig == SIGFPE && rt_fault_divide(si, uc))
		return;
	if (blk && sig != SIGFPE) {
		/* a second fault while the block traps goes to chain(): never a loop */
		rt_fault_blk = NULL;
		idxgen_rt_trap(blk, "illegal address %p (%s)", si->si_addr, sig_name(sig));
	}
	chain(sig, si, uc);
}

static void altstack_free(void *a)
{
	stack_t off = {.ss_flags = SS_DISABLE};

	sigaltstack(&off, NULL);
	free(a);
}

static void install(void)
{
	struct sigaction sa;

	pthread_key_create(&rt_fault_altstack_key, altstack_free);
	memset(&sa, 0, sizeof(sa));
	sa.sa_sigaction = rt_fault_handler;
	sa.sa_flags = SA_SIGINFO | SA_ONSTACK | SA_NODEFER;
	sigemptyset(&sa.sa_mask);
	for (size_t i = 0; i < RT_FAULT_NSIGS; i++)
		sigaction(rt_fault_sigs[i], &sa, &rt_fault_old[i]);
}

void rt_fault_guard_thread(void)
{
	stack_t cur, ss;

	if (rt_fault_ready)
		return;
	rt_fault_ready = true;
	pthread_once(&rt_fault_once, install);
	/* a thread that has an alternate stack of its own (the program's) keeps it */
	if (sigaltstack(NULL, &cur) || !(cur.ss_flags & SS_DISABLE))
		return;
	ss.ss_size = RT_FAULT_ALTSTACK;
	ss.ss_sp = malloc(ss.ss_size);
	ss.ss_flags = 0;
	if (!ss.ss_sp)
		return;
	if (sigaltstack(&ss, NULL)) {
		free(ss.ss_sp);
		return;
	}
	pthread_setspecific(rt_fault_altstack_key, ss.ss_sp); /* freed at thread exit */
}
