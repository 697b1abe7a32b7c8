// SPDX-License-Identifier: MIT
// prove_lane - a lane never skips or repeats a thread: for yosys `sat`
// (3 cycles from reset).  Cycle 1 loads idxgen_lane
// with any thread t of a block (x < dx, y < dy, any z) and holds the job;
// cycle 2 steps it once by the step of any c (xc < dx, yc < dy, any zc),
// with the per-job constants the core builds (tx1, ty1, xc - dx, yc - dy,
// wc, wc + kx, wc + ky, wc + kx + ky); cycle 3 asserts that the lane holds
// thread t + c: its x and y, and its packed word x | y << mx | z << (mx +
// my), are those of the schoolbook sum of t and c as mixed-radix numbers
// (digit by digit, each carrying one into the next), written on (x, y, z)
// without the lane's thresholds or its packed-word constants.  Every dx, dy
// up to 63 (B = 6; 16 took minutes), every x, y, xc, yc inside them, z and
// zc below 256, every mx, my that hold dx, dy with mx + my <= 23 (so z + zc
// + 1 fits the word).  PLANT = 1 builds the lane with its planted carry bug
// (idxgen_lane's PLANT_CARRY), which the check must find.
module prove_lane #(
	parameter integer B = 6,	// bits of dx, dy, x, y, xc, yc: the solver's bound
	parameter integer PLANT = 0
) (
	input  wire         clk,
	input  wire [B-1:0] bdx, bdy, x_in, y_in, xc_in, yc_in,
	input  wire [7:0]   z_in, zc_in,
	input  wire [4:0]   mx_in, my_in
);
	reg started = 1'b0, stepped = 1'b0;
	reg [B-1:0] dx_r, dy_r, x0_r, y0_r, xc_r, yc_r;
	reg [7:0]   z0_r, zc_r;
	reg [4:0]   mx_r, my_r;

	always @(posedge clk) begin
		started <= 1'b1;
		stepped <= started;
		if (!started)
			{dx_r, dy_r, x0_r, y0_r, z0_r, xc_r, yc_r, zc_r, mx_r, my_r} <=
				{bdx, bdy, x_in, y_in, z_in, xc_in, yc_in, zc_in, mx_in, my_in};
	end

	function [31:0] pack;	// x | y << mx | z << (mx + my)
		input [B-1:0] x, y;
		input [7:0] z;
		input [4:0] mx, my;
		pack = {{(32 - B){1'b0}}, x} | ({{(32 - B){1'b0}}, y} << mx) |
		       ({24'd0, z} << ({1'b0, mx} + {1'b0, my}));
	endfunction
	function [15:0] ext;
		input [B-1:0] v;
		ext = {{(16 - B){1'b0}}, v};
	endfunction

	// the job's constants, as idxgen_core builds them (F1 to F4)
	wire [15:0] dx = ext(dx_r), dy = ext(dy_r), xc = ext(xc_r), yc = ext(yc_r);
	wire [31:0] kx = (32'd1 << mx_r) - {16'd0, dx};
	wire [31:0] ky = (32'd1 << ({1'b0, mx_r} + {1'b0, my_r})) - ({16'd0, dy} << mx_r);
	wire [31:0] k00 = pack(xc_r, yc_r, zc_r, mx_r, my_r);
	wire [15:0] x, y;
	wire [31:0] w;

	idxgen_lane #(.PLANT_CARRY(PLANT)) dut (.clk(clk), .load(!started),
		.x_init(ext(x_in)), .y_init(ext(y_in)), .w_init(pack(x_in, y_in, z_in, mx_in, my_in)),
		.adv(started), .tx1(dx - xc - 16'd1), .ty1(dy - yc - 16'd1),
		.xstep(xc), .xstep_c(xc - dx), .ystep(yc), .ystep_c(yc - dy),
		.k00(k00), .k10(k00 + kx), .k01(k00 + ky), .k11(k00 + kx + ky),
		.x(x), .y(y), .w(w));

	// a thread of the block, its step, and widths that hold the block
	function fits;
		input [B-1:0] d;
		input [4:0] m;
		fits = d != 0 && ((ext(d) - 16'd1) >> m) == 0;
	endfunction
	always @*
		if (!started)
			assume(fits(bdx, mx_in) && fits(bdy, my_in) && {1'b0, mx_in} + {1'b0, my_in} <= 6'd23 &&
			       x_in < bdx && y_in < bdy && xc_in < bdx && yc_in < bdy);

	// thread t + c by the schoolbook sum of two mixed-radix numbers
	wire [16:0] sx = {1'b0, ext(x0_r)} + {1'b0, xc};
	wire        rx = sx >= {1'b0, dx};
	wire [16:0] ex = rx ? sx - {1'b0, dx} : sx;
	wire [16:0] sy = {1'b0, ext(y0_r)} + {1'b0, yc} + {16'd0, rx};
	wire        ry = sy >= {1'b0, dy};
	wire [16:0] ey = ry ? sy - {1'b0, dy} : sy;
	wire [31:0] ez = {24'd0, z0_r} + {24'd0, zc_r} + {31'd0, ry};
	wire [5:0]  sz = {1'b0, mx_r} + {1'b0, my_r};
	always @*
		if (stepped)
			assert({1'b0, x} == ex && {1'b0, y} == ey &&
			       w == ({16'd0, x} | ({16'd0, y} << mx_r) | (ez << sz)));
endmodule
