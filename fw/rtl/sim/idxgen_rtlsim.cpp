// SPDX-License-Identifier: MIT
// idxgen_rtlsim.cpp - idxgen_rtlsim.h over the verilated idxgen_core: the
// core clocked edge by edge as the testbench (tests/fw/rtl/tb_rig.cpp)
// clocks it, its write port always ready, its writes stored in the
// caller's index memory.
#include "idxgen_rtlsim.h"

#include <cstring>
#include <new>

#include "Vidxgen_core.h"
#include "verilated.h"

struct idxgen_rtlsim {
	VerilatedContext ctx;
	Vidxgen_core *top;
};

namespace {

// Verilator's wide ports are arrays of 32-bit words, least significant first.
template <typename W> void put_bytes(W &w, const uint8_t *b, unsigned n)
{
	for (unsigned i = 0; i < n / 4; i++)
		w[i] = (uint32_t)b[4 * i] | (uint32_t)b[4 * i + 1] << 8 |
		       (uint32_t)b[4 * i + 2] << 16 | (uint32_t)b[4 * i + 3] << 24;
}

template <typename W> uint8_t byte_of(const W &w, unsigned i)
{
	return (uint8_t)(w[i / 4] >> (8 * (i % 4)));
}

void edge(Vidxgen_core *t)
{
	t->clk = 0;
	t->eval();
	t->clk = 1;
	t->eval();
}

void half_low(Vidxgen_core *t)
{
	t->clk = 0;
	t->eval();
}

} // namespace

extern "C" void idxgen_rtlsim_build(struct idxgen_rtlsim_build *b)
{
	b->lanes = RTLSIM_LANES;
	b->hist_entries = RTLSIM_HIST;
	b->imem_size = RTLSIM_IMEM;
}

extern "C" struct idxgen_rtlsim *idxgen_rtlsim_new(const struct idxgen_rtlsim_limits *l)
{
	idxgen_rtlsim *s = new (std::nothrow) idxgen_rtlsim;

	if (!s)
		return nullptr;
	s->top = new (std::nothrow) Vidxgen_core(&s->ctx, "idxgen_core");
	if (!s->top) {
		delete s;
		return nullptr;
	}
	Vidxgen_core *t = s->top;
	t->cap_lanes = l->lanes;
	t->max_threads = l->max_threads;
	t->max_dim_x = l->max_dim[0];
	t->max_dim_y = l->max_dim[1];
	t->max_dim_z = l->max_dim[2];
	t->features = l->features;
	t->desc_valid = 0;
	t->wr_ready = 1;
	t->cpl_ready = 0;
	t->hist_flush = 0;
	t->inv_valid = 0;
	t->rst = 1;
	edge(t);
	edge(t);
	t->rst = 0;
	return s;
}

extern "C" int idxgen_rtlsim_run(struct idxgen_rtlsim *s, const uint8_t desc[64], uint32_t slot,
				 uint8_t *imem, uint8_t cpl[32])
{
	Vidxgen_core *t = s->top;
	// the slowest job, Hilbert over 2^20 threads, takes about 3 cycles a thread
	const uint64_t limit = 8 * ((uint64_t)1 << 20);
	int ret = 0;

	put_bytes(t->desc_in, desc, 64);
	t->slot_in = slot;
	t->desc_valid = 1;
	t->wr_ready = 1;
	half_low(t);
	if (!t->desc_ready)
		return -1;
	edge(t);
	t->desc_valid = 0;
	for (uint64_t n = 0;; n++) {
		half_low(t);
		if (t->cpl_valid)
			break;
		if (t->wr_valid) {
			uint64_t a = t->wr_addr, len = t->wr_bytes;

			if (a > RTLSIM_IMEM || len > RTLSIM_IMEM - a || len > 4 * RTLSIM_LANES)
				ret = -1;
			else
				for (uint64_t i = 0; i < len; i++)
					imem[a + i] = byte_of(t->wr_data, (unsigned)i);
		}
		edge(t);
		if (n > limit)
			return -1;
	}
	for (unsigned i = 0; i < 32; i++)
		cpl[i] = byte_of(t->cpl, i);
	t->cpl_ready = 1;
	edge(t);
	t->cpl_ready = 0;
	return ret;
}

extern "C" void idxgen_rtlsim_invalidate(struct idxgen_rtlsim *s, uint64_t base, uint64_t len)
{
	Vidxgen_core *t = s->top;

	t->inv_valid = 1;
	t->inv_base = base;
	t->inv_len = len;
	half_low(t);
	edge(t);
	t->inv_valid = 0;
}

extern "C" void idxgen_rtlsim_free(struct idxgen_rtlsim *s)
{
	if (!s)
		return;
	s->top->final();
	delete s->top;
	delete s;
}
