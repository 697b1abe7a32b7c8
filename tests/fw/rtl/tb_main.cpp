// SPDX-License-Identifier: MIT
// tb_main.cpp - the RTL generator against the model (TAP).
//
//   tb_rtl            the short adversarial set (make check)
//   tb_rtl --sweep [ORDER]
//                     every CUDA-legal block shape (dx*dy*dz <= 1024, dz <= 64),
//                     both word sizes, the built orders (tiled with a tile and
//                     strided with a stride and granularity that vary with the
//                     shape) or only ORDER, c = 32 and a second c
//
// Each test sends descriptors to the Verilated RTL and to the model and
// requires the same index memory, completion record (every field, the
// check word included), cycle count (also counted from outside with the
// clock) and statistics counters; see tb_rig.cpp.
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "tb_rig.h"
#include "verilated.h"

extern "C" {
#include "tap.h"
}

#ifndef TB_LANES
#define TB_LANES 32
#endif
#ifndef TB_HIST
#define TB_HIST 4
#endif
#ifndef TB_IMEM
#define TB_IMEM (8ull << 20)
#endif

// TB_HDIM: the RTL built with a narrower Hilbert machine (idxgen_core's
// HDIM, as the iCE40 build has it), whose firmware limits max_dim_x and
// max_dim_y to what it walks; the model is given the same limits.
static tb_limits base_limits()
{
	tb_limits l;
	tb_limits_default(&l, TB_LANES, TB_HIST, TB_IMEM);
#ifdef TB_HDIM
	l.max_dim[0] = l.max_dim[1] = (1u << TB_HDIM) - 1;
#endif
	return l;
}

// One job; the TAP line carries the difference when there is one.
static bool job(Rig &r, const uint8_t d[64], const std::string &name, uint32_t slot = 7)
{
	JobOutcome o = r.run(d, slot);
	std::string state;
	if (o.ok && !r.same_state(&state)) {
		o.ok = false;
		o.why = state;
	}
	return tap_ok(o.ok, "%s%s%s", name.c_str(), o.ok ? "" : ": ", o.why.c_str());
}

static std::string shape_name(uint32_t dx, uint32_t dy, uint32_t dz, uint32_t c, uint32_t ws,
			      const char *order)
{
	char b[96];
	snprintf(b, sizeof(b), "%ux%ux%u c=%u %u-bit %s", dx, dy, dz, c, 8 * ws, order);
	return b;
}

static void shapes(Rig &r)
{
	static const uint32_t s[][4] = {
		// smaller than a warp
		{1, 1, 1, 32}, {3, 1, 1, 32}, {5, 3, 1, 32}, {31, 1, 1, 32}, {2, 2, 2, 32},
		{1, 1, 1, 1}, {4, 2, 1, 3},
		// warp size not dividing the block
		{33, 1, 1, 32}, {7, 5, 3, 32}, {7, 5, 3, 5}, {100, 3, 2, 13}, {65, 65, 1, 31},
		{6, 6, 6, 7}, {17, 3, 5, 16},
		// dy == 1, dz > 1
		{17, 1, 9, 32}, {1, 1, 40, 32}, {64, 1, 3, 32}, {5, 1, 300, 3}, {1, 1, 33, 32},
		// c larger than a row, a plane
		{3, 2, 20, 32}, {1, 2, 50, 32}, {2, 1, 64, 31},
		// powers of two, exact fits
		{32, 32, 1, 32}, {16, 16, 4, 32}, {8, 8, 8, 32}, {1024, 1, 1, 32},
		// maximum dimensions (16-bit axes)
		{65535, 1, 1, 32}, {1, 65535, 1, 32}, {1, 1, 65535, 32}, {65535, 16, 1, 32},
		{1024, 1024, 1, 32}, {16, 16, 4096, 32}, {65535, 2, 8, 29},
	};
	static const char *const orders[] = {"sequential", "zigzag", "tiled:4x4", "tiled:5x3",
					     "tiled:32x32", "strided:3,5", "hilbert"};
	uint64_t target = 0;

	for (auto &t : s)
		for (const char *o : orders)
			for (uint32_t ws = 2; ws <= 4; ws += 2) {
				// the Hilbert machine takes about 3 cycles a thread:
				// its largest planes are in hilbert() below, once
				if (!strcmp(o, "hilbert") && t[0] * t[1] * t[2] > (1u << 16))
					continue;
				uint8_t d[64];
				desc_fill(d, t[0], t[1], t[2], t[3], target, ws, o, r.limits(),
					  0, (uint32_t)(target >> 1));
				job(r, d, shape_name(t[0], t[1], t[2], t[3], ws, o));
				// next job elsewhere, aligned, wrapping in index memory
				target = (target + 4096 + 4 * (t[0] % 7)) % (TB_IMEM / 2);
			}
}

