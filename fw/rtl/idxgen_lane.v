// SPDX-License-Identifier: MIT
// idxgen_lane - one lane of the add/compare iterator.
//
// The lane holds its thread's x and y (for the two carry compares) and its
// packed output word w.  A step advances it by c threads, i.e. by the 3-D
// step (xc, yc, zc):
//   cx = x + xc >= dx        (x > tx1 = dx - xc - 1)
//   cy = y + yc + cx >= dy   (y + cx > ty1 = dy - yc - 1)
//   x' = x + (cx ? xc - dx : xc)
//   y' = y + cx + (cy ? yc - dy : yc)
//   w' = w + wc + (cx ? kx : 0) + (cy ? ky : 0)
// where wc is (xc, yc, zc) packed and kx, ky turn "subtract d, carry one
// into the next field" into one addend: the four sums wc, wc+kx, wc+ky,
// wc+kx+ky are per-job constants, so a step is two compares and three adds.
// No divider, modulo or multiplier.  z never needs a compare: it only
// grows, and lanes past the block's end are never written.
//
// CSEL 1 computes every candidate sum (two for x, four for y and w) beside
// the compares and lets cx, cy choose among them at the end (carry select):
// the same function, so the same cycles, with the compares no longer in
// series with the adders; about 100 more iCE40 cells a lane, so only the
// iCE40 Hilbert build (2 lanes) sets it (docs/rtl.md, "Synthesis").
module idxgen_lane #(
	parameter integer PLANT_CARRY = 0,	// tests only: 1 carries x one thread late
	parameter integer CSEL = 0		// 1: the step as a carry select
) (
	input  wire        clk,
	input  wire        load,
	input  wire [15:0] x_init, y_init,
	input  wire [31:0] w_init,
	input  wire        adv,
	input  wire [15:0] tx1, ty1,		// dx - xc - 1, dy - yc - 1
	input  wire [15:0] xstep, xstep_c,	// xc, xc - dx
	input  wire [15:0] ystep, ystep_c,	// yc, yc - dy
	input  wire [31:0] k00, k10, k01, k11,	// wc (+kx if cx) (+ky if cy)
	output reg  [15:0] x,
	output reg  [15:0] y,
	output reg  [31:0] w
);
	wire cx = PLANT_CARRY != 0 ? x > tx1 + 16'd1 : x > tx1;
	wire cy = ({1'b0, y} + {16'd0, cx}) > {1'b0, ty1};

	wire [15:0] x_next, y_next;
	wire [31:0] w_next;

	generate
		if (CSEL != 0) begin : g_csel
			// the candidates, named by (cx, cy)
			wire [15:0] x_1 = x + xstep_c, x_0 = x + xstep;
			wire [15:0] y_11 = y + 16'd1 + ystep_c, y_10 = y + 16'd1 + ystep;
			wire [15:0] y_01 = y + ystep_c, y_00 = y + ystep;
			wire [31:0] w_11 = w + k11, w_10 = w + k10, w_01 = w + k01, w_00 = w + k00;

			assign x_next = cx ? x_1 : x_0;
			assign y_next = cx ? (cy ? y_11 : y_10) : (cy ? y_01 : y_00);
			assign w_next = cx ? (cy ? w_11 : w_10) : (cy ? w_01 : w_00);
		end else begin : g_plain
			assign x_next = x + (cx ? xstep_c : xstep);
			assign y_next = y + {15'd0, cx} + (cy ? ystep_c : ystep);
			assign w_next = w + (cx ? (cy ? k11 : k10) : (cy ? k01 : k00));
		end
	endgenerate

	always @(posedge clk) begin
		if (load) begin
			x <= x_init;
			y <= y_init;
			w <= w_init;
		end else if (adv) begin
			x <= x_next;
			y <= y_next;
			w <= w_next;
		end
	end
endmodule
