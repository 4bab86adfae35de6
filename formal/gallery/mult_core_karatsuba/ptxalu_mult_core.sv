// Gallery (correct): the signed 65x65 product by one level of Karatsuba. With a = ah 2^33 + al
// (ah the signed top 32 bits, al the unsigned low 33) and b likewise,
//   a * b = z2 2^66 + z1 2^33 + z0,  z2 = ah bh,  z0 = al bl,
//   z1 = (ah + al)(bh + bl) - z2 - z0,
// three products instead of four, all at 130 bits (the result is modulo 2^130).
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  logic signed [129:0] ah, bh, al, bl, z0, z1, z2;
  assign ah = {{98{a_i[64]}}, a_i[64:33]};
  assign bh = {{98{b_i[64]}}, b_i[64:33]};
  assign al = {97'd0, a_i[32:0]};
  assign bl = {97'd0, b_i[32:0]};
  assign z2 = ah * bh;
  assign z0 = al * bl;
  assign z1 = (ah + al) * (bh + bl) - z2 - z0;
  assign product_o = (z2 <<< 66) + (z1 <<< 33) + z0;
endmodule
