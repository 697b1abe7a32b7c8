// SPDX-License-Identifier: MIT
// idxgen_gen_top - the generation path alone on an iCE40, for place and route:
// the lane set-up chain (filter cycle F2), LANES lanes with their order
// blocks and the packer, the per-job constants in a register file written
// over a byte bus, the packed warp XOR-folded to 8 pins.  This is the
// circuit that runs once per warp, so its Fmax times LANES is the
// generator's index rate; the whole core (idxgen_fpga_top) does not fit an
// HX8K (docs/rtl.md).
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

	wire [16*LANES-1:0] x0, y0;
	wire [32*LANES-1:0] w0, words, data;
	wire [15:0] sx, sy;
	wire [7:0]  sz;

	idxgen_laneinit #(.LANES(LANES)) u_init (.dx(dx), .dy(dy), .kx(kx), .ky(ky), .c(c),
		.x0(x0), .y0(y0), .w0(w0), .cx_idx(sx), .cy_idx(sy), .cz_idx(sz));

	// registered between the chain and the lanes, as in the core (F2 -> lanes)
	reg [16*LANES-1:0] x0r, y0r;
	reg [32*LANES-1:0] w0r;
	reg [39:0] sr;
	always @(posedge clk) begin
		x0r <= x0;
		y0r <= y0;
		w0r <= w0;
		sr <= {sx, sy, sz};
	end

	idxgen_iter #(.LANES(LANES)) u_iter (.clk(clk), .load(load), .x_init(x0r), .y_init(y0r),
		.w_init(w0r), .adv(adv), .order(order), .dx(dx), .tx1(tx1), .ty1(ty1),
		.xstep(xc), .xstep_c(xc_c), .ystep(yc), .ystep_c(yc_c),
		.k00(k00), .k10(k10), .k01(k01), .k11(k11), .words(words));
	idxgen_pack #(.LANES(LANES)) u_pack (.word32(word32), .words(words), .data(data));

	integer i;
	reg [7:0] f;
	always @* begin
		f = 8'd0;
		for (i = 0; i < 32 * LANES; i = i + 1)
			f[i % 8] = f[i % 8] ^ data[i];
		for (i = 0; i < 40; i = i + 1)
			f[i % 8] = f[i % 8] ^ sr[i];
	end
	always @(posedge clk)
		fold <= f;
endmodule
