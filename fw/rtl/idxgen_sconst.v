// SPDX-License-Identifier: MIT
// idxgen_sconst - the strided order's per-job constants, made in the filter
// (igm_ocur_init's STRIDED case): the plane positions of linear s * g and
// of g on the dx-wide plane, and whether each lies past the plane.
//
//   F1 (load)        s * g, saturating at 2^21 - 1 (a second multiplier, of
//                    the filter, not of generation), and g, into two dividers
//   F2..F4 (step)    21 quotient bits by dx, 7 a cycle (idxgen_sdiv)
//   GEN              (qx, qy) = (s*g mod dx, s*g / dx), (gx, gy) likewise for g
//
// The model finds the positions by counting rows (plane_pos); a position is
// wanted only when the number is below the plane P = dx * dy, i.e. when the
// quotient is below dy (quotient q >= dy exactly when n >= P, since the
// remainder is below dx).  A generated job has P <= 2^20, so a product
// saturated at 2^21 - 1 is past the plane as the exact one is.
module idxgen_sconst (
	input  wire        clk,
	input  wire        load,	// F1
	input  wire        step,	// F2, F3, F4
	input  wire [31:0] s,
	input  wire [15:0] g,
	input  wire [15:0] dx, dy,
	output wire [15:0] qx, qy, gx, gy,
	output wire        sg_big, g_big
);
	localparam integer W = 21;
	localparam [W-1:0] SAT = {W{1'b1}};

	// s * g saturating: s >= 2^W (g >= 1 when it matters) or a product of W + 1
	// bits or more; the multiplier is W x 16 bits
	wire [W+15:0] p = s[W-1:0] * g;
	wire [W-1:0]  sg = s[31:W] != 0 || p[W+15:W] != 0 ? SAT : p[W-1:0];
	wire [W-1:0]  sq, gq;

	idxgen_sdiv #(.W(W), .STEPS(7)) u_div_sg (.clk(clk), .load(load), .step(step),
						 .n(sg), .d(dx), .q(sq), .r(qx));
	idxgen_sdiv #(.W(W), .STEPS(7)) u_div_g (.clk(clk), .load(load), .step(step),
						.n({{(W - 16){1'b0}}, g}), .d(dx), .q(gq), .r(gx));

	assign sg_big = sq >= {{(W - 16){1'b0}}, dy};
	assign g_big = gq >= {{(W - 16){1'b0}}, dy};
	assign qy = sq[15:0];
	assign gy = gq[15:0];
endmodule
