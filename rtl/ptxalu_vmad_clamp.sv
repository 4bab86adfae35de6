// ptxalu_vmad_clamp: the second part of vmad's answer (ptxalu_vmad_answer), after
// ptxalu_vmad_scale: .sat clamps the scaled result to the 32-bit range of its signedness
// (over_i: outside it; neg_i: its sign); result_o = the low 32 bits, and 0 for any op but vmad.
module ptxalu_vmad_clamp (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic              signed_i,
  input  logic [31:0]       scaled_i,
  input  logic              over_i,
  input  logic              neg_i,
  output logic [31:0]       result_o
);

  logic [31:0] saturated;
  always_comb begin
    saturated = scaled_i;
    if (over_i) begin
      if (signed_i) begin
        saturated = neg_i ? ptxalu_pkg::S32Min : ptxalu_pkg::S32Max;
      end else begin
        saturated = ptxalu_pkg::U32Max;
      end
    end
  end

  always_comb begin
    result_o = '0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpVmad: result_o = ctrl_i.sat ? saturated : scaled_i;
      default:            result_o = '0;
    endcase
  end

  // Only the op and .sat are read here (dtype is accepted and not used, §9).
  logic unused_ctrl;
  assign unused_ctrl = ^ctrl_i;

endmodule
