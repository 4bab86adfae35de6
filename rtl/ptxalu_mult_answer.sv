// ptxalu_mult_answer: mul/mad/mul24/mad24's answer from their sums (ptxalu_mult_sum),
// ptxalu_mult's second part: .hi.sat.s32 clamps the exact sum of the two signed 32-bit values
// to the s32 range (§14); every other form answers the sum as it is.
// ptxalu_mult composes it with ptxalu_mult_sum; ptxalu_mul_deep registers between the two.
module ptxalu_mult_answer (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       sum_i,
  input  logic [33:0]       sum_s32_i,
  output logic [63:0]       result_o
);

  logic [63:0] sat_val;
  always_comb begin
    sat_val = {32'd0, sum_s32_i[31:0]};
    if (sum_s32_i[33:31] != 3'b000 && sum_s32_i[33:31] != 3'b111) begin
      sat_val = {32'd0, sum_s32_i[33] ? ptxalu_pkg::S32Min : ptxalu_pkg::S32Max};
    end
  end

  assign result_o = ctrl_i.sat ? sat_val : sum_i;

  // Only .sat is read here.
  logic unused_ctrl;
  assign unused_ctrl = ^ctrl_i;

endmodule
