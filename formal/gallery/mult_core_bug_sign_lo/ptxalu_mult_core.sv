// Gallery (planted bug): mult_core_4pp with the low halves taken as signed.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  logic signed [31:0]  ah, bh;
  logic signed [33:0]  al, bl;
  logic signed [129:0] hh, hl, lh, ll;
  assign ah = a_i[64:33];
  assign bh = b_i[64:33];
  assign al = {a_i[32], a_i[32:0]};
  assign bl = {1'b0, b_i[32:0]};
  assign hh = ah * bh;
  assign hl = ah * bl;
  assign lh = al * bh;
  assign ll = al * bl;
  assign product_o = (hh <<< 66) + (hl <<< 33) + (lh <<< 33) + ll;
endmodule