static void history(Rig &r)
{
	const tb_limits &l = r.limits();
	uint8_t a[64], b[64], e[64];

	r.flush();
	desc_fill(a, 40, 3, 2, 32, 0x1000, 2, "sequential", l, 0, 1);
	job(r, a, "history: first run misses");
	job(r, a, "history: second run hits (4 cycles, nothing written)");
	desc_fill(b, 8, 8, 1, 16, 0x1000 + 100, 2, "zigzag", l, 0, 2);
	job(r, b, "history: an overlapping job misses and invalidates");
	job(r, a, "history: the overwritten job misses again");
	r.invalidate(0x1000 + 238, 2);
	job(r, a, "history: after a range invalidate of its last word, a miss");
	r.invalidate(0x1000 + 240, 16);
	job(r, a, "history: a range invalidate just past it leaves the hit");
	// the command's range cut to index memory (idxgen_hrange): empty, far
	// above, wrapping past 2^64 (the model saturates), everything
	r.invalidate(0x1000 + 100, 0);
	job(r, a, "history: an empty range invalidate inside it leaves the hit");
	r.invalidate(1ull << 40, 1ull << 40);
	job(r, a, "history: a range invalidate far above index memory leaves the hit");
	r.invalidate(~0ull - 15, 64);
	job(r, a, "history: a range invalidate wrapping past 2^64 leaves the hit");
	r.invalidate(0x1000 + 239, ~0ull);
	job(r, a, "history: a range invalidate from its last byte to past 2^64: a miss");
	r.invalidate(0, ~0ull);
	job(r, a, "history: a range invalidate of all memory: a miss");
	r.flush();
	job(r, a, "history: after a flush, a miss");
	desc_fill(e, 40, 3, 2, 32, 0x1000, 2, "sequential", l,
		  tb_flag("no_history") | tb_flag("shared"), 3);
	job(r, e, "history: NO_HISTORY generates though the entry is there");
	job(r, a, "history: NO_HISTORY's overwrite dropped the entry");
	desc_fill(e, 40, 3, 2, 32, 0x1000, 4, "sequential", l, 0, 4);
	job(r, e, "history: same block, other word size: a different key");
	// eviction: fill every entry, refresh the first, add one: the second goes
	uint8_t k[TB_HIST + 2][64];
	for (int i = 0; i < TB_HIST + 2; i++)
		desc_fill(k[i], 9, 5, 1 + i, 32, 0x40000 + 0x1000 * (uint64_t)i, 2, "sequential",
			  l, 0, 10 + i);
	for (int i = 0; i < TB_HIST; i++)
		job(r, k[i], "history: fill entry " + std::to_string(i));
	job(r, k[0], "history: refresh the oldest entry (hit)");
	job(r, k[TB_HIST], "history: one more job evicts the least recently used");
	job(r, k[0], "history: the refreshed entry still hits");
	job(r, k[1], "history: the least recently used was evicted (miss)");
	job(r, k[TB_HIST + 1], "history: and so on");
}

