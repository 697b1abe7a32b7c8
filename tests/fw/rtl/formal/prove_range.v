// SPDX-License-Identifier: MIT
// prove_range - the validator's range check, split over the filter's
// cycles (idxgen_room in F1, the compare in idxgen_validate in F3), for
// yosys `sat -prove ok 1`.  Every other field is held at a job that
// passes every earlier check, so the status is OK, OUT_OF_RANGE or
// SIZE_LIMIT; it must be OUT_OF_RANGE exactly when the model's 64-bit test
//   target > IMEM_SIZE || bytes > IMEM_SIZE - target
// holds (igm_job_validate, with the model's wrap of the subtraction), for
// every 64-bit aligned target, every thread count below 2^TW and both word
// sizes.  The reference is written here over 64 bits; it never uses room.
`include "idxgen_hw.vh"

module prove_range #(
	parameter [63:0] IMEM_SIZE = 64'd8388608
) (
	input  wire [63:0] target,
	input  wire [20:0] threads,	// TW = 21: below 2^TW, as the core saturates
	input  wire        word32,
	output wire        ok
);
	localparam integer TW = 21;
	localparam integer AW = $clog2(IMEM_SIZE);

	wire        high;
	wire [AW:0] room;
	wire [15:0] status;
	wire [7:0]  ws = word32 ? 8'd4 : 8'd2;

	idxgen_room #(.IMEM_SIZE(IMEM_SIZE), .AW(AW)) u_room (.target(target), .high(high),
							       .room(room));
	wire [15:0] early_a, early_b;
	wire        bad_step;

	idxgen_vearly #(.LANES(4), .ORDERS_RTL(8'h01)) u_early (
		.target(target), .dx(16'd1), .dy(16'd1), .dz(16'd1), .c(16'd1),
		.mx(8'd0), .my(8'd0), .mz(8'd0), .word_size(ws), .flags(16'd0), .order(8'd0),
		.granularity(16'd0), .stride(32'd0), .tile_w(16'd0), .tile_h(16'd0),
		.grid_blocks(32'd1), .rsvd_set(1'b0), .cap_lanes(32'd4),
		.max_dim_x(16'hffff), .max_dim_y(16'hffff), .max_dim_z(16'hffff),
		.features(32'hffffffff), .early_a(early_a), .bad_step(bad_step), .early_b(early_b));
	idxgen_validate #(.TW(TW), .AW(AW)) u_val (
		.early_a(early_a), .bad_step(bad_step), .early_b(early_b),
		.size_limit(32'hffffffff), .xc(16'd0), .yc(16'd0), .zc(16'd0), .word_size(ws),
		.max_threads(32'hffffffff), .threads({1'b0, threads}), .sx(16'd0), .sy(16'd0),
		.sz(8'd0), .tgt_high(high), .room(room), .status(status));

	wire [63:0] bytes = word32 ? {41'd0, threads, 2'b0} : {42'd0, threads, 1'b0};
	wire        aligned = word32 ? target[1:0] == 2'd0 : !target[0];
	wire        refuse = target > IMEM_SIZE || bytes > IMEM_SIZE - target;
	wire        known = status == `IDXGEN_CPL_OK || status == `IDXGEN_CPL_OUT_OF_RANGE ||
			    status == `IDXGEN_CPL_SIZE_LIMIT;

	assign ok = !aligned || (known && (status == `IDXGEN_CPL_OUT_OF_RANGE) == refuse);
endmodule
