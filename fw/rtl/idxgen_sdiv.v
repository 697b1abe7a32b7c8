// SPDX-License-Identifier: MIT
// idxgen_sdiv - a restoring divider of a W-bit number by a 16-bit one,
// STEPS quotient bits a cycle (the strided order's constants, made in the
// filter: idxgen_sconst).  No $div: each quotient bit is a compare and a
// subtract of the 17-bit partial remainder, STEPS of them chained in one
// cycle.  load takes the dividend (the remainder starts at 0); after
// ceil(W / STEPS) cycles of step, q is floor(n / d) and r is n mod d.
// d = 0 gives q all ones (every compare passes) and is never used: a job
// with dx = 0 is refused (BAD_DIMS).
module idxgen_sdiv #(
	parameter integer W = 21,
	parameter integer STEPS = 7
) (
	input  wire         clk,
	input  wire         load,
	input  wire         step,
	input  wire [W-1:0] n,
	input  wire [15:0]  d,
	output wire [W-1:0] q,
	output wire [15:0]  r
);
	// nq: the dividend's bits not yet taken, shifted out at the top, with
	// the quotient's bits shifted in at the bottom
	reg [W-1:0] nq;
	reg [15:0]  rem;
	reg [W-1:0] nq_n;
	reg [15:0]  rem_n;
	reg [16:0]  t;
	integer k;

	always @* begin
		nq_n = nq;
		rem_n = rem;
		for (k = 0; k < STEPS; k = k + 1) begin
			t = {rem_n, nq_n[W-1]};
			nq_n = {nq_n[W-2:0], 1'b0};
			if (t >= {1'b0, d}) begin
				t = t - {1'b0, d};
				nq_n[0] = 1'b1;
			end
			rem_n = t[15:0];
		end
	end

	always @(posedge clk) begin
		if (load) begin
			nq <= n;
			rem <= 16'd0;
		end else if (step) begin
			nq <= nq_n;
			rem <= rem_n;
		end
	end

	assign q = nq;
	assign r = rem;
endmodule
