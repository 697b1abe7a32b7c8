// SPDX-License-Identifier: MIT
// tb_rig.cpp - see tb_rig.h.
#include "tb_rig.h"

#include <cstdio>
#include <cstdlib>

#include "verilated.h"

// Verilator's wide ports are arrays of 32-bit words, least significant first.
template <typename W> static void put_bytes(W &w, const uint8_t *b, unsigned n)
{
	for (unsigned i = 0; i < n / 4; i++)
		w[i] = (uint32_t)tb_le(b + 4 * i, 4);
}

template <typename W> static uint8_t byte_of(const W &w, unsigned i)
{
	return (uint8_t)(w[i / 4] >> (8 * (i % 4)));
}

Rig::Rig(const tb_limits &lim, uint64_t seed) : lim_(lim), mem_(lim.imem_size, 0), rng_(seed)
{
	top_ = new Vidxgen_core;
	model_ = tb_model_new(&lim_);
	set_limits(lim);
	top_->rst = 1;
	top_->clk = 0;
	top_->eval();
	edge();
	edge();
	top_->rst = 0;
}

Rig::~Rig()
{
	top_->final();
	delete top_;
	tb_model_free(model_);
}

void Rig::set_limits(const tb_limits &lim)
{
	lim_.lanes = lim.lanes;
	lim_.max_threads = lim.max_threads;
	memcpy(lim_.max_dim, lim.max_dim, sizeof(lim_.max_dim));
	lim_.features = lim.features;
	tb_model_set_limits(model_, &lim_);
	top_->cap_lanes = lim.lanes;
	top_->max_threads = lim.max_threads;
	top_->max_dim_x = lim.max_dim[0];
	top_->max_dim_y = lim.max_dim[1];
	top_->max_dim_z = lim.max_dim[2];
	top_->features = lim.features;
}

uint64_t Rig::rand()
{
	rng_ ^= rng_ << 13;
	rng_ ^= rng_ >> 7;
	rng_ ^= rng_ << 17;
	return rng_;
}

void Rig::half_low()
{
	top_->clk = 0;
	top_->eval();
}

void Rig::edge()
{
	top_->clk = 0;
	top_->eval();
	top_->clk = 1;
	top_->eval();
	clocks_++;
}

// Passes of the model's refill loop over the generalized Hilbert curve of
// the frame with major axis (ax, ay) and minor axis (bx, by), counted on the
// curve's recursive definition (gilbert2d, J. Cerveny), not on the model's
// stack or the RTL's: a frame one cell thick is one pass (its run), a frame
// split in two takes two (one per part), one split in three takes three.
static uint64_t gilbert_passes(int64_t ax, int64_t ay, int64_t bx, int64_t by)
{
	auto sgn = [](int64_t v) { return (int64_t)((v > 0) - (v < 0)); };
	auto half = [](int64_t v) { return v >= 0 ? v / 2 : -((-v + 1) / 2); };	// floor
	int64_t w = std::llabs(ax + ay), h = std::llabs(bx + by);
	if (w == 1 || h == 1)
		return 1;
	int64_t ax2 = half(ax), ay2 = half(ay), bx2 = half(bx), by2 = half(by);
	if (2 * w > 3 * h) {
		if ((std::llabs(ax2 + ay2) & 1) && w > 2) {
			ax2 += sgn(ax);
			ay2 += sgn(ay);
		}
		return 2 + gilbert_passes(ax2, ay2, bx, by) +
		       gilbert_passes(ax - ax2, ay - ay2, bx, by);
	}
	if ((std::llabs(bx2 + by2) & 1) && h > 2) {
		bx2 += sgn(bx);
		by2 += sgn(by);
	}
	return 3 + gilbert_passes(bx2, by2, ax2, ay2) +
	       gilbert_passes(ax, ay, bx - bx2, by - by2) +
	       gilbert_passes(-bx2, -by2, -(ax - ax2), -(ay - ay2));
}

uint64_t hilbert_cycles(uint32_t dx, uint32_t dy, uint32_t dz)
{
	uint64_t passes = dx >= dy ? gilbert_passes(dx, 0, 0, dy) : gilbert_passes(0, dy, dx, 0);
	return 2 + dz * ((uint64_t)dx * dy + passes + 1);
}

