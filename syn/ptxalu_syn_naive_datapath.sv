// Naive counterpart of rtl/ptxalu_datapath (WithDiv = 0) for the FPGA report: the formal/spec
// model of each family (spec_simd, spec_video, spec_vmad, spec_intalu, spec_mult, spec_dot,
// spec_bitmanip), each with its own arithmetic, selected by the same one-hot unit_i with the
// same AND-OR mux. Not part of the design.
module ptxalu_syn_naive_datapath (
  input  logic [ptxalu_pkg::NumUnits-1:0] unit_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  output logic [63:0]       result_o
);

  logic [ptxalu_pkg::NumUnits-1:0] unit;
  logic [31:0] simd_result, video_result, vmad_result, dot_result;
  logic [63:0] intalu_result, mult_result, bitmanip_result;

  assign unit = unit_i;

  spec_simd u_simd (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i[31:0]),
    .b_i      (b_i[31:0]),
    .c_i      (c_i[31:0]),
    .result_o (simd_result)
  );

  spec_video u_video (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i[31:0]),
    .b_i      (b_i[31:0]),
    .c_i      (c_i[31:0]),
    .result_o (video_result)
  );

  spec_vmad u_vmad (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i[31:0]),
    .b_i      (b_i[31:0]),
    .c_i      (c_i[31:0]),
    .result_o (vmad_result)
  );

  spec_intalu u_intalu (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (intalu_result)
  );

  spec_mult u_mult (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (mult_result)
  );

  spec_dot u_dot (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i[31:0]),
    .b_i      (b_i[31:0]),
    .c_i      (c_i[31:0]),
    .result_o (dot_result)
  );

  spec_bitmanip u_bitmanip (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .d_i      (d_i),
    .result_o (bitmanip_result)
  );

  always_comb begin
    result_o = '0;
    result_o |= {64{unit[ptxalu_pkg::UnitSimd]}}     & {32'b0, simd_result};
    result_o |= {64{unit[ptxalu_pkg::UnitVideo]}}    & {32'b0, video_result};
    result_o |= {64{unit[ptxalu_pkg::UnitVmad]}}     & {32'b0, vmad_result};
    result_o |= {64{unit[ptxalu_pkg::UnitIntalu]}}   & intalu_result;
    result_o |= {64{unit[ptxalu_pkg::UnitMult]}}     & mult_result;
    result_o |= {64{unit[ptxalu_pkg::UnitDot]}}      & {32'b0, dot_result};
    result_o |= {64{unit[ptxalu_pkg::UnitBitmanip]}} & bitmanip_result;
  end

endmodule
