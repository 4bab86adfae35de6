// A 17x17 signed radix-8 Booth multiplier shaped like the gallery's mult_core_booth8: the hard
// multiple m3 = a + 2a one adder's word read by every row, the 6 rows and the row of negation
// bits reduced by two levels of 4:2 compressors, a Sklansky prefix final adder; for
// algebra_booth8_test. BUG = 1 plants a wrong prefix wire (bit 13 at level 2 combines with
// the group ending at bit 10, not 11). The AIGs beside this file are Yosys' mapping of it, as
// for booth8.v:
//   yosys -p "read_verilog -sv booth8_tree.v; chparam -set BUG B booth8_tree; prep -top
//     booth8_tree; flatten; opt_clean; techmap -map ../ripple_lcu.v -map +/techmap.v;
//     opt_expr; aigmap; write_aiger -zinit booth8_tree_B.aig"                 (B = 0, 1)
module booth8_tree #(parameter int BUG = 0) (
  input  logic [16:0] a,
  input  logic [16:0] b,
  output logic [33:0] p
);
  localparam int W = 34;
  logic [W-1:0] m1, m2, m3, m4;
  assign m1 = {{17{a[16]}}, a};
  assign m2 = m1 << 1;
  assign m4 = m1 << 2;
  assign m3 = m1 + m2;
  logic [18:0] bx;  // b with a 0 below and its sign above: windows bx[3i+3:3i]
  assign bx = {b[16], b, 1'b0};
  logic [W-1:0] row [8];
  always_comb begin
    row[6] = '0;  // the negation bits
    row[7] = '0;
    for (int i = 0; i < 6; i++) begin
      logic [3:0] win;
      logic [W-1:0] mag;
      logic neg;
      win = bx[3 * i +: 4];
      neg = win[3] && win != 4'b1111;
      case (win)
        4'b0001, 4'b0010, 4'b1101, 4'b1110: mag = m1;
        4'b0011, 4'b0100, 4'b1011, 4'b1100: mag = m2;
        4'b0101, 4'b0110, 4'b1001, 4'b1010: mag = m3;
        4'b0111, 4'b1000: mag = m4;
        default: mag = '0;
      endcase
      row[i] = (neg ? ~mag : mag) << (3 * i);
      row[6][3 * i] = neg;
    end
  end
  // 4:2 compressor: two 3:2 stages, the first stage's carry passed one column up.
  function automatic logic [2*W-1:0] c42(logic [W-1:0] x0, logic [W-1:0] x1,
                                         logic [W-1:0] x2, logic [W-1:0] x3);
    logic [W-1:0] t, k, s, c;
    t = x0 ^ x1 ^ x2;
    k = ((x0 & x1) | (x0 & x2) | (x1 & x2)) << 1;
    s = t ^ x3 ^ k;
    c = ((t & x3) | (t & k) | (x3 & k)) << 1;
    c42 = {c, s};
  endfunction
  logic [2*W-1:0] l1a, l1b, l2;
  assign l1a = c42(row[0], row[1], row[2], row[3]);
  assign l1b = c42(row[4], row[5], row[6], row[7]);
  assign l2 = c42(l1a[0 +: W], l1a[W +: W], l1b[0 +: W], l1b[W +: W]);
  // Sklansky: at level k, bit i with bit k set combines with the group ending at bit J.
  logic [W-1:0] g [7];
  logic [W-1:0] q [7];
  assign g[0] = l2[0 +: W] & l2[W +: W];
  assign q[0] = l2[0 +: W] ^ l2[W +: W];
  for (genvar k = 0; k < 6; k++) begin : g_level
    for (genvar i = 0; i < W; i++) begin : g_bit
      if (((i >> k) & 1) == 1) begin : g_comb
        localparam int J = ((i >> k) << k) - 1 - ((BUG == 1 && k == 2 && i == 13) ? 1 : 0);
        assign g[k + 1][i] = g[k][i] | (q[k][i] & g[k][J]);
        assign q[k + 1][i] = q[k][i] & q[k][J];
      end else begin : g_pass
        assign g[k + 1][i] = g[k][i];
        assign q[k + 1][i] = q[k][i];
      end
    end
  end
  assign p = q[0] ^ {g[6][W-2:0], 1'b0};
endmodule
