// The extracted operands of the scalar video instructions: ta and tb, partSelectSignExtend of
// a and b (ptxalu_video_extract), 33-bit two's complement values. ptxalu_vmad reads them for
// its own or the shared multiplier, ptxalu_video for its adder and shifter; ptxalu_datapath's
// deep pipeline reads them on the live inputs, a stage before vmad's result logic (g_mul_pipe).
module ptxalu_vmad_operands (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  output logic [32:0]       ta_o,
  output logic [32:0]       tb_o
);

  ptxalu_video_extract u_extract_a (
    .word_i   (a_i),
    .sel_i    (ctrl_i.asel[2:0]),
    .signed_i (ctrl_i.asigned),
    .value_o  (ta_o)
  );

  ptxalu_video_extract u_extract_b (
    .word_i   (b_i),
    .sel_i    (ctrl_i.bsel[2:0]),
    .signed_i (ctrl_i.bsigned),
    .value_o  (tb_o)
  );

  // Only the selects and signedness of a and b are read.
  logic unused_ctrl;
  assign unused_ctrl = ^ctrl_i;

endmodule
