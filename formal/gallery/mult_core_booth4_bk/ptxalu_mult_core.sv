// Gallery (correct, helper trial 3): the signed 65x65 product by radix-4 Booth rows in one's
// complement, a carry-save chain and a Brent-Kung final adder. Digit i of a (a[-1] = 0) is
// -2*a[2i+1] + a[2i] + a[2i-1]; row i is its magnitude (0, b or 2b, sign-extended to 130 bits),
// inverted for a negative digit, with the missing +1 of the negation collected in one extra row
// at bit 2i. The 34 rows pass through 3:2 carry-save adders one after another, and the sum and
// carry words meet in a Brent-Kung parallel-prefix adder (Brent and Kung, "A regular layout for
// parallel adders", IEEE Trans. Computers C-31(3), 1982): an up-sweep at distances 1, 2, 4, ...
// and a down-sweep that fills the remaining positions.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  localparam int W = 130;
  logic [66:0]  a_ext;  // a_ext[k] = a[k-1], a_ext[0] = 0
  logic [W-1:0] b_ext;
  assign a_ext = {a_i[64], a_i, 1'b0};
  assign b_ext = {{65{b_i[64]}}, b_i};

  logic [W-1:0] row [34];
  logic [32:0]  neg;
  for (genvar i = 0; i < 33; i++) begin : g_row
    logic [2:0]   d;
    logic [W-1:0] mag;
    assign d      = a_ext[2*i +: 3];
    assign neg[i] = d[2] & ~(d[1] & d[0]);
    assign mag    = (d[1] ^ d[0]) ? b_ext
                  : ((d == 3'b011 || d == 3'b100) ? (b_ext << 1) : '0);
    assign row[i] = (neg[i] ? ~mag : mag) << (2 * i);
  end
  logic [W-1:0] neg_row;
  always_comb begin
    neg_row = '0;
    for (int i = 0; i < 33; i++) neg_row[2*i] = neg[i];
  end
  assign row[33] = neg_row;

  // Carry-save chain: (s, c) + row -> (s, c).
  logic [W-1:0] s [35];
  logic [W-1:0] c [35];
  assign s[0] = '0;
  assign c[0] = '0;
  for (genvar k = 0; k < 34; k++) begin : g_csa
    assign s[k+1] = s[k] ^ c[k] ^ row[k];
    assign c[k+1] = ((s[k] & c[k]) | (s[k] & row[k]) | (c[k] & row[k])) << 1;
  end

  // Brent-Kung adder of s[34] and c[34].
  logic [W-1:0] g, p;
  always_comb begin
    g = s[34] & c[34];
    p = s[34] ^ c[34];
    for (int d = 1; d < W; d = d * 2)
      for (int i = 2 * d - 1; i < W; i += 2 * d) begin
        g[i] = g[i] | (p[i] & g[i-d]);
        p[i] = p[i] & p[i-d];
      end
    for (int d = 64; d >= 1; d = d / 2)
      for (int i = 3 * d - 1; i < W; i += 2 * d) begin
        g[i] = g[i] | (p[i] & g[i-d]);
        p[i] = p[i] & p[i-d];
      end
  end
  assign product_o = (s[34] ^ c[34]) ^ {g[W-2:0], 1'b0};
endmodule
