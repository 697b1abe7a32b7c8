// SPDX-License-Identifier: MIT
// prove_sstep - one link of the strided order's chain (idxgen_sstep)
// against the model's cursor, for yosys `sat -prove ok 1`.
//
// The reference is igm_ocur_next's STRIDED case on the model's linear
// numbers: lin (this thread), glin (its group's start), rlin (its
// residue's start), with i the place in the group and r the residue:
//   lin + 1, i + 1 if i + 1 < g and lin + 1 < P (P = dx * dy);
//   else glin + s*g if s*g < P and glin < P - s*g (the next group);
//   else rlin + g, r + 1 unless r + 1 >= s or rlin + g >= P (next residue);
//   else the plane is done and gen_ordered restarts the cursor on the next
//   slice, (0, ..., z + 1).
// The link keeps plane positions instead: (x, y), (bx, by), (rx, ry) are
// the positions of lin, glin, rlin (lin = y * dx + x, x < dx), and its
// constants (qx, qy), (gx, gy) those of s*g and g when below P.  For every
// dx, dy up to 7, every stride of 32 bits and granularity of 16, every
// position of the three (any of them, related or not: the step does not
// depend on how they were reached), every i, r < 2^20, z and widths that hold
// dx - 1, dy - 1, the link must give the word x | y << mx | z << (mx + my)
// and the reference's next state, its positions again positions.  With the
// cursor loaded at all zeros (a state of the model's restart) every lane of
// a warp is at its thread's place by induction over the chain.  The
// reference multiplies; the link never does.  The bound on dx, dy is the
// solver's: with the reference's multiplications dims up to 15 did not
// finish in 49 s of CPU, up to 7 take about 4 s.  The link's 16-bit edges
// (dx, dy near 65535) are the testbench's once the order is wired.
module prove_sstep (
	input  wire [5:0]  dx6, dy6,
	input  wire [31:0] s,
	input  wire [15:0] g,
	input  wire [5:0]  x6, y6, bx6, by6, rx6, ry6, qx6, qy6, gx6, gy6,
	input  wire [15:0] i,
	input  wire [20:0] r,
	input  wire [15:0] z,
	input  wire [5:0]  mx, my,
	output wire        ok
);
	function [15:0] e16;
		input [5:0] v;
		e16 = {10'd0, v};
	endfunction
	function [31:0] pk;	// v << sh in 64 bits cut to 32
		input [16:0] v;
		input [6:0] sh;
		reg [63:0] t;
		begin
			t = {47'd0, v} << sh;
			pk = t[31:0];
		end
	endfunction
	function [12:0] lin_of;	// y * dx + x
		input [5:0] px, py, w;
		lin_of = {7'd0, py} * {7'd0, w} + {7'd0, px};
	endfunction

	wire [15:0] dx = e16(dx6), dy = e16(dy6);
	wire [12:0] P = {7'd0, dx6} * {7'd0, dy6};
	// s * g saturated above 2^12 (P < 2^12, g >= 1)
	wire        sg_sat = s[31:12] != 0 || g[15:12] != 0;
	wire [23:0] sg24 = s[11:0] * g[11:0];
	wire        sg_big = sg_sat || sg24 >= {11'd0, P};
	wire [12:0] sg = sg24[12:0];
	wire        g_big = {16'd0, g} >= {19'd0, P};
	wire [6:0]  sz = {1'b0, mx} + {1'b0, my};
	wire        fits = (mx >= 6 || (dx6 - 6'd1) >> mx == 0) &&
			   (my >= 6 || (dy6 - 6'd1) >> my == 0) && sz <= 7'd32;

	wire [12:0] lin = lin_of(x6, y6, dx6), glin = lin_of(bx6, by6, dx6),
		    rlin = lin_of(rx6, ry6, dx6);
	wire places = dx6 != 0 && dy6 != 0 && dx6 < 8 && dy6 < 8 && x6 < dx6 && y6 < dy6 && bx6 < dx6 && by6 < dy6 &&
		      rx6 < dx6 && ry6 < dy6 &&
		      (sg_big || (qx6 < dx6 && lin_of(qx6, qy6, dx6) == sg)) &&
		      (g_big || (gx6 < dx6 && lin_of(gx6, gy6, dx6) == g[12:0]));
	// r < 2^20: the model's residue r starts at linear r * g < P <= 2^20
	wire state_ok = s != 0 && g != 0 && {11'd0, r} < s && !r[20];

	wire [31:0] word, zpk_n;
	wire [15:0] x_n, y_n, i_n, bx_n, by_n, rx_n, ry_n;
	wire [20:0] r_n;

	idxgen_sstep dut (.dx(dx), .dy(dy), .s(s), .g(g),
		.qx(e16(qx6)), .qy(e16(qy6)), .gx(e16(gx6)), .gy(e16(gy6)),
		.sg_big(sg_big), .g_big(g_big), .mx(mx), .one_z(pk(17'd1, sz)),
		.x(e16(x6)), .y(e16(y6)), .i(i), .bx(e16(bx6)), .by(e16(by6)),
		.rx(e16(rx6)), .ry(e16(ry6)), .r(r), .zpk(pk({1'b0, z}, sz)),
		.word(word), .x_n(x_n), .y_n(y_n), .i_n(i_n), .bx_n(bx_n), .by_n(by_n),
		.rx_n(rx_n), .ry_n(ry_n), .r_n(r_n), .zpk_n(zpk_n));

	// the model's next state, linear
	reg [12:0] rlin_n, rglin_n, rrlin_n;
	reg [16:0] ri_n;
	reg [21:0] rr_n;
	reg [16:0] rz_n;
	always @* begin
		{rlin_n, rglin_n, rrlin_n} = {lin, glin, rlin};
		ri_n = {1'b0, i};
		rr_n = {1'b0, r};
		rz_n = {1'b0, z};
		if ({1'b0, i} + 17'd1 < {1'b0, g} && lin + 13'd1 < P) begin
			rlin_n = lin + 13'd1;
			ri_n = {1'b0, i} + 17'd1;
		end else if (!sg_big && glin < P - sg) begin
			rglin_n = glin + sg;
			rlin_n = glin + sg;
			ri_n = 17'd0;
		end else if ({11'd0, r} + 32'd1 < s && !g_big && {3'd0, rlin} + g < {3'd0, P}) begin
			rrlin_n = rlin + g[12:0];
			rglin_n = rrlin_n;
			rlin_n = rrlin_n;
			ri_n = 17'd0;
			rr_n = {1'b0, r} + 22'd1;
		end else begin
			{rlin_n, rglin_n, rrlin_n} = 39'd0;
			ri_n = 17'd0;
			rr_n = 22'd0;
			rz_n = {1'b0, z} + 17'd1;
		end
	end

	function at;	// (px, py) is the position of linear n
		input [15:0] px, py;
		input [12:0] n;
		at = px < dx && py < dy && px[15:6] == 0 && py[15:6] == 0 &&
		     lin_of(px[5:0], py[5:0], dx6) == n;
	endfunction

	wire word_ok = word == (pk({11'd0, x6}, 7'd0) | pk({11'd0, y6}, {1'b0, mx}) |
				pk({1'b0, z}, sz));
	wire next_ok = at(x_n, y_n, rlin_n) && at(bx_n, by_n, rglin_n) && at(rx_n, ry_n, rrlin_n) &&
		       {1'b0, i_n} == ri_n && {1'b0, r_n} == rr_n && zpk_n == pk(rz_n, sz);

	assign ok = !(places && state_ok && fits) || (word_ok && next_ok);
endmodule