// Each hostile descriptor must be refused with the model's status, nothing written.
static void refusals(Rig &r)
{
	struct Bad {
		const char *name, *field;
		uint64_t value;
	};
	static const Bad bad[] = {
		{"unknown flag bit", "flags", 1u << 5},
		{"reserved byte", "rsvd0", 1},
		{"reserved words", "rsvd1", 1ull << 40},
		{"requester reserved bits", "requester", 0x80000100u},
		{"order out of range", "order", 9},
		{"unused stride", "stride", 3},
		{"unused tile", "tile_h", 2},
		{"tiled, tile_h 0", "order", 3},
		{"grid of 2 blocks", "grid_blocks", 2},
		{"dx = 0", "dx", 0},
		{"dz = 0", "dz", 0},
		{"c = 0", "c", 0},
		{"c above the lanes", "c", TB_LANES + 1},
		{"xc wrong", "xc", 5},
		{"yc wrong", "yc", 1},
		{"zc wrong", "zc", 1},
		{"word size 3", "word_size", 3},
		{"word size 8", "word_size", 8},
		{"mx too small", "mx", 2},
		{"widths over the word", "mz", 12},
		{"misaligned target", "target", 0x1001},
		{"target past index memory", "target", TB_IMEM - 64},
		{"target far beyond", "target", 1ull << 40},
		// the range check's edges (idxgen_room, idxgen_validate): the job
		// below is 462 bytes
		{"target at index memory's end", "target", TB_IMEM},
		{"target one word short of room", "target", TB_IMEM - 460},
		{"target + bytes wrapping to 0 at 2^64", "target", 0ull - 462},
		{"target past 2^AW with its low bits in memory", "target", (2 * TB_IMEM) | 0x100},
		{"size_limit too small", "size_limit", 100},
	};
	// a copy: set_limits below replaces what r.limits() refers to
	const tb_limits l = r.limits();

	for (auto &b : bad) {
		uint8_t d[64];
		desc_fill(d, 11, 7, 3, 32, 0x2000, 2, "sequential", l, tb_flag("shared"), 77);
		tb_desc_set(d, b.field, b.value);
		JobOutcome o = r.run(d, 3);
		std::string state;
		bool ok = o.ok && r.same_state(&state) && o.status != 0 && o.bytes_written == 0;
		tap_ok(ok, "refused as the model refuses: %s (%s)%s%s", b.name,
		       tb_status_name((int)o.status), ok ? "" : ": ",
		       !o.ok ? o.why.c_str() : state.c_str());
	}
	{
		uint8_t d[64];
		desc_fill(d, 11, 7, 3, 32, TB_IMEM - 462, 2, "sequential", l, 0, 78);
		job(r, d, "accepted: a job ending at index memory's last byte");
	}
	// limits below the hardware's: lanes, threads, dims, word sizes
	tb_limits small = l;
	small.lanes = 16;
	small.max_threads = 1000;
	small.max_dim[2] = 8;
	small.features &= ~1u;	// no 16-bit words
	r.set_limits(small);
	static const uint32_t s[][4] = {{20, 1, 1, 17}, {10, 10, 11, 16}, {2, 2, 9, 4},
					{10, 10, 8, 16}, {4, 4, 4, 8}};
	for (auto &t : s) {
		uint8_t d[64];
		desc_fill(d, t[0], t[1], t[2], t[3], 0x3000, 0, "sequential", small);
		job(r, d, "limits lowered by firmware: " + shape_name(t[0], t[1], t[2], t[3], 0,
								      "sequential"));
	}
	r.set_limits(l);
}

// The strided order's constants (idxgen_sconst: s * g and g divided by dx in
// the filter) at their edges: s * g and g just below, at and past the plane,
// saturating products, dx and dy at 16 bits (positions near 2^16), and its
// chain (idxgen_sstep) across groups, residues and slices.
static void strided(Rig &r)
{
	static const struct { uint32_t dx, dy, dz, c, s, g; } e[] = {
		{7, 5, 3, 32, 1, 1}, {7, 5, 3, 32, 2, 1}, {7, 5, 3, 5, 4, 3}, {16, 16, 2, 32, 4, 32},
		{33, 3, 2, 13, 64, 1}, {3, 1, 1, 32, 2, 1}, {1, 1, 1, 1, 1, 1}, {6, 6, 6, 7, 5, 2},
		// s * g and g at the plane's size P = 15: below, at, past
		{5, 3, 2, 32, 14, 1}, {5, 3, 2, 32, 15, 1}, {5, 3, 2, 32, 1, 14}, {5, 3, 2, 32, 1, 15},
		{5, 3, 2, 32, 2, 20}, {5, 3, 2, 31, 7, 2},
		// products past 2^21 (the multiplier saturates) and past 2^32
		{5, 3, 2, 32, 4294967295u, 1}, {5, 3, 2, 32, 4294967295u, 65535},
		{100, 3, 2, 32, 70000, 40000}, {100, 3, 2, 32, 2097151, 1},
		// 16-bit dims: dividing by dx = 65535, quotients near 2^16
		{65535, 1, 1, 32, 3, 7}, {65535, 2, 8, 29, 40000, 2}, {1, 65535, 1, 32, 65534, 1},
		{1, 65535, 1, 32, 2, 65535}, {1, 65535, 1, 32, 3, 21845},
		{2, 32768, 1, 32, 5, 13107}, {65535, 16, 1, 32, 2, 65535},
		// the largest planes: s * g below P, past it; many slices
		{1024, 1024, 1, 32, 1000, 1000}, {1024, 1024, 1, 32, 1049, 1000},
		{16, 16, 4096, 32, 3, 5},
	};
	uint64_t target = 0x10000;
	for (auto &x : e)
		for (uint32_t ws = 2; ws <= 4; ws += 2) {
			char o[48];
			snprintf(o, sizeof(o), "strided:%u,%u", x.s, x.g);
			uint8_t d[64];
			desc_fill(d, x.dx, x.dy, x.dz, x.c, target, ws, o, r.limits(), 0, x.s);
			job(r, d, shape_name(x.dx, x.dy, x.dz, x.c, ws, o));
			target = (target + 8192) % (TB_IMEM / 2);
		}
	// malformed strided descriptors: refused with the model's status
	static const struct { const char *name, *field; uint64_t value; } bad[] = {
		{"stride 0", "stride", 0}, {"granularity 0", "granularity", 0},
		{"a tile given", "tile_w", 2},
	};
	for (auto &b : bad) {
		uint8_t d[64];
		desc_fill(d, 11, 7, 3, 32, 0x2000, 2, "strided:4,2", r.limits(), 0, 5);
		tb_desc_set(d, b.field, b.value);
		JobOutcome o = r.run(d, 3);
		std::string state;
		bool ok = o.ok && r.same_state(&state) && o.status != 0 && o.bytes_written == 0;
		tap_ok(ok, "strided refused as the model refuses: %s (%s)%s%s", b.name,
		       tb_status_name((int)o.status), ok ? "" : ": ",
		       !o.ok ? o.why.c_str() : state.c_str());
	}
}

