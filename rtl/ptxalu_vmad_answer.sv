// ptxalu_vmad_answer: vmad's answer from its sum (ptxalu_vmad_sum), ptxalu_vmad's second part:
//   result = (sum >> 0/7/15) & 0xffff_ffff_ffff_ffff, read as signed iff signed_i;
//   .sat clamps it to the 32-bit range of its signedness; result_o = its low 32 bits, and 0
//   for any op but vmad.
// ptxalu_vmad composes it with ptxalu_vmad_sum; ptxalu_mul_deep registers between the two.
module ptxalu_vmad_answer (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [79:0]       sum_i,
  input  logic              signed_i,
  output logic [31:0]       result_o
);

  // switch (scale), with no scale read as shift 0 (§9).
  logic [63:0] scaled;
  always_comb begin
    scaled = sum_i[63:0];
    unique case (ctrl_i.scale)
      ptxalu_pkg::ScaleShr7:  scaled = sum_i[7 +: 64];
      ptxalu_pkg::ScaleShr15: scaled = sum_i[15 +: 64];
      default:                scaled = sum_i[63:0];
    endcase
  end

  // .sat: the 64-bit result, signed or unsigned, clamped to the 32-bit range of its kind (out of
  // range: bits 63..31 not all equal, signed; bits 63..32 not all zero, unsigned).
  logic [31:0] saturated;
  always_comb begin
    saturated = scaled[31:0];
    if (signed_i) begin
      if (scaled[63:31] != {33{scaled[63]}}) begin
        saturated = scaled[63] ? ptxalu_pkg::S32Min : ptxalu_pkg::S32Max;
      end
    end else if (|scaled[63:32]) begin
      saturated = ptxalu_pkg::U32Max;
    end
  end

  always_comb begin
    result_o = '0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpVmad: result_o = ctrl_i.sat ? saturated : scaled[31:0];
      default:            result_o = '0;
    endcase
  end

  // Only the op, scale and .sat are read here (dtype is accepted and not used, §9); bits above
  // 78 of the sum are never read.
  logic unused;
  assign unused = ^{ctrl_i, sum_i[79]};

endmodule
