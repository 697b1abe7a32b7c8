// SPDX-License-Identifier: MIT
// idxgen_lanek - the per-job thresholds of the lanes' lookahead compares
// (idxgen_lane): a lane keeps its carries cx, cy for its current thread
// and, while it steps, computes the next thread's from its current x and y
// against these, so no compare lies between a lane's registers and its
// word's adder.  With the step (xc, yc) and tx1 = dx - xc - 1,
// ty1 = dy - yc - 1, the next thread's
//   cx' = x' > tx1  where x' = x + xc - (cx ? dx : 0)
//       = x > tx1 - xc + (cx ? dx : 0)                 ax0, ax1
//   cy' = y' + cx' > ty1  where y' = y + cx + yc - (cy ? dy : 0)
//       = y > ty1 - yc - (cx + cx') + (cy ? dy : 0)    cyk[cy][cx + cx']
// as 18-bit signed numbers (they lie in (-2^17, 2^17) for 16-bit dims).
// Adds and subtracts only, made once per job (the core registers them in F4).
module idxgen_lanek (
	input  wire [15:0] dx, dy, xc, yc,
	output wire [17:0] ax0, ax1,
	output wire [6*18-1:0] cyk	// entry 3 * cy + s: ty1 - yc - s + (cy ? dy : 0)
);
	wire [17:0] sdx = {2'b00, dx}, sdy = {2'b00, dy};
	wire [17:0] sxc = {2'b00, xc}, syc = {2'b00, yc};
	wire [17:0] b = sdy - syc - syc - 18'd1;	// ty1 - yc

	assign ax0 = sdx - sxc - sxc - 18'd1;	// tx1 - xc
	assign ax1 = ax0 + sdx;
	assign cyk = {b + sdy - 18'd2, b + sdy - 18'd1, b + sdy, b - 18'd2, b - 18'd1, b};
endmodule