// Each job must really generate and really stall: the RTL's cycles are the
// model's plus the stalls, its busy counter likewise (Rig::same_state).
static void stalls(Rig &r)
{
	const tb_limits &l = r.limits();
	static const char *const stall_orders[] = {"sequential", "zigzag", "tiled:4x3",
						   "strided:3,2"};
	r.set_stall_percent(35);
	for (uint32_t i = 0; i < 8; i++) {
		uint8_t d[64];
		desc_fill(d, 13 + i, 11, 3, 32 - 3 * i, 0x80000 + 0x4000 * i, 2 + 2 * (i & 1),
			  stall_orders[i % 4], l, 0, i);
		JobOutcome o = r.run(d, i);
		std::string st;
		bool same = o.ok && r.same_state(&st);
		bool ok = same && o.status == 0 && !o.hit && o.stalls > 0;
		tap_ok(ok, "write port stalls 35%% of cycles: %s (cycles = model + stalls, %llu "
		       "stalls)%s%s", shape_name(13 + i, 11, 3, 32 - 3 * i, 2 + 2 * (i & 1),
						stall_orders[i % 4]).c_str(),
		       (unsigned long long)o.stalls, ok ? "" : ": ",
		       !o.ok ? o.why.c_str() : !same ? st.c_str() :
		       "the job was refused, hit or never stalled");
	}
	r.set_stall_percent(0);
}

// Every order of the firmware table is built: none refused with
// ORDER_DISABLED (unbuilt_orders() until the Hilbert order was built).
static void every_order_built()
{
	tb_limits l = base_limits();
	Rig r(l, 5);
	static const char *const orders[] = {"sequential", "strided:2,3", "zigzag", "tiled:3x2",
					     "hilbert"};
	for (const char *o : orders) {
		uint8_t d[64];
		desc_fill(d, 16, 16, 2, 32, 0x100, 2, o, l);
		JobOutcome res = r.run(d, 1);
		tap_ok(res.ok && res.status == 0 && res.bytes_written == 16 * 16 * 2 * 2,
		       "%s: built in this RTL, generated as the model generates it%s%s", o,
		       res.ok ? "" : ": ", res.why.c_str());
	}
}

