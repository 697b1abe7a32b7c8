// SPDX-License-Identifier: MIT
// idxgen_tiled - the TILED schedule order (igm_ocur_* of the model), one
// warp of c positions per step.
//
// Tiles do not give every position the same step: the edge tiles are
// partial, so "c positions further" is not a constant carry pattern as in
// the sequential lanes.  Instead a cursor holds the position of the warp's
// first thread and a chain of LANES "next position in tile order" steps
// gives every lane its position in the same cycle; the position after
// lane c - 1 becomes the cursor.  A step is compares and adds on
//   tx, ty   the tile's corner       ix, iy   the place inside the tile
// with the packed word kept beside them, so no lane shifts or multiplies:
//   ypk = (ty + iy) << mx, typk = ty << mx, zpk = z << (mx + my)
// advanced by the per-job constants one_y = 1 << mx, thpk = tile_h << mx
// and one_z = 1 << (mx + my).  The tile's width is min(tile_w, dx - tx) at
// the plane's right edge, its height min(tile_h, dy - ty) at the bottom;
// after the plane's last tile the next slice (z + 1) starts at (0, 0), as
// the model's cursor restarts.  The chain is LANES steps deep: this order's
// cost is that path, not area in the sequential lanes.
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
			// this tile's extent, cut at the plane's edges
			wire [15:0] xleft = dx - tx[i], yleft = dy - ty[i];
			wire [15:0] tw = xleft < tile_w ? xleft : tile_w;
			wire [15:0] th = yleft < tile_h ? yleft : tile_h;
			wire in_row = ix[i] + 16'd1 < tw;		// next x in the tile
			wire in_tile = iy[i] + 16'd1 < th;		// next row of the tile
			wire right = xleft > tile_w;			// a tile to the right
			wire below = yleft > tile_h;			// a tile row below

			assign words[32*i +: 32] = {16'd0, tx[i] + ix[i]} | ypk[i] | zpk[i];

			assign ix[i + 1] = in_row ? ix[i] + 16'd1 : 16'd0;
			assign iy[i + 1] = in_row ? iy[i] : in_tile ? iy[i] + 16'd1 : 16'd0;
			assign tx[i + 1] = in_row || in_tile ? tx[i] : right ? tx[i] + tile_w : 16'd0;
			assign ty[i + 1] = in_row || in_tile || right ? ty[i] :
					   below ? ty[i] + tile_h : 16'd0;
			assign typk[i + 1] = in_row || in_tile || right ? typk[i] :
					     below ? typk[i] + thpk : 32'd0;
			assign ypk[i + 1] = in_row ? ypk[i] : in_tile ? ypk[i] + one_y :
					    right ? typk[i] : below ? typk[i] + thpk : 32'd0;
			assign zpk[i + 1] = in_row || in_tile || right || below ? zpk[i] :
					    zpk[i] + one_z;
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
