// The RTL decoder against the legality spec, for all 2^60 control words.
module miter_decode (
  input ptxalu_pkg::ctrl_t ctrl_i
);
  logic rtl_illegal, spec_illegal;
  ptxalu_decode u_rtl  (.ctrl_i(ctrl_i), .illegal_o(rtl_illegal));
  spec_decode   u_spec (.ctrl_i(ctrl_i), .illegal_o(spec_illegal));
  always_comb assert (rtl_illegal == spec_illegal);
endmodule
