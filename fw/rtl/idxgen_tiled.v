// SPDX-License-Identifier: MIT
// idxgen_tiled - the TILED schedule order (igm_ocur_* of the model), one
// warp of c positions per step.
//
// Tiles do not give every position the same step: the edge tiles are
// partial, so "c positions further" is not a constant carry pattern as in
// the sequential lanes.  Instead a cursor holds the position of the warp's
// first thread and a chain of LANES "next position in tile order" steps
// gives every lane its position in the same cycle; the position after
// lane c - 1 becomes the cursor.  A step (idxgen_tstep) is compares and adds
// on the tile's corner, the place inside it and the packed word; after the
// plane's last tile the next slice (z + 1) starts at (0, 0), as the model's
// cursor restarts.  The chain is LANES steps deep: this order's cost is that
// path, not area in the sequential lanes.
module idxgen_tiled #(
	parameter integer LANES = 32
) (
	input  wire        clk,
	input  wire        load,		// start of a job: the cursor at thread 0
	input  wire        adv,		// a warp was taken: the cursor moves c on
	input  wire [15:0] c,
	input  wire [15:0] dx, dy, tile_w, tile_h,
	input  wire [31:0] one_y, thpk, one_z,
	output wire [32*LANES-1:0] words
);
	// the chain: element k is the position of lane k (k = LANES: after the warp)
	wire [15:0] tx [0:LANES] /* verilator split_var */;
	wire [15:0] ty [0:LANES] /* verilator split_var */;
	wire [15:0] ix [0:LANES] /* verilator split_var */;
	wire [15:0] iy [0:LANES] /* verilator split_var */;
	wire [31:0] typk [0:LANES] /* verilator split_var */;
	wire [31:0] ypk [0:LANES] /* verilator split_var */;
	wire [31:0] zpk [0:LANES] /* verilator split_var */;

	reg [15:0] r_tx, r_ty, r_ix, r_iy;
	reg [31:0] r_typk, r_ypk, r_zpk;

	assign tx[0] = r_tx;
	assign ty[0] = r_ty;
	assign ix[0] = r_ix;
	assign iy[0] = r_iy;
	assign typk[0] = r_typk;
	assign ypk[0] = r_ypk;
	assign zpk[0] = r_zpk;

	genvar i;
	generate
		for (i = 0; i < LANES; i = i + 1) begin : step
			idxgen_tstep u_step (.dx(dx), .dy(dy), .tile_w(tile_w), .tile_h(tile_h),
				.one_y(one_y), .thpk(thpk), .one_z(one_z),
				.tx(tx[i]), .ty(ty[i]), .ix(ix[i]), .iy(iy[i]),
				.typk(typk[i]), .ypk(ypk[i]), .zpk(zpk[i]),
				.word(words[32*i +: 32]),
				.tx_n(tx[i + 1]), .ty_n(ty[i + 1]), .ix_n(ix[i + 1]), .iy_n(iy[i + 1]),
				.typk_n(typk[i + 1]), .ypk_n(ypk[i + 1]), .zpk_n(zpk[i + 1]));
		end
	endgenerate

	// the position after lane c - 1 (c <= LANES)
	reg [15:0] n_tx, n_ty, n_ix, n_iy;
	reg [31:0] n_typk, n_ypk, n_zpk;
	integer k;
	always @* begin
		n_tx = tx[0];
		n_ty = ty[0];
		n_ix = ix[0];
		n_iy = iy[0];
		n_typk = typk[0];
		n_ypk = ypk[0];
		n_zpk = zpk[0];
		for (k = 1; k <= LANES; k = k + 1)
			if (c == k) begin
				n_tx = tx[k];
				n_ty = ty[k];
				n_ix = ix[k];
				n_iy = iy[k];
				n_typk = typk[k];
				n_ypk = ypk[k];
				n_zpk = zpk[k];
			end
	end

	always @(posedge clk) begin
		if (load) begin
			r_tx <= 16'd0;
			r_ty <= 16'd0;
			r_ix <= 16'd0;
			r_iy <= 16'd0;
			r_typk <= 32'd0;
			r_ypk <= 32'd0;
			r_zpk <= 32'd0;
		end else if (adv) begin
			r_tx <= n_tx;
			r_ty <= n_ty;
			r_ix <= n_ix;
			r_iy <= n_iy;
			r_typk <= n_typk;
			r_ypk <= n_ypk;
			r_zpk <= n_zpk;
		end
	end
endmodule
