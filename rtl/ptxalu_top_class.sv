// Which unit computes an operation: a one-hot unit select for the top's result mux (and the
// divider's start). An illegal control word selects no unit, so its result is zero by
// construction of the AND-OR mux and it never starts the divider.
module ptxalu_top_class (
  input  ptxalu_pkg::op_e op_i,
  input  logic            illegal_i,
  output logic [ptxalu_pkg::NumUnits-1:0] unit_o  // one-hot, bit ptxalu_pkg::UnitX
);

  logic [ptxalu_pkg::NumUnits-1:0] unit;
  always_comb begin
    unit = '0;
    unique case (op_i)
      ptxalu_pkg::OpVadd, ptxalu_pkg::OpVsub, ptxalu_pkg::OpVabsdiff, ptxalu_pkg::OpVmin,
      ptxalu_pkg::OpVmax, ptxalu_pkg::OpVshl, ptxalu_pkg::OpVshr, ptxalu_pkg::OpVset:
        unit[ptxalu_pkg::UnitVideo] = 1'b1;
      ptxalu_pkg::OpVmad:
        unit[ptxalu_pkg::UnitVmad] = 1'b1;
      ptxalu_pkg::OpVadd2, ptxalu_pkg::OpVsub2, ptxalu_pkg::OpVavrg2, ptxalu_pkg::OpVabsdiff2,
      ptxalu_pkg::OpVmin2, ptxalu_pkg::OpVmax2, ptxalu_pkg::OpVset2,
      ptxalu_pkg::OpVadd4, ptxalu_pkg::OpVsub4, ptxalu_pkg::OpVavrg4, ptxalu_pkg::OpVabsdiff4,
      ptxalu_pkg::OpVmin4, ptxalu_pkg::OpVmax4, ptxalu_pkg::OpVset4:
        unit[ptxalu_pkg::UnitSimd] = 1'b1;
      ptxalu_pkg::OpAdd, ptxalu_pkg::OpSub, ptxalu_pkg::OpSad, ptxalu_pkg::OpAbs,
      ptxalu_pkg::OpNeg, ptxalu_pkg::OpMin, ptxalu_pkg::OpMax:
        unit[ptxalu_pkg::UnitIntalu] = 1'b1;
      ptxalu_pkg::OpMul, ptxalu_pkg::OpMad, ptxalu_pkg::OpMul24, ptxalu_pkg::OpMad24:
        unit[ptxalu_pkg::UnitMult] = 1'b1;
      ptxalu_pkg::OpDp4a, ptxalu_pkg::OpDp2a:
        unit[ptxalu_pkg::UnitDot] = 1'b1;
      ptxalu_pkg::OpPopc, ptxalu_pkg::OpClz, ptxalu_pkg::OpBfind, ptxalu_pkg::OpFns,
      ptxalu_pkg::OpBrev, ptxalu_pkg::OpBfe, ptxalu_pkg::OpBfi, ptxalu_pkg::OpBmsk,
      ptxalu_pkg::OpSzext:
        unit[ptxalu_pkg::UnitBitmanip] = 1'b1;
      ptxalu_pkg::OpDiv, ptxalu_pkg::OpRem:
        unit[ptxalu_pkg::UnitDivider] = 1'b1;
      default:
        unit = '0;
    endcase
  end

  assign unit_o = illegal_i ? '0 : unit;

endmodule
