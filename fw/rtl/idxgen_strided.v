// SPDX-License-Identifier: MIT
// idxgen_strided - the STRIDED schedule order (igm_ocur_* of the model), one
// warp of c positions per step, built as idxgen_tiled is: a cursor holds the
// position of the warp's first thread and a chain of LANES links
// (idxgen_sstep) gives every lane its position in the same cycle; the
// position after lane c - 1 becomes the cursor.  A position is the thread's
// (x, y), its index i in its group, its group's start (bx, by), its
// residue r and that residue's first group's start (rx, ry), and the slice
// packed (zpk); the constants (positions of s * g and g) come from
// idxgen_sconst, ready after the filter.  This order's cost is the chain's
// depth (LANES links) in the cycle, not area in the sequential lanes.
module idxgen_strided #(
	parameter integer LANES = 32
) (
	input  wire        clk,
	input  wire        load,		// start of a job: the cursor at thread 0
	input  wire        adv,		// a warp was taken: the cursor moves c on
	input  wire [15:0] c,
	input  wire [15:0] dx, dy,
	input  wire [31:0] s,
	input  wire [15:0] g,
	input  wire [15:0] qx, qy, gx, gy,
	input  wire        sg_big, g_big,
	input  wire [5:0]  mx,
	input  wire [31:0] one_z,
	output wire [32*LANES-1:0] words
);
	// the chain: element k is the position of lane k (k = LANES: after the warp)
	wire [15:0] x [0:LANES] /* verilator split_var */;
	wire [15:0] y [0:LANES] /* verilator split_var */;
	wire [15:0] i [0:LANES] /* verilator split_var */;
	wire [15:0] bx [0:LANES] /* verilator split_var */;
	wire [15:0] by [0:LANES] /* verilator split_var */;
	wire [15:0] rx [0:LANES] /* verilator split_var */;
	wire [15:0] ry [0:LANES] /* verilator split_var */;
	wire [20:0] r [0:LANES] /* verilator split_var */;
	wire [31:0] zpk [0:LANES] /* verilator split_var */;

	reg [15:0] c_x, c_y, c_i, c_bx, c_by, c_rx, c_ry;
	reg [20:0] c_r;
	reg [31:0] c_zpk;

	assign x[0] = c_x;
	assign y[0] = c_y;
	assign i[0] = c_i;
	assign bx[0] = c_bx;
	assign by[0] = c_by;
	assign rx[0] = c_rx;
	assign ry[0] = c_ry;
	assign r[0] = c_r;
	assign zpk[0] = c_zpk;

	genvar k;
	generate
		for (k = 0; k < LANES; k = k + 1) begin : link
			idxgen_sstep u_link (.dx(dx), .dy(dy), .s(s), .g(g),
				.qx(qx), .qy(qy), .gx(gx), .gy(gy), .sg_big(sg_big), .g_big(g_big),
				.mx(mx), .one_z(one_z),
				.x(x[k]), .y(y[k]), .i(i[k]), .bx(bx[k]), .by(by[k]),
				.rx(rx[k]), .ry(ry[k]), .r(r[k]), .zpk(zpk[k]),
				.word(words[32*k +: 32]),
				.x_n(x[k + 1]), .y_n(y[k + 1]), .i_n(i[k + 1]), .bx_n(bx[k + 1]),
				.by_n(by[k + 1]), .rx_n(rx[k + 1]), .ry_n(ry[k + 1]), .r_n(r[k + 1]),
				.zpk_n(zpk[k + 1]));
		end
	endgenerate

	// the position after lane c - 1 (c <= LANES)
	reg [15:0] n_x, n_y, n_i, n_bx, n_by, n_rx, n_ry;
	reg [20:0] n_r;
	reg [31:0] n_zpk;
	integer j;
	always @* begin
		n_x = x[0];
		n_y = y[0];
		n_i = i[0];
		n_bx = bx[0];
		n_by = by[0];
		n_rx = rx[0];
		n_ry = ry[0];
		n_r = r[0];
		n_zpk = zpk[0];
		for (j = 1; j <= LANES; j = j + 1)
			if (c == j) begin
				n_x = x[j];
				n_y = y[j];
				n_i = i[j];
				n_bx = bx[j];
				n_by = by[j];
				n_rx = rx[j];
				n_ry = ry[j];
				n_r = r[j];
				n_zpk = zpk[j];
			end
	end

	always @(posedge clk) begin
		if (load) begin
			c_x <= 16'd0;
			c_y <= 16'd0;
			c_i <= 16'd0;
			c_bx <= 16'd0;
			c_by <= 16'd0;
			c_rx <= 16'd0;
			c_ry <= 16'd0;
			c_r <= 21'd0;
			c_zpk <= 32'd0;
		end else if (adv) begin
			c_x <= n_x;
			c_y <= n_y;
			c_i <= n_i;
			c_bx <= n_bx;
			c_by <= n_by;
			c_rx <= n_rx;
			c_ry <= n_ry;
			c_r <= n_r;
			c_zpk <= n_zpk;
		end
	end
endmodule