JobOutcome Rig::run(const uint8_t desc[64], uint32_t slot)
{
	JobOutcome out{true, "", 0, false, 0, 0};
	uint8_t want[32], got[32];
	char buf[256];

	tb_model_run(model_, desc, slot, want);
	uint64_t want_status = tb_le(want + 4, 2);
	bool want_hit = tb_le(want + 6, 2) & 1;
	// the model's Hilbert cycles are the circuit's count (igm_job_cycles);
	// checked here against hilbert_cycles, which counts the curve's own
	// recursion, so that the model and the RTL cannot agree on a wrong count
	if (want_status == 0 && !want_hit &&
	    tb_desc_get(desc, "order") == tb_order("hilbert")) {
		uint64_t model_cycles = tb_le(want + 16, 8);
		uint64_t ref = hilbert_cycles((uint32_t)tb_desc_get(desc, "dx"),
					      (uint32_t)tb_desc_get(desc, "dy"),
					      (uint32_t)tb_desc_get(desc, "dz"));
		if (model_cycles != ref) {
			snprintf(buf, sizeof(buf), "Hilbert cycles: model %llu, the curve's "
				 "recursion %llu", (unsigned long long)model_cycles,
				 (unsigned long long)ref);
			return JobOutcome{false, buf, 0, false, 0, 0};
		}
	}
	uint64_t target = tb_le(desc, 8);
	uint64_t bytes = want_status == 0 && !want_hit ? tb_desc_bytes(desc) : 0;

	// accept the descriptor
	put_bytes(top_->desc_in, desc, 64);
	top_->slot_in = slot;
	top_->desc_valid = 1;
	top_->cpl_ready = 0;
	top_->wr_ready = 0;
	top_->inv_valid = 0;
	top_->hist_flush = 0;
	half_low();
	if (!top_->desc_ready)
		return JobOutcome{false, "descriptor not accepted in idle", 0, false, 0, 0};
	edge();
	top_->desc_valid = 0;

	uint64_t n = 0, stalls = 0;
	const uint64_t limit = 8 * (tb_le(desc + 16, 2) * tb_le(desc + 18, 2) *
					tb_le(desc + 20, 2) + 64) + 1000;
	for (;;) {
		bool ready = stall_pct_ == 0 || rand() % 100 >= stall_pct_;
		top_->wr_ready = ready;
		half_low();
		if (top_->cpl_valid)
			break;
		if (top_->wr_valid && ready) {
			uint64_t a = top_->wr_addr, len = top_->wr_bytes;
			if (a < target || a + len > target + bytes || len > 4 * 64) {
				snprintf(buf, sizeof(buf), "write of %llu bytes at 0x%llx outside "
					 "the job's range [0x%llx, +%llu)", (unsigned long long)len,
					 (unsigned long long)a, (unsigned long long)target,
					 (unsigned long long)bytes);
				out.ok = false;
				out.why = buf;
			} else {
				for (uint64_t i = 0; i < len; i++)
					mem_[a + i] = byte_of(top_->wr_data, (unsigned)i);
				out.bytes_written += len;
			}
		} else if (top_->wr_valid) {
			stalls++;
		}
		edge();
		if (++n > limit)
			return JobOutcome{false, "no completion (hang)", 0, false, n, 0};
	}
	out.stalls = stalls;
	stalls_total_ += stalls;
	for (unsigned i = 0; i < 32; i++)
		got[i] = byte_of(top_->cpl, i);
	top_->cpl_ready = 1;
	edge();
	top_->cpl_ready = 0;

	out.status = (uint32_t)tb_le(got + 4, 2);
	out.hit = tb_le(got + 6, 2) & 1;
	out.cycles = tb_le(got + 16, 8);
	static const struct { unsigned off, len; const char *name; } f[] = {
		{0, 4, "job_id"}, {4, 2, "status"}, {6, 2, "flags"}, {8, 4, "warps"},
		{12, 4, "threads"}, {16, 8, "cycles"}, {24, 4, "slot"}, {28, 4, "check"}};
	uint64_t want_cycles = tb_le(want + 16, 8);
	if (out.ok && memcmp(want, got, 32) != 0 && stalls == 0) {
		for (auto &x : f)
			if (tb_le(want + x.off, x.len) != tb_le(got + x.off, x.len)) {
				snprintf(buf, sizeof(buf), "completion %s: model %llu, RTL %llu (status "
					 "model %s, RTL %s)", x.name,
					 (unsigned long long)tb_le(want + x.off, x.len),
					 (unsigned long long)tb_le(got + x.off, x.len),
					 tb_status_name((int)want_status), tb_status_name((int)out.status));
				out.ok = false;
				out.why = buf;
				break;
			}
	}
	if (out.ok && stalls && (memcmp(want, got, 16) != 0 || want_cycles + stalls != out.cycles)) {
		snprintf(buf, sizeof(buf), "with %llu stalls: completion differs beyond the stalls "
			 "(cycles model %llu, RTL %llu)", (unsigned long long)stalls,
			 (unsigned long long)want_cycles, (unsigned long long)out.cycles);
		out.ok = false;
		out.why = buf;
	}
	// measured from outside: clock edges from acceptance to the completion
	if (out.ok && n != out.cycles) {
		snprintf(buf, sizeof(buf), "completion says %llu cycles, the clock counted %llu",
			 (unsigned long long)out.cycles, (unsigned long long)n);
		out.ok = false;
		out.why = buf;
	}
	if (out.ok && bytes &&
	    memcmp(&mem_[target], tb_model_imem(model_) + target, bytes) != 0) {
		uint64_t i = 0;
		while (mem_[target + i] == tb_model_imem(model_)[target + i])
			i++;
		snprintf(buf, sizeof(buf), "index memory differs at byte 0x%llx (thread %llu of "
			 "the job): model %02x, RTL %02x", (unsigned long long)(target + i),
			 (unsigned long long)(i / tb_le(desc + 33, 1)),
			 tb_model_imem(model_)[target + i], mem_[target + i]);
		out.ok = false;
		out.why = buf;
	}
	if (out.ok && out.bytes_written != bytes) {
		snprintf(buf, sizeof(buf), "RTL wrote %llu bytes, the model %llu",
			 (unsigned long long)out.bytes_written, (unsigned long long)bytes);
		out.ok = false;
		out.why = buf;
	}
	return out;
}

