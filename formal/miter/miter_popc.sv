// popc, proven the way an adder tree is proven: through two sums of 8-bit slices. A direct
// miter of the RTL's $countones (Yosys builds it as a chain of bit additions from bit 63 down)
// against the spec's loop (bit 0 up) shares no partial sum, and ABC's &cec needed 2-3 minutes.
// Each step below shares partial sums with its neighbour, so SAT sweeping merges them:
//
//   Step 0  RTL  == tree(a_w)    the unit's result for every legal popc word; the tree's
//                                subtree sums are the RTL's suffix sums of bits 63..32, 63..48
//   Step 1  tree == chain        for every 64-bit x (pure lemma)
//   Step 2  chain(a_w) == spec   the spec's result for every legal popc word; the chain's sums
//                                are the spec loop's prefix sums at bits 8, 16, ...
//
// where a_w is a at the instruction's width (zero above bit 31 for .b32), slice j is bits
// 8j+7..8j, count(s) counts a slice's ones with the PTX loop, tree(x) adds the eight counts
// pairwise ((s0+s1)+(s2+s3))+((s4+s5)+(s6+s7)) and chain(x) adds them from slice 0 up.
// Together: RTL == spec for every legal popc word, all 64 result bits (zero above bit 31).
module miter_popc #(
  parameter int unsigned Step = 0
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i, c_i, d_i
);
  localparam ptxalu_pkg::op_e FixedOp = ptxalu_pkg::OpPopc;
`include "fixed_op.svh"

  logic        is64;
  logic [63:0] a_w;
  assign is64 = ctrl.itype == ptxalu_pkg::ItU64 || ctrl.itype == ptxalu_pkg::ItS64 ||
                ctrl.itype == ptxalu_pkg::ItB64;
  assign a_w  = is64 ? a_i : {32'd0, a_i[31:0]};

  // Step 1 compares the two sums on a free x; steps 0 and 2 on a_w.
  logic [63:0] x;
  assign x = (Step == 1) ? a_i : a_w;

  logic [3:0]  count [8];
  logic [4:0]  pair [4];
  logic [5:0]  quad [2];
  logic [31:0] tree, chain;
  always_comb begin
    for (int j = 0; j < 8; j++) begin
      count[j] = 4'd0;
      for (int i = 0; i < 8; i++) if (x[8*j + i]) count[j] = count[j] + 4'd1;
    end
    for (int j = 0; j < 4; j++) pair[j] = 5'(count[2*j]) + 5'(count[2*j + 1]);
    for (int j = 0; j < 2; j++) quad[j] = 6'(pair[2*j]) + 6'(pair[2*j + 1]);
    tree = 32'(quad[0]) + 32'(quad[1]);
    chain = 32'd0;
    for (int j = 0; j < 8; j++) chain = chain + 32'(count[j]);
  end

  logic [63:0] result;
  if (Step == 0) begin : g_rtl
    ptxalu_bitmanip u_rtl (.ctrl_i(ctrl), .a_i(a_i), .b_i(b_i), .c_i(c_i), .d_i(d_i),
                           .result_o(result));
  end else if (Step == 2) begin : g_spec
    spec_bitmanip u_spec (.ctrl_i(ctrl), .a_i(a_i), .b_i(b_i), .c_i(c_i), .d_i(d_i),
                          .result_o(result));
  end else begin : g_lemma
    assign result = '0;
  end

  always_comb begin
    assume (!illegal);
    unique case (Step)
      0:       assert (result == {32'd0, tree});
      2:       assert (result == {32'd0, chain});
      default: assert (tree == chain);
    endcase
  end
endmodule
