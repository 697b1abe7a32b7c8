// SPDX-License-Identifier: MIT
// prove_wport - the write port's range, for yosys-smtbmc (bounded model
// check from reset and k-induction): for every job the validator passes
// (1 <= threads <= IDXGEN_HW_MAX_THREADS, 1 <= c <= LANES, the job's
// bytes inside index memory: target + threads * ws <= 2^AW), whatever
// cycles the port takes its warps on, idxgen_wport
//   * writes only inside [target, target + threads * ws),
//   * writes its warps back to back from target (each starts where the one
//     before ended: nothing skipped, nothing written twice),
//   * ends exactly at target + threads * ws on the warp it calls last,
//   * writes c * ws bytes on every other warp, and never 0 bytes.
// The job's parameters are inputs, held while the job runs (the core reads
// them from its descriptor, which does not change during a job); `start`
// comes only between jobs (the filter's last cycle) and `fire` only during
// one (GEN).  The asserted relations between the port's registers are what
// makes the proof inductive; they hold at every step too.
module prove_wport #(
	parameter integer TW = 21,
	parameter integer AW = 26,
	parameter integer LANES = 32,
	parameter integer MAXT = 1048576	// IDXGEN_HW_MAX_THREADS
) (
	input  wire          clk,
	input  wire          start,
	input  wire          fire,
	input  wire [AW-1:0] target,
	input  wire [TW-1:0] threads,
	input  wire [15:0]   c,
	input  wire          word32
);
	localparam integer XW = AW + 8;	// wide enough that no sum below wraps
	wire [AW-1:0] waddr;
	wire [15:0]   wbytes;
	wire          last;
	wire [TW-1:0] warps, next;

	idxgen_wport #(.TW(TW), .AW(AW)) dut (.clk(clk), .start(start), .fire(fire),
		.target(target), .threads(threads), .c(c), .word32(word32),
		.waddr(waddr), .wbytes(wbytes), .last(last), .warps(warps), .next(next));

	// the job as it was started (the descriptor the core holds)
	reg          active = 1'b0;
	reg [AW-1:0] t_r;
	reg [TW-1:0] th_r;
	reg [15:0]   c_r;
	reg          w_r;
	reg [XW-1:0] expect;	// where the next warp must start

	// n threads' bytes: n * ws, ws being 2 or 4 (a multiplier or a shift by
	// a variable would slow the solver down tenfold)
	function [XW-1:0] bytes_of;
		input [TW-1:0] n;
		input word;
		bytes_of = word ? {{(XW - TW - 2){1'b0}}, n, 2'b0} : {{(XW - TW - 1){1'b0}}, n, 1'b0};
	endfunction
	wire [XW-1:0] end_r = t_r + bytes_of(th_r, w_r);	// the job's range end
	wire job_ok = threads >= 1 && threads <= MAXT && c >= 1 && c <= LANES &&
		      {{(XW - AW){1'b0}}, target} + bytes_of(threads, word32) <= (1 << AW);
	wire [XW-1:0] wr_end = waddr + wbytes;	// in XW bits: no wrap

	always @(posedge clk) begin
		if (start) begin
			active <= 1'b1;
			{t_r, th_r, c_r, w_r} <= {target, threads, c, word32};
			expect <= target;
		end else if (fire) begin
			expect <= wr_end;
			if (last)
				active <= 1'b0;
		end
	end

	always @* begin
		// the core: a job is started only when validated, and between jobs
		assume(!start || (job_ok && !active));
		// warps are taken only while a job runs; its parameters held
		assume(!fire || (active && !start));
		if (active)
			assume(target == t_r && threads == th_r && c == c_r && word32 == w_r);

		if (active) begin
			// what the job was started with (inductive: a validated job)
			assert(th_r >= 1 && th_r <= MAXT && c_r >= 1 && c_r <= LANES && end_r <= (1 << AW));
			// the port's registers: the next warp at thread `next`, its bytes
			// from target + next * ws on, next inside the job
			assert(next < th_r);
			assert({{(XW - AW){1'b0}}, waddr} == t_r + bytes_of(next, w_r));
			assert({{(XW - AW){1'b0}}, waddr} == expect);
		end
		if (active && fire) begin
			assert(waddr >= t_r && wr_end <= end_r);	// inside the range
			assert(wbytes != 0);
			assert(last ? wr_end == end_r : wbytes == bytes_of(c_r, w_r));
		end
	end
endmodule
