// SPDX-License-Identifier: MIT
// prove_laneinit - a property for yosys `sat -prove ok 1`: for every block
// shape (dx, dy >= 1, any 16-bit value) and packed widths that hold it
// (mx >= bits(dx - 1), my >= bits(dy - 1), mx + my <= 24), the lane set-up
// chain's lane i is thread i by the division-based formula
//   x = i % dx, y = (i / dx) % dy, z = i / (dx * dy)
// and its packed word is x | y << mx | z << (mx + my); the index of thread
// c is that of thread c.  The chain itself has no divider: the formula is
// only here, as the reference.
module prove_laneinit #(
	parameter integer LANES = 8
) (
	input  wire [15:0] dx, dy, c,
	input  wire [4:0]  mx, my,
	output wire        ok
);
	wire [31:0] one_x = 32'd1 << mx;
	wire [31:0] kx = one_x - {16'd0, dx};
	wire [31:0] ky = (32'd1 << (mx + my)) - ({16'd0, dy} << mx);
	wire [16*LANES-1:0] x0, y0;
	wire [32*LANES-1:0] w0;
	wire [15:0] cx, cy;
	wire [7:0] cz;

	idxgen_laneinit #(.LANES(LANES)) dut (.dx(dx), .dy(dy), .kx(kx), .ky(ky), .c(c),
		.x0(x0), .y0(y0), .w0(w0), .cx_idx(cx), .cy_idx(cy), .cz_idx(cz));

	// the shape fits its widths
	wire [31:0] xm1 = {16'd0, dx} - 32'd1, ym1 = {16'd0, dy} - 32'd1;
	wire assumed = dx != 0 && dy != 0 && (xm1 >> mx) == 0 && (ym1 >> my) == 0 &&
		       {1'b0, mx} + {1'b0, my} <= 6'd24 && c >= 16'd1 && c <= LANES;

	reg good;
	integer i;
	reg [31:0] fx, fy, fz, plane;
	always @* begin
		good = 1'b1;
		plane = {16'd0, dx} * {16'd0, dy};
		for (i = 0; i <= LANES; i = i + 1) begin
			fx = i % dx;
			fy = (i / dx) % dy;
			fz = i / plane;
			if (i < LANES)
				good = good && x0[16*i +: 16] == fx[15:0] && y0[16*i +: 16] == fy[15:0] &&
				       w0[32*i +: 32] == (fx | (fy << mx) | (fz << (mx + my)));
			if (c == i)
				good = good && cx == fx[15:0] && cy == fy[15:0] && cz == fz[7:0];
		end
	end
	assign ok = !assumed || good;
endmodule
