// SPDX-License-Identifier: MIT
// idxgen_validate - the descriptor checks of igm_job_validate(), in the
// order of the IDXGEN_CPL_* codes: the first failing check gives the status.
// Combinational over registered inputs (the filter's third cycle).
//
// threads (dx*dy*dz) comes from the filter's multiply stage; (sx, sy, sz)
// is the 3-D index of thread c from the lane set-up chain, so checking
// (xc, yc, zc) needs no divider.  ORDERS_RTL is the set of schedule orders
// this build of the generator has (bit k: order k): an order the model knows
// but the build lacks is refused with ORDER_DISABLED, as the model refuses
// any non-sequential order when FEAT_SCHED_ORDERS is off.
//
// The range check is split so no 64-bit carry chain lies in F3: the core
// registers in F1 whether the target lies past index memory (tgt_high:
// target > IMEM_SIZE) and the room left above it (IMEM_SIZE - target, exact
// in AW + 1 bits whenever tgt_high is clear), and F3 compares the job's
// byte count, at most TW + 3 bits, with that room.  Together they are
// target > IMEM_SIZE || bytes > IMEM_SIZE - target over 64 bits, as the
// model computes it (proved by check-formal.sh, prove_range).
`include "idxgen_hw.vh"

module idxgen_validate #(
	parameter integer LANES = 32,
	parameter [7:0] ORDERS_RTL = 8'h05,
	parameter integer TW = 21,		// threads: saturating at 2^TW (idxgen_core)
	parameter integer AW = 26		// byte address bits of index memory
) (
	// descriptor fields
	input  wire [63:0] target,
	input  wire [31:0] size_limit,
	input  wire [15:0] dx, dy, dz, c, xc, yc, zc,
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
	input  wire [31:0] max_threads,
	input  wire [15:0] max_dim_x, max_dim_y, max_dim_z,
	input  wire [31:0] features,
	// derived in earlier filter cycles
	input  wire [TW:0] threads,	// threads[TW]: more than 2^TW - 1
	input  wire [15:0] sx, sy,
	input  wire [7:0]  sz,
	input  wire        tgt_high,	// target > IMEM_SIZE
	input  wire [AW:0] room,	// IMEM_SIZE - target when !tgt_high
	output reg  [15:0] status
);
	wire strided = order == `IDXGEN_ORDER_STRIDED;
	wire tiled = order == `IDXGEN_ORDER_TILED;
	wire sched_on = (features & `IDXGEN_FEAT_SCHED_ORDERS) != 0;
	wire order_built = order < 8 && ORDERS_RTL[order[2:0]];

	wire bad_dims = dx == 0 || dx > max_dim_x || dy == 0 || dy > max_dim_y ||
			dz == 0 || dz > max_dim_z;
	wire bad_step = c == 0 || {16'd0, c} > cap_lanes || c > LANES;
	wire bad_index = xc != sx || yc != sy || zc != {8'd0, sz};
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
	wire [TW+2:0] bytes = word_size == 4 ? {threads, 2'b0} : {1'b0, threads, 1'b0};
	// max_threads <= IDXGEN_HW_MAX_THREADS < 2^TW (the firmware's bound), so
	// a saturated count is too many whatever the limit
	wire too_many = threads[TW] || {{(32 - TW){1'b0}}, threads[TW-1:0]} > max_threads;
	wire out_of_range = tgt_high || {{(61 - TW){1'b0}}, bytes} > {{(63 - AW){1'b0}}, room};

	always @* begin
		if ((flags & ~`IDXGEN_DESC_F_VALID_MASK) != 0)
			status = `IDXGEN_CPL_BAD_FLAGS;
		else if (rsvd_set)
			status = `IDXGEN_CPL_BAD_RESERVED;
		else if (order >= `IDXGEN_ORDER_COUNT)
			status = `IDXGEN_CPL_BAD_ORDER;
		else if (order != `IDXGEN_ORDER_SEQUENTIAL && (!sched_on || !order_built))
			status = `IDXGEN_CPL_ORDER_DISABLED;
		else if ((!strided && (stride != 0 || granularity != 0)) ||
			 (!tiled && (tile_w != 0 || tile_h != 0)))
			status = `IDXGEN_CPL_ORDER_UNUSED_PARAM;
		else if (strided && stride == 0)
			status = `IDXGEN_CPL_BAD_STRIDE;
		else if (strided && granularity == 0)
			status = `IDXGEN_CPL_BAD_GRANULARITY;
		else if (tiled && (tile_w == 0 || tile_h == 0))
			status = `IDXGEN_CPL_BAD_TILE;
		else if (grid_blocks > 1)
			status = `IDXGEN_CPL_BAD_GRID;
		else if (bad_dims)
			status = `IDXGEN_CPL_BAD_DIMS;
		else if (too_many)
			status = `IDXGEN_CPL_TOO_MANY_THREADS;
		else if (bad_step)
			status = `IDXGEN_CPL_BAD_STEP;
		else if (bad_index)
			status = `IDXGEN_CPL_BAD_STEP_INDEX;
		else if (!ws_ok)
			status = `IDXGEN_CPL_BAD_WORD_SIZE;
		else if (narrow)
			status = `IDXGEN_CPL_WIDTH_TOO_SMALL;
		else if (width_sum > word_bits)
			status = `IDXGEN_CPL_WIDTH_OVERFLOW;
		else if (misaligned)
			status = `IDXGEN_CPL_MISALIGNED;
		else if (out_of_range)
			status = `IDXGEN_CPL_OUT_OF_RANGE;
		else if ({{(61 - TW){1'b0}}, bytes} > {32'd0, size_limit})
			status = `IDXGEN_CPL_SIZE_LIMIT;
		else
			status = `IDXGEN_CPL_OK;
	end
endmodule
