// What a scalar video part selector (ptxalu_pkg::sel_e: asel, bsel, dsel) names: a byte, a half
// or the whole word (SelNone and the unused code 7), and where in the word it sits. Read by
// ptxalu_video_extract (the operands' part select) and ptxalu_video_finish (dsel's saturation
// range and merge), so the selector's meaning is written once.
module ptxalu_sel_decode (
  input  logic [2:0] sel_i,         // a ptxalu_pkg::sel_e value
  output logic       byte_o,        // SelB0..SelB3
  output logic       half_o,        // SelH0, SelH1
  output logic       upper_half_o,  // in bits 31:16: SelB2, SelB3, SelH1
  output logic       upper_byte_o   // in the upper byte of its half: SelB1, SelB3
);

  always_comb begin
    {byte_o, half_o, upper_half_o, upper_byte_o} = 4'b0000;
    unique case (sel_i)
      ptxalu_pkg::SelB0: {byte_o, half_o, upper_half_o, upper_byte_o} = 4'b1000;
      ptxalu_pkg::SelB1: {byte_o, half_o, upper_half_o, upper_byte_o} = 4'b1001;
      ptxalu_pkg::SelB2: {byte_o, half_o, upper_half_o, upper_byte_o} = 4'b1010;
      ptxalu_pkg::SelB3: {byte_o, half_o, upper_half_o, upper_byte_o} = 4'b1011;
      ptxalu_pkg::SelH0: {byte_o, half_o, upper_half_o, upper_byte_o} = 4'b0100;
      ptxalu_pkg::SelH1: {byte_o, half_o, upper_half_o, upper_byte_o} = 4'b0110;
      default: ;
    endcase
  end

endmodule
