// SPDX-License-Identifier: MIT
// idxgen_order - the schedule order of a lane's output word.
//
// SEQUENTIAL: the lane's word as it is.  ZIGZAG: the same walk through the
// block, but on odd rows (y odd) x runs backwards, x -> dx - 1 - x, which on
// the packed word is w + (dx - 1 - 2x): one subtract and one add, no
// multiplier (2x is a shift).  The other orders of the firmware table
// (strided, tiled, hilbert) are not built yet; the validator refuses them
// (ORDER_DISABLED) through ORDERS_RTL.
`include "idxgen_hw.vh"

module idxgen_order (
	input  wire [7:0]  order,
	input  wire [15:0] dx,
	input  wire [15:0] x,
	input  wire [15:0] y,
	input  wire [31:0] w,
	output wire [31:0] word
);
	wire mirror = order == `IDXGEN_ORDER_ZIGZAG && y[0];
	wire [31:0] delta = {16'd0, dx} - 32'd1 - {15'd0, x, 1'b0};

	assign word = mirror ? w + delta : w;
endmodule
