// ptxalu_vmad_answer: vmad's answer from its sum (ptxalu_vmad_sum), ptxalu_vmad's second part:
//   result = (sum >> 0/7/15) & 0xffff_ffff_ffff_ffff, read as signed iff signed_i;
//   .sat clamps it to the 32-bit range of its signedness; result_o = its low 32 bits, and 0
//   for any op but vmad.
// It is the scale and range check (ptxalu_vmad_scale), then the clamp (ptxalu_vmad_clamp).
// ScaleReg = 1 (ptxalu_mul_family at CfgSmall: the UP5K's clock, syn/README.md) registers
// between the two, loaded with en_i: result_o then answers for the sum of the load before, and
// ctrl_i and signed_i must hold across that load (the clamp reads them live). ScaleReg = 0:
// combinational (clk_i, rst_ni and en_i unused); ptxalu_vmad composes it so with
// ptxalu_vmad_sum, and ptxalu_mul_deep with a register of its own between the two.
module ptxalu_vmad_answer #(
  parameter bit ScaleReg = 1'b0
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [79:0]       sum_i,
  input  logic              signed_i,
  output logic [31:0]       result_o
);

  logic [31:0] scaled, scaled_q;
  logic        over, over_q, neg, neg_q;

  ptxalu_vmad_scale u_scale (.ctrl_i, .sum_i, .signed_i, .scaled_o(scaled), .over_o(over),
                             .neg_o(neg));
  ptxalu_en_reg #(.Width(34), .Bypass(!ScaleReg)) u_scale_q (.clk_i, .rst_ni, .en_i,
      .d_i({scaled, over, neg}), .q_o({scaled_q, over_q, neg_q}));
  ptxalu_vmad_clamp u_clamp (.ctrl_i, .signed_i, .scaled_i(scaled_q), .over_i(over_q),
                             .neg_i(neg_q), .result_o);

endmodule
