// SPDX-License-Identifier: MIT
// idxgen_pack - a warp's words laid out as the bytes index memory receives:
// lane i's word at byte i*word_size, little-endian.  16-bit words keep the
// low half of each lane's word (validation guarantees mx+my+mz <= 16 then).
module idxgen_pack #(
	parameter integer LANES = 32
) (
	input  wire        word32,		// word_size == 4
	input  wire [32*LANES-1:0] words,
	output wire [32*LANES-1:0] data
);
	genvar i;
	generate
		for (i = 0; i < LANES; i = i + 1) begin : lane
			wire [31:0] half;
			if (2 * i + 1 < LANES) begin : two
				assign half = {words[32*(2*i+1) +: 16], words[32*(2*i) +: 16]};
			end else if (2 * i < LANES) begin : one
				assign half = {16'd0, words[32*(2*i) +: 16]};
			end else begin : none
				assign half = 32'd0;
			end
			assign data[32*i +: 32] = word32 ? words[32*i +: 32] : half;
		end
	endgenerate
endmodule
