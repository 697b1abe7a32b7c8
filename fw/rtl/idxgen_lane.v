// SPDX-License-Identifier: MIT
// idxgen_lane - one lane of the add/compare iterator.
//
// The lane holds its thread's x and y and its packed output word w, and
// the thread's two carries cx, cy.  A step advances it by c threads, i.e.
// by the 3-D step (xc, yc, zc):
//   cx = x + xc >= dx        (x > tx1 = dx - xc - 1)
//   cy = y + yc + cx >= dy   (y + cx > ty1 = dy - yc - 1)
//   x' = x + (cx ? xc - dx : xc)
//   y' = y + cx + (cy ? yc - dy : yc)
//   w' = w + wc + (cx ? kx : 0) + (cy ? ky : 0)
// where wc is (xc, yc, zc) packed and kx, ky turn "subtract d, carry one
// into the next field" into one addend: the four sums wc, wc+kx, wc+ky,
// wc+kx+ky are per-job constants, so a step is three adds.
//
// The carries are registers, not compares on the step's path: `prep` (the
// cycle after the lane is loaded, F4) computes them for the first thread,
// and each step computes the next thread's from the current x and y
// against per-job thresholds (idxgen_lanek) in parallel with the adds, so
// the path into w is a register, a 4:1 choice and the adder.
// No divider, modulo or multiplier.  z never needs a compare: it only
// grows, and lanes past the block's end are never written.
module idxgen_lane #(
	parameter integer PLANT_CARRY = 0	// tests only: 1 carries x one thread late
) (
	input  wire        clk,
	input  wire        load,
	input  wire [15:0] x_init, y_init,
	input  wire [31:0] w_init,
	input  wire        prep,		// after load: the first thread's carries
	input  wire        adv,
	input  wire [15:0] tx1, ty1,		// dx - xc - 1, dy - yc - 1
	input  wire [15:0] xstep, xstep_c,	// xc, xc - dx
	input  wire [15:0] ystep, ystep_c,	// yc, yc - dy
	input  wire [31:0] k00, k10, k01, k11,	// wc (+kx if cx) (+ky if cy)
	input  wire [17:0] ax0, ax1,		// idxgen_lanek
	input  wire [6*18-1:0] cyk,
	output reg  [15:0] x,
	output reg  [15:0] y,
	output reg  [31:0] w,
	output reg         cx,
	output reg         cy
);
	localparam [17:0] LATE = PLANT_CARRY != 0 ? 18'd1 : 18'd0;

	// x > t for a signed 18-bit threshold t
	function gt;
		input [15:0] v;
		input [17:0] t;
		gt = $signed({2'b00, v}) > $signed(t);
	endfunction

	// the first thread's carries, from x and y
	wire cx0 = {2'b00, x} > {2'b00, tx1} + LATE;
	wire cy0 = ({1'b0, y} + {16'd0, cx0}) > {1'b0, ty1};
	// the next thread's, from x and y and the current carries
	wire cx_n = gt(x, (cx ? ax1 : ax0) + LATE);
	wire [17:0] ty_0 = cy ? (cx ? cyk[4*18 +: 18] : cyk[3*18 +: 18]) :
			       (cx ? cyk[1*18 +: 18] : cyk[0 +: 18]);
	wire [17:0] ty_1 = cy ? (cx ? cyk[5*18 +: 18] : cyk[4*18 +: 18]) :
			       (cx ? cyk[2*18 +: 18] : cyk[1*18 +: 18]);
	wire cy_n = cx_n ? gt(y, ty_1) : gt(y, ty_0);

	always @(posedge clk) begin
		if (load) begin
			x <= x_init;
			y <= y_init;
			w <= w_init;
		end else if (prep) begin
			cx <= cx0;
			cy <= cy0;
		end else if (adv) begin
			x <= x + (cx ? xstep_c : xstep);
			y <= y + {15'd0, cx} + (cy ? ystep_c : ystep);
			w <= w + (cx ? (cy ? k11 : k10) : (cy ? k01 : k00));
			cx <= cx_n;
			cy <= cy_n;
		end
	end
endmodule
