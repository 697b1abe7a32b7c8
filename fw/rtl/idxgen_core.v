// SPDX-License-Identifier: MIT
// idxgen_core - the index generator: one descriptor in, its packed indices
// out on the write port, its completion record out.
//
// Cycles of a job (the contract's timing model, IDXGEN_FILTER_CYCLES + warps):
//   F1  per-job constants of the carry chain (kx, ky), dx*dy; the target
//       against index memory (tgt_high, room: the range check's 64-bit part)
//       and the other checks that need only the descriptor (idxgen_vearly)
//   F2  lane set-up chain, first segment (lanes 0 .. SPLIT - 1 at threads
//       0 .. SPLIT - 1), dx*dy*dz; yc << mx of the packed step wc
//   F3  lane set-up chain, second segment (lanes SPLIT .. LANES - 1, from
//       thread SPLIT registered in F2); validation -> status from F1's
//       verdicts, the thread count and the index of thread c (from
//       whichever segment holds it); zc << (mx + my) of wc;
//       the job's byte range end (target + threads * word size)
//   F4  history lookup; error or hit: done; miss: invalidate the range;
//       the step's four sums (wc, wc + kx, wc + ky, wc + kx + ky)
//   GEN one warp per cycle while the write port is ready
// so a job takes 4 cycles when refused or on a hit and 4 + warps on a miss
// with a write port that is always ready; a cycle the port stalls adds one
// (the model has no back-pressure).  The multiplies (dx*dy*dz, for the
// bounds and the completion) are in the filter, not in generation: one
// multiplier, used in F1 and again in F2.  The strided order (when
// ORDERS_RTL has it) adds its constants to the filter: stride *
// granularity in F1 (a second multiplier) and two dividers by dx over
// F2..F4 (idxgen_sconst), so it too takes 4 + warps.  The Hilbert order
// (ORDERS_RTL bit 4) is a stack machine that fills a warp a cell a cycle
// (idxgen_hilbert): its jobs take 2 + dz * (dx*dy + passes + 1) cycles,
// not the model's 4 + warps (docs/rtl.md).  One shifter serves the three
// shifts of the packed constants in F1, F2 and F3, since the step's sums
// are first needed by the first warp, after F4.
//
// Widths follow the contract's limits, not the descriptor's fields: a job
// that is generated has at most IDXGEN_HW_MAX_THREADS (2^20) threads, which
// the firmware's max_threads never exceeds, and lies inside index memory
// (AW address bits).  So dx*dy*dz is computed saturating at 2^21 (TW + 1
// bits: the top bit says "more than any block"), the thread, warp and
// address counters have TW and AW bits, and the history keeps AW-bit
// addresses.  The completion and the write port carry the contract's
// widths, zero-extended.
`include "idxgen_hw.vh"

module idxgen_core #(
	parameter integer LANES = 32,
	parameter integer HIST = 4,
	parameter [63:0] IMEM_SIZE = 64'd67108864,
	parameter [7:0] ORDERS_RTL = 8'h1f,	// sequential | strided | zigzag | tiled | hilbert (bit k: order k)
	parameter integer PLANT_LANE = -1,	// tests only: a lane with a carry bug
	parameter integer PLANT_DROP = 0,	// tests only: 1 drops the second warp's write
	// 1: the descriptor is registered on acceptance; 0: the source holds
	// desc_in and slot_in unchanged from acceptance to the completion (a
	// descriptor RAM or register file that is not written meanwhile), and
	// the core keeps no copy
	parameter integer DESC_REG = 1,
	// lanes set up in F2 (the chain's first segment); the rest in F3.
	// 1 <= SPLIT < LANES, so LANES >= 2
	parameter integer SPLIT = LANES / 2,
	// the Hilbert order's coordinate bits: 16 takes every plane; fewer
	// narrow its machine for a small FPGA, whose firmware then limits
	// max_dim_x and max_dim_y to 2^HDIM - 1 (idxgen_vearly refuses a wider
	// Hilbert plane with BAD_DIMS, so a firmware claiming more gets a
	// refusal, never wrong indices)
	parameter integer HDIM = 16,
	// 1: the lanes' step as a carry select (idxgen_lane): the same
	// function and cycles, a shorter path, more cells
	parameter integer CSEL = 0
) (
	input  wire        clk,
	input  wire        rst,
	// limits: the capability registers the firmware's parameters set
	input  wire [31:0] cap_lanes,
	input  wire [31:0] max_threads,
	input  wire [15:0] max_dim_x, max_dim_y, max_dim_z,
	input  wire [31:0] features,
	// descriptor stream
	input  wire        desc_valid,
	output wire        desc_ready,
	input  wire [8*`IDXGEN_DESC_BYTES-1:0] desc_in,
	input  wire [31:0] slot_in,
	// write port: wr_bytes bytes of wr_data at byte address wr_addr
	output wire        wr_valid,
	input  wire        wr_ready,
	output wire [63:0] wr_addr,
	output wire [32*LANES-1:0] wr_data,
	output wire [15:0] wr_bytes,
	// completion stream
	output wire        cpl_valid,
	input  wire        cpl_ready,
	output wire [8*`IDXGEN_CPL_BYTES-1:0] cpl,
	// history commands (taken between jobs): flush, range invalidate
	input  wire        hist_flush,
	input  wire        inv_valid,
	input  wire [63:0] inv_base, inv_len,
	output wire        cmd_ready,
	output wire [7:0]  hist_count,
	output wire [63:0] stat_jobs, stat_hits, stat_misses, stat_warps, stat_busy, stat_errors
);
	localparam [2:0] S_IDLE = 3'd0, S_F1 = 3'd1, S_F2 = 3'd2, S_F3 = 3'd3, S_F4 = 3'd4,
			 S_GEN = 3'd5, S_DONE = 3'd6;
	reg [2:0] state;

	localparam integer TW = $clog2(`IDXGEN_HW_MAX_THREADS) + 1;	// threads <= 2^20
	localparam integer AW = $clog2(IMEM_SIZE);			// byte addresses
	localparam [TW:0] SAT = {1'b1, {TW{1'b0}}};			// "more than 2^TW - 1"

	reg [8*`IDXGEN_DESC_BYTES-1:0] d_r;
	reg [31:0] slot_r;
	wire [8*`IDXGEN_DESC_BYTES-1:0] d = DESC_REG != 0 ? d_r : desc_in;
	wire [31:0] slot = DESC_REG != 0 ? slot_r : slot_in;

	// bit length of v (0 for 0): a saturating multiply's overflow test
	function [4:0] bitlen;
		input [TW-1:0] v;
		integer b;
		begin
			bitlen = 5'd0;
			for (b = 0; b < TW; b = b + 1)
				if (v[b])
					bitlen = b[4:0] + 5'd1;
		end
	endfunction
	// a * b saturating at 2^TW: the product in TW + 1 bits is exact when
	// bitlen(a) + bitlen(b) <= TW + 1, and at least 2^TW when it is more
	function [TW:0] sat_mul;
		input [TW-1:0] a;
		input [15:0] b;
		reg [TW:0] p;
		begin
			p = a * b;
			sat_mul = ({1'b0, bitlen(a)} + {1'b0, bitlen({{(TW-16){1'b0}}, b})} > TW + 1 ||
				   p[TW]) ? SAT : p;
		end
	endfunction

	wire [63:0] target;
	wire [31:0] size_limit, job_id, stride, grid_blocks;
	wire [15:0] dx, dy, dz, c, xc, yc, zc, flags, granularity, tile_w, tile_h;
	wire [7:0]  mx, my, mz, word_size, order;
	wire        rsvd_set;

	idxgen_decode u_decode (
		.desc(d), .target(target), .size_limit(size_limit), .job_id(job_id),
		.dx(dx), .dy(dy), .dz(dz), .c(c), .xc(xc), .yc(yc), .zc(zc),
		.mx(mx), .my(my), .mz(mz), .word_size(word_size), .flags(flags), .order(order),
		.granularity(granularity), .stride(stride), .tile_w(tile_w), .tile_h(tile_h),
		.grid_blocks(grid_blocks), .rsvd_set(rsvd_set));

	// ---- F1: constants of the carry chain; dx*dy
	// Only jobs with mx + my + mz <= 32 are ever generated (WIDTH_OVERFLOW
	// refuses the rest), so 6-bit shift amounts and 32-bit results are exact
	// for them; a refused job's constants do not matter.
	wire [5:0]  smx = mx[5:0];
	wire [5:0]  ssz = mx[5:0] + my[5:0];
	wire [32:0] one_x = 33'd1 << smx;
	wire [32:0] one_z = 33'd1 << ssz;
	wire [31:0] kx64 = one_x[31:0] - {16'd0, dx};
	// the shared shifter: dy << mx (F1), yc << mx (F2), zc << (mx + my) (F3)
	// and tile_h << mx (F4) for the tiled order
	wire [15:0] sh_in = state == S_F1 ? dy : state == S_F2 ? yc : state == S_F3 ? zc : tile_h;
	wire [5:0]  sh_by = state == S_F3 ? ssz : smx;
	wire [31:0] sh = {16'd0, sh_in} << sh_by;
	wire [31:0] ky64 = one_z[31:0] - sh;
	reg  [31:0] kx, ky, k10, k01, k11;
	reg  [31:0] k00;	// wc, built over F2 and F3
	reg  [31:0] thpk;	// tile_h << mx
	reg  [15:0] tx1, ty1, xstep_c, ystep_c;
	reg  [TW:0] dxy;	// saturating
	// the shared multiplier: dx * dy (F1), (dx * dy) * dz (F2)
	wire [TW-1:0] mul_a = state == S_F1 ? {{(TW - 16){1'b0}}, dx} : dxy[TW-1:0];
	wire [15:0]   mul_b = state == S_F1 ? dy : dz;
	wire [TW:0]   prod = sat_mul(mul_a, mul_b);

	// ---- F2, F3: lane set-up, two chain segments with a register between
	// them (thread SPLIT's position), so a cycle's path is half the chain;
	// dx*dy*dz in F2
	wire [16*LANES-1:0] x_init, y_init;
	wire [32*LANES-1:0] w_init;
	wire [15:0] mid_x, mid_y, cxa, cya, cxb, cyb;
	wire [7:0]  mid_z, cza, czb;
	wire [31:0] mid_w;
	reg  [15:0] mid_xr, mid_yr;
	reg  [7:0]  mid_zr;
	reg  [31:0] mid_wr;
	reg  [15:0] sxr, syr;	// index of thread c if in the first segment
	reg  [7:0]  szr;
	reg  [TW:0] threads;	// saturating: threads[TW] set means more than 2^TW - 1

	idxgen_laneinit #(.LANES(SPLIT), .FIRST(0)) u_init_a (
		.dx(dx), .dy(dy), .kx(kx), .ky(ky), .c(c),
		.xs(16'd0), .ys(16'd0), .zs(8'd0), .ws(32'd0),
		.x0(x_init[0 +: 16*SPLIT]), .y0(y_init[0 +: 16*SPLIT]), .w0(w_init[0 +: 32*SPLIT]),
		.xe(mid_x), .ye(mid_y), .ze(mid_z), .we(mid_w),
		.cx_idx(cxa), .cy_idx(cya), .cz_idx(cza), .c_here());
	idxgen_laneinit #(.LANES(LANES - SPLIT), .FIRST(SPLIT)) u_init_b (
		.dx(dx), .dy(dy), .kx(kx), .ky(ky), .c(c),
		.xs(mid_xr), .ys(mid_yr), .zs(mid_zr), .ws(mid_wr),
		.x0(x_init[16*SPLIT +: 16*(LANES-SPLIT)]), .y0(y_init[16*SPLIT +: 16*(LANES-SPLIT)]),
		.w0(w_init[32*SPLIT +: 32*(LANES-SPLIT)]),
		.xe(), .ye(), .ze(), .we(),
		.cx_idx(cxb), .cy_idx(cyb), .cz_idx(czb), .c_here());
	// thread c's index for the F3 check: the first segment's was registered
	// in F2 (c <= SPLIT), the second's is computed in F3 (c > LANES is
	// BAD_STEP, checked before the index)
	wire [15:0] sx = c > SPLIT ? cxb : sxr;
	wire [15:0] sy = c > SPLIT ? cyb : syr;
	wire [7:0]  sz = c > SPLIT ? czb : szr;
	// lane i's load: the first segment's lanes in F2, the second's in F3
	wire [LANES-1:0] lane_load = state == S_F2 ? {{(LANES - SPLIT){1'b0}}, {SPLIT{1'b1}}} :
				     state == S_F3 ? {{(LANES - SPLIT){1'b1}}, {SPLIT{1'b0}}} :
				     {LANES{1'b0}};

	// ---- F3: validation
	wire [15:0] status_v;
	reg  [15:0] status;
	// the range check's 64-bit part, registered in F1 (target is in the
	// descriptor from acceptance): F3 compares the byte count with room
	reg         tgt_high;
	reg  [AW:0] room;
	wire        tgt_high_v;
	wire [AW:0] room_v;

	idxgen_room #(.IMEM_SIZE(IMEM_SIZE), .AW(AW)) u_room (.target(target), .high(tgt_high_v),
							       .room(room_v));

	// the descriptor-only checks' verdicts, registered in F1 likewise
	wire [15:0] early_a_v, early_b_v;
	wire        bad_step_v;
	reg  [15:0] early_a, early_b;
	reg         bad_step;

	idxgen_vearly #(.LANES(LANES), .ORDERS_RTL(ORDERS_RTL), .HDIM(HDIM)) u_vearly (
		.target(target), .dx(dx), .dy(dy), .dz(dz), .c(c),
		.mx(mx), .my(my), .mz(mz), .word_size(word_size),
		.flags(flags), .order(order), .granularity(granularity), .stride(stride),
		.tile_w(tile_w), .tile_h(tile_h), .grid_blocks(grid_blocks), .rsvd_set(rsvd_set),
		.cap_lanes(cap_lanes), .max_dim_x(max_dim_x), .max_dim_y(max_dim_y),
		.max_dim_z(max_dim_z), .features(features),
		.early_a(early_a_v), .bad_step(bad_step_v), .early_b(early_b_v));
	idxgen_validate #(.TW(TW), .AW(AW)) u_validate (
		.early_a(early_a), .bad_step(bad_step), .early_b(early_b),
		.size_limit(size_limit), .xc(xc), .yc(yc), .zc(zc), .word_size(word_size),
		.max_threads(max_threads), .threads(threads), .sx(sx), .sy(sy), .sz(sz),
		.tgt_high(tgt_high), .room(room), .status(status_v));

	// ---- F4: history
	wire use_hist = (flags & `IDXGEN_DESC_F_NO_HISTORY) == 0;
	// bytes of a job that is generated (inside index memory: AW + 1 bits)
	wire [TW+2:0] tbytes = word_size == 4 ? {threads, 2'b0} : {1'b0, threads, 1'b0};
	wire [63:0] bytes64 = {{(61 - TW){1'b0}}, tbytes};
	wire [AW:0] bytes = bytes64[AW:0];
	// the job's range end, registered in F3 (threads is known from F2): F4's
	// invalidation and the insert after GEN take it from this register, so
	// no adder lies on the F4 path from the decision to the entries
	reg  [AW:0] jend;
	wire hist_hit;
	wire ok = status == `IDXGEN_CPL_OK;
	wire f4 = state == S_F4;
	// The lookup is made in F3 and registered: nothing changes the history
	// from F1 to F4 (commands are taken in IDLE, inserts come after GEN), so
	// F4 decides from a register instead of through the key compare.
	reg  hist_hit_r;
	wire hit_now = f4 && ok && use_hist && hist_hit_r;
	wire miss_now = f4 && ok && !(use_hist && hist_hit_r);
	wire cmd_take = state == S_IDLE && !desc_valid;
	reg  hit;

	// ---- GEN
	wire [TW-1:0] warps;
	reg  [63:0] cycles;
	wire [AW-1:0] waddr;
	wire        last;
	wire        drop = PLANT_DROP != 0 && warps == 1;
	// the Hilbert order fills its warp a cell a cycle: the warp goes out
	// when it is ready (idxgen_hilbert); every other order has one ready
	// every cycle
	wire        hvalid;
	wire        warp_ready = order != `IDXGEN_ORDER_HILBERT || hvalid;
	wire        fire = state == S_GEN && warp_ready && (wr_ready || drop);
	wire        insert = fire && last && use_hist;

	idxgen_wport #(.TW(TW), .AW(AW)) u_wport (
		.clk(clk), .start(f4), .fire(fire), .target(target[AW-1:0]),
		.threads(threads[TW-1:0]), .c(c), .word32(word_size == 4),
		.waddr(waddr), .wbytes(wr_bytes), .last(last), .warps(warps), .next());

	// The history key of a job that passed validation, packed to what can
	// differ between two such jobs: mx, my, mz <= 32; word size 2 or 4;
	// order < 8; an order's unused parameters are 0, so strided's (stride)
	// and tiled's (tile_h, tile_w) share bits, the order telling them apart.
	localparam integer KEYW = AW + 48 + 18 + 1 + 3 + 48;
	wire [KEYW-1:0] hkey = {target[AW-1:0], dx, dy, dz, mx[5:0], my[5:0], mz[5:0],
				word_size[2], order[2:0], granularity, stride | {tile_h, tile_w}};

	wire [AW:0] cmd_lo, cmd_hi;

	idxgen_hrange #(.AW(AW)) u_hrange (.base(inv_base), .len(inv_len), .lo(cmd_lo), .hi(cmd_hi));
	idxgen_hist #(.ENTRIES(HIST), .KEYW(KEYW), .AW(AW)) u_hist (
		.clk(clk), .rst(rst),
		.key(hkey),
		.hit(hist_hit), .touch(hit_now),
		.insert(insert), .ins_base(target[AW-1:0]), .ins_end(jend),
		.inval(miss_now || (cmd_take && inv_valid)),
		// the range by state, not by the decision: in F4 the job's own
		// (used only on a miss; a validated job lies inside index memory),
		// in IDLE the command's
		.inv_lo(f4 ? {1'b0, target[AW-1:0]} : cmd_lo),
		.inv_hi(f4 ? jend : cmd_hi),
		.flush(cmd_take && hist_flush), .count(hist_count));

	wire [32*LANES-1:0] words;

	idxgen_iter #(.LANES(LANES), .PLANT_LANE(PLANT_LANE), .CSEL(CSEL)) u_iter (
		.clk(clk), .load(lane_load), .x_init(x_init), .y_init(y_init), .w_init(w_init),
		.adv(fire), .order(order), .dx(dx), .tx1(tx1), .ty1(ty1),
		.xstep(xc), .xstep_c(xstep_c), .ystep(yc), .ystep_c(ystep_c),
		.k00(k00), .k10(k10), .k01(k01), .k11(k11), .words(words));

	// the orders that are not a constant step per lane: a chain per warp
	// (an order this build lacks is refused, so its words are never chosen)
	wire [32*LANES-1:0] twords, swords, hwords, owords;
	generate
		if (ORDERS_RTL[`IDXGEN_ORDER_TILED]) begin : tiled
			idxgen_tiled #(.LANES(LANES)) u_tiled (
				.clk(clk), .load(state == S_F2), .adv(fire), .c(c),
				.dx(dx), .dy(dy), .tile_w(tile_w), .tile_h(tile_h),
				.one_y(one_x[31:0]), .thpk(thpk), .one_z(one_z[31:0]), .words(twords));
		end else begin : no_tiled
			assign twords = words;
		end
		// strided: its constants (positions of stride * granularity and of
		// granularity) are divided out over F2..F4, ready for the first warp
		if (ORDERS_RTL[`IDXGEN_ORDER_STRIDED]) begin : strided
			wire [15:0] qx, qy, gx, gy;
			wire        sg_big, g_big;
			idxgen_sconst u_sconst (
				.clk(clk), .load(state == S_F1),
				.step(state == S_F2 || state == S_F3 || state == S_F4),
				.s(stride), .g(granularity), .dx(dx), .dy(dy),
				.qx(qx), .qy(qy), .gx(gx), .gy(gy), .sg_big(sg_big), .g_big(g_big));
			idxgen_strided #(.LANES(LANES)) u_strided (
				.clk(clk), .load(state == S_F2), .adv(fire), .c(c),
				.dx(dx), .dy(dy), .s(stride), .g(granularity),
				.qx(qx), .qy(qy), .gx(gx), .gy(gy), .sg_big(sg_big), .g_big(g_big),
				.mx(smx), .one_z(one_z[31:0]), .words(swords));
		end else begin : no_strided
			assign swords = words;
		end
		// hilbert: a stack machine loaded in F2, stepping from F3 (its
		// thread count is registered in F2) until the job's last warp
		if (ORDERS_RTL[`IDXGEN_ORDER_HILBERT]) begin : hilbert
			idxgen_hilbert #(.LANES(LANES), .TW(TW), .HB(HDIM)) u_hilbert (
				.clk(clk), .load(state == S_F2),
				.run(state == S_F3 || state == S_F4 || state == S_GEN),
				.fire(fire), .c(c), .dx(dx), .dy(dy), .threads(threads[TW-1:0]),
				.mx(smx), .one_y(one_x[31:0]), .one_z(one_z[31:0]),
				.valid(hvalid), .words(hwords));
		end else begin : no_hilbert
			assign hwords = words;
			assign hvalid = 1'b1;
		end
	endgenerate
	assign owords = order == `IDXGEN_ORDER_TILED ? twords :
			order == `IDXGEN_ORDER_STRIDED ? swords :
			order == `IDXGEN_ORDER_HILBERT ? hwords : words;

	idxgen_pack #(.LANES(LANES)) u_pack (.word32(word_size == 4), .words(owords), .data(wr_data));

	assign wr_valid = state == S_GEN && !drop && warp_ready;
	assign wr_addr = {{(64 - AW){1'b0}}, waddr};
	assign desc_ready = state == S_IDLE;
	assign cmd_ready = cmd_take;

	// ---- completion
	localparam [15:0] CPLF_HIT = `IDXGEN_CPLF_HIT, CPLF_SHARED = `IDXGEN_CPLF_SHARED;
	wire [15:0] cpl_flags = (hit ? CPLF_HIT : 16'd0) |
				((flags & `IDXGEN_DESC_F_SHARED) != 0 ? CPLF_SHARED : 16'd0);
	reg counted;
	idxgen_cpl u_cpl (
		.clk(clk), .rst(rst), .done(state == S_DONE && !counted),
		.job_id(job_id), .status(status),
		.flags(cpl_flags),
		.warps({{(32 - TW){1'b0}}, warps}),
		.threads(ok ? {{(32 - TW){1'b0}}, threads[TW-1:0]} : 32'd0),
		.cycles(cycles), .slot(slot),
		.record(cpl), .stat_jobs(stat_jobs), .stat_hits(stat_hits),
		.stat_misses(stat_misses), .stat_warps(stat_warps), .stat_busy(stat_busy),
		.stat_errors(stat_errors));
	assign cpl_valid = state == S_DONE;

	always @(posedge clk) begin
		if (rst) begin
			state <= S_IDLE;
			counted <= 1'b0;
		end else begin
			case (state)
			S_IDLE: if (desc_valid) begin
				d_r <= desc_in;
				slot_r <= slot_in;
				cycles <= 64'd0;
				hit <= 1'b0;
				counted <= 1'b0;
				state <= S_F1;
			end
			S_F1: begin
				kx <= kx64[31:0];
				ky <= ky64[31:0];
				tx1 <= dx - xc - 16'd1;
				ty1 <= dy - yc - 16'd1;
				xstep_c <= xc - dx;
				ystep_c <= yc - dy;
				dxy <= prod;
				tgt_high <= tgt_high_v;
				room <= room_v;
				early_a <= early_a_v;
				bad_step <= bad_step_v;
				early_b <= early_b_v;
				cycles <= cycles + 64'd1;
				state <= S_F2;
			end
			S_F2: begin
				sxr <= cxa;
				syr <= cya;
				szr <= cza;
				mid_xr <= mid_x;
				mid_yr <= mid_y;
				mid_zr <= mid_z;
				mid_wr <= mid_w;
				threads <= dxy[TW] ? SAT : prod;
				k00 <= {16'd0, xc} | sh;
				cycles <= cycles + 64'd1;
				state <= S_F3;
			end
			S_F3: begin
				status <= status_v;
				hist_hit_r <= hist_hit;
				jend <= {1'b0, target[AW-1:0]} + bytes;
				k00 <= k00 | sh;
				cycles <= cycles + 64'd1;
				state <= S_F4;
			end
			S_F4: begin
				cycles <= cycles + 64'd1;
				hit <= hit_now;
				k10 <= k00 + kx;
				k01 <= k00 + ky;
				k11 <= k00 + kx + ky;
				thpk <= sh;
				state <= miss_now ? S_GEN : S_DONE;
			end
			S_GEN: begin
				cycles <= cycles + 64'd1;
				if (fire && last)
					state <= S_DONE;
			end
			S_DONE: begin
				counted <= 1'b1;
				if (cpl_ready)
					state <= S_IDLE;
			end
			default: state <= S_IDLE;
			endcase
		end
	end
endmodule
