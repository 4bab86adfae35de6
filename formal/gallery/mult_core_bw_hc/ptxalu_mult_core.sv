// Gallery (correct, helper trial 3): the signed 65x65 product by Baugh-Wooley rows and a
// Han-Carlson final adder. Row i < 64 holds a[i] & b[j] at bit i+j for j < 64 and the inverted
// ~(a[i] & b[64]) at bit i+64; row 64 holds ~(a[64] & b[j]) at bit 64+j and a[64] & b[64] at
// bit 128; the inversions are paid back by the constant 2^65 + 2^129 (Baugh and Wooley, "A
// two's complement parallel array multiplication algorithm", IEEE Trans. Computers C-22(12),
// 1973). The 66 rows are summed by a carry-save chain; the final adder is Han-Carlson (Han and
// Carlson, "Fast area-efficient VLSI adders", ARITH 8, 1987): Kogge-Stone over the odd bits,
// then one more level for the even bits.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  localparam int W = 130;
  logic [W-1:0] row [66];
  always_comb begin
    for (int i = 0; i < 66; i++) row[i] = '0;
    for (int i = 0; i < 64; i++) begin
      for (int j = 0; j < 64; j++) row[i][i+j] = a_i[i] & b_i[j];
      row[i][i+64] = ~(a_i[i] & b_i[64]);
    end
    for (int j = 0; j < 64; j++) row[64][64+j] = ~(a_i[64] & b_i[j]);
    row[64][128] = a_i[64] & b_i[64];
    row[65][65]  = 1'b1;
    row[65][129] = 1'b1;
  end

  // Carry-save chain: (s, c) + row -> (s, c).
  logic [W-1:0] s [67];
  logic [W-1:0] c [67];
  assign s[0] = '0;
  assign c[0] = '0;
  for (genvar k = 0; k < 66; k++) begin : g_csa
    assign s[k+1] = s[k] ^ c[k] ^ row[k];
    assign c[k+1] = ((s[k] & c[k]) | (s[k] & row[k]) | (c[k] & row[k])) << 1;
  end

  // Han-Carlson adder of s[66] and c[66]: levels of (g, p) pairs, the odd bits at distances
  // 1, 2, 4, ..., 128 (Kogge-Stone), then each even bit from the odd bit below it.
  logic [W-1:0] g [10];
  logic [W-1:0] p [10];
  assign g[0] = s[66] & c[66];
  assign p[0] = s[66] ^ c[66];
  for (genvar l = 0; l < 8; l++) begin : g_ks
    for (genvar i = 0; i < W; i++) begin : g_bit
      if (i % 2 == 1 && i >= (1 << l)) begin : g_op
        assign g[l+1][i] = g[l][i] | (p[l][i] & g[l][i-(1<<l)]);
        assign p[l+1][i] = p[l][i] & p[l][i-(1<<l)];
      end else begin : g_pass
        assign g[l+1][i] = g[l][i];
        assign p[l+1][i] = p[l][i];
      end
    end
  end
  for (genvar i = 0; i < W; i++) begin : g_even
    if (i % 2 == 0 && i >= 2) begin : g_op
      assign g[9][i] = g[8][i] | (p[8][i] & g[8][i-1]);
    end else begin : g_pass
      assign g[9][i] = g[8][i];
    end
  end
  assign p[9] = p[8];
  assign product_o = p[0] ^ {g[9][W-2:0], 1'b0};
endmodule
