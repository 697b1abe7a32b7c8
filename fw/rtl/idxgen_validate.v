// SPDX-License-Identifier: MIT
// idxgen_validate - the status of igm_job_validate(), in the order of the
// IDXGEN_CPL_* codes: the first failing check gives it.  Combinational in
// the filter's third cycle, over registered inputs only: the verdicts of
// the descriptor-only checks (idxgen_vearly, registered in F1: early_a
// before TOO_MANY_THREADS, bad_step, early_b before OUT_OF_RANGE), the
// thread count (F2's multiply stage), the index of thread c (sx, sy, sz,
// from the lane set-up chain, so checking (xc, yc, zc) needs no divider)
// and the range check's 64-bit half (idxgen_room, registered in F1).
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
	parameter integer TW = 21,		// threads: saturating at 2^TW (idxgen_core)
	parameter integer AW = 26		// byte address bits of index memory
) (
	input  wire [15:0] early_a,	// idxgen_vearly's verdicts
	input  wire        bad_step,
	input  wire [15:0] early_b,
	input  wire [31:0] size_limit,
	input  wire [15:0] xc, yc, zc,
	input  wire [7:0]  word_size,
	input  wire [31:0] max_threads,
	input  wire [TW:0] threads,	// threads[TW]: more than 2^TW - 1
	input  wire [15:0] sx, sy,
	input  wire [7:0]  sz,
	input  wire        tgt_high,	// target > IMEM_SIZE
	input  wire [AW:0] room,	// IMEM_SIZE - target when !tgt_high
	output reg  [15:0] status
);
	wire bad_index = xc != sx || yc != sy || zc != {8'd0, sz};
	wire [TW+2:0] bytes = word_size == 4 ? {threads, 2'b0} : {1'b0, threads, 1'b0};
	// max_threads <= IDXGEN_HW_MAX_THREADS < 2^TW (the firmware's bound), so
	// a saturated count is too many whatever the limit
	wire too_many = threads[TW] || {{(32 - TW){1'b0}}, threads[TW-1:0]} > max_threads;
	wire out_of_range = tgt_high || {{(61 - TW){1'b0}}, bytes} > {{(63 - AW){1'b0}}, room};

	always @* begin
		if (early_a != `IDXGEN_CPL_OK)
			status = early_a;
		else if (too_many)
			status = `IDXGEN_CPL_TOO_MANY_THREADS;
		else if (bad_step)
			status = `IDXGEN_CPL_BAD_STEP;
		else if (bad_index)
			status = `IDXGEN_CPL_BAD_STEP_INDEX;
		else if (early_b != `IDXGEN_CPL_OK)
			status = early_b;
		else if (out_of_range)
			status = `IDXGEN_CPL_OUT_OF_RANGE;
		else if ({{(61 - TW){1'b0}}, bytes} > {32'd0, size_limit})
			status = `IDXGEN_CPL_SIZE_LIMIT;
		else
			status = `IDXGEN_CPL_OK;
	end
endmodule
