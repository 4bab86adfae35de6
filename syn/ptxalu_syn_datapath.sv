// Synthesis design "datapath" of the FPGA report: our units of every family the naive design
// (ptxalu_syn_naive, formal/spec) covers, muxed exactly as the naive top muxes its spec
// models, so the two differ only in the units. Not part of the design.
module ptxalu_syn_datapath (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  // Bit positions of ptxalu_top_class's unit_o.
  localparam int unsigned UnitSimd  = 0;
  localparam int unsigned UnitVideo = 1;
  localparam int unsigned UnitVmad  = 2;

  logic [7:0]  unit;
  logic [31:0] simd_result, video_result, vmad_result;

  ptxalu_top_class u_class (
    .op_i      (ctrl_i.op),
    .illegal_i (1'b0),
    .unit_o    (unit)
  );

  ptxalu_simd u_simd (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (simd_result)
  );

  ptxalu_video u_video (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (video_result)
  );

  ptxalu_vmad u_vmad (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (vmad_result)
  );

  always_comb begin
    result_o = '0;
    result_o |= {32{unit[UnitSimd]}}  & simd_result;
    result_o |= {32{unit[UnitVideo]}} & video_result;
    result_o |= {32{unit[UnitVmad]}}  & vmad_result;
  end

endmodule
