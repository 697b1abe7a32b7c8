// SPDX-License-Identifier: MIT
// prove_core - the core's wiring of the lanes, the order blocks, the packer
// and the write port, for yosys `sat -seq` (a bounded check from reset).
// Cycle 1 offers idxgen_core (2 lanes, 1 history entry, sequential and
// zigzag) any descriptor with dx, dy up to 3 and dz up to 2; the write
// port takes warps on any cycles.  Beside it a reference thread counter t
// and the position (x, y, z) of thread t in the block, stepped one thread
// at a time (x + 1, wrapping into y, then z: no division).  Whenever the
// port takes a warp, it must be at byte target + t * ws, and each lane
// i < min(c, threads - t) must hold the packed word of thread t + i: x | y
// << mx | z << (mx + my), x mirrored to dx - 1 - x on odd rows for zigzag
// (the model's orders), at byte i * ws, ws bytes, little-endian.  Which
// descriptors are refused is the validator's (and the testbench's) business:
// a refused job writes nothing and asserts nothing here.
`include "idxgen_hw.vh"

module prove_core #(
	parameter integer LANES = 2
) (
	input  wire         clk,
	input  wire [511:0] desc_in,
	input  wire         wr_ready
);
	reg started = 1'b0;
	always @(posedge clk)
		started <= 1'b1;

	// one job: offered on the first cycle after reset
	reg  offered = 1'b0;
	wire first = started && !offered;

	wire        wr_valid, cpl_valid, desc_ready;
	wire [63:0] wr_addr;
	wire [32*LANES-1:0] wr_data;
	wire [15:0] wr_bytes;

	idxgen_core #(.LANES(LANES), .HIST(1), .IMEM_SIZE(64'd4096), .ORDERS_RTL(8'h05)) dut (
		.clk(clk), .rst(!started),
		.cap_lanes(LANES), .max_threads(`IDXGEN_HW_MAX_THREADS),
		.max_dim_x(`IDXGEN_HW_MAX_DIM), .max_dim_y(`IDXGEN_HW_MAX_DIM),
		.max_dim_z(`IDXGEN_HW_MAX_DIM),
		.features(`IDXGEN_FEAT_WORD16 | `IDXGEN_FEAT_WORD32 | `IDXGEN_FEAT_SCHED_ORDERS),
		.desc_valid(first), .desc_ready(desc_ready), .desc_in(desc_in), .slot_in(32'd0),
		.wr_valid(wr_valid), .wr_ready(wr_ready), .wr_addr(wr_addr), .wr_data(wr_data),
		.wr_bytes(wr_bytes), .cpl_valid(cpl_valid), .cpl_ready(1'b1), .cpl(),
		.hist_flush(1'b0), .inv_valid(1'b0), .inv_base(64'd0), .inv_len(64'd0),
		.cmd_ready(), .hist_count(),
		.stat_jobs(), .stat_hits(), .stat_misses(), .stat_warps(), .stat_busy(),
		.stat_errors());

	reg  [511:0] d_r;
	always @(posedge clk)
		if (first) begin
			offered <= 1'b1;
			d_r <= desc_in;
		end

	wire [63:0] target;
	wire [15:0] dx, dy, dz, c;
	wire [7:0]  mx, my, word_size, order;
	idxgen_decode u_dec (.desc(first ? desc_in : d_r), .target(target), .size_limit(),
		.job_id(), .dx(dx), .dy(dy), .dz(dz), .c(c), .xc(), .yc(), .zc(), .mx(mx),
		.my(my), .mz(), .word_size(word_size), .flags(), .order(order),
		.granularity(), .stride(), .tile_w(), .tile_h(), .grid_blocks(), .rsvd_set());

	always @*
		if (first)
			assume(dx <= 16'd3 && dy <= 16'd3 && dz <= 16'd2);

	// the reference: thread t at (x, y, z)
	reg [15:0] t, x, y, z;
	wire [15:0] threads = dx * dy * dz;	// at most 18 here
	wire        take = wr_valid && wr_ready;

	function [47:0] plus1;	// {x, y, z} one thread on
		input [47:0] p;
		reg [15:0] px, py, pz;
		begin
			{px, py, pz} = p;
			if (px + 16'd1 < dx) begin
				px = px + 16'd1;
			end else begin
				px = 16'd0;
				if (py + 16'd1 < dy) begin
					py = py + 16'd1;
				end else begin
					py = 16'd0;
					pz = pz + 16'd1;
				end
			end
			plus1 = {px, py, pz};
		end
	endfunction
	function [31:0] word_of;	// the order's position, packed
		input [47:0] p;
		reg [15:0] px, py, pz;
		reg [63:0] v;
		begin
			{px, py, pz} = p;
			if (order == `IDXGEN_ORDER_ZIGZAG && py[0])
				px = dx - 16'd1 - px;
			v = {48'd0, px} | ({48'd0, py} << mx[5:0]) | ({48'd0, pz} << (mx[5:0] + my[5:0]));
			word_of = v[31:0];
		end
	endfunction

	wire [47:0] pos [0:LANES];
	assign pos[0] = {x, y, z};
	genvar i;
	generate
		for (i = 0; i < LANES; i = i + 1) begin : ref_lane
			assign pos[i + 1] = plus1(pos[i]);
			wire [31:0] want = word_of(pos[i]);
			always @*
				if (offered && take && t + i < threads && i < c)
					assert(word_size == 4 ? wr_data[32*i +: 32] == want :
					       wr_data[16*i +: 16] == want[15:0]);
		end
	endgenerate

	always @*
		if (offered && take)
			assert(wr_addr == target + (word_size == 4 ? {46'd0, t, 2'b0} : {47'd0, t, 1'b0}));

	integer k;
	always @(posedge clk)
		if (first) begin
			{t, x, y, z} <= 64'd0;
		end else if (take) begin
			t <= t + c;
			for (k = 1; k <= LANES; k = k + 1)
				if (c == k)
					{x, y, z} <= pos[k];
		end
endmodule
