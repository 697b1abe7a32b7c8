// SPDX-License-Identifier: MIT
// idxgen_fpga_top - idxgen_core on an iCE40 board, for synthesis, place and
// route only: the pins a small package has, so that every register and
// output bit of the core is kept and timed.
//
// A byte bus (cfg_we, cfg_addr, cfg_data) writes a register file: bytes
// 0..63 the descriptor, 64..67 the slot.  go offers the descriptor.  The
// core reads the descriptor from this register file for the whole job
// (DESC_REG = 0), so writes are taken only while the core is idle and not
// being offered one: one copy of the descriptor, not two.  The
// limits are the default firmware's (all the hardware allows, both word
// sizes, schedule orders): constants here, where a device would hold the
// loaded firmware's parameters in registers.  The write port's data, address and byte count and the
// completion record are folded by XOR into 8 output bits, registered: a
// board would put index memory or a PCIe core there; the fold only keeps
// the logic from being optimised away and costs about one LUT per 3 bits.
`include "idxgen_hw.vh"

module idxgen_fpga_top #(
	parameter integer LANES = 32,
	parameter integer HIST = 4,
	parameter [7:0] ORDERS = 8'h05,	// the core's ORDERS_RTL: sequential, zigzag
	// the core's HDIM: the Hilbert machine's coordinate bits; below 16 the
	// firmware's max_dim_x and max_dim_y are 2^HDIM - 1 (as the model is
	// told by such a firmware), so the device refuses what it cannot walk
	parameter integer HDIM = 16,
	parameter integer CSEL = 0	// the core's CSEL: the lanes' step as a carry select
) (
	input  wire       clk,
	input  wire       rst,
	input  wire       cfg_we,
	input  wire [6:0] cfg_addr,
	input  wire [7:0] cfg_data,
	input  wire       go,
	input  wire       wr_ready,
	input  wire       cpl_ready,
	output wire       desc_ready,
	output wire       wr_valid,
	output wire       cpl_valid,
	output reg  [7:0] fold
);
	localparam integer NB = 64 + 4;	// register file bytes
	reg [8*NB-1:0] rf;

	always @(posedge clk)
		if (cfg_we && cfg_addr < NB && desc_ready && !go)
			rf[8*cfg_addr +: 8] <= cfg_data;

	wire [63:0] wr_addr;
	wire [32*LANES-1:0] wr_data;
	wire [15:0] wr_bytes;
	wire [255:0] cpl;
	wire [63:0] s0, s1, s2, s3, s4, s5;
	wire [7:0] hist_count;

	localparam [15:0] MAX_XY = HDIM < 16 ? (16'd1 << HDIM) - 16'd1 : `IDXGEN_HW_MAX_DIM;

	idxgen_core #(.LANES(LANES), .HIST(HIST), .DESC_REG(0), .ORDERS_RTL(ORDERS),
		      .HDIM(HDIM), .CSEL(CSEL)) u_core (
		.clk(clk), .rst(rst),
		.cap_lanes(LANES), .max_threads(`IDXGEN_HW_MAX_THREADS),
		.max_dim_x(MAX_XY), .max_dim_y(MAX_XY),
		.max_dim_z(`IDXGEN_HW_MAX_DIM),
		.features(`IDXGEN_FEAT_WORD16 | `IDXGEN_FEAT_WORD32 | `IDXGEN_FEAT_SCHED_ORDERS),
		.desc_valid(go), .desc_ready(desc_ready), .desc_in(rf[0 +: 512]),
		.slot_in(rf[8*64 +: 32]),
		.wr_valid(wr_valid), .wr_ready(wr_ready), .wr_addr(wr_addr), .wr_data(wr_data),
		.wr_bytes(wr_bytes),
		.cpl_valid(cpl_valid), .cpl_ready(cpl_ready), .cpl(cpl),
		.hist_flush(1'b0), .inv_valid(1'b0), .inv_base(64'd0), .inv_len(64'd0),
		.cmd_ready(), .hist_count(hist_count),
		.stat_jobs(s0), .stat_hits(s1), .stat_misses(s2), .stat_warps(s3), .stat_busy(s4),
		.stat_errors(s5));

	// XOR-fold every observable bit into 8
	wire [32*LANES+64+16+256+6*64+8-1:0] all = {wr_data, wr_addr, wr_bytes, cpl,
						    s0, s1, s2, s3, s4, s5, hist_count};
	integer i;
	reg [7:0] f;
	always @* begin
		f = 8'd0;
		for (i = 0; i < $bits(all); i = i + 1)
			f[i % 8] = f[i % 8] ^ all[i];
	end
	always @(posedge clk)
		fold <= f;
endmodule
