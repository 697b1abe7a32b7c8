// SPDX-License-Identifier: MIT
// idxgen_sstep - one link of the strided order's chain (idxgen_strided):
// the packed word of a thread in strided order and the position of the
// thread after it (igm_ocur_next's STRIDED case; after the plane's last
// thread the next slice's first, as the model's cursor restarts).
//
// The model walks linear numbers (lin, the group's start glin, the
// residue's start rlin) beside their plane positions and compares the
// linear numbers with the plane size P = dx * dy.  A link keeps only the
// positions, so it needs no 21-bit counters: for a position (px, py)
// with px < dx, adding a linear amount a = ay * dx + ax (ax < dx) is one
// conditional carry, and the sum is below P exactly when the new row is
// below dy.  So with (qx, qy) the position of s * g and (gx, gy) that of
// g (idxgen_sconst, made in the filter; unused when sg_big / g_big say
// the amount is not below P):
//   in the group      i + 1 < g and (x, y) is not the plane's last place
//   next group        !sg_big and (bx, by) + (qx, qy) has row < dy
//   next residue      r + 1 < s, !g_big and (rx, ry) + (gx, gy) has row < dy
//   else              the plane is done: next slice, all at 0, z + 1
// i needs no clamp at g >= P: the plane's end comes first.  zpk is the
// slice packed (z << (mx + my)); y is packed here by a shift (a link's
// y jumps between group starts, so keeping it packed would need three
// more packed registers per link).
// tests/fw/rtl/formal/prove_sstep.v proves a link against the model's
// linear cursor (dims up to 7); the testbench's strided shapes cover the
// 16-bit edges.
module idxgen_sstep (
	input  wire [15:0] dx, dy,
	input  wire [31:0] s,		// stride >= 1
	input  wire [15:0] g,		// granularity >= 1
	input  wire [15:0] qx, qy, gx, gy,
	input  wire        sg_big, g_big,
	input  wire [5:0]  mx,
	input  wire [31:0] one_z,	// 1 << (mx + my)
	input  wire [15:0] x, y, i, bx, by, rx, ry,
	input  wire [20:0] r,
	input  wire [31:0] zpk,
	output wire [31:0] word,
	output wire [15:0] x_n, y_n, i_n, bx_n, by_n, rx_n, ry_n,
	output wire [20:0] r_n,
	output wire [31:0] zpk_n
);
	wire [31:0] ypk = {16'd0, y} << mx;

	assign word = {16'd0, x} | ypk | zpk;

	// (px, py) + (ax, ay) on the dx-wide plane, 17 bits: no wrap
	function [33:0] padd;	// {x, y} of the sum, each 17 bits
		input [15:0] px, py, ax, ay, w;
		reg [16:0] sx;
		begin
			sx = {1'b0, px} + {1'b0, ax};
			padd = sx >= {1'b0, w} ? {sx - {1'b0, w}, {1'b0, py} + {1'b0, ay} + 17'd1} :
						 {sx, {1'b0, py} + {1'b0, ay}};
		end
	endfunction

	wire last_place = x == dx - 16'd1 && y == dy - 16'd1;
	wire in_group = {1'b0, i} + 17'd1 < {1'b0, g} && !last_place;
	wire [33:0] nb = padd(bx, by, qx, qy, dx);
	wire [33:0] nr = padd(rx, ry, gx, gy, dx);
	wire next_group = !sg_big && nb[16:0] < {1'b0, dy};
	wire next_res = {11'd0, r} + 32'd1 < s && !g_big && nr[16:0] < {1'b0, dy};
	wire row_end = x == dx - 16'd1;

	assign i_n = in_group ? i + 16'd1 : 16'd0;
	assign x_n = in_group ? (row_end ? 16'd0 : x + 16'd1) :
		     next_group ? nb[32:17] : next_res ? nr[32:17] : 16'd0;
	assign y_n = in_group ? (row_end ? y + 16'd1 : y) :
		     next_group ? nb[15:0] : next_res ? nr[15:0] : 16'd0;
	assign bx_n = in_group ? bx : next_group ? nb[32:17] : next_res ? nr[32:17] : 16'd0;
	assign by_n = in_group ? by : next_group ? nb[15:0] : next_res ? nr[15:0] : 16'd0;
	assign rx_n = in_group || next_group ? rx : next_res ? nr[32:17] : 16'd0;
	assign ry_n = in_group || next_group ? ry : next_res ? nr[15:0] : 16'd0;
	assign r_n = in_group || next_group ? r : next_res ? r + 21'd1 : 21'd0;
	assign zpk_n = in_group || next_group || next_res ? zpk : zpk + one_z;
endmodule
