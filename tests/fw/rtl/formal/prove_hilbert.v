// SPDX-License-Identifier: MIT
// prove_hilbert - the Hilbert order's machine (idxgen_hilbert) never skips
// or repeats a cell, for yosys `sat -seq` (a bounded check from reset).
// Cycle 1 loads it with any plane of dx, dy in 1..4 and dx * dy <= 8 (every
// plane up to 3 x 3, and 2 x 4, 4 x 2: odd and even sides, long and
// standard splits, both major axes, runs along x and y in both
// directions) and any warp size c of 1 or 2 (2 lanes); the core's side
// takes a ready warp on any cycle it likes (TAKE_ALWAYS = 0) or on every
// one (1).  Every lane of every warp taken must hold a cell of the plane,
// packed as x | y << 2 with nothing above, that no earlier lane held; with
// TAKE_ALWAYS every cell has been taken 25 cycles after the load (the
// largest of these planes takes 22).  So the cells taken are the plane,
// each once.  Which order they come in is the testbench's business (every
// word against the model's cursor).
module prove_hilbert #(
	parameter integer TAKE_ALWAYS = 0
) (
	input  wire       clk,
	input  wire [2:0] dx_in, dy_in,
	input  wire       c2_in,
	input  wire       take_in
);
	reg started = 1'b0;
	reg [5:0] cyc = 6'd0;
	reg [2:0] dx_r = 3'd0, dy_r = 3'd0;
	reg       c2_r = 1'b0;
	always @(posedge clk) begin
		started <= 1'b1;
		if (cyc != 6'd63)
			cyc <= cyc + 6'd1;
		if (!started) begin
			dx_r <= dx_in;
			dy_r <= dy_in;
			c2_r <= c2_in;
		end
	end
	wire [2:0] dx = started ? dx_r : dx_in;
	wire [2:0] dy = started ? dy_r : dy_in;
	wire       c2 = started ? c2_r : c2_in;
	always @* if (!started)
		assume(dx_in >= 3'd1 && dx_in <= 3'd4 && dy_in >= 3'd1 && dy_in <= 3'd4 &&
		       {3'd0, dx_in} * {3'd0, dy_in} <= 6'd8);

	wire [4:0]  threads = {2'd0, dx} * {2'd0, dy};
	wire        valid;
	wire [63:0] words;
	wire        fire = valid && (TAKE_ALWAYS != 0 || take_in) && started;

	idxgen_hilbert #(.LANES(2), .DEPTH(4), .TW(5)) dut (
		.clk(clk), .load(!started), .run(started), .fire(fire),
		.c(c2 ? 16'd2 : 16'd1), .dx({13'd0, dx}), .dy({13'd0, dy}), .threads(threads),
		.mx(6'd2), .one_y(32'd4), .one_z(32'd16), .valid(valid), .words(words));

	// the reference: cells taken so far
	reg  [15:0] seen = 16'd0;
	reg  [4:0]  taken = 5'd0;
	wire [4:0]  left = threads - taken;
	wire        two = c2 && left >= 5'd2;	// lane 1 is part of this warp
	wire [31:0] w0 = words[31:0], w1 = words[63:32];
	wire [15:0] b0 = 16'd1 << w0[3:0], b1 = 16'd1 << w1[3:0];
	wire        in0 = w0[31:4] == 28'd0 && {1'b0, w0[1:0]} < dx && {1'b0, w0[3:2]} < dy;
	wire        in1 = w1[31:4] == 28'd0 && {1'b0, w1[1:0]} < dx && {1'b0, w1[3:2]} < dy;

	always @(posedge clk)
		if (fire) begin
			seen <= seen | b0 | (two ? b1 : 16'd0);
			taken <= taken + (two ? 5'd2 : 5'd1);
		end

	always @* begin
		if (fire) begin
			assert(left != 5'd0);
			assert(in0 && (seen & b0) == 16'd0);
			if (two)
				assert(in1 && (seen & b1) == 16'd0 && b1 != b0);
		end
		if (TAKE_ALWAYS != 0 && cyc >= 6'd26)
			assert(taken == threads);
	end
endmodule
