// SPDX-License-Identifier: MIT
// tb_rig.h - the RTL generator (Verilated idxgen_core) and the model side
// by side: one descriptor goes to both; every written byte, the completion
// record, the cycle count, the counters and the history's size are compared.
#ifndef IDXGEN_TB_RIG_H
#define IDXGEN_TB_RIG_H

#include <cstdint>
#include <cstring>
#include <string>
#include <vector>

#include "Vidxgen_core.h"
#include "model_glue.h"

struct JobOutcome {
	bool ok;			// RTL and model agree on everything
	std::string why;		// first difference
	uint32_t status;		// the RTL's status
	bool hit;
	uint64_t cycles;		// the RTL's completion cycles
	uint64_t bytes_written;		// by the RTL
	uint64_t stalls;		// cycles the write port refused a warp
};

class Rig {
public:
	Rig(const tb_limits &lim, uint64_t seed);
	~Rig();
	void set_limits(const tb_limits &lim);
	void set_stall_percent(unsigned pct) { stall_pct_ = pct; }
	JobOutcome run(const uint8_t desc[64], uint32_t slot);
	void flush();
	void invalidate(uint64_t base, uint64_t len);
	// whole index memory, counters and history size equal?  The busy
	// counter is the model's plus the stalls (the model has no back-pressure)
	// plus the Hilbert jobs' cycles beyond the model's
	bool same_state(std::string *why);
	const tb_limits &limits() const { return lim_; }
	uint64_t rtl_cycles_total() const { return clocks_; }

private:
	void half_low();
	void edge();
	uint64_t rand();

	Vidxgen_core *top_;
	tb_model *model_;
	tb_limits lim_;
	std::vector<uint8_t> mem_;
	uint64_t rng_;
	unsigned stall_pct_ = 0;
	uint64_t clocks_ = 0;
	uint64_t stalls_total_ = 0;
};

// Cycles of a Hilbert job of dz slices of a dx x dy plane in the RTL, its
// write port always ready (idxgen_hilbert): the machine runs from F3, one
// step a cycle: per slice one pass of the refill loop per frame part and
// one cell per thread, a cycle to restart each slice after the first, and
// the last warp goes out the cycle after its last cell:
// 4 + (dz * (P + passes) + dz - 1) - 1.
uint64_t hilbert_cycles(uint32_t dx, uint32_t dy, uint32_t dz);

void desc_fill(uint8_t desc[64], uint32_t dx, uint32_t dy, uint32_t dz, uint32_t c,
	       uint64_t target, uint32_t ws, const char *order, const tb_limits &lim,
	       uint32_t flags = 0, uint32_t job_id = 0);

#endif
