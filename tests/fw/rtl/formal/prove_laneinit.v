// SPDX-License-Identifier: MIT
// prove_laneinit - a property for yosys `sat -prove ok 1`: for every block
// shape with dx, dy in 1 .. 2^B - 1 and packed widths that hold it
// (mx >= bits(dx - 1), my >= bits(dy - 1), mx + my <= 24), the lane set-up
// chain's two segments, composed as idxgen_core composes them, give lane i
// the thread i of the division-based formula
//   x = i % dx, y = (i / dx) % dy, z = i / (dx * dy)
// and its packed word is x | y << mx | z << (mx + my); the index of thread
// c is that of thread c.  The chain itself has no divider: the formula is
// only here, as the reference.  With LANES = 8 and B = 4 the bound loses
// nothing: the chain shows threads 0 .. 8 only, so every dx (dy) of 9 or
// more wraps nowhere in it, as 9 .. 15 do.
module prove_laneinit #(
	parameter integer LANES = 8,
	parameter integer B = 4		// bits of dx and dy: the solver's bound
) (
	input  wire [B-1:0] bdx, bdy,
	input  wire [15:0] c,
	input  wire [4:0]  mx, my,
	output wire        ok
);
	wire [15:0] dx = {{(16 - B){1'b0}}, bdx}, dy = {{(16 - B){1'b0}}, bdy};
	wire [31:0] one_x = 32'd1 << mx;
	wire [31:0] kx = one_x - {16'd0, dx};
	wire [31:0] ky = (32'd1 << (mx + my)) - ({16'd0, dy} << mx);
	wire [16*LANES-1:0] x0, y0;
	wire [32*LANES-1:0] w0;
	wire [15:0] cx, cy;
	wire [7:0] cz;

	// the chain as the core runs it: two segments, the second starting at
	// the first's end (a register between them in the core, a wire here),
	// thread c's index from the segment that holds it
	localparam integer H = LANES / 2;
	wire [15:0] mx_, my_, cxa, cya, cxb, cyb;
	wire [7:0]  mz_, cza, czb;
	wire [31:0] mw_;
	wire        ina, inb;

	idxgen_laneinit #(.LANES(H), .FIRST(0)) seg_a (.dx(dx), .dy(dy), .kx(kx), .ky(ky),
		.c(c), .xs(16'd0), .ys(16'd0), .zs(8'd0), .ws(32'd0),
		.x0(x0[0 +: 16*H]), .y0(y0[0 +: 16*H]), .w0(w0[0 +: 32*H]),
		.xe(mx_), .ye(my_), .ze(mz_), .we(mw_),
		.cx_idx(cxa), .cy_idx(cya), .cz_idx(cza), .c_here(ina));
	idxgen_laneinit #(.LANES(LANES - H), .FIRST(H)) seg_b (.dx(dx), .dy(dy), .kx(kx),
		.ky(ky), .c(c), .xs(mx_), .ys(my_), .zs(mz_), .ws(mw_),
		.x0(x0[16*H +: 16*(LANES-H)]), .y0(y0[16*H +: 16*(LANES-H)]),
		.w0(w0[32*H +: 32*(LANES-H)]), .xe(), .ye(), .ze(), .we(),
		.cx_idx(cxb), .cy_idx(cyb), .cz_idx(czb), .c_here(inb));
	assign cx = c > H ? cxb : cxa;
	assign cy = c > H ? cyb : cya;
	assign cz = c > H ? czb : cza;

	// the shape fits its widths
	wire [31:0] xm1 = {16'd0, dx} - 32'd1, ym1 = {16'd0, dy} - 32'd1;
	wire assumed = dx != 0 && dy != 0 && (xm1 >> mx) == 0 && (ym1 >> my) == 0 &&
		       {1'b0, mx} + {1'b0, my} <= 6'd24 && c >= 16'd1 && c <= LANES;

	wire [2*B-1:0] pl = {{B{1'b0}}, bdx} * {{B{1'b0}}, bdy};
	reg good;
	integer i;
	reg [31:0] fx, fy, fz, ii;
	always @* begin
		good = 1'b1;
		for (i = 0; i <= LANES; i = i + 1) begin
			ii = i;
			// at the operands' own widths, so the reference divisions stay small
			fx = {{(32 - B){1'b0}}, ii[B-1:0] % bdx};
			fy = {{(32 - B){1'b0}}, (ii[B-1:0] / bdx) % bdy};
			fz = {{(32 - 2 * B){1'b0}}, ii[2*B-1:0] / pl};
			if (i < LANES)
				good = good && x0[16*i +: 16] == fx[15:0] && y0[16*i +: 16] == fy[15:0] &&
				       w0[32*i +: 32] == (fx | (fy << mx) | (fz << (mx + my)));
			if (c == i)
				good = good && cx == fx[15:0] && cy == fy[15:0] && cz == fz[7:0] &&
				       (i <= H ? ina : inb);
		end
	end
	assign ok = !assumed || good;
endmodule
