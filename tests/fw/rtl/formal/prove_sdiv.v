// SPDX-License-Identifier: MIT
// prove_sdiv - the strided constants' divider (idxgen_sdiv) as the core runs
// it: loaded in F1, stepped in F2, F3 and F4 (STEPS quotient bits a cycle), it
// then holds the quotient and remainder of its dividend by any divisor
// d >= 1: q * d + r == n and r < d, for every n below 2^W and every 16-bit
// d (yosys `sat`, 5 cycles from reset).  The reference is the defining
// identity, not a division.  PLANT = 1 steps it once too few (2 * STEPS bits),
// which the check must find.
module prove_sdiv #(
	parameter integer STEPS = 7,	// quotient bits a cycle; W = 3 * STEPS as in the core
	parameter integer PLANT = 0
) (
	input  wire         clk,
	input  wire [3*STEPS-1:0] n_in,
	input  wire [15:0]  d_in
);
	localparam integer W = 3 * STEPS;
	reg [2:0] cyc = 3'd0;
	reg [W-1:0] n_r;
	reg [15:0] d_r;

	always @(posedge clk) begin
		if (cyc != 3'd7)
			cyc <= cyc + 3'd1;
		if (cyc == 3'd0) begin
			n_r <= n_in;
			d_r <= d_in;
		end
	end

	wire [W-1:0] q;
	wire [15:0]  r;

	// cycle 0 loads (F1), cycles 1..3 step (F2..F4); the planted bug stops a cycle early
	idxgen_sdiv #(.W(W), .STEPS(STEPS)) dut (.clk(clk), .load(cyc == 3'd0),
		.step(cyc >= 3'd1 && cyc <= (PLANT != 0 ? 3'd2 : 3'd3)),
		.n(n_in), .d(cyc == 3'd0 ? d_in : d_r), .q(q), .r(r));

	wire [W+15:0] back = q * d_r + {{W{1'b0}}, r};
	always @* begin
		if (cyc == 3'd4) begin
			assume (d_r != 16'd0);
			assert (back == {16'd0, n_r} && r < d_r);
		end
	end
endmodule
