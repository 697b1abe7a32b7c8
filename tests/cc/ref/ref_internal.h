/* SPDX-License-Identifier: MIT */
/*
 * ref_internal.h - the reference executor's scheduler state, shared by the
 * block scheduler (ref.cc) and the warp rendezvous (warp.cc).
 */
#ifndef IDXGEN_REF_INTERNAL_H
#define IDXGEN_REF_INTERNAL_H

#include "idxgen_ref.h"

#include <string>
#include <ucontext.h>
#include <vector>

namespace idxgen_ref
{

enum fiber_state { RUNNABLE, AT_BARRIER, AT_WARP, EXITED };

/* Lanes per warp: a warp is 32 consecutive linear thread numbers, as on the GPU. */
constexpr unsigned int WARP = 32;

struct fiber {
	ucontext_t uc;
	thread_view view;
	enum fiber_state state;
	int site;			/* barrier line while AT_BARRIER */
	enum sync_kind kind;
	int pred;
	int result;			/* the barrier's value, read after resuming */
	unsigned int lane;		/* linear thread number % WARP */
	struct warp_req wreq;		/* while AT_WARP (site: its line) */
};

struct block_run {
	ucontext_t sched;
	std::vector<fiber> fibers;
	fiber *cur;
	const std::function<void()> *body;
	size_t warps;
};

extern thread_local block_run *running;

std::string tid_text(uint3 t);
/* Complete the warp operations whose lanes all arrived: >0 if some went on, 0 if none, LAUNCH_ERROR (*err) on
 * misuse, LAUNCH_UNDEFINED (*err) where CUDA leaves the result undefined. */
int release_warps(block_run *r, std::string *err);

} /* namespace idxgen_ref */

#endif