void Rig::flush()
{
	tb_model_flush(model_);
	top_->hist_flush = 1;
	half_low();
	edge();
	top_->hist_flush = 0;
}

void Rig::invalidate(uint64_t base, uint64_t len)
{
	tb_model_invalidate(model_, base, len);
	top_->inv_valid = 1;
	top_->inv_base = base;
	top_->inv_len = len;
	half_low();
	edge();
	top_->inv_valid = 0;
}

bool Rig::same_state(std::string *why)
{
	uint64_t st[6];
	const uint64_t rtl[6] = {top_->stat_jobs, top_->stat_hits, top_->stat_misses,
				 top_->stat_warps, top_->stat_busy, top_->stat_errors};
	static const char *const names[6] = {"jobs", "hits", "misses", "warps", "busy cycles",
					     "errors"};
	char buf[160];

	if (memcmp(mem_.data(), tb_model_imem(model_), mem_.size()) != 0) {
		*why = "index memories differ";
		return false;
	}
	tb_model_stats(model_, st);
	st[4] += stalls_total_;
	for (int i = 0; i < 6; i++)
		if (st[i] != rtl[i]) {
			snprintf(buf, sizeof(buf), "counter %s: model %llu, RTL %llu", names[i],
				 (unsigned long long)st[i], (unsigned long long)rtl[i]);
			*why = buf;
			return false;
		}
	if (tb_model_hist_count(model_) != top_->hist_count) {
		snprintf(buf, sizeof(buf), "history entries: model %u, RTL %u",
			 tb_model_hist_count(model_), (unsigned)top_->hist_count);
		*why = buf;
		return false;
	}
	return true;
}

void desc_fill(uint8_t desc[64], uint32_t dx, uint32_t dy, uint32_t dz, uint32_t c,
	       uint64_t target, uint32_t ws, const char *order, const tb_limits &lim,
	       uint32_t flags, uint32_t job_id)
{
	tb_job j{};
	j.dx = dx;
	j.dy = dy;
	j.dz = dz;
	j.c = c;
	j.target = target;
	j.word_size = ws;
	// "tiled:WxH" names the tile, "strided:S,G" the stride and granularity;
	// any other name is an order without parameters
	unsigned tw = 0, th = 0, st = 0, gr = 0;
	if (sscanf(order, "tiled:%ux%u", &tw, &th) == 2) {
		j.order = tb_order("tiled");
		j.tile_w = tw;
		j.tile_h = th;
	} else if (sscanf(order, "strided:%u,%u", &st, &gr) == 2) {
		j.order = tb_order("strided");
		j.stride = st;
		j.granularity = gr;
	} else {
		j.order = tb_order(order);
	}
	j.flags = flags;
	j.job_id = job_id;
	tb_desc_make(desc, &j, &lim);
}
