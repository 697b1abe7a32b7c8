// SPDX-License-Identifier: MIT
// idxgen_hist - the config filter's history cache (igm_hist_* of the model).
//
// ENTRIES entries, each a key (everything that determines the output bytes:
// target, dims, widths, word size, order and its parameters; c is not part
// of it), the byte range the output covers, and an LRU stamp from a job
// clock.  The lookup compares the key with every entry in parallel.  Hit:
// the entry's stamp is refreshed.  Insert: the first invalid entry, else
// the one with the smallest stamp (the model's victim).  Invalidate: every
// entry whose range meets [base, base + len) is dropped, as the model's
// overlap test.  A recorded job lies inside index memory (at most 4 GiB), so
// an entry keeps a 32-bit base and a 33-bit end; the command's end is
// computed once, in 65 bits, so nothing wraps.
module idxgen_hist #(
	parameter integer ENTRIES = 4,
	parameter integer KEYW = 200
) (
	input  wire            clk,
	input  wire            rst,
	input  wire [KEYW-1:0] key,
	output wire            hit,
	input  wire            touch,		// hit: mark most recently used
	input  wire            insert,		// record key with range [ins_base, +ins_len)
	input  wire [63:0]     ins_base, ins_len,
	input  wire            inval,		// drop entries meeting [inv_base, +inv_len)
	input  wire [63:0]     inv_base, inv_len,
	input  wire            flush,
	output reg  [7:0]      count
);
	reg            valid [0:ENTRIES-1];
	reg [KEYW-1:0] ekey [0:ENTRIES-1];
	reg [31:0]     ebase [0:ENTRIES-1];
	reg [32:0]     eend [0:ENTRIES-1];
	reg [31:0]     stamp [0:ENTRIES-1];
	reg [31:0]     clock;

	// parallel compare
	reg [ENTRIES-1:0] match;
	reg [ENTRIES-1:0] meets;
	wire [64:0] inv_end = {1'b0, inv_base} + {1'b0, inv_len};
	wire        end_high = inv_end[64:32] != 0;	// past every entry's base
	wire        base_high = inv_base[63:33] != 0;	// past every entry's end
	integer i;
	always @* begin
		for (i = 0; i < ENTRIES; i = i + 1) begin
			match[i] = valid[i] && ekey[i] == key;
			meets[i] = valid[i] && inv_len != 0 && eend[i] != {1'b0, ebase[i]} &&
				   (end_high || ebase[i] < inv_end[31:0]) &&
				   !base_high && inv_base[32:0] < eend[i];
		end
	end
	assign hit = |match;

	// victim for insert: first invalid slot, else the oldest stamp
	reg [7:0] victim;
	reg       found_free;
	always @* begin
		victim = 8'd0;
		found_free = 1'b0;
		for (i = ENTRIES - 1; i >= 0; i = i - 1)
			if (!valid[i]) begin
				victim = i[7:0];
				found_free = 1'b1;
			end
		if (!found_free)
			for (i = ENTRIES - 1; i >= 0; i = i - 1)
				if (stamp[i] <= stamp[victim])
					victim = i[7:0];
	end

	always @* begin
		count = 8'd0;
		for (i = 0; i < ENTRIES; i = i + 1)
			count = count + {7'd0, valid[i]};
	end

	always @(posedge clk) begin
		if (rst || flush) begin
			for (i = 0; i < ENTRIES; i = i + 1)
				valid[i] <= 1'b0;
			if (rst)
				clock <= 32'd0;
		end else begin
			if (touch) begin
				for (i = 0; i < ENTRIES; i = i + 1)
					if (match[i])
						stamp[i] <= clock + 32'd1;
				clock <= clock + 32'd1;
			end
			if (inval)
				for (i = 0; i < ENTRIES; i = i + 1)
					if (meets[i])
						valid[i] <= 1'b0;
			if (insert) begin
				valid[victim] <= 1'b1;
				ekey[victim] <= key;
				ebase[victim] <= ins_base[31:0];
				eend[victim] <= {1'b0, ins_base[31:0]} + ins_len[32:0];
				stamp[victim] <= clock + 32'd1;
				clock <= clock + 32'd1;
			end
		end
	end
endmodule
