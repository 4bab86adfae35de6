// partSelectSignExtend of the scalar video instructions (vadd..vset, vmad): the byte, half or
// whole word that a sel_e names, sign- or zero-extended to a 33-bit two's complement value.
// 33 bits hold every source as its true value, .u32 and .s32 alike.
//
// Built as two steps of 2:1 muxes rather than one 7:1 mux per bit: pick the half that holds
// the element, then the byte within that half. The low byte of the value is always that byte
// (a half or the word has upper_byte = 0, upper_half = 0 for the word); above it, the
// element's own bits or copies of its sign.
module ptxalu_video_extract (
  input  logic [31:0] word_i,
  input  logic [2:0]  sel_i,     // a ptxalu_pkg::sel_e value (ctrl asel[2:0] / bsel[2:0])
  input  logic        signed_i,  // operand type .s32
  output logic [32:0] value_o
);

  logic        is_byte, is_half, upper_half, upper_byte, sign;
  logic [15:0] half;
  logic [7:0]  byte_v;

  // SelNone (and the unused code 7) select the whole word.
  ptxalu_sel_decode u_sel (.sel_i, .byte_o(is_byte), .half_o(is_half), .upper_half_o(upper_half),
                           .upper_byte_o(upper_byte));

  assign half   = upper_half ? word_i[31:16] : word_i[15:0];
  assign byte_v = upper_byte ? half[15:8] : half[7:0];

  always_comb begin
    if (is_byte) begin
      sign = signed_i & byte_v[7];
    end else if (is_half) begin
      sign = signed_i & half[15];
    end else begin
      sign = signed_i & word_i[31];
    end
  end

  assign value_o[7:0]   = byte_v;
  assign value_o[15:8]  = is_byte ? {8{sign}} : half[15:8];
  assign value_o[31:16] = (is_byte | is_half) ? {16{sign}} : word_i[31:16];
  assign value_o[32]    = sign;

endmodule
