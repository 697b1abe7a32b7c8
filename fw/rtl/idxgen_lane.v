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
module idxgen_lane #(
	parameter integer PLANT_CARRY = 0	// tests only: 1 carries x one thread late
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

	always @(posedge clk) begin
		if (load) begin
			x <= x_init;
			y <= y_init;
			w <= w_init;
		end else if (adv) begin
			x <= x + (cx ? xstep_c : xstep);
			y <= y + {15'd0, cx} + (cy ? ystep_c : ystep);
			w <= w + (cx ? (cy ? k11 : k10) : (cy ? k01 : k00));
		end
	end
endmodule
