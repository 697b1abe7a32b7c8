// SPDX-License-Identifier: MIT
// idxgen_vearly - the checks of igm_job_validate() that need only the
// descriptor and the limits, made in the filter's first cycle and
// registered by the core, so the third cycle (idxgen_validate) only
// chooses among registered verdicts and the checks that need F2's thread
// count or F3's index of thread c.  The checks keep the order of the
// IDXGEN_CPL_* codes; those that come before TOO_MANY_THREADS give the
// first failure as early_a, BAD_STEP (between TOO_MANY_THREADS and
// BAD_STEP_INDEX) is a flag, and those between BAD_STEP_INDEX and
// OUT_OF_RANGE give early_b.  OK (0) where none fails.
//
// ORDERS_RTL is the set of schedule orders this build of the generator has
// (bit k: order k): an order the model knows but the build lacks is refused
// with ORDER_DISABLED, as the model refuses any non-sequential order when
// FEAT_SCHED_ORDERS is off.
`include "idxgen_hw.vh"

module idxgen_vearly #(
	parameter integer LANES = 32,
	parameter [7:0] ORDERS_RTL = 8'h05,
	parameter integer HDIM = 16	// the Hilbert machine's coordinate bits (idxgen_core)
) (
	// descriptor fields
	input  wire [63:0] target,
	input  wire [15:0] dx, dy, dz, c,
	input  wire [7:0]  mx, my, mz, word_size,
	input  wire [15:0] flags,
	input  wire [7:0]  order,
	input  wire [15:0] granularity,
	input  wire [31:0] stride,
	input  wire [15:0] tile_w, tile_h,
	input  wire [31:0] grid_blocks,
	input  wire        rsvd_set,
	// limits (capability registers, from the firmware's parameters)
	input  wire [31:0] cap_lanes,
	input  wire [15:0] max_dim_x, max_dim_y, max_dim_z,
	input  wire [31:0] features,
	output reg  [15:0] early_a,
	output wire        bad_step,
	output reg  [15:0] early_b
);
	wire strided = order == `IDXGEN_ORDER_STRIDED;
	wire tiled = order == `IDXGEN_ORDER_TILED;
	wire sched_on = (features & `IDXGEN_FEAT_SCHED_ORDERS) != 0;
	wire order_built = order < 8 && ORDERS_RTL[order[2:0]];

	// a Hilbert plane wider than the machine's HDIM-bit coordinates: a
	// firmware whose max_dim_x, max_dim_y fit the build never gets here
	wire hilbert_wide = order == `IDXGEN_ORDER_HILBERT && HDIM < 16 &&
			    ((dx >> HDIM) != 0 || (dy >> HDIM) != 0);
	wire bad_dims = dx == 0 || dx > max_dim_x || dy == 0 || dy > max_dim_y ||
			dz == 0 || dz > max_dim_z || hilbert_wide;
	wire ws_ok = (word_size == 2 && (features & `IDXGEN_FEAT_WORD16) != 0) ||
		     (word_size == 4 && (features & `IDXGEN_FEAT_WORD32) != 0);
	// an axis of extent d needs ceil(log2(d)) bits: the bit length of d - 1
	function [4:0] need;
		input [15:0] d;
		integer b;
		begin
			need = 5'd0;
			for (b = 0; b < 16; b = b + 1)
				if ((d - 16'd1) >> b != 0)
					need = b[4:0] + 5'd1;
		end
	endfunction
	wire narrow = mx < {3'd0, need(dx)} || my < {3'd0, need(dy)} || mz < {3'd0, need(dz)};
	wire [9:0] width_sum = {2'b0, mx} + {2'b0, my} + {2'b0, mz};
	wire [9:0] word_bits = word_size == 4 ? 10'd32 : 10'd16;
	wire misaligned = word_size == 4 ? target[1:0] != 0 : target[0];

	assign bad_step = c == 0 || {16'd0, c} > cap_lanes || c > LANES;

	always @* begin
		if ((flags & ~`IDXGEN_DESC_F_VALID_MASK) != 0)
			early_a = `IDXGEN_CPL_BAD_FLAGS;
		else if (rsvd_set)
			early_a = `IDXGEN_CPL_BAD_RESERVED;
		else if (order >= `IDXGEN_ORDER_COUNT)
			early_a = `IDXGEN_CPL_BAD_ORDER;
		else if (order != `IDXGEN_ORDER_SEQUENTIAL && (!sched_on || !order_built))
			early_a = `IDXGEN_CPL_ORDER_DISABLED;
		else if ((!strided && (stride != 0 || granularity != 0)) ||
			 (!tiled && (tile_w != 0 || tile_h != 0)))
			early_a = `IDXGEN_CPL_ORDER_UNUSED_PARAM;
		else if (strided && stride == 0)
			early_a = `IDXGEN_CPL_BAD_STRIDE;
		else if (strided && granularity == 0)
			early_a = `IDXGEN_CPL_BAD_GRANULARITY;
		else if (tiled && (tile_w == 0 || tile_h == 0))
			early_a = `IDXGEN_CPL_BAD_TILE;
		else if (grid_blocks > 1)
			early_a = `IDXGEN_CPL_BAD_GRID;
		else if (bad_dims)
			early_a = `IDXGEN_CPL_BAD_DIMS;
		else
			early_a = `IDXGEN_CPL_OK;
	end

	always @* begin
		if (!ws_ok)
			early_b = `IDXGEN_CPL_BAD_WORD_SIZE;
		else if (narrow)
			early_b = `IDXGEN_CPL_WIDTH_TOO_SMALL;
		else if (width_sum > word_bits)
			early_b = `IDXGEN_CPL_WIDTH_OVERFLOW;
		else if (misaligned)
			early_b = `IDXGEN_CPL_MISALIGNED;
		else
			early_b = `IDXGEN_CPL_OK;
	end
endmodule
