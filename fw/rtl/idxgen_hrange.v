// SPDX-License-Identifier: MIT
// idxgen_hrange - a history command's byte range [base, base + len), 64-bit
// as the contract gives it, cut to what the history entries can meet: they
// all lie inside index memory, [0, 2^AW), so
//   hi = min(base + len, 2^AW) (the sum in 65 bits: nothing wraps), 0 when
//        len is 0 (an empty range meets nothing, as the model's overlaps())
//   lo = base when base < 2^(AW+1), else all ones (above every entry's end)
// and an entry [b, e) is met when b < hi and lo < e (idxgen_hist).
module idxgen_hrange #(
	parameter integer AW = 27
) (
	input  wire [63:0] base, len,
	output wire [AW:0] lo, hi
);
	wire [64:0] end65 = {1'b0, base} + {1'b0, len};

	assign hi = len == 64'd0 ? {(AW + 1){1'b0}} :
		    end65[64:AW] != 0 ? {1'b1, {AW{1'b0}}} : end65[AW:0];
	assign lo = base[63:AW+1] != 0 ? {(AW + 1){1'b1}} : base[AW:0];
endmodule
