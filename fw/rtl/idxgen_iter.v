// SPDX-License-Identifier: MIT
// idxgen_iter - LANES lanes of the iterator and their schedule order: one
// warp (c threads) per step.  Lanes at or beyond c run along but their
// words are never written (the packer and the write port count only n).
// load has a bit per lane: the core loads the lanes of the set-up chain's
// first segment a cycle before those of the second.
module idxgen_iter #(
	parameter integer LANES = 32,
	parameter integer PLANT_LANE = -1,	// tests only: the lane with a planted carry bug
	parameter integer CSEL = 0		// 1: every lane's step as a carry select (idxgen_lane)
) (
	input  wire        clk,
	input  wire [LANES-1:0] load,
	input  wire [16*LANES-1:0] x_init, y_init,
	input  wire [32*LANES-1:0] w_init,
	input  wire        adv,
	input  wire [7:0]  order,
	input  wire [15:0] dx,
	input  wire [15:0] tx1, ty1, xstep, xstep_c, ystep, ystep_c,
	input  wire [31:0] k00, k10, k01, k11,
	output wire [32*LANES-1:0] words
);
	genvar i;
	generate
		for (i = 0; i < LANES; i = i + 1) begin : lane
			wire [15:0] x, y;
			wire [31:0] w;

			idxgen_lane #(.PLANT_CARRY(i == PLANT_LANE), .CSEL(CSEL)) u_lane (
				.clk(clk), .load(load[i]),
				.x_init(x_init[16*i +: 16]), .y_init(y_init[16*i +: 16]),
				.w_init(w_init[32*i +: 32]), .adv(adv),
				.tx1(tx1), .ty1(ty1), .xstep(xstep), .xstep_c(xstep_c),
				.ystep(ystep), .ystep_c(ystep_c),
				.k00(k00), .k10(k10), .k01(k01), .k11(k11),
				.x(x), .y(y), .w(w));
			idxgen_order u_order (.order(order), .dx(dx), .x(x), .y(y), .w(w),
					      .word(words[32*i +: 32]));
		end
	endgenerate
endmodule
