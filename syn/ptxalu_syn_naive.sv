// The naive design of the FPGA report: the plain spec models of formal/spec (one circuit
// per family, written from the pseudo-code), muxed by family like ptxalu_syn_datapath, so
// the area ratio of the two measures only the units. Not part of the design.
module ptxalu_syn_naive (
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

  spec_simd u_simd (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (simd_result)
  );

  spec_video u_video (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (video_result)
  );

  spec_vmad u_vmad (
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
