// SPDX-License-Identifier: MIT
// idxgen_gen_top - the generation path alone on an iCE40, for place and route:
// the lane set-up chain (filter cycles F2 and F3), LANES lanes with their order
// blocks and the packer, the per-job constants in a register file written
// over a byte bus, the packed warp XOR-folded to 8 pins.  This is the
// circuit that runs once per warp, so its Fmax times LANES is the
// generator's index rate at LANES lanes; the whole core (idxgen_fpga_top)
// fits an HX8K at 4 lanes only (docs/rtl.md).
module idxgen_gen_top #(
	parameter integer LANES = 8
) (
	input  wire       clk,
	input  wire       cfg_we,
	input  wire [5:0] cfg_addr,
	input  wire [7:0] cfg_data,
	input  wire       load,
	input  wire       adv,
	output reg  [7:0] fold
);
	localparam integer NB = 48;
	reg [8*NB-1:0] rf;

	always @(posedge clk)
		if (cfg_we && cfg_addr < NB)
			rf[8*cfg_addr +: 8] <= cfg_data;

	wire [15:0] dx = rf[0 +: 16], dy = rf[16 +: 16], c = rf[32 +: 16];
	wire [15:0] tx1 = rf[48 +: 16], ty1 = rf[64 +: 16], xc = rf[80 +: 16], xc_c = rf[96 +: 16];
	wire [15:0] yc = rf[112 +: 16], yc_c = rf[128 +: 16];
	wire [31:0] kx = rf[144 +: 32], ky = rf[176 +: 32];
	wire [31:0] k00 = rf[208 +: 32], k10 = rf[240 +: 32], k01 = rf[272 +: 32], k11 = rf[304 +: 32];
	wire [7:0]  order = rf[336 +: 8];
	wire        word32 = rf[344];

	// the lane set-up chain in two segments as in the core: the first loads
	// its lanes and registers thread H's position on `load` (F2), the second
	// runs from that register and loads its lanes a cycle later (F3), where
	// thread c's index is also compared with (xc, yc, 0), as the validator
	// does (BAD_STEP_INDEX)
	localparam integer H = LANES / 2;
	wire [16*LANES-1:0] x0, y0;
	wire [32*LANES-1:0] w0, words, data;
	wire [15:0] mx_, my_, sxa, sya, sxb, syb;
	wire [7:0]  mz_, sza, szb;
	wire [31:0] mw_;
	reg  [15:0] mxr, myr, sxr, syr;
	reg  [7:0]  mzr, szr;
	reg  [31:0] mwr;
	reg         load_b, bad_index;

	idxgen_laneinit #(.LANES(H), .FIRST(0)) u_init_a (.dx(dx), .dy(dy), .kx(kx), .ky(ky),
		.c(c), .xs(16'd0), .ys(16'd0), .zs(8'd0), .ws(32'd0),
		.x0(x0[0 +: 16*H]), .y0(y0[0 +: 16*H]), .w0(w0[0 +: 32*H]),
		.xe(mx_), .ye(my_), .ze(mz_), .we(mw_),
		.cx_idx(sxa), .cy_idx(sya), .cz_idx(sza), .c_here());
	idxgen_laneinit #(.LANES(LANES - H), .FIRST(H)) u_init_b (.dx(dx), .dy(dy), .kx(kx),
		.ky(ky), .c(c), .xs(mxr), .ys(myr), .zs(mzr), .ws(mwr),
		.x0(x0[16*H +: 16*(LANES-H)]), .y0(y0[16*H +: 16*(LANES-H)]),
		.w0(w0[32*H +: 32*(LANES-H)]), .xe(), .ye(), .ze(), .we(),
		.cx_idx(sxb), .cy_idx(syb), .cz_idx(szb), .c_here());

	wire [15:0] sx = c > H ? sxb : sxr, sy = c > H ? syb : syr;
	wire [7:0]  sz = c > H ? szb : szr;
	always @(posedge clk) begin
		load_b <= load;
		if (load) begin
			{mxr, myr, mzr, mwr} <= {mx_, my_, mz_, mw_};
			{sxr, syr, szr} <= {sxa, sya, sza};
		end
		bad_index <= sx != xc || sy != yc || sz != 8'd0;
	end
	wire [LANES-1:0] lane_load = {{(LANES - H){load_b}}, {H{load}}};

	idxgen_iter #(.LANES(LANES)) u_iter (.clk(clk), .load(lane_load), .x_init(x0), .y_init(y0),
		.w_init(w0), .adv(adv), .order(order), .dx(dx), .tx1(tx1), .ty1(ty1),
		.xstep(xc), .xstep_c(xc_c), .ystep(yc), .ystep_c(yc_c),
		.k00(k00), .k10(k10), .k01(k01), .k11(k11), .words(words));
	idxgen_pack #(.LANES(LANES)) u_pack (.word32(word32), .words(words), .data(data));

	integer i;
	reg [7:0] f;
	always @* begin
		f = 8'd0;
		for (i = 0; i < 32 * LANES; i = i + 1)
			f[i % 8] = f[i % 8] ^ data[i];
		f[0] = f[0] ^ bad_index;
	end
	always @(posedge clk)
		fold <= f;
endmodule
