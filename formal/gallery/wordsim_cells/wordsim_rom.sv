// Word-level simulator fixture: `case` tables that Yosys' proc_rom would make read-only memories
// (a Booth radix-4 digit recoding, as users write it, and a table of 16-bit constants), which
// neither the word-level simulator nor Yosys' `eval` reads; the flow's `proc -norom` keeps them
// multiplexers (formal/scripts/equiv_elab.py).
module wordsim_rom (
  input  logic [2:0]  triple_i,  // b[2i+1], b[2i], b[2i-1]
  input  logic [3:0]  sel_i,
  input  logic [15:0] x_i,
  output logic [17:0] pp_o,      // the Booth partial product: x times -2..2
  output logic [15:0] k_o
);
  logic signed [2:0] digit;
  always_comb begin
    unique case (triple_i)
      3'b000, 3'b111: digit = 3'sd0;
      3'b001, 3'b010: digit = 3'sd1;
      3'b011:         digit = 3'sd2;
      3'b100:         digit = -3'sd2;
      default:        digit = -3'sd1;
    endcase
    unique case (sel_i)
      4'd0:    k_o = 16'h1234;
      4'd1:    k_o = 16'hfedc;
      4'd2:    k_o = 16'h8000;
      4'd3:    k_o = 16'h0001;
      4'd5:    k_o = 16'h7fff;
      4'd7:    k_o = 16'h00ff;
      4'd9:    k_o = 16'hff00;
      4'd12:   k_o = 16'h5a5a;
      default: k_o = x_i;
    endcase
  end
  assign pp_o = 18'($signed({2'b00, x_i}) * digit);
endmodule
