// Gallery (formal/gallery/README.md): a 65x65 signed multiplier core written as a user would,
// independently of rtl/ptxalu_mult_core.sv (its port list only). Radix-8 Booth recoding of b:
// 22 digits in -4..4 from overlapping 4-bit windows, the hard multiple 3a precomputed once by
// one adder; each row is the selected multiple, inverted for a negative digit, sign-extended
// to 130 bits, with its +1 in a separate row of negation bits. The 24 rows are reduced by a
// tree of 4:2 compressors (each two 3:2 stages, the middle carry passed one column up) to two
// rows, added by a hand-written Sklansky prefix adder.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);

  localparam int unsigned W      = 130;
  localparam int unsigned Digits = 22;  // ceil(66 / 3): bits 0..65 of b sign-extended

  // Multiples of a, sign-extended to 130 bits.
  logic [W-1:0] m1, m2, m3, m4;
  assign m1 = {{(W - 65){a_i[64]}}, a_i};
  assign m2 = m1 << 1;
  assign m4 = m1 << 2;
  assign m3 = m1 + m2;  // the hard multiple

  logic [67:0]  b_ext;  // b with a 0 below and its sign above: windows b[3i+2:3i-1]
  assign b_ext = {{2{b_i[64]}}, b_i, 1'b0};

  logic [24*W-1:0] rows;  // row i in [W*i +: W]
  logic [W-1:0] neg_row;

  always_comb begin
    neg_row = '0;
    for (int i = 0; i < Digits; i++) begin
      logic [3:0]   win;
      logic [W-1:0] mag;
      logic         neg;
      win = b_ext[3 * i +: 4];  // {b[3i+2], b[3i+1], b[3i], b[3i-1]}
      neg = win[3];
      unique case (win)
        4'b0000, 4'b1111: mag = '0;
        4'b0001, 4'b0010: mag = m1;  // +1
        4'b0011, 4'b0100: mag = m2;  // +2
        4'b0101, 4'b0110: mag = m3;  // +3
        4'b0111:          mag = m4;  // +4
        4'b1000:          mag = m4;  // -4
        4'b1001, 4'b1010: mag = m3;  // -3
        4'b1011, 4'b1100: mag = m2;  // -2
        4'b1101, 4'b1110: mag = m1;  // -1
        default:          mag = '0;
      endcase
      if (win == 4'b1111) neg = 1'b0;
      rows[W * i +: W] = (neg ? ~mag : mag) << (3 * i);
      if (neg) neg_row[3 * i] = 1'b1;
    end
    rows[W * 22 +: W] = neg_row;
    rows[W * 23 +: W] = '0;
  end

  // 4:2 compressor on whole rows: (x0 + x1 + x2 + x3) = s + c (mod 2^130).
  function automatic logic [2*W-1:0] comp42(logic [W-1:0] x0, logic [W-1:0] x1,
                                            logic [W-1:0] x2, logic [W-1:0] x3);
    logic [W-1:0] t, k, cin, s, c;
    t   = x0 ^ x1 ^ x2;
    k   = (x0 & x1) | (x0 & x2) | (x1 & x2);
    cin = k << 1;
    s   = t ^ x3 ^ cin;
    c   = ((t & x3) | (t & cin) | (x3 & cin)) << 1;
    comp42 = {c, s};
  endfunction

  logic [12*W-1:0] l1;  // rows of each level, row r in [W*r +: W]
  logic [6*W-1:0]  l2;
  logic [4*W-1:0]  l3;
  logic [2*W-1:0]  l4;

  for (genvar g = 0; g < 6; g++) begin : g_l1
    assign l1[2 * W * g +: 2 * W] = comp42(rows[W * (4 * g) +: W], rows[W * (4 * g + 1) +: W],
                                           rows[W * (4 * g + 2) +: W], rows[W * (4 * g + 3) +: W]);
  end
  for (genvar g = 0; g < 3; g++) begin : g_l2
    assign l2[2 * W * g +: 2 * W] = comp42(l1[W * (4 * g) +: W], l1[W * (4 * g + 1) +: W],
                                           l1[W * (4 * g + 2) +: W], l1[W * (4 * g + 3) +: W]);
  end
  assign l3[0 +: 2 * W] = comp42(l2[0 +: W], l2[W +: W], l2[2 * W +: W], l2[3 * W +: W]);
  assign l3[2 * W +: 2 * W] = l2[4 * W +: 2 * W];
  assign l4 = comp42(l3[0 +: W], l3[W +: W], l3[2 * W +: W], l3[3 * W +: W]);

  // Sklansky prefix adder: level k combines each bit with the group ending just below its
  // 2^k-aligned block.
  localparam int unsigned Levels = 8;  // 2^8 >= 130
  /* verilator lint_off UNOPTFLAT */
  logic [W-1:0] gen [Levels + 1];
  logic [W-1:0] prop [Levels + 1];
  /* verilator lint_on UNOPTFLAT */
  assign gen[0]  = l4[0 +: W] & l4[W +: W];
  assign prop[0] = l4[0 +: W] ^ l4[W +: W];
  for (genvar k = 0; k < Levels; k++) begin : g_level
    for (genvar i = 0; i < W; i++) begin : g_bit
      if (((i >> k) & 1) == 1) begin : g_comb
        localparam int unsigned J = ((i >> k) << k) - 1;
        assign gen[k + 1][i]  = gen[k][i] | (prop[k][i] & gen[k][J]);
        assign prop[k + 1][i] = prop[k][i] & prop[k][J];
      end else begin : g_pass
        assign gen[k + 1][i]  = gen[k][i];
        assign prop[k + 1][i] = prop[k][i];
      end
    end
  end
  assign product_o = prop[0] ^ {gen[Levels][W-2:0], 1'b0};

endmodule
