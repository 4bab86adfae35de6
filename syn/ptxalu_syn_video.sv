// Synthesis group "video" of the FPGA report: the scalar video unit and vmad side by side,
// the result picked by the operation as ptxalu_top picks it. Not part of the design.
module ptxalu_syn_video (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  logic [31:0] video_result, vmad_result;

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

  assign result_o = (ctrl_i.op == ptxalu_pkg::OpVmad) ? vmad_result : video_result;

endmodule
