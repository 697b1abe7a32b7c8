// SPDX-License-Identifier: MIT
// idxgen_hist - the config filter's history cache (igm_hist_* of the model).
//
// ENTRIES entries, each a key (everything that determines the output bytes:
// target, dims, widths, word size, order and its parameters; c is not part
// of it, see idxgen_core for how the key is packed), the byte range the
// output covers, and its place in the LRU order.  The lookup compares the
// key with every entry in parallel.  Hit: the entry becomes the most
// recently used.  Insert: the first invalid entry, else the least recently
// used one (the model's victim).  Invalidate: every entry whose range meets
// [base, base + len) is dropped, as the model's overlap test.
//
// Sizes: a recorded job lies inside index memory, whose addresses have AW
// bits, so an entry keeps an AW-bit base and an (AW+1)-bit end.  Ranges come
// in already cut to that view, as [lo, hi) in AW + 1 bits (idxgen_hrange
// cuts a command's 64-bit base and length; the core registers a job's own
// range a cycle before it is used), so no adder lies between the core's
// decision to invalidate and the entries' valid bits.
// The LRU order is a rank per entry (0 = least recently used, ENTRIES-1 =
// most), not a time stamp: the model's stamps only ever order the entries,
// ties (never-used entries) going to the lowest index, which is the ranks'
// order at reset; a rank needs log2(ENTRIES) bits where a stamp needs a
// counter that never wraps.
module idxgen_hist #(
	parameter integer ENTRIES = 4,
	parameter integer KEYW = 145,
	parameter integer AW = 27	// index-memory address bits
) (
	input  wire            clk,
	input  wire            rst,
	input  wire [KEYW-1:0] key,
	output wire            hit,
	input  wire            touch,		// hit: mark most recently used
	input  wire            insert,		// record key with range [ins_base, ins_end)
	input  wire [AW-1:0]   ins_base,
	input  wire [AW:0]     ins_end,
	input  wire            inval,		// drop entries meeting [inv_lo, inv_hi)
	input  wire [AW:0]     inv_lo, inv_hi,	// cut by idxgen_hrange: empty is hi = 0
	input  wire            flush,
	output reg  [7:0]      count
);
	localparam integer RW = ENTRIES > 1 ? $clog2(ENTRIES) : 1;
	localparam [RW-1:0] RMAX = ENTRIES - 1;

	reg            valid [0:ENTRIES-1];
	reg [KEYW-1:0] ekey [0:ENTRIES-1];
	reg [AW-1:0]   ebase [0:ENTRIES-1];
	reg [AW:0]     eend [0:ENTRIES-1];
	reg [RW-1:0]   rank [0:ENTRIES-1];

	// parallel compare
	reg [ENTRIES-1:0] match;
	reg [ENTRIES-1:0] meets;
	integer i;
	always @* begin
		for (i = 0; i < ENTRIES; i = i + 1) begin
			match[i] = valid[i] && ekey[i] == key;
			meets[i] = valid[i] && eend[i] != {1'b0, ebase[i]} &&
				   {1'b0, ebase[i]} < inv_hi && inv_lo < eend[i];
		end
	end
	assign hit = |match;

	// victim for insert: first invalid slot, else rank 0
	reg [RW-1:0] victim;
	reg          found_free;
	always @* begin
		victim = {RW{1'b0}};
		found_free = 1'b0;
		for (i = ENTRIES - 1; i >= 0; i = i - 1)
			if (!valid[i]) begin
				victim = i[RW-1:0];
				found_free = 1'b1;
			end
		if (!found_free)
			for (i = 0; i < ENTRIES; i = i + 1)
				if (rank[i] == {RW{1'b0}})
					victim = i[RW-1:0];
	end

	// the entry made most recently used this cycle, and its old rank
	wire          promote = touch || insert;
	reg  [RW-1:0] pe;
	always @* begin
		pe = victim;
		if (touch)
			for (i = 0; i < ENTRIES; i = i + 1)
				if (match[i])
					pe = i[RW-1:0];
	end
	wire [RW-1:0] prank = rank[pe];

	always @* begin
		count = 8'd0;
		for (i = 0; i < ENTRIES; i = i + 1)
			count = count + {7'd0, valid[i]};
	end

	always @(posedge clk) begin
		if (rst) begin
			for (i = 0; i < ENTRIES; i = i + 1) begin
				valid[i] <= 1'b0;
				rank[i] <= i[RW-1:0];
			end
		end else if (flush) begin
			for (i = 0; i < ENTRIES; i = i + 1)
				valid[i] <= 1'b0;
		end else begin
			if (promote)
				for (i = 0; i < ENTRIES; i = i + 1)
					if (i[RW-1:0] == pe)
						rank[i] <= RMAX;
					else if (rank[i] > prank)
						rank[i] <= rank[i] - 1'b1;
			if (inval)
				for (i = 0; i < ENTRIES; i = i + 1)
					if (meets[i])
						valid[i] <= 1'b0;
			if (insert) begin
				valid[victim] <= 1'b1;
				ekey[victim] <= key;
				ebase[victim] <= ins_base;
				eend[victim] <= ins_end;
			end
		end
	end
endmodule
