// SPDX-License-Identifier: MIT
// idxgen_wport - where a job's warps go: the write port's byte address and
// byte count, warp by warp.
//
// `start` (the filter's last cycle) puts the job's first warp at `target`;
// each `fire` (a warp taken by the port) moves on by c threads, the last
// warp carrying the n = threads - next threads that are left.  So warp k
// of a job writes bytes [target + k*c*ws, + n*ws) and the warps together
// cover [target, target + threads*ws) once, in order, nothing outside:
// tests/fw/rtl/formal/prove_wport.v proves it for every job the
// validator passes (yosys-smtbmc, k-induction).
module idxgen_wport #(
	parameter integer TW = 21,	// thread counters (threads < 2^TW)
	parameter integer AW = 26	// byte addresses (index memory 2^AW bytes at most)
) (
	input  wire          clk,
	input  wire          start,
	input  wire          fire,
	input  wire [AW-1:0] target,
	input  wire [TW-1:0] threads,	// the job's, held from start to its last warp
	input  wire [15:0]   c,		// threads per warp, held likewise
	input  wire          word32,	// 4-byte words, else 2-byte
	output reg  [AW-1:0] waddr,
	output wire [15:0]   wbytes,
	output wire          last,	// this warp is the job's last
	output reg  [TW-1:0] warps,	// warps taken so far
	output reg  [TW-1:0] next	// the first thread of this warp
);
	wire [TW-1:0] left = threads - next;
	wire [AW-1:0] cext = {{(AW - 16){1'b0}}, c};	// AW >= 16: index memory >= 64 KiB
	wire [15:0]   n;

	assign last = {{(TW < 16 ? 0 : TW - 16){1'b0}}, c} >= left;
	assign n = last ? left[15:0] : c;
	assign wbytes = word32 ? {n[13:0], 2'b0} : {n[14:0], 1'b0};

	always @(posedge clk) begin
		if (start) begin
			next <= {TW{1'b0}};
			warps <= {TW{1'b0}};
			waddr <= target;
		end else if (fire) begin
			next <= next + {{(TW - 16){1'b0}}, c};
			warps <= warps + 1'b1;
			waddr <= waddr + (word32 ? {cext[AW-3:0], 2'b0} : {cext[AW-2:0], 1'b0});
		end
	end
endmodule
