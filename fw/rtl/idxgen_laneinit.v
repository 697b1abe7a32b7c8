// SPDX-License-Identifier: MIT
// idxgen_laneinit - where lanes start: lane i at thread i, one segment of
// the lane set-up chain.
//
// A chain of LANES "+1 thread" steps from thread FIRST (given as its
// position xs, ys, zs and packed word ws), each an increment and two
// equality compares on (x, y) with the same packed-word carry corrections
// (kx, ky) the iterator uses, so lanes get their packed word without a
// shifter per lane.  It gives the positions of threads FIRST .. FIRST +
// LANES - 1 (the segment's lanes) and of thread FIRST + LANES (xe .. we),
// where the next segment starts; and, when c lies in FIRST .. FIRST +
// LANES (c_here), the index of thread c, which the validator checks
// (BAD_STEP_INDEX) with no divider.  Combinational: the core runs the
// chain as two segments in two filter cycles with a register between them
// (idxgen_core), so its path is half the chain.
module idxgen_laneinit #(
	parameter integer LANES = 32,	// steps of this segment (at least 1)
	parameter integer FIRST = 0	// the thread the segment starts at
) (
	input  wire [15:0] dx, dy,
	input  wire [31:0] kx, ky,	// 2^mx - dx, 2^(mx+my) - dy*2^mx (mod 2^32)
	input  wire [15:0] c,
	input  wire [15:0] xs, ys,	// thread FIRST
	input  wire [7:0]  zs,
	input  wire [31:0] ws,
	output wire [16*LANES-1:0] x0,
	output wire [16*LANES-1:0] y0,
	output wire [32*LANES-1:0] w0,
	output wire [15:0] xe, ye,	// thread FIRST + LANES
	output wire [7:0]  ze,
	output wire [31:0] we,
	output reg  [15:0] cx_idx, cy_idx,	// index of thread c, if c_here
	output reg  [7:0]  cz_idx,
	output reg         c_here
);
	// split_var: the chain is acyclic element by element
	wire [15:0] x [0:LANES] /* verilator split_var */;
	wire [15:0] y [0:LANES] /* verilator split_var */;
	wire [7:0]  z [0:LANES] /* verilator split_var */;
	wire [31:0] w [0:LANES] /* verilator split_var */;

	assign x[0] = xs;
	assign y[0] = ys;
	assign z[0] = zs;
	assign w[0] = ws;
	assign xe = x[LANES];
	assign ye = y[LANES];
	assign ze = z[LANES];
	assign we = w[LANES];

	genvar i;
	generate
		for (i = 0; i < LANES; i = i + 1) begin : step
			wire wrap_x = x[i] == dx - 16'd1;
			wire wrap_y = wrap_x && y[i] == dy - 16'd1;
			assign x[i + 1] = wrap_x ? 16'd0 : x[i] + 16'd1;
			assign y[i + 1] = wrap_y ? 16'd0 : (wrap_x ? y[i] + 16'd1 : y[i]);
			assign z[i + 1] = wrap_y ? z[i] + 8'd1 : z[i];
			assign w[i + 1] = w[i] + 32'd1 + (wrap_x ? kx : 32'd0) + (wrap_y ? ky : 32'd0);
			assign x0[16*i +: 16] = x[i];
			assign y0[16*i +: 16] = y[i];
			assign w0[32*i +: 32] = w[i];
		end
	endgenerate

	integer k;
	always @* begin
		cx_idx = 16'd0;
		cy_idx = 16'd0;
		cz_idx = 8'd0;
		c_here = 1'b0;
		for (k = 0; k <= LANES; k = k + 1)
			if (c == FIRST + k) begin
				cx_idx = x[k];
				cy_idx = y[k];
				cz_idx = z[k];
				c_here = 1'b1;
			end
	end
endmodule
