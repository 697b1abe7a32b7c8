// SPDX-License-Identifier: MIT
// idxgen_decode - the 64-byte little-endian descriptor taken apart into its
// fields.  Pure wiring: every offset and width comes from idxgen_hw.vh, which
// gen_hw_vh.c writes from include/idxgen_hw.h at build time.
`include "idxgen_hw.vh"


module idxgen_decode (
	input  wire [8*`IDXGEN_DESC_BYTES-1:0] desc,
	output wire [63:0] target,
	output wire [31:0] size_limit,
	output wire [31:0] job_id,
	output wire [15:0] dx, dy, dz, c, xc, yc, zc,
	output wire [7:0]  mx, my, mz, word_size,
	output wire [15:0] flags,
	output wire [7:0]  order,
	output wire [15:0] granularity,
	output wire [31:0] stride,
	output wire [15:0] tile_w, tile_h,
	output wire [31:0] grid_blocks,
	output wire        rsvd_set	// some reserved field or bit is not 0
);
	wire [31:0] requester = desc[8*`IDXGEN_DESC_requester_OFF +: 32];
	wire [8*`IDXGEN_DESC_rsvd1_BYTES-1:0] rsvd1 =
		desc[8*`IDXGEN_DESC_rsvd1_OFF +: 8*`IDXGEN_DESC_rsvd1_BYTES];
	wire [7:0] rsvd0 = desc[8*`IDXGEN_DESC_rsvd0_OFF +: 8];

	assign target      = desc[8*`IDXGEN_DESC_target_OFF      +: 8*`IDXGEN_DESC_target_BYTES];
	assign size_limit  = desc[8*`IDXGEN_DESC_size_limit_OFF  +: 8*`IDXGEN_DESC_size_limit_BYTES];
	assign job_id      = desc[8*`IDXGEN_DESC_job_id_OFF      +: 8*`IDXGEN_DESC_job_id_BYTES];
	assign dx          = desc[8*`IDXGEN_DESC_dx_OFF          +: 8*`IDXGEN_DESC_dx_BYTES];
	assign dy          = desc[8*`IDXGEN_DESC_dy_OFF          +: 8*`IDXGEN_DESC_dy_BYTES];
	assign dz          = desc[8*`IDXGEN_DESC_dz_OFF          +: 8*`IDXGEN_DESC_dz_BYTES];
	assign c           = desc[8*`IDXGEN_DESC_c_OFF           +: 8*`IDXGEN_DESC_c_BYTES];
	assign xc          = desc[8*`IDXGEN_DESC_xc_OFF          +: 8*`IDXGEN_DESC_xc_BYTES];
	assign yc          = desc[8*`IDXGEN_DESC_yc_OFF          +: 8*`IDXGEN_DESC_yc_BYTES];
	assign zc          = desc[8*`IDXGEN_DESC_zc_OFF          +: 8*`IDXGEN_DESC_zc_BYTES];
	assign mx          = desc[8*`IDXGEN_DESC_mx_OFF          +: 8*`IDXGEN_DESC_mx_BYTES];
	assign my          = desc[8*`IDXGEN_DESC_my_OFF          +: 8*`IDXGEN_DESC_my_BYTES];
	assign mz          = desc[8*`IDXGEN_DESC_mz_OFF          +: 8*`IDXGEN_DESC_mz_BYTES];
	assign word_size   = desc[8*`IDXGEN_DESC_word_size_OFF   +: 8*`IDXGEN_DESC_word_size_BYTES];
	assign flags       = desc[8*`IDXGEN_DESC_flags_OFF       +: 8*`IDXGEN_DESC_flags_BYTES];
	assign order       = desc[8*`IDXGEN_DESC_order_OFF       +: 8*`IDXGEN_DESC_order_BYTES];
	assign granularity = desc[8*`IDXGEN_DESC_granularity_OFF +: 8*`IDXGEN_DESC_granularity_BYTES];
	assign stride      = desc[8*`IDXGEN_DESC_stride_OFF      +: 8*`IDXGEN_DESC_stride_BYTES];
	assign tile_w      = desc[8*`IDXGEN_DESC_tile_w_OFF      +: 8*`IDXGEN_DESC_tile_w_BYTES];
	assign tile_h      = desc[8*`IDXGEN_DESC_tile_h_OFF      +: 8*`IDXGEN_DESC_tile_h_BYTES];
	assign grid_blocks = desc[8*`IDXGEN_DESC_grid_blocks_OFF +: 8*`IDXGEN_DESC_grid_blocks_BYTES];

	localparam [31:0] REQ_OK = `IDXGEN_DESC_REQ_VALID | `IDXGEN_DESC_REQ_ID_MASK;
	assign rsvd_set = (|rsvd0) || (|rsvd1) || (|(requester & ~REQ_OK));
endmodule
