// SPDX-License-Identifier: MIT
/*
 * ref.cc - the reference executor (idxgen_ref.h): every CUDA thread of a
 * block is a ucontext fiber with its own stack; a block runs until every
 * fiber has returned.  The scheduler resumes the runnable fibers one after
 * another (in the launch's order); each runs until it reaches a barrier or
 * returns.  When none is runnable, every live fiber is waiting at a barrier:
 * the scheduler checks that they all wait at the same one, computes the
 * barrier's reduction and makes them runnable again.  Nothing here knows
 * how idxgen-cc translates; the only shared thing is the CUDA source.
 *
 * The running launch is reached through one thread_local pointer (threadIdx
 * is a macro reading it), so launches on different OS threads do not mix.
 */
#include "ref_internal.h"

#include <algorithm>
#include <cstring>
#include <memory>
#include <random>
#include <ucontext.h>
#include <vector>

namespace idxgen_ref
{

thread_local block_run *running;

const thread_view &self()
{
	return running->cur->view;
}

std::string tid_text(uint3 t)
{
	return "(" + std::to_string(t.x) + "," + std::to_string(t.y) + "," + std::to_string(t.z) + ")";
}

static void trampoline()
{
	block_run *r = running;

	(*r->body)();
	r->cur->state = EXITED;
	swapcontext(&r->cur->uc, &r->sched);	/* never resumed */
}

int sync(enum sync_kind kind, int pred, int site)
{
	block_run *r = running;
	fiber *f = r->cur;

	f->state = AT_BARRIER;
	f->kind = kind;
	f->pred = pred;
	f->site = site;
	swapcontext(&f->uc, &r->sched);
	return f->result;
}

/* Release a barrier every live fiber waits at; false (and *err) if they wait at different ones. */
static bool release_barrier(block_run *r, std::string *err)
{
	fiber *first = nullptr;
	int count = 0, all = 1, any = 0;

	for (fiber &f : r->fibers) {
		if (f.state == AT_WARP) {
			*err = "deadlock: thread " + tid_text(f.view.tid) + " waits at the warp operation of line " +
			       std::to_string(f.site) + " for lanes of its mask that wait at a barrier";
			return false;
		}
		if (f.state != AT_BARRIER)
			continue;
		if (!first)
			first = &f;
		if (f.site != first->site || f.kind != first->kind) {
			*err = "divergent barrier: thread " + tid_text(first->view.tid) + " waits at line " +
			       std::to_string(first->site) + ", thread " + tid_text(f.view.tid) + " at line " +
			       std::to_string(f.site);
			return false;
		}
		count += f.pred;
		all = all && f.pred;
		any = any || f.pred;
	}
	for (fiber &f : r->fibers) {
		if (f.state != AT_BARRIER)
			continue;
		f.result = f.kind == SYNC_COUNT ? count : f.kind == SYNC_AND ? all : f.kind == SYNC_OR ? any : 0;
		f.state = RUNNABLE;
	}
	return true;
}

static std::vector<size_t> resume_order(size_t n, const launch_opts &o, std::mt19937 &rng)
{
	std::vector<size_t> v(n);

	for (size_t i = 0; i < n; i++)
		v[i] = o.order == ORDER_REVERSE ? n - 1 - i : i;
	if (o.order == ORDER_SHUFFLE)
		std::shuffle(v.begin(), v.end(), rng);
	return v;
}

static int run_block(block_run *r, char *stacks, size_t stack_bytes, const launch_opts &o, std::mt19937 &rng,
		     std::string *err)
{
	for (size_t i = 0; i < r->fibers.size(); i++) {
		fiber &f = r->fibers[i];

		getcontext(&f.uc);
		f.uc.uc_stack.ss_sp = stacks + i * stack_bytes;
		f.uc.uc_stack.ss_size = stack_bytes;
		f.uc.uc_link = nullptr;
		makecontext(&f.uc, trampoline, 0);
		f.state = RUNNABLE;
	}
	for (;;) {
		bool live = false;

		for (size_t i : resume_order(r->fibers.size(), o, rng)) {
			fiber &f = r->fibers[i];

			if (f.state != RUNNABLE)
				continue;
			r->cur = &f;
			swapcontext(&r->sched, &f.uc);
		}
		for (fiber &f : r->fibers)
			live = live || f.state != EXITED;
		if (!live)
			return 0;
		int w = release_warps(r, err);	/* warp.cc */
		if (w < 0)
			return w;	/* LAUNCH_ERROR or LAUNCH_UNDEFINED */
		if (w > 0)
			continue;
		if (!release_barrier(r, err))
			return LAUNCH_ERROR;
	}
}

int launch(dim3 grid, dim3 block, const std::function<void()> &body, const launch_opts &o, std::string *err)
{
	size_t n = (size_t)block.x * block.y * block.z;
	size_t stack_bytes = o.stack_bytes ? o.stack_bytes : 64 << 10;
	std::unique_ptr<char[]> stacks(new (std::nothrow) char[n * stack_bytes]);
	block_run r;
	block_run *outer = running;

	r.warps = (n + WARP - 1) / WARP;
	std::mt19937 rng(o.seed);
	int rc = 0;

	if (!stacks) {
		*err = "out of memory for " + std::to_string(n) + " fiber stacks";
		return LAUNCH_ERROR;
	}
	r.fibers.resize(n);
	r.body = &body;
	running = &r;
	for (unsigned bz = 0; bz < grid.z && !rc; bz++)
		for (unsigned by = 0; by < grid.y && !rc; by++)
			for (unsigned bx = 0; bx < grid.x && !rc; bx++) {
				for (size_t t = 0; t < n; t++) {
					thread_view &v = r.fibers[t].view;

					r.fibers[t].lane = (unsigned int)(t % WARP);

					v.tid = { (unsigned)(t % block.x), (unsigned)(t / block.x % block.y),
						  (unsigned)(t / block.x / block.y) };
					v.bid = { bx, by, bz };
					v.bdim = block;
					v.gdim = grid;
				}
				rc = run_block(&r, stacks.get(), stack_bytes, o, rng, err);
			}
	running = outer;
	return rc;
}

} /* namespace idxgen_ref */