// The Hilbert order (idxgen_hilbert) at its edges: odd and non-square
// planes (the one diagonal step when the long side is odd and the short
// one even and > 2), one-thread-thick planes (a single run), x or y the
// major axis, runs and warps across slices, the deepest stacks of the
// short set (the recursion's depth grows with log2 of the plane: 15 frames
// at 128 x 130, 20 at 999 x 1049, of the RTL's 32 and the model's
// IGM_HILBERT_DEPTH 96) and a parameter given (refused as the model does).
static void hilbert(Rig &r)
{
	static const struct { uint32_t dx, dy, dz, c; } e[] = {
		{2, 2, 1, 32}, {3, 3, 1, 32}, {3, 5, 1, 32}, {5, 3, 2, 7}, {9, 4, 1, 32},
		{4, 9, 2, 32}, {11, 6, 1, 5}, {6, 11, 3, 5}, {7, 7, 1, 1}, {2, 9, 3, 32},
		{9, 2, 3, 31}, {3, 2, 1, 32}, {5, 8, 2, 32}, {8, 5, 2, 32}, {15, 10, 1, 32},
		{1000, 3, 1, 32}, {3, 1000, 1, 32}, {2, 500, 2, 32}, {500, 2, 2, 17},
		{1, 7, 5, 32}, {7, 1, 5, 3}, {33, 31, 2, 32}, {31, 33, 1, 32}, {64, 64, 1, 32},
		{100, 37, 1, 32}, {37, 100, 1, 13}, {128, 130, 1, 32}, {130, 128, 1, 32},
	};
	uint64_t target = 0x20000;
	for (auto &x : e)
		for (uint32_t ws = 2; ws <= 4; ws += 2) {
			uint8_t d[64];
			desc_fill(d, x.dx, x.dy, x.dz, x.c, target, ws, "hilbert", r.limits(), 0, 9);
			job(r, d, shape_name(x.dx, x.dy, x.dz, x.c, ws, "hilbert"));
			target = (target + 8192) % (TB_IMEM / 2);
		}
	{
		uint8_t d[64];
		desc_fill(d, 999, 1049, 1, 32, 0, 2, "hilbert", r.limits(), 0, 10);
		job(r, d, shape_name(999, 1049, 1, 32, 2, "hilbert") + " (20 frames deep)");
	}
	static const struct { const char *name, *field; uint64_t value; } bad[] = {
		{"a stride given", "stride", 2}, {"a granularity given", "granularity", 1},
		{"a tile given", "tile_w", 2},
	};
	for (auto &b : bad) {
		uint8_t d[64];
		desc_fill(d, 11, 7, 3, 32, 0x2000, 2, "hilbert", r.limits(), 0, 5);
		tb_desc_set(d, b.field, b.value);
		JobOutcome o = r.run(d, 3);
		std::string state;
		bool ok = o.ok && r.same_state(&state) && o.status != 0 && o.bytes_written == 0;
		tap_ok(ok, "hilbert refused as the model refuses: %s (%s)%s%s", b.name,
		       tb_status_name((int)o.status), ok ? "" : ": ",
		       !o.ok ? o.why.c_str() : state.c_str());
	}
}

static void randomized(Rig &r, unsigned count, uint64_t seed)
{
	const tb_limits &l = r.limits();
	uint64_t x = seed;
	auto rnd = [&x]() {
		x ^= x << 13;
		x ^= x >> 7;
		x ^= x << 17;
		return x;
	};
	unsigned bad = 0;
	std::string first;
	for (unsigned i = 0; i < count; i++) {
		uint32_t dx = 1 + rnd() % (rnd() % 4 ? 40 : 3000);
		uint32_t dy = 1 + rnd() % (rnd() % 3 ? 12 : 200);
		uint32_t dz = 1 + rnd() % 6;
		uint32_t c = 1 + rnd() % TB_LANES;
		uint32_t ws = rnd() % 3 ? 4 : 2;
		uint64_t target = (rnd() % 64) * 1024 + 4 * (rnd() % 16);
		uint8_t d[64];
		char tiled[32];
		snprintf(tiled, sizeof(tiled), "tiled:%ux%u", 1 + (unsigned)(rnd() % 9),
			 1 + (unsigned)(rnd() % 9));
		char strided[48];
		snprintf(strided, sizeof(strided), "strided:%u,%u",
			 1 + (unsigned)(rnd() % (rnd() % 4 ? 70 : 100000)),
			 1 + (unsigned)(rnd() % (rnd() % 4 ? 9 : 3000)));
		const char *order = rnd() % 3 == 0 ? tiled : rnd() % 3 == 0 ? strided :
				    rnd() % 2 ? "zigzag" : "sequential";
		// Hilbert on the smaller blocks (about 3 cycles a thread)
		if (rnd() % 4 == 0 && dx * dy * dz <= 4096)
			order = "hilbert";
		desc_fill(d, dx, dy, dz, c, target, ws, order, l,
			  rnd() % 5 ? 0 : tb_flag("no_history"), (uint32_t)i);
		if (rnd() % 8 == 0)	// a field off by a little: refused or not, alike
			d[16 + rnd() % 24] ^= (uint8_t)(1u << (rnd() % 8));
		JobOutcome o = r.run(d, i);
		std::string st;
		if (!o.ok || !r.same_state(&st)) {
			if (!bad++)
				first = "job " + std::to_string(i) + ": " + (o.ok ? st : o.why);
		}
	}
	tap_ok(bad == 0, "%u random jobs (shapes, c, word sizes, orders, targets that overlap, "
		"NO_HISTORY, a flipped bit in one of 8)%s%s", count, bad ? ": " : "", first.c_str());
}

