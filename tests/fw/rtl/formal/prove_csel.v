// SPDX-License-Identifier: MIT
// prove_csel - the lane built as a carry select (idxgen_lane's CSEL 1, the
// iCE40 Hilbert build's) steps exactly as the plain lane: for yosys `sat`
// (3 cycles from reset).  Cycle 1 loads both with the same x, y, w (any
// 16-, 16- and 32-bit values), cycle 2 steps both with the same constants
// (any thresholds, steps and addends, every bit free), cycle 3 asserts
// that they hold the same x, y and w.  With prove_lane (the plain lane
// takes thread t to t + c) this makes the carry-select lane correct for
// every width the lane has, not only the bound prove_lane reaches.
// PLANT = 1 plants the carry bug in the carry-select lane only, which the
// check must find.
module prove_csel #(
	parameter integer PLANT = 0
) (
	input  wire        clk,
	input  wire [15:0] x_in, y_in,
	input  wire [31:0] w_in,
	input  wire [15:0] tx1, ty1, xstep, xstep_c, ystep, ystep_c,
	input  wire [31:0] k00, k10, k01, k11
);
	reg started = 1'b0, stepped = 1'b0;

	always @(posedge clk) begin
		started <= 1'b1;
		stepped <= started;
	end

	wire [15:0] xa, ya, xb, yb;
	wire [31:0] wa, wb;

	idxgen_lane #(.CSEL(0)) plain (.clk(clk), .load(!started),
		.x_init(x_in), .y_init(y_in), .w_init(w_in), .adv(started),
		.tx1(tx1), .ty1(ty1), .xstep(xstep), .xstep_c(xstep_c),
		.ystep(ystep), .ystep_c(ystep_c),
		.k00(k00), .k10(k10), .k01(k01), .k11(k11), .x(xa), .y(ya), .w(wa));
	idxgen_lane #(.CSEL(1), .PLANT_CARRY(PLANT)) csel (.clk(clk), .load(!started),
		.x_init(x_in), .y_init(y_in), .w_init(w_in), .adv(started),
		.tx1(tx1), .ty1(ty1), .xstep(xstep), .xstep_c(xstep_c),
		.ystep(ystep), .ystep_c(ystep_c),
		.k00(k00), .k10(k10), .k01(k01), .k11(k11), .x(xb), .y(yb), .w(wb));

	always @(*)
		if (stepped)
			assert (xa == xb && ya == yb && wa == wb);
endmodule
