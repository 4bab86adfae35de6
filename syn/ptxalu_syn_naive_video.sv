// Naive counterpart of ptxalu_syn_video for the FPGA report: formal/spec spec_video and
// spec_vmad, the result picked by the operation the same way. Not part of the design.
module ptxalu_syn_naive_video (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  logic [31:0] video_result, vmad_result;

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

  assign result_o = (ctrl_i.op == ptxalu_pkg::OpVmad) ? vmad_result : video_result;

endmodule