// only: the one order to sweep (a name as desc_fill takes it, "tiled" and
// "strided" with their varying parameters), or null for every order.  A
// progress line every 1024 shapes says exactly how far a run that is
// stopped got.
static int sweep(const char *only)
{
	tb_limits l = base_limits();
	Rig r(l, 99);
	uint64_t shapes = 0, jobs = 0, bad = 0;
	std::string first;
	auto t0 = std::chrono::steady_clock::now();

	for (uint32_t dz = 1; dz <= 64; dz++)
		for (uint32_t dy = 1; dy * dz <= 1024; dy++)
			for (uint32_t dx = 1; dx * dy * dz <= 1024; dx++) {
				uint32_t cs[2] = {32, 1 + (uint32_t)(shapes % 31)};
				// tiled: a tile that varies with the shape (edge tiles
				// partial or not, tiles wider or taller than the plane)
				char tiled[32];
				snprintf(tiled, sizeof(tiled), "tiled:%ux%u",
					 1 + (unsigned)(shapes % 7), 1 + (unsigned)(shapes % 5));
				// strided: stride and granularity that vary likewise
				char strided[32];
				snprintf(strided, sizeof(strided), "strided:%u,%u",
					 1 + (unsigned)(shapes % 11), 1 + (unsigned)(shapes % 6));
				const char *const orders[] = {"sequential", "zigzag", tiled,
							      strided, "hilbert"};
				shapes++;
				for (uint32_t c : cs)
					for (const char *o : orders)
						for (uint32_t ws = 2; ws <= 4; ws += 2) {
							if (only && strncmp(o, only, strlen(only)))
								continue;
							uint8_t d[64];
							desc_fill(d, dx, dy, dz, c, 0, ws, o, l, 0,
								  (uint32_t)jobs);
							JobOutcome res = r.run(d, 0);
							jobs++;
							if (!res.ok && !bad++)
								first = shape_name(dx, dy, dz, c, ws, o) +
									": " + res.why;
						}
				if (shapes % 1024 == 0)
					printf("# sweep progress: %llu shapes (up to %ux%ux%u), %llu "
					       "jobs, %llu bad, %llu RTL cycles, %.1f s\n",
					       (unsigned long long)shapes, dx, dy, dz,
					       (unsigned long long)jobs, (unsigned long long)bad,
					       (unsigned long long)r.rtl_cycles_total(),
					       std::chrono::duration<double>(
						       std::chrono::steady_clock::now() - t0).count());
				fflush(stdout);
			}
	std::string st;
	bool same = r.same_state(&st);
	double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
	tap_ok(bad == 0, "sweep: %llu shapes, %llu jobs, every word and completion and cycle "
	       "equal%s%s", (unsigned long long)shapes, (unsigned long long)jobs,
	       bad ? ": first difference: " : "", first.c_str());
	tap_ok(same, "sweep: counters and index memory equal at the end%s%s", same ? "" : ": ",
	       st.c_str());
	printf("# sweep: %llu shapes, %llu jobs, %llu RTL clock cycles, %.1f s\n",
	       (unsigned long long)shapes, (unsigned long long)jobs,
	       (unsigned long long)r.rtl_cycles_total(), s);
	return 0;
}

int main(int argc, char **argv)
{
	Verilated::commandArgs(argc, argv);
	if (argc > 1 && !strcmp(argv[1], "--sweep")) {
		sweep(argc > 2 ? argv[2] : nullptr);
	} else {
		Rig r(base_limits(), 1);
		shapes(r);
		history(r);
		refusals(r);
		strided(r);
		hilbert(r);
		stalls(r);
		randomized(r, 300, 12345);
		every_order_built();
	}
	return tap_done();
}
