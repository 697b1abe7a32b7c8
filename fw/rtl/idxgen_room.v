// SPDX-License-Identifier: MIT
// idxgen_room - the 64-bit part of the validator's range check, made in
// the filter's first cycle so F3 has no 64-bit carry chain: whether the
// target lies past index memory (high: target > IMEM_SIZE) and the room
// left above it (IMEM_SIZE - target).  room is exact in AW + 1 bits
// whenever high is clear, since then target <= IMEM_SIZE <= 2^AW; when
// high is set it does not matter.  idxgen_validate refuses a job with
// high || bytes > room, which is the model's
// target > IMEM_SIZE || bytes > IMEM_SIZE - target (check-formal.sh,
// prove_range).
module idxgen_room #(
	parameter [63:0] IMEM_SIZE = 64'd67108864,
	parameter integer AW = 26		// $clog2(IMEM_SIZE)
) (
	input  wire [63:0] target,
	output wire        high,
	output wire [AW:0] room
);
	localparam [AW:0] IMEM_AW = IMEM_SIZE[AW:0];

	assign high = target > IMEM_SIZE;
	assign room = IMEM_AW - target[AW:0];
endmodule
