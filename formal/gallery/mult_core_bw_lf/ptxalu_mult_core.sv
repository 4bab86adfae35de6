// Gallery (correct; held-out-style trial 5, 2026-11-29): the signed 65x65 product as Baugh and
// Wooley first wrote it (the two negative-weight rows subtracted, not inverted bit by bit
// against a constant), summed by an even/odd double carry-save array, and a Ladner-Fischer
// parallel-prefix final adder.
//
// With a = -a64 2^64 + A, b = -b64 2^64 + B (A, B the low 64 bits):
//   a b = A B - 2^64 (a64 B) - 2^64 (b64 A) + 2^128 a64 b64.
// A B is 64 AND rows; each negative row N is added as ~N + 1 over 130 bits; the two +1s and
// the a64 b64 bit form one more row. 67 rows: the even rows go down one carry-save chain, the
// odd rows down another, and the two chains' (sum, carry) pairs meet in two more 3:2 rows.
// Ladner-Fischer adder (Ladner and Fischer, "Parallel prefix computation", JACM 27(4), 1980;
// the variant with one Brent-Kung level): the odd bits first take their even neighbour, a
// Sklansky tree runs over the 65 odd bits, and each even bit takes the odd bit below it.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  localparam int W     = 130;
  localparam int NRows = 67;

  logic [W-1:0] rows [NRows];
  always_comb begin
    logic [W-1:0] neg_a, neg_b;
    for (int j = 0; j < 64; j++) begin
      rows[j] = '0;
      for (int i = 0; i < 64; i++) rows[j][i+j] = a_i[i] & b_i[j];
    end
    neg_a = '0;  // a64 * B * 2^64
    neg_b = '0;  // b64 * A * 2^64
    for (int i = 0; i < 64; i++) begin
      neg_a[64+i] = a_i[64] & b_i[i];
      neg_b[64+i] = b_i[64] & a_i[i];
    end
    rows[64] = ~neg_a;
    rows[65] = ~neg_b;
    rows[66] = '0;
    rows[66][1]   = 1'b1;               // the two +1s of the negations
    rows[66][128] = a_i[64] & b_i[64];
  end

  // Two carry-save chains: even rows 0, 2, ..., 66 (34 rows), odd rows 1, 3, ..., 65 (33).
  /* verilator lint_off UNOPTFLAT */  // arrays of levels: no level reads itself
  logic [W-1:0] es [35];
  logic [W-1:0] ec [35];
  logic [W-1:0] os [34];
  logic [W-1:0] oc [34];
  /* verilator lint_on UNOPTFLAT */
  assign es[0] = '0;
  assign ec[0] = '0;
  assign os[0] = '0;
  assign oc[0] = '0;
  for (genvar k = 0; k < 34; k++) begin : g_even_chain
    assign es[k+1] = es[k] ^ ec[k] ^ rows[2*k];
    assign ec[k+1] = ((es[k] & ec[k]) | (es[k] & rows[2*k]) | (ec[k] & rows[2*k])) << 1;
  end
  for (genvar k = 0; k < 33; k++) begin : g_odd_chain
    assign os[k+1] = os[k] ^ oc[k] ^ rows[2*k+1];
    assign oc[k+1] = ((os[k] & oc[k]) | (os[k] & rows[2*k+1]) | (oc[k] & rows[2*k+1])) << 1;
  end

  // Merge the chains: (es, ec, os) -> (m1s, m1c); (m1s, m1c, oc) -> (x, y).
  logic [W-1:0] m1s, m1c, x, y;
  assign m1s = es[34] ^ ec[34] ^ os[33];
  assign m1c = ((es[34] & ec[34]) | (es[34] & os[33]) | (ec[34] & os[33])) << 1;
  assign x   = m1s ^ m1c ^ oc[33];
  assign y   = ((m1s & m1c) | (m1s & oc[33]) | (m1c & oc[33])) << 1;

  // Ladner-Fischer adder of x and y.
  localparam int NOdd = W / 2;  // 65 odd bits: bit 2m+1 is odd element m
  logic [W-1:0] g0, p0;
  assign g0 = x & y;
  assign p0 = x ^ y;

  // Level 0: odd bit 2m+1 with its even neighbour 2m.
  /* verilator lint_off UNOPTFLAT */
  logic [NOdd-1:0] og [8];
  logic [NOdd-1:0] op [8];
  /* verilator lint_on UNOPTFLAT */
  for (genvar m = 0; m < NOdd; m++) begin : g_pair
    assign og[0][m] = g0[2*m+1] | (p0[2*m+1] & g0[2*m]);
    assign op[0][m] = p0[2*m+1] & p0[2*m];
  end
  // Sklansky levels over the odd elements: at level k, element m with bit k set takes the
  // group that ends just below its 2^(k+1)-aligned half, at ((m >> k) << k) - 1.
  for (genvar k = 0; k < 7; k++) begin : g_skl
    for (genvar m = 0; m < NOdd; m++) begin : g_el
      if (((m >> k) & 1) == 1) begin : g_op
        localparam int S = ((m >> k) << k) - 1;
        assign og[k+1][m] = og[k][m] | (op[k][m] & og[k][S]);
        assign op[k+1][m] = op[k][m] & op[k][S];
      end else begin : g_pass
        assign og[k+1][m] = og[k][m];
        assign op[k+1][m] = op[k][m];
      end
    end
  end

  // carry[i]: the carry into bit i, the group 0..i-1.
  logic [W-1:0] carry;
  assign carry[0] = 1'b0;
  for (genvar i = 1; i < W; i++) begin : g_carry
    if (i % 2 == 0) begin : g_from_odd        // group 0..i-1 ends at odd bit i-1
      assign carry[i] = og[7][(i-2)/2];
    end else begin : g_from_even              // group 0..i-1 ends at even bit i-1
      if (i == 1) begin : g_first
        assign carry[i] = g0[0];
      end else begin : g_fix
        assign carry[i] = g0[i-1] | (p0[i-1] & og[7][(i-3)/2]);
      end
    end
  end

  assign product_o = p0 ^ carry;
endmodule
