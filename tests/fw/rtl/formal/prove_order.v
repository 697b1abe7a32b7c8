// SPDX-License-Identifier: MIT
// prove_order - the schedule order block (idxgen_order) for yosys `sat
// -prove ok 1`.  The lane hands it thread t's sequential position in its
// plane, (x, y) with x < dx, and z, packed as x | y << mx | z << (mx + my).
// The model's zigzag cursor (igm_ocur_next) walks each plane row by row,
// starting every plane forwards (ocur_restart clears `back`) and turning
// at every row's end, so thread t of the plane is at row y, column
//   dx - 1 - x on odd rows, x on even rows,
// and the word must be that position packed; for every other order the
// block passes the sequential word through (tiled is muxed in after it,
// the rest are refused).  Checked for every dx of 16 bits, x < dx, every y
// and z that fit widths mx, my, mz with mx + my + mz <= 32, every order
// byte.  The reference packs the fields; it never uses the block's
// "w + dx - 1 - 2x".
`include "idxgen_hw.vh"

module prove_order (
	input  wire [7:0]  order,
	input  wire [15:0] dx, x, y, z,
	input  wire [5:0]  mx, my, mz,
	output wire        ok
);
	function [31:0] pack;	// x | y << mx | z << (mx + my), in 64 bits cut to 32
		input [15:0] px, py, pz;
		input [5:0] sx, sy;
		reg [63:0] v;
		begin
			v = {48'd0, px} | ({48'd0, py} << sx) | ({48'd0, pz} << (sx + sy));
			pack = v[31:0];
		end
	endfunction
	// v fits in m bits
	function fits;
		input [15:0] v;
		input [5:0] m;
		fits = m >= 6'd16 || ({16'd0, v} >> m) == 0;
	endfunction

	wire [31:0] word;

	idxgen_order dut (.order(order), .dx(dx), .x(x), .y(y), .w(pack(x, y, z, mx, my)),
			  .word(word));

	wire        back = order == `IDXGEN_ORDER_ZIGZAG && y[0];
	wire [15:0] xo = back ? dx - 16'd1 - x : x;	// x < dx: no wrap
	wire        job = x < dx && fits(dx - 16'd1, mx) && fits(y, my) && fits(z, mz) &&
			  {2'b0, mx} + {2'b0, my} + {2'b0, mz} <= 8'd32;

	assign ok = !job || (word == pack(xo, y, z, mx, my) && xo < dx);
endmodule
