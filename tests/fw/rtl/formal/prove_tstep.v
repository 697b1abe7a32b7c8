// SPDX-License-Identifier: MIT
// prove_tstep - one link of the tiled order's chain (idxgen_tstep) against
// the model's cursor, for yosys `sat -prove ok 1`.
//
// A cursor position is (tx, ty, ix, iy, z).  The reference below is the
// model's igm_ocur_next for TILED written out on those fields in 17-bit
// arithmetic (no wrap): the next place in the row of the tile; else the
// next row of the tile; else the tile to the right when dx - tx > tile_w;
// else the first tile of the next tile row when dy - ty > tile_h; else the
// plane is done and gen_ordered restarts the cursor on the next slice,
// (0, 0, 0, 0, z + 1).  The tile is min(tile_w, dx - tx) wide and
// min(tile_h, dy - ty) high.
//
// For every shape and tile of 16 bits (dx, dy, tile_w, tile_h >= 1), every
// mx, my that hold dx - 1, dy - 1 with mx + my <= 32, and every position
// the cursor can be in (tx < dx, ty < dy, ix and iy inside the tile, any
// z of 16 bits) with its packed fields as the chain keeps them
// (typk = ty << mx, ypk = (ty + iy) << mx, zpk = z << (mx + my), 32 bits),
// the link must give
//   * the word x | y << mx | z << (mx + my) of x = tx + ix, y = ty + iy,
//   * the reference's next position, and its packed fields kept the same
//     way (so the next link's input is again such a position).
// The core loads the cursor with (0, 0, 0, 0, 0), such a position, and a
// warp takes the position after lane c - 1; so by induction over the chain
// every lane of every warp is at the position the model's cursor gives its
// thread.
module prove_tstep (
	input  wire [15:0] dx, dy, tile_w, tile_h,
	input  wire [5:0]  mx, my,
	input  wire [15:0] tx, ty, ix, iy, z,
	output wire        ok
);
	function [31:0] pk;	// v << s in 64 bits cut to 32 (s up to 32)
		input [16:0] v;
		input [6:0] s;
		reg [63:0] t;
		begin
			t = {47'd0, v} << s;
			pk = t[31:0];
		end
	endfunction
	function fits;	// v fits in m bits
		input [15:0] v;
		input [5:0] m;
		fits = m >= 6'd16 || ({16'd0, v} >> m) == 0;
	endfunction
	function [16:0] e;
		input [15:0] v;
		e = {1'b0, v};
	endfunction

	wire [6:0] sz = {1'b0, mx} + {1'b0, my};
	wire [16:0] tw = e(dx) - e(tx) < e(tile_w) ? e(dx) - e(tx) : e(tile_w);
	wire [16:0] th = e(dy) - e(ty) < e(tile_h) ? e(dy) - e(ty) : e(tile_h);
	wire job = dx != 0 && dy != 0 && tile_w != 0 && tile_h != 0 &&
		   fits(dx - 16'd1, mx) && fits(dy - 16'd1, my) && sz <= 7'd32;
	wire here = tx < dx && ty < dy && e(ix) < tw && e(iy) < th;

	wire [31:0] word, typk_n, ypk_n, zpk_n;
	wire [15:0] tx_n, ty_n, ix_n, iy_n;

	idxgen_tstep dut (.dx(dx), .dy(dy), .tile_w(tile_w), .tile_h(tile_h),
		.one_y(pk(17'd1, {1'b0, mx})), .thpk(pk(e(tile_h), {1'b0, mx})),
		.one_z(pk(17'd1, sz)),
		.tx(tx), .ty(ty), .ix(ix), .iy(iy),
		.typk(pk(e(ty), {1'b0, mx})), .ypk(pk(e(ty) + e(iy), {1'b0, mx})),
		.zpk(pk(e(z), sz)),
		.word(word), .tx_n(tx_n), .ty_n(ty_n), .ix_n(ix_n), .iy_n(iy_n),
		.typk_n(typk_n), .ypk_n(ypk_n), .zpk_n(zpk_n));

	// the model's next position
	reg [16:0] rtx, rty, rix, riy, rz;
	always @* begin
		{rtx, rty, rix, riy, rz} = {e(tx), e(ty), e(ix), e(iy), e(z)};
		if (e(ix) + 17'd1 < tw) begin
			rix = e(ix) + 17'd1;
		end else begin
			rix = 17'd0;
			if (e(iy) + 17'd1 < th) begin
				riy = e(iy) + 17'd1;
			end else begin
				riy = 17'd0;
				if (e(dx) - e(tx) > e(tile_w)) begin
					rtx = e(tx) + e(tile_w);
				end else begin
					rtx = 17'd0;
					if (e(dy) - e(ty) > e(tile_h)) begin
						rty = e(ty) + e(tile_h);
					end else begin	// plane done: the next slice
						rty = 17'd0;
						rz = e(z) + 17'd1;
					end
				end
			end
		end
	end

	wire word_ok = word == (pk(e(tx) + e(ix), 7'd0) | pk(e(ty) + e(iy), {1'b0, mx}) |
				pk(e(z), sz));
	wire next_ok = e(tx_n) == rtx && e(ty_n) == rty && e(ix_n) == rix && e(iy_n) == riy &&
		       typk_n == pk(rty, {1'b0, mx}) && ypk_n == pk(rty + riy, {1'b0, mx}) &&
		       zpk_n == pk(rz, sz);

	// and the next position is one the cursor can be in
	wire [16:0] tw_n = e(dx) - e(tx_n) < e(tile_w) ? e(dx) - e(tx_n) : e(tile_w);
	wire [16:0] th_n = e(dy) - e(ty_n) < e(tile_h) ? e(dy) - e(ty_n) : e(tile_h);
	wire next_here = tx_n < dx && ty_n < dy && e(ix_n) < tw_n && e(iy_n) < th_n;

	assign ok = !(job && here) || (word_ok && next_ok && next_here);
endmodule
