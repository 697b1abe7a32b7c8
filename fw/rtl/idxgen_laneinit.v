// SPDX-License-Identifier: MIT
// idxgen_laneinit - where each lane starts: lane i at thread i.
//
// A chain of LANES "+1 thread" steps from thread 0, each an increment and
// two equality compares on (x, y) with the same packed-word carry
// corrections (kx, ky) the iterator uses, so lanes get their packed word
// without a shifter per lane.  The chain's last position is thread LANES:
// the validator reads the index of thread c from it (BAD_STEP_INDEX) with
// no divider.  Combinational; the core registers its outputs.
module idxgen_laneinit #(
	parameter integer LANES = 32
) (
	input  wire [15:0] dx, dy,
	input  wire [31:0] kx, ky,	// 2^mx - dx, 2^(mx+my) - dy*2^mx (mod 2^32)
	input  wire [15:0] c,
	output wire [16*LANES-1:0] x0,
	output wire [16*LANES-1:0] y0,
	output wire [32*LANES-1:0] w0,
	output reg  [15:0] cx_idx, cy_idx,	// index of thread c (c <= LANES)
	output reg  [7:0]  cz_idx
);
	// split_var: the chain is acyclic element by element
	wire [15:0] x [0:LANES] /* verilator split_var */;
	wire [15:0] y [0:LANES] /* verilator split_var */;
	wire [7:0]  z [0:LANES] /* verilator split_var */;
	wire [31:0] w [0:LANES] /* verilator split_var */;

	assign x[0] = 16'd0;
	assign y[0] = 16'd0;
	assign z[0] = 8'd0;
	assign w[0] = 32'd0;

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
		for (k = 0; k <= LANES; k = k + 1)
			if (c == k) begin
				cx_idx = x[k];
				cy_idx = y[k];
				cz_idx = z[k];
			end
	end
endmodule
