// ptxalu_vmad_answer: vmad's answer from its sum (ptxalu_vmad_sum), ptxalu_vmad's second part:
//   result = (sum >> 0/7/15) & 0xffff_ffff_ffff_ffff, read as signed iff signed_i;
//   .sat clamps it to the 32-bit range of its signedness; result_o = its low 32 bits, and 0
//   for any op but vmad.
// ptxalu_vmad composes it with ptxalu_vmad_sum; ptxalu_mul_deep registers between the two. It
// is the scale and range check (ptxalu_vmad_scale) then the clamp (ptxalu_vmad_clamp), which
// ptxalu_datapath's small configuration registers between.
module ptxalu_vmad_answer (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [79:0]       sum_i,
  input  logic              signed_i,
  output logic [31:0]       result_o
);

  logic [31:0] scaled;
  logic        over, neg;

  ptxalu_vmad_scale u_scale (.ctrl_i, .sum_i, .signed_i, .scaled_o(scaled), .over_o(over),
                             .neg_o(neg));
  ptxalu_vmad_clamp u_clamp (.ctrl_i, .signed_i, .scaled_i(scaled), .over_i(over), .neg_i(neg),
                             .result_o);

endmodule
