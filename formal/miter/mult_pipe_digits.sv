// The 16-digit decomposition of a signed 65x65 product, the statement between
// rtl/ptxalu_mult_pipe.sv and a * b (formal/obligations.py, _mult_pipe): each operand as three
// unsigned 17-bit digits and a signed 14-bit one (18-bit signed digits), and
//   product_o = sum over k, l of ad[k] * bd[l] * 2^(17 (k + l))   (mod 2^130),
// written as the sum of the 16 non-negative terms (ad[k] * bd[l] + 2^35) * 2^(17 (k + l)),
// k outer, after the total of those 2^35 offsets is subtracted. Each digit product is signed
// at the width it is read at (130 - 17 (k + l) bits), so its polynomial is exact there:
// mult_pipe/digits-are-the-product compares this module with $signed(a_i) * $signed(b_i) by the
// algebraic engine. mult_pipe/digit-products pairs these 16 products with the unit's (the
// product cut: after wreduce each is its exact 18x18 or narrower product); the offsets and the
// order make the two sums equal word by word, which ABC proves in seconds (a spec summing the
// sign-extended products took it 90 s of CPU).
module mult_pipe_digits (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);

  logic signed [17:0] ad [4];
  logic signed [17:0] bd [4];
  always_comb begin
    for (int k = 0; k < 3; k++) begin
      ad[k] = {1'b0, a_i[17*k +: 17]};
      bd[k] = {1'b0, b_i[17*k +: 17]};
    end
    ad[3] = {{4{a_i[64]}}, a_i[64:51]};
    bd[3] = {{4{b_i[64]}}, b_i[64:51]};
  end

  logic [129:0] term [4][4];
  for (genvar k = 0; k < 4; k++) begin : g_a
    for (genvar l = 0; l < 4; l++) begin : g_b
      localparam int unsigned Shift = 17 * (k + l);
      logic signed [129-Shift:0] p;
      logic        [129-Shift:0] t;
      assign p = ad[k] * bd[l];
      assign t = p + (130-Shift)'(36'h8_0000_0000);
      assign term[k][l] = 130'(t) << Shift;
    end
  end

  always_comb begin
    product_o = '0;
    for (int k = 0; k < 4; k++) begin
      for (int l = 0; l < 4; l++) begin
        product_o = product_o - (130'(1) << (35 + 17 * (k + l)));
      end
    end
    for (int k = 0; k < 4; k++) begin
      for (int l = 0; l < 4; l++) begin
        product_o = product_o + term[k][l];
      end
    end
  end

endmodule
