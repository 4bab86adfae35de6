// Gallery (formal/gallery/README.md): a 65x65 signed multiplier core as a user would write it,
// independently of rtl/ptxalu_mult_core.sv (its port list only); written out by a small
// generator (one line per compressor). The 65 rows are a (sign-extended to 130 bits) AND b's
// bit i, shifted by i; b's sign row is negated (two's complement, weight -2^64). They are reduced
// by a tree of 4:2 compressors (each two 3:2 stages, the middle carry passed one column up;
// 6 levels, each level padded with zero rows to a multiple of four) to two rows, added by a
// hand-written Sklansky prefix adder.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  localparam int W = 130;
  function automatic logic [2*W-1:0] comp42(logic [W-1:0] x0, logic [W-1:0] x1, logic [W-1:0] x2, logic [W-1:0] x3);
    logic [W-1:0] t, k, cin, s, c;
    t = x0 ^ x1 ^ x2; k = (x0 & x1) | (x0 & x2) | (x1 & x2); cin = k << 1;
    s = t ^ x3 ^ cin; c = ((t & x3) | (t & cin) | (x3 & cin)) << 1;
    comp42 = {c, s};
  endfunction
  logic [W-1:0] ae;
  assign ae = {{65{a_i[64]}}, a_i};
  logic [259:0] c0_0;
  assign c0_0 = comp42((b_i[0] ? (ae << 0) : 130'd0), (b_i[1] ? (ae << 1) : 130'd0), (b_i[2] ? (ae << 2) : 130'd0), (b_i[3] ? (ae << 3) : 130'd0));
  logic [259:0] c0_1;
  assign c0_1 = comp42((b_i[4] ? (ae << 4) : 130'd0), (b_i[5] ? (ae << 5) : 130'd0), (b_i[6] ? (ae << 6) : 130'd0), (b_i[7] ? (ae << 7) : 130'd0));
  logic [259:0] c0_2;
  assign c0_2 = comp42((b_i[8] ? (ae << 8) : 130'd0), (b_i[9] ? (ae << 9) : 130'd0), (b_i[10] ? (ae << 10) : 130'd0), (b_i[11] ? (ae << 11) : 130'd0));
  logic [259:0] c0_3;
  assign c0_3 = comp42((b_i[12] ? (ae << 12) : 130'd0), (b_i[13] ? (ae << 13) : 130'd0), (b_i[14] ? (ae << 14) : 130'd0), (b_i[15] ? (ae << 15) : 130'd0));
  logic [259:0] c0_4;
  assign c0_4 = comp42((b_i[16] ? (ae << 16) : 130'd0), (b_i[17] ? (ae << 17) : 130'd0), (b_i[18] ? (ae << 18) : 130'd0), (b_i[19] ? (ae << 19) : 130'd0));
  logic [259:0] c0_5;
  assign c0_5 = comp42((b_i[20] ? (ae << 20) : 130'd0), (b_i[21] ? (ae << 21) : 130'd0), (b_i[22] ? (ae << 22) : 130'd0), (b_i[23] ? (ae << 23) : 130'd0));
  logic [259:0] c0_6;
  assign c0_6 = comp42((b_i[24] ? (ae << 24) : 130'd0), (b_i[25] ? (ae << 25) : 130'd0), (b_i[26] ? (ae << 26) : 130'd0), (b_i[27] ? (ae << 27) : 130'd0));
  logic [259:0] c0_7;
  assign c0_7 = comp42((b_i[28] ? (ae << 28) : 130'd0), (b_i[29] ? (ae << 29) : 130'd0), (b_i[30] ? (ae << 30) : 130'd0), (b_i[31] ? (ae << 31) : 130'd0));
  logic [259:0] c0_8;
  assign c0_8 = comp42((b_i[32] ? (ae << 32) : 130'd0), (b_i[33] ? (ae << 33) : 130'd0), (b_i[34] ? (ae << 34) : 130'd0), (b_i[35] ? (ae << 35) : 130'd0));
  logic [259:0] c0_9;
  assign c0_9 = comp42((b_i[36] ? (ae << 36) : 130'd0), (b_i[37] ? (ae << 37) : 130'd0), (b_i[38] ? (ae << 38) : 130'd0), (b_i[39] ? (ae << 39) : 130'd0));
  logic [259:0] c0_10;
  assign c0_10 = comp42((b_i[40] ? (ae << 40) : 130'd0), (b_i[41] ? (ae << 41) : 130'd0), (b_i[42] ? (ae << 42) : 130'd0), (b_i[43] ? (ae << 43) : 130'd0));
  logic [259:0] c0_11;
  assign c0_11 = comp42((b_i[44] ? (ae << 44) : 130'd0), (b_i[45] ? (ae << 45) : 130'd0), (b_i[46] ? (ae << 46) : 130'd0), (b_i[47] ? (ae << 47) : 130'd0));
  logic [259:0] c0_12;
  assign c0_12 = comp42((b_i[48] ? (ae << 48) : 130'd0), (b_i[49] ? (ae << 49) : 130'd0), (b_i[50] ? (ae << 50) : 130'd0), (b_i[51] ? (ae << 51) : 130'd0));
  logic [259:0] c0_13;
  assign c0_13 = comp42((b_i[52] ? (ae << 52) : 130'd0), (b_i[53] ? (ae << 53) : 130'd0), (b_i[54] ? (ae << 54) : 130'd0), (b_i[55] ? (ae << 55) : 130'd0));
  logic [259:0] c0_14;
  assign c0_14 = comp42((b_i[56] ? (ae << 56) : 130'd0), (b_i[57] ? (ae << 57) : 130'd0), (b_i[58] ? (ae << 58) : 130'd0), (b_i[59] ? (ae << 59) : 130'd0));
  logic [259:0] c0_15;
  assign c0_15 = comp42((b_i[60] ? (ae << 60) : 130'd0), (b_i[61] ? (ae << 61) : 130'd0), (b_i[62] ? (ae << 62) : 130'd0), (b_i[63] ? (ae << 63) : 130'd0));
  logic [259:0] c0_16;
  assign c0_16 = comp42((b_i[64] ? (~(ae << 64) + 130'd1) : 130'd0), 130'd0, 130'd0, 130'd0);
  logic [259:0] c1_0;
  assign c1_0 = comp42(c0_0[129:0], c0_0[259:130], c0_1[129:0], c0_1[259:130]);
  logic [259:0] c1_1;
  assign c1_1 = comp42(c0_2[129:0], c0_2[259:130], c0_3[129:0], c0_3[259:130]);
  logic [259:0] c1_2;
  assign c1_2 = comp42(c0_4[129:0], c0_4[259:130], c0_5[129:0], c0_5[259:130]);
  logic [259:0] c1_3;
  assign c1_3 = comp42(c0_6[129:0], c0_6[259:130], c0_7[129:0], c0_7[259:130]);
  logic [259:0] c1_4;
  assign c1_4 = comp42(c0_8[129:0], c0_8[259:130], c0_9[129:0], c0_9[259:130]);
  logic [259:0] c1_5;
  assign c1_5 = comp42(c0_10[129:0], c0_10[259:130], c0_11[129:0], c0_11[259:130]);
  logic [259:0] c1_6;
  assign c1_6 = comp42(c0_12[129:0], c0_12[259:130], c0_13[129:0], c0_13[259:130]);
  logic [259:0] c1_7;
  assign c1_7 = comp42(c0_14[129:0], c0_14[259:130], c0_15[129:0], c0_15[259:130]);
  logic [259:0] c1_8;
  assign c1_8 = comp42(c0_16[129:0], c0_16[259:130], 130'd0, 130'd0);
  logic [259:0] c2_0;
  assign c2_0 = comp42(c1_0[129:0], c1_0[259:130], c1_1[129:0], c1_1[259:130]);
  logic [259:0] c2_1;
  assign c2_1 = comp42(c1_2[129:0], c1_2[259:130], c1_3[129:0], c1_3[259:130]);
  logic [259:0] c2_2;
  assign c2_2 = comp42(c1_4[129:0], c1_4[259:130], c1_5[129:0], c1_5[259:130]);
  logic [259:0] c2_3;
  assign c2_3 = comp42(c1_6[129:0], c1_6[259:130], c1_7[129:0], c1_7[259:130]);
  logic [259:0] c2_4;
  assign c2_4 = comp42(c1_8[129:0], c1_8[259:130], 130'd0, 130'd0);
  logic [259:0] c3_0;
  assign c3_0 = comp42(c2_0[129:0], c2_0[259:130], c2_1[129:0], c2_1[259:130]);
  logic [259:0] c3_1;
  assign c3_1 = comp42(c2_2[129:0], c2_2[259:130], c2_3[129:0], c2_3[259:130]);
  logic [259:0] c3_2;
  assign c3_2 = comp42(c2_4[129:0], c2_4[259:130], 130'd0, 130'd0);
  logic [259:0] c4_0;
  assign c4_0 = comp42(c3_0[129:0], c3_0[259:130], c3_1[129:0], c3_1[259:130]);
  logic [259:0] c4_1;
  assign c4_1 = comp42(c3_2[129:0], c3_2[259:130], 130'd0, 130'd0);
  logic [259:0] c5_0;
  assign c5_0 = comp42(c4_0[129:0], c4_0[259:130], c4_1[129:0], c4_1[259:130]);
  logic [W-1:0] gen [9];
  logic [W-1:0] prop [9];
  assign gen[0] = c5_0[129:0] & c5_0[259:130];
  assign prop[0] = c5_0[129:0] ^ c5_0[259:130];
  for (genvar k = 0; k < 8; k++) begin : g_level
    for (genvar i = 0; i < W; i++) begin : g_bit
      if (((i >> k) & 1) == 1) begin : g_comb
        localparam int J = ((i >> k) << k) - 1;
        assign gen[k + 1][i] = gen[k][i] | (prop[k][i] & gen[k][J]);
        assign prop[k + 1][i] = prop[k][i] & prop[k][J];
      end else begin : g_pass
        assign gen[k + 1][i] = gen[k][i];
        assign prop[k + 1][i] = prop[k][i];
      end
    end
  end
  assign product_o = prop[0] ^ {gen[8][W-2:0], 1'b0};
endmodule
