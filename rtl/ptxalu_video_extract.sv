// partSelectSignExtend of the scalar video instructions (vadd..vset, vmad): the byte, half or
// whole word that a sel_e names, sign- or zero-extended to a 33-bit two's complement value.
// 33 bits hold every source as its true value, .u32 and .s32 alike.
module ptxalu_video_extract (
  input  logic [31:0] word_i,
  input  logic [2:0]  sel_i,     // a ptxalu_pkg::sel_e value (ctrl asel[2:0] / bsel[2:0])
  input  logic        signed_i,  // operand type .s32
  output logic [32:0] value_o
);

  always_comb begin
    value_o = {signed_i & word_i[31], word_i};
    unique case (sel_i)
      ptxalu_pkg::SelB0: value_o = {{25{signed_i & word_i[7]}},  word_i[7:0]};
      ptxalu_pkg::SelB1: value_o = {{25{signed_i & word_i[15]}}, word_i[15:8]};
      ptxalu_pkg::SelB2: value_o = {{25{signed_i & word_i[23]}}, word_i[23:16]};
      ptxalu_pkg::SelB3: value_o = {{25{signed_i & word_i[31]}}, word_i[31:24]};
      ptxalu_pkg::SelH0: value_o = {{17{signed_i & word_i[15]}}, word_i[15:0]};
      ptxalu_pkg::SelH1: value_o = {{17{signed_i & word_i[31]}}, word_i[31:16]};
      default:           value_o = {signed_i & word_i[31], word_i};  // SelNone: the word
    endcase
  end

endmodule
