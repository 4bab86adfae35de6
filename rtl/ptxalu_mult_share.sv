// One 65x65 multiplier shared by vmad and mul/mad/mul24/mad24 (ptxalu_top and the FPGA flow's
// datapath wrapper build the same pair this way).
//
// The two units never issue in the same cycle, so one ptxalu_mult_core serves both: vmad_sel_i
// (the vmad unit's select bit) picks vmad's operands, else mult's. vmad's operands are 33-bit
// signed values; their exact 66-bit product is the low 66 bits of the 65x65 product of their
// sign extensions, which is what vmad reads back from product_o.
module ptxalu_mult_share (
  input  logic          vmad_sel_i,
  input  logic [32:0]   vmad_a_i,
  input  logic [32:0]   vmad_b_i,
  input  logic [64:0]   mult_a_i,
  input  logic [64:0]   mult_b_i,
  output logic [129:0]  product_o
);

  logic [64:0] core_a, core_b;

  assign core_a = vmad_sel_i ? {{32{vmad_a_i[32]}}, vmad_a_i} : mult_a_i;
  assign core_b = vmad_sel_i ? {{32{vmad_b_i[32]}}, vmad_b_i} : mult_b_i;

  ptxalu_mult_core u_core (
    .a_i       (core_a),
    .b_i       (core_b),
    .product_o (product_o)
  );

endmodule
