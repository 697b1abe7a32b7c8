// SPDX-License-Identifier: MIT
// idxgen_hilbert - the HILBERT schedule order (the model's hilbert_refill
// and igm_ocur_next, gilbert2d as an explicit stack): a machine that does
// one thing a cycle and fills a warp buffer lane by lane.
//
// Why not one warp a cycle as the other orders: a link of a chain would be
// "the next cell of the curve", and between two cells the curve may climb
// and descend its whole recursion (on a 2^k x 2^k plane nearly every cell
// is a frame of its own), so a link is not a bounded amount of logic and a
// chain of LANES of them is out of reach.  A cell's place cannot be
// computed from its number either without the sub-rectangles' areas
// (multiplications) for planes that are not squares of a power of two.  So
// this block walks the curve as the model does, one step a cycle:
//   - a step of the top frame, exactly one pass of hilbert_refill's loop:
//     a frame one cell thick becomes the current run and is popped; a
//     larger one pushes its next part (stage 0, 1) or is replaced by its
//     last part (a tail call: the stack holds the recursion's depth);
//   - or one cell of the current run into the buffer's next lane (the
//     packed word advances by +-1 or +-(1 << mx): no shift per cell);
//   - or, when a plane's curve has ended and threads remain, the next
//     slice's root frame (z + 1, as gen_ordered restarts the cursor).
// The buffer is a warp when it holds c cells (or the job's last ones); the
// cycle the core takes it the next cell may go to lane 0 already.  The
// machine is loaded in F2 and runs from F3, so with a write port that is
// always ready it never waits, and a job of dz slices of a dx x dy plane
// takes 2 + dz * (P + I + 1) cycles in all (P = dx * dy cells, I = the
// passes of the refill loop over one plane) instead of the model's
// 4 + warps: see docs/rtl.md, "The model and the circuit".
//
// A frame is the model's (x, y, ax, ay, bx, by, stage) with its axes
// written as what they always are, one along x and one along y: the
// signed lengths a (major) and b (minor) and sw, the major axis being y.
// Add, subtract, compare and shift only (floor(a / 2) is a >>> 1).
//
// The frames below the top one are a memory with one synchronous read and
// one write port, so that an FPGA keeps them in a block RAM (an iCE40's
// SB_RAM40_4K) instead of 31 x 69 flip-flops and a 31-way multiplexer.  Its
// read port always reads the frame below the top (address n - 2, n as
// registered), so the frame a pop needs is there a cycle after n last
// changed.  That is always in time: a push's frame is also kept for the
// one cycle the memory has not read it yet (fwd), and a pop (a leaf)
// starts a run of at least one cell, so the next pass is two cycles on.
// The read and the write never share an address (n - 2 and n - 1).
module idxgen_hilbert #(
	parameter integer LANES = 32,
	parameter integer DEPTH = 32,	// frames, a power of two; 2^20-cell planes need ~21
	parameter integer TW = 21,
	// coordinate bits: the block's dx, dy are below 2^HB (16: every
	// descriptor; a small FPGA narrows the datapath, its firmware's
	// max_dim_x, max_dim_y and the validator (idxgen_vearly, HDIM) keeping
	// wider planes out)
	parameter integer HB = 16
) (
	input  wire        clk,
	input  wire        load,		// F2: the root frame of slice 0
	input  wire        run,		// F3 .. GEN: step
	input  wire        fire,		// the core takes the warp this cycle
	input  wire [15:0] c, dx, dy,
	input  wire [TW-1:0] threads,	// valid from F3
	input  wire [5:0]  mx,
	input  wire [31:0] one_y, one_z,	// 1 << mx, 1 << (mx + my)
	output wire        valid,		// a warp is ready
	output wire [32*LANES-1:0] words
);
	localparam integer FW = HB + HB + (HB + 1) + (HB + 1) + 1 + 2;	// x, y, a, b, sw, stage
	localparam signed [HB:0] ONE = 1, ZERO = 0;
	localparam integer NW = $clog2(DEPTH + 1);
	localparam integer SW = $clog2(DEPTH);	// stack addresses (DEPTH - 1 used)

	// ---- the top frame and the stack below it
	reg  [HB-1:0] tx, ty;
	reg  signed [HB:0] ta, tb;
	reg         tsw;
	reg  [1:0]  tst;
	reg  [FW-1:0] stk [0:DEPTH-1];
	reg  [NW-1:0] n;		// frames, the top one included
	reg  [FW-1:0] stk_rd;		// stk[n - 2] as n was a cycle ago
	reg  [FW-1:0] fwd;		// the frame pushed last cycle
	reg         fwd_v;
	wire [SW-1:0] rd_at = n[SW-1:0] - 2'd2;	// wraps below 2: not used then

	// ---- the current run and the output
	reg  [31:0] lw, ld;		// packed word of its next cell, its step
	reg  [HB:0] lrem;
	reg  [31:0] zpk;		// z << (mx + my) of the current slice
	reg  [TW-1:0] done;		// cells put into the buffer
	reg  [6:0]  fill;
	reg  [31:0] buffer [0:LANES-1];

	// ---- one pass of the refill loop on the top frame
	wire [HB:0] w = ta[HB] ? -ta : ta;
	wire [HB:0] h = tb[HB] ? -tb : tb;
	wire signed [HB:0] sa = ta[HB] ? -ONE : ONE;	// never 0: a, b != 0
	wire signed [HB:0] sb = tb[HB] ? -ONE : ONE;
	wire signed [HB:0] a2 = ta >>> 1, b2 = tb >>> 1;
	wire        leaf = h == 1 || w == 1;
	wire        long = {2'b0, w, 1'b0} > {2'b0, h, 1'b0} + {3'b0, h};
	// |a2| is odd when a2 is (two's complement keeps the low bit)
	wire signed [HB:0] a2l = a2[0] && w > 2 ? a2 + sa : a2;	// long split
	wire signed [HB:0] b2s = b2[0] && h > 2 ? b2 + sb : b2;	// standard split

	// a point moved by u along the major axis and v along the minor one
	function [2*HB-1:0] move;
		input [HB-1:0] x, y;
		input signed [HB:0] u, v;
		input sw;
		reg [HB:0] xx, yy;
		begin
			xx = {1'b0, x} + (sw ? v : u);
			yy = {1'b0, y} + (sw ? u : v);
			move = {yy[HB-1:0], xx[HB-1:0]};
		end
	endfunction

	// the part this pass pushes or becomes (the model's hpush arguments)
	reg  [2*HB-1:0] cxy;
	reg  signed [HB:0] ca, cb;
	reg         csw, tail;
	always @* begin
		if (long) begin
			tail = tst != 2'd0;
			cxy = move(tx, ty, tail ? a2l : ZERO, ZERO, tsw);
			ca = tail ? ta - a2l : a2l;
			cb = tb;
			csw = tsw;
		end else if (tst == 2'd0) begin
			tail = 1'b0;
			cxy = {ty, tx};
			ca = b2s;
			cb = a2;
			csw = !tsw;
		end else if (tst == 2'd1) begin
			tail = 1'b0;
			cxy = move(tx, ty, ZERO, b2s, tsw);
			ca = ta;
			cb = tb - b2s;
			csw = tsw;
		end else begin
			tail = 1'b1;
			cxy = move(tx, ty, ta - sa, b2s - sb, tsw);
			ca = -b2s;
			cb = -(ta - a2);
			csw = !tsw;
		end
	end

	// the run of a frame one cell thick: along the major axis if h == 1
	wire        run_y = h == 1 ? tsw : !tsw;	// the run goes along y
	wire        run_neg = h == 1 ? ta[HB] : tb[HB];
	wire [31:0] ystep = run_neg ? -one_y : one_y;
	wire [31:0] xstep = run_neg ? 32'hffffffff : 32'd1;
	wire [31:0] ypk = {{(32 - HB){1'b0}}, ty} << mx;

	// the frame below the top (n >= 2; unused, and then anything, below)
	wire [FW-1:0] below = fwd_v ? fwd : stk_rd;
	wire        more = done != threads;
	wire [6:0]  fill_now = fire ? 7'd0 : fill;
	wire        emit = more && lrem != 0 && fill_now < c[6:0];
	// a plane's root frame: the long side first (a job's start and each next slice)
	wire [HB-1:0] hx = dx[HB-1:0], hy = dy[HB-1:0];
	wire [HB:0] root_a = {1'b0, hx >= hy ? hx : hy};
	wire [HB:0] root_b = {1'b0, hx >= hy ? hy : hx};
	wire        root_sw = hx < hy;

	always @(posedge clk)
		stk_rd <= stk[rd_at];

	always @(posedge clk) begin
		fwd_v <= 1'b0;
		if (load) begin
			tx <= {HB{1'b0}};
			ty <= {HB{1'b0}};
			ta <= root_a;
			tb <= root_b;
			tsw <= root_sw;
			tst <= 2'd0;
			n <= 1;
			lrem <= {(HB + 1){1'b0}};
			zpk <= 32'd0;
			done <= {TW{1'b0}};
			fill <= 7'd0;
		end else if (run) begin
			fill <= fill_now;
			if (emit) begin
				buffer[fill_now[$clog2(LANES)-1:0]] <= lw;
				fill <= fill_now + 7'd1;
				lw <= lw + ld;
				lrem <= lrem - 1'b1;
				done <= done + 1'b1;
			end else if (more && lrem == 0 && n != 0) begin
				if (leaf) begin
					// the fields lie in disjoint bits (x < 2^mx, y < 2^my
					// for a validated job): or, not two adders
					lw <= zpk | ypk | {{(32 - HB){1'b0}}, tx};
					ld <= run_y ? ystep : xstep;
					lrem <= h == 1 ? w : h;
					{tx, ty, ta, tb, tsw, tst} <= below;
					n <= n - 1'b1;
				end else if (tail) begin
					{ty, tx} <= cxy;
					ta <= ca;
					tb <= cb;
					tsw <= csw;
					tst <= 2'd0;
				end else begin
					// the frame stays below its part, a stage on; a full
					// stack drops the part as the model's hpush does
					tst <= tst + 2'd1;
					if (n != DEPTH) begin
						stk[n[SW-1:0] - 1'b1] <= {tx, ty, ta, tb, tsw, tst + 2'd1};
						fwd <= {tx, ty, ta, tb, tsw, tst + 2'd1};
						fwd_v <= 1'b1;
						{ty, tx} <= cxy;
						ta <= ca;
						tb <= cb;
						tsw <= csw;
						tst <= 2'd0;
						n <= n + 1'b1;
					end
				end
			end else if (more && lrem == 0) begin
				// the plane's curve has ended: the next slice from its root
				tx <= {HB{1'b0}};
				ty <= {HB{1'b0}};
				ta <= root_a;
				tb <= root_b;
				tsw <= root_sw;
				tst <= 2'd0;
				n <= 1;
				zpk <= zpk + one_z;
			end
		end
	end

	assign valid = fill == c[6:0] || (!more && fill != 7'd0);
	genvar i;
	generate
		for (i = 0; i < LANES; i = i + 1) begin : out
			assign words[32*i +: 32] = buffer[i];
		end
	endgenerate
endmodule
