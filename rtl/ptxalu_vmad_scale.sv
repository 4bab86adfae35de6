// ptxalu_vmad_scale: the first part of vmad's answer (ptxalu_vmad_answer), the scale and the
// range check of .sat:
//   result  = (sum >> 0/7/15) & 0xffff_ffff_ffff_ffff, read as signed iff signed_i;
//   scaled_o its low 32 bits; over_o: it lies outside the 32-bit range of its signedness (bits
//   63..31 not all equal, signed; bits 63..32 not all zero, unsigned); neg_o its bit 63.
// ptxalu_vmad_clamp takes these on. ptxalu_datapath's small configuration registers between
// the two (the UP5K's clock, syn/README.md).
module ptxalu_vmad_scale (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [79:0]       sum_i,
  input  logic              signed_i,
  output logic [31:0]       scaled_o,
  output logic              over_o,
  output logic              neg_o
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

  assign scaled_o = scaled[31:0];
  assign over_o   = signed_i ? (scaled[63:31] != {33{scaled[63]}}) : (|scaled[63:32]);
  assign neg_o    = scaled[63];

  // Only the scale is read here; bits above 78 of the sum are never read.
  logic unused;
  assign unused = ^{ctrl_i, sum_i[79]};

endmodule
