// fns: one step of the walk, for one implementation `FNS_IMPL (the RTL ptxalu_bitmanip, or the
// spec with -DFNS_IMPL=spec_bitmanip), in one direction (parameter Backward), for every base k
// in 0..31 at once (k = b_i[4:0] is free). With F(k, off) the 64-bit fns result for mask a,
// base k, offset off, and every other input free but shared by both instances:
//
//   forward (off > 0)
//     hit:  a[k] = 1:                              F(k, 1)   = k
//     step: off >= 1, not (a[k] = 1 and off = 1):  F(k, off) = F(k+1, off - a[k])
//   backward (off < 0)
//     hit:  a[k] = 1:                              F(k, -1)  = k
//     step: off <= -1, not (a[k] = 1, off = -1):   F(k, off) = F(k-1, off + a[k])
//   (k+1 of 31 is 32; k-1 of 0 is 0xffffffff)
//
// -DFNS_CASE_HIT or -DFNS_CASE_STEP selects one case (fewer instances per obligation); without
// either, both. The step's offsets are built from a free 31-bit x (a value outside the range is
// mapped onto one inside), so nothing but legality is assumed and ABC's sweeping can merge the
// two walks step by step: after its first step, the walk from k is the walk from k+-1.
//
// Why this proves fns: if the RTL and the spec both satisfy these equations for every k in
// 0..31, and agree for every base > 31 (obligation bitmanip/OpFns/base-above-31, which covers
// bases 32 and 0xffffffff), then by induction on the steps left in the walk (base 31 down to 0
// forward, 0 up to 31 backward) they agree for every base <= 31 and every non-zero offset
// (offset 0: bitmanip/OpFns/offset-zero). See formal/README.md, "fns".
`ifndef FNS_IMPL
`define FNS_IMPL ptxalu_bitmanip
`endif
module miter_fns_walk #(
  parameter bit Backward = 1'b0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i, c_i, d_i
);
  localparam ptxalu_pkg::op_e FixedOp = ptxalu_pkg::OpFns;
`include "fixed_op.svh"

  // Base k in 0..31 and the next base (0xffffffff after 0 backward, 32 after 31 forward).
  logic [4:0]  k;
  logic [31:0] here, next;
  logic        bit_k;
  assign k     = b_i[4:0];
  assign here  = {27'd0, k};
  assign next  = Backward ? here - 32'd1 : here + 32'd1;
  assign bit_k = a_i[k];

  // Offsets: the hit offset; every offset of the step case (forward 1 .. 2^31-1, or 2 .. when
  // a[k] = 1; backward -2^31 .. -1, or .. -2 when a[k] = 1) and that offset after the step.
  logic [30:0] x;
  logic [31:0] off_hit, off_step, off_next;
  assign x = c_i[30:0];
  always_comb begin
    if (Backward) begin
      off_hit  = 32'hffff_ffff;
      off_step = (bit_k && x == 31'h7fff_ffff) ? 32'hffff_fffe : {1'b1, x};
      off_next = off_step + {31'd0, bit_k};
    end else begin
      off_hit  = 32'd1;
      off_step = (x < (bit_k ? 31'd2 : 31'd1)) ? (bit_k ? 32'd2 : 32'd1) : {1'b0, x};
      off_next = off_step - {31'd0, bit_k};
    end
  end

`ifndef FNS_CASE_HIT
`ifndef FNS_CASE_STEP
`define FNS_CASE_HIT
`define FNS_CASE_STEP
`endif
`endif
  always_comb assume (!illegal);

`ifdef FNS_CASE_HIT
  logic [63:0] r_hit;
  `FNS_IMPL u_hit (.ctrl_i(ctrl), .a_i(a_i | (64'd1 << k)), .b_i({b_i[63:32], here}),
                   .c_i({c_i[63:32], off_hit}), .d_i(d_i), .result_o(r_hit));
  always_comb assert (r_hit == {32'd0, here});
`endif
`ifdef FNS_CASE_STEP
  logic [63:0] r_here, r_next;
  `FNS_IMPL u_here (.ctrl_i(ctrl), .a_i(a_i), .b_i({b_i[63:32], here}),
                    .c_i({c_i[63:32], off_step}), .d_i(d_i), .result_o(r_here));
  `FNS_IMPL u_next (.ctrl_i(ctrl), .a_i(a_i), .b_i({b_i[63:32], next}),
                    .c_i({c_i[63:32], off_next}), .d_i(d_i), .result_o(r_next));
  always_comb assert (r_here == r_next);
`endif
endmodule
