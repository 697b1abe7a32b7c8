// SPDX-License-Identifier: MIT
// idxgen_cpl - the 32-byte completion record (layout from idxgen_hw.vh) with
// its integrity word IDXGEN_CPL_CHECK(), and the statistics counters as the
// device keeps them (IDXGEN_REG_STAT_*): every job counts in JOBS and
// BUSY_CYCLES, an error in ERRORS, else a hit in HITS or a miss in MISSES
// and its warps in WARPS.  threads*3 and slot*5 are shift-and-add.
`include "idxgen_hw.vh"

module idxgen_cpl (
	input  wire        clk,
	input  wire        rst,
	input  wire        done,		// one cycle: the job's figures are final
	input  wire [31:0] job_id,
	input  wire [15:0] status,
	input  wire [15:0] flags,
	input  wire [31:0] warps,
	input  wire [31:0] threads,
	input  wire [63:0] cycles,
	input  wire [31:0] slot,
	output wire [8*`IDXGEN_CPL_BYTES-1:0] record,
	output reg  [63:0] stat_jobs, stat_hits, stat_misses, stat_warps, stat_busy, stat_errors
);
	wire [31:0] check = `IDXGEN_CPL_CHECK_SEED ^ job_id ^ {status, flags} ^ warps ^
			    ((threads << 1) + threads) ^ cycles[31:0] ^ cycles[63:32] ^
			    ((slot << 2) + slot);

	assign record[8*`IDXGEN_CPLR_job_id_OFF  +: 8*`IDXGEN_CPLR_job_id_BYTES]  = job_id;
	assign record[8*`IDXGEN_CPLR_status_OFF  +: 8*`IDXGEN_CPLR_status_BYTES]  = status;
	assign record[8*`IDXGEN_CPLR_flags_OFF   +: 8*`IDXGEN_CPLR_flags_BYTES]   = flags;
	assign record[8*`IDXGEN_CPLR_warps_OFF   +: 8*`IDXGEN_CPLR_warps_BYTES]   = warps;
	assign record[8*`IDXGEN_CPLR_threads_OFF +: 8*`IDXGEN_CPLR_threads_BYTES] = threads;
	assign record[8*`IDXGEN_CPLR_cycles_OFF  +: 8*`IDXGEN_CPLR_cycles_BYTES]  = cycles;
	assign record[8*`IDXGEN_CPLR_slot_OFF    +: 8*`IDXGEN_CPLR_slot_BYTES]    = slot;
	assign record[8*`IDXGEN_CPLR_check_OFF   +: 8*`IDXGEN_CPLR_check_BYTES]   = check;

	wire ok = status == `IDXGEN_CPL_OK;
	wire hit = (flags & `IDXGEN_CPLF_HIT) != 0;

	always @(posedge clk) begin
		if (rst) begin
			stat_jobs <= 64'd0;
			stat_hits <= 64'd0;
			stat_misses <= 64'd0;
			stat_warps <= 64'd0;
			stat_busy <= 64'd0;
			stat_errors <= 64'd0;
		end else if (done) begin
			stat_jobs <= stat_jobs + 64'd1;
			stat_busy <= stat_busy + cycles;
			if (!ok)
				stat_errors <= stat_errors + 64'd1;
			else if (hit)
				stat_hits <= stat_hits + 64'd1;
			else begin
				stat_misses <= stat_misses + 64'd1;
				stat_warps <= stat_warps + {32'd0, warps};
			end
		end
	end
endmodule
