// SPDX-License-Identifier: MIT
// idxgen_tstep - one link of the tiled order's chain (idxgen_tiled): the
// position of a thread in tile order, its packed word, and the position of
// the thread after it (igm_ocur_next's TILED case, and after the plane's
// last tile the next slice's first position, as the model's cursor
// restarts).  A position is
//   tx, ty   the tile's corner       ix, iy   the place inside the tile
// with the packed word kept beside it, so no link shifts or multiplies:
//   ypk = (ty + iy) << mx, typk = ty << mx, zpk = z << (mx + my)
// advanced by the per-job constants one_y = 1 << mx, thpk = tile_h << mx
// and one_z = 1 << (mx + my).  The tile's width is min(tile_w, dx - tx) at
// the plane's right edge, its height min(tile_h, dy - ty) at the bottom.
// tests/fw/rtl/formal/prove_tstep.v proves a link against the model's
// cursor for every 16-bit shape and tile.
module idxgen_tstep (
	input  wire [15:0] dx, dy, tile_w, tile_h,
	input  wire [31:0] one_y, thpk, one_z,
	input  wire [15:0] tx, ty, ix, iy,
	input  wire [31:0] typk, ypk, zpk,
	output wire [31:0] word,
	output wire [15:0] tx_n, ty_n, ix_n, iy_n,
	output wire [31:0] typk_n, ypk_n, zpk_n
);
	// this tile's extent, cut at the plane's edges
	wire [15:0] xleft = dx - tx, yleft = dy - ty;
	wire [15:0] tw = xleft < tile_w ? xleft : tile_w;
	wire [15:0] th = yleft < tile_h ? yleft : tile_h;
	wire in_row = ix + 16'd1 < tw;		// next x in the tile
	wire in_tile = iy + 16'd1 < th;		// next row of the tile
	wire right = xleft > tile_w;		// a tile to the right
	wire below = yleft > tile_h;		// a tile row below

	assign word = {16'd0, tx + ix} | ypk | zpk;

	assign ix_n = in_row ? ix + 16'd1 : 16'd0;
	assign iy_n = in_row ? iy : in_tile ? iy + 16'd1 : 16'd0;
	assign tx_n = in_row || in_tile ? tx : right ? tx + tile_w : 16'd0;
	assign ty_n = in_row || in_tile || right ? ty : below ? ty + tile_h : 16'd0;
	assign typk_n = in_row || in_tile || right ? typk : below ? typk + thpk : 32'd0;
	assign ypk_n = in_row ? ypk : in_tile ? ypk + one_y :
		       right ? typk : below ? typk + thpk : 32'd0;
	assign zpk_n = in_row || in_tile || right || below ? zpk : zpk + one_z;
endmodule
