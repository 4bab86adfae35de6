// Bit manipulation: popc, clz, bfind, fns, brev, bfe, bfi (32/64-bit), bmsk, szext (32-bit).
//
// Each op is the PTX pseudo-code's loop written as masks and shifts: bfe and bfi build the
// mask of field bits that exist (i < len and pos + i <= msb) and shift through it; bmsk and
// szext are the pseudo-code's masks verbatim. One leading-zero counter serves clz and bfind
// (bfind = msb - clz of a, or of ~a for a negative signed a; .shiftamt = that clz). fns finds
// the n-th set bit from the bottom of one 32-bit vector: the mask bits at and above base
// (offset > 0), the bits at and below base reversed (offset < 0), or bit base alone
// (offset 0, n = 1). popc, clz, bfind and fns write 32 bits (§20).
//
// Stages = 1 (ptxalu_top's deep pipeline, ptxalu_pkg::LateUnitsDeep) cuts the unit with one
// register loaded by en_i: every op's answer but fns's, and fns's search vector with its block
// counts, n and flags; fns's prefix compares and search run in the next cycle, so result_o
// answers for the inputs of the last load. The register has no reset (the caller tracks what
// it holds). Stages = 2 (ExtraStages >= ptxalu_pkg::LockstepStages) adds a register before
// that one, also loaded by en_i: every op's answer before the select by op, fns's vector, n and
// flags, and ctrl (fns's block counts run after it); result_o answers for the inputs of two
// loads before (the caller moves both registers together). At Stages = 2 that register holds
// some answers in parts, composed after it (g_parts: clz/bfind from the four leading-zero counts
// of a and ~a at both widths, popc from its halves' counts, bfe's sign fill, bfi's field end),
// so that the type decode, bfe's sign index and bfi's adder are not in series with the counting
// trees and shifters. Stages = 0: combinational, clk_i and en_i unused.
module ptxalu_bitmanip #(
  parameter int unsigned Stages = 0  // 0, 1 or 2
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  output logic [63:0]       result_o
);

  // ---------------------------------------------------------------------------------------
  // Type: width and signedness
  // ---------------------------------------------------------------------------------------
  logic        is_w64;
  logic        is_signed;
  logic [63:0] width_mask;  // ones in the low w bits
  logic [63:0] a_w;         // a truncated to w bits
  logic        a_msb;       // a's sign bit at w

  assign {is_w64, is_signed} = ptxalu_pkg::bitmanip_type(ctrl_i.itype);

  assign width_mask = is_w64 ? '1 : 64'h0000_0000_ffff_ffff;
  assign a_w        = a_i & width_mask;
  assign a_msb      = is_w64 ? a_i[63] : a_i[31];

  // ---------------------------------------------------------------------------------------
  // popc, clz, bfind
  // ---------------------------------------------------------------------------------------
  // $countones and the package's binary-search lzc64 are what both tools read best: Yosys 0.23
  // builds the same adder tree as from a 64-step loop of bit additions, and the simulation
  // evaluates each in a few dozen instructions instead of hundreds per cycle.
  logic [63:0] lz_value;  // a, or ~a for bfind of a negative signed a
  logic [6:0]  lz_count;  // leading zeros of lz_value at width w
  logic [6:0]  popc_count;
  logic [63:0] bfind_val;

  assign lz_value   = (ctrl_i.op == ptxalu_pkg::OpBfind && is_signed && a_msb) ? ~a_w & width_mask
                                                                              : a_w;
  // A 32-bit value sits in the top half with ones below, so its count stops at 32.
  assign lz_count   = ptxalu_pkg::lzc64(is_w64 ? lz_value : {lz_value[31:0], 32'hffff_ffff});
  assign popc_count = 7'($countones(a_w));

  always_comb begin
    bfind_val = ptxalu_pkg::NotFound;
    if (lz_value != '0) begin
      if (ctrl_i.shiftamt) begin
        bfind_val = {57'd0, lz_count};
      end else begin
        // msb - count, with count <= msb here (a nonzero value): a bitwise complement.
        bfind_val = {57'd0, lz_count ^ (is_w64 ? 7'd63 : 7'd31)};
      end
    end
  end

  // ---------------------------------------------------------------------------------------
  // fns d, mask=a, base=b, offset=c (32-bit)
  // ---------------------------------------------------------------------------------------
  function automatic logic [31:0] reverse32(input logic [31:0] x);
    logic [31:0] r;
    for (int i = 0; i < 32; i++) begin
      r[i] = x[31-i];
    end
    reverse32 = r;
  endfunction

  logic [31:0] fns_mask;
  logic [4:0]  fns_base;
  logic        fns_base_ok;     // base <= 31 as an unsigned value (§18)
  logic        offset_neg;
  logic        offset_zero;
  logic [31:0] offset_mag;      // |offset|; 2^31 for INT_MIN, which no count reaches
  logic [5:0]  fns_n;           // which set bit, 1..32
  logic        fns_n_ok;        // |offset| <= 32
  logic [31:0] fns_search;      // bits to search from bit 0 upwards
  logic        fns_hit;
  logic [4:0]  fns_index;
  logic [63:0] fns_val;

  // ---- Stages = 2: the register before the select by op (Stages < 2: wires) --------------
  typedef struct packed {
    logic [6:0]  popc;
    logic [6:0]  lz;
    logic [63:0] bfind, brev, bfe, bfi;
    logic [31:0] bmsk, szext;
    logic [31:0] search;
    logic [5:0]  n;
    logic        ok;
    logic        neg;
    // Stages = 2 only (g_parts; unused below it)
    logic [6:0]  lz64, lz32, lz64_inv, lz32_inv;  // counts of a and ~a; 32: the low half
    logic        lz_invert;                       // count ~a: bfind of a negative signed a
    logic [5:0]  popc_lo, popc_hi;                // set bits of a's halves
    logic [63:0] bfe_bits, bfe_fill, a;           // bfe: a's field bits, the bits the sign fills
    logic [5:0]  bfe_index;                       // bfe: the sign's bit of a
    logic        bfe_signed;                      // bfe: signed and len != 0
    logic [63:0] bfi_shifted, bfi_from, b_w;      // bfi: a << pos, bits i >= pos (at width w)
    logic [8:0]  bfi_end;                         // bfi: pos + len
  } pre_t;
  pre_t              pre_d, pre_q;
  ptxalu_pkg::ctrl_t ctrl_m;  // ctrl_i after it

  assign fns_mask    = a_i[31:0];
  assign fns_base    = b_i[4:0];
  assign fns_base_ok = (b_i[31:5] == '0);
  assign offset_neg  = c_i[31];
  assign offset_zero = (c_i[31:0] == '0);
  assign offset_mag  = offset_neg ? 32'd0 - c_i[31:0] : c_i[31:0];
  assign fns_n_ok    = offset_zero || (offset_mag <= 32'd32);
  assign fns_n       = offset_zero ? 6'd1 : offset_mag[5:0];

  always_comb begin
    fns_search = fns_mask & (32'hffff_ffff << fns_base);  // offset > 0: bits base..31
    if (offset_zero) begin
      fns_search = fns_mask & (32'd1 << fns_base);
    end else if (offset_neg) begin
      // bits base..0, reversed so that counting upwards walks down from base
      fns_search = reverse32(fns_mask & (32'hffff_ffff >> (5'd31 - fns_base)));
    end
  end

  // The n-th set bit of fns_search, counting from bit 0, read from a thermometer code. With
  // P(i) the set bits below bit i, the answer t has P(t) = n - 1 and P(t+1) = n, so
  // below(i) = P(i) < n holds exactly for i <= t (decoded below). Every P(i) is a sum of at
  // most five aligned block counts (16, 8, 4, 2, 1 bits, the set bits of i), so the 31
  // compares run side by side; a running count from bit 0 (32 additions deep) was the whole
  // top's critical path on ECP5 (syn/README.md). The bit exists iff the vector holds at least
  // n set bits (n >= 1).
  // Block counts, flat (Yosys 0.23 reads no packed multi-dimensional arrays): count j of the
  // W-bit blocks sits at [j*C +: C].
  logic [31:0] fns_cnt2_d;   // 16 x 2 bits: set bits of fns_search[2j +: 2]
  logic [23:0] fns_cnt4_d;   //  8 x 3 bits
  logic [15:0] fns_cnt8_d;   //  4 x 4 bits
  logic [9:0]  fns_cnt16_d;  //  2 x 5 bits
  logic [5:0]  fns_total_d;
  logic [31:0] fns_below;    // bit i: P(i) < n (bit 0 unused: P(0) = 0 < n)

  always_comb begin
    for (int j = 0; j < 16; j++) begin
      fns_cnt2_d[2*j +: 2] = {1'b0, pre_q.search[2*j]} + {1'b0, pre_q.search[2*j+1]};
    end
    for (int j = 0; j < 8; j++) begin
      fns_cnt4_d[3*j +: 3] = {1'b0, fns_cnt2_d[4*j +: 2]} + {1'b0, fns_cnt2_d[4*j+2 +: 2]};
    end
    for (int j = 0; j < 4; j++) begin
      fns_cnt8_d[4*j +: 4] = {1'b0, fns_cnt4_d[6*j +: 3]} + {1'b0, fns_cnt4_d[6*j+3 +: 3]};
    end
    for (int j = 0; j < 2; j++) begin
      fns_cnt16_d[5*j +: 5] = {1'b0, fns_cnt8_d[8*j +: 4]} + {1'b0, fns_cnt8_d[8*j+4 +: 4]};
    end
    fns_total_d = {1'b0, fns_cnt16_d[4:0]} + {1'b0, fns_cnt16_d[9:5]};
  end

  // ---- The cut (Stages = 1; Stages = 0: wires): the other ops' answers; fns's vector, its
  // block counts, n and flags. Each level of the counts has a register of its own, apart from
  // the rest: with the counts and what they are computed from in one vector, Yosys's netlist of
  // the Stages = 0 unit holds inputs and results of the counts in one net, which Verilator
  // 5.006 reads as a combinational loop and evaluates wrongly (bitmanip_unit_test
  // YosysNetlist, fns).
  typedef struct packed {
    logic [63:0] other;   // the answer of every op but fns (0 for fns)
    logic [31:0] search;
    logic [5:0]  n;
    logic        ok;      // base and n in range
    logic        neg;
    logic        is_fns;
  } cut_t;
  cut_t        cut_d, cut_q;
  logic [63:0] other_val;
  logic [31:0] fns_cnt2;
  logic [23:0] fns_cnt4;
  logic [15:0] fns_cnt8;
  logic [4:0]  fns_cnt16;  // the low block's count (P(i) for i >= 16 reads it)
  logic [5:0]  fns_total;

  always_comb begin
    cut_d.other  = other_val;
    cut_d.search = pre_q.search;
    cut_d.n      = pre_q.n;
    cut_d.ok     = pre_q.ok;
    cut_d.neg    = pre_q.neg;
    cut_d.is_fns = (ctrl_m.op == ptxalu_pkg::OpFns);
  end

  ptxalu_en_reg #(.Width($bits(cut_d)), .Bypass(Stages == 0)) u_cut_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(cut_d), .q_o(cut_q));
  ptxalu_en_reg #(.Width(32), .Bypass(Stages == 0)) u_cnt2_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(fns_cnt2_d), .q_o(fns_cnt2));
  ptxalu_en_reg #(.Width(24), .Bypass(Stages == 0)) u_cnt4_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(fns_cnt4_d), .q_o(fns_cnt4));
  ptxalu_en_reg #(.Width(16), .Bypass(Stages == 0)) u_cnt8_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(fns_cnt8_d), .q_o(fns_cnt8));
  ptxalu_en_reg #(.Width(5), .Bypass(Stages == 0)) u_cnt16_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(fns_cnt16_d[4:0]), .q_o(fns_cnt16));
  ptxalu_en_reg #(.Width(6), .Bypass(Stages == 0)) u_total_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(fns_total_d), .q_o(fns_total));

  always_comb begin
    logic [5:0] below_count;  // P(i)
    fns_below = '0;
    for (int i = 1; i < 32; i++) begin
      // The aligned block of each set bit b of i that ends at i with its upper bits: block
      // (i >> b) - 1 of the 2^b-bit blocks.
      below_count = '0;
      if (i[0]) below_count = below_count + {5'd0, cut_q.search[i - 1]};
      if (i[1]) below_count = below_count + {4'd0, fns_cnt2[2 * ((i >> 1) - 1) +: 2]};
      if (i[2]) below_count = below_count + {3'd0, fns_cnt4[3 * ((i >> 2) - 1) +: 3]};
      if (i[3]) below_count = below_count + {2'd0, fns_cnt8[4 * ((i >> 3) - 1) +: 4]};
      if (i[4]) below_count = below_count + {1'd0, fns_cnt16[4:0]};
      fns_below[i] = (below_count < cut_q.n);
    end
  end

  // below(i) holds for i <= t only (a thermometer code, below(32) false), so bit k of t is
  // set iff some odd m has below(m * 2^k) and not below((m + 1) * 2^k): each bit an OR of
  // pairs, side by side, where a binary search picks them with five muxes in series.
  always_comb begin
    logic [32:0] below;  // fns_below with below(32) = 0
    below     = {1'b0, fns_below};
    fns_index = '0;
    for (int k = 0; k < 5; k++) begin
      for (int m = 1; (m << k) < 32; m += 2) begin
        fns_index[k] = fns_index[k] | (below[m << k] & !below[(m + 1) << k]);
      end
    end
    fns_hit = (fns_total >= cut_q.n);
  end

  always_comb begin
    fns_val = ptxalu_pkg::NotFound;
    if (cut_q.ok && fns_hit) begin
      fns_val = {59'd0, cut_q.neg ? 5'd31 - fns_index : fns_index};
    end
  end

  // ---------------------------------------------------------------------------------------
  // brev
  // ---------------------------------------------------------------------------------------
  logic [63:0] a_reversed;
  logic [63:0] brev_val;

  // Six exchange steps (halves, quarters, ..., neighbouring bits): wiring to synthesis, and a
  // few word operations per evaluation to the simulation rather than one per bit.
  always_comb begin
    a_reversed = {a_i[31:0], a_i[63:32]};
    a_reversed = {a_reversed[47:32], a_reversed[63:48], a_reversed[15:0], a_reversed[31:16]};
    a_reversed = ((a_reversed & 64'h00ff_00ff_00ff_00ff) << 8)
               | ((a_reversed >> 8) & 64'h00ff_00ff_00ff_00ff);
    a_reversed = ((a_reversed & 64'h0f0f_0f0f_0f0f_0f0f) << 4)
               | ((a_reversed >> 4) & 64'h0f0f_0f0f_0f0f_0f0f);
    a_reversed = ((a_reversed & 64'h3333_3333_3333_3333) << 2)
               | ((a_reversed >> 2) & 64'h3333_3333_3333_3333);
    a_reversed = ((a_reversed & 64'h5555_5555_5555_5555) << 1)
               | ((a_reversed >> 1) & 64'h5555_5555_5555_5555);
  end

  assign brev_val = is_w64 ? a_reversed : {32'd0, a_reversed[63:32]};

  // ---------------------------------------------------------------------------------------
  // bfe d, a, pos=b, len=c; bfi f, a, b, pos=c, len=d (pos, len & 0xff, §17)
  // ---------------------------------------------------------------------------------------
  logic [7:0]  bfe_pos, bfe_len, bfi_pos, bfi_len;
  logic [63:0] bfe_len_mask;   // bits i < len
  logic [63:0] bfe_field;      // field bits that exist: i < len and pos + i <= msb
  logic [8:0]  bfe_top;        // pos + len - 1, the field's last bit
  logic [5:0]  bfe_sign_index; // min(pos + len - 1, msb)
  logic        bfe_sign;
  logic [63:0] bfe_val;
  logic [8:0]  bfi_end;        // pos + len, the first bit above the field
  logic [63:0] bfi_field;      // bits of b that a replaces
  logic [63:0] bfi_val;

  assign bfe_pos      = b_i[7:0];
  assign bfe_len      = c_i[7:0];
  assign bfe_len_mask = ~('1 << bfe_len);
  assign bfe_field    = bfe_len_mask & (width_mask >> bfe_pos);
  assign bfe_top      = {1'b0, bfe_pos} + {1'b0, bfe_len} - 9'd1;

  always_comb begin
    bfe_sign_index = is_w64 ? 6'd63 : 6'd31;
    if (bfe_top < {3'd0, bfe_sign_index}) begin
      bfe_sign_index = bfe_top[5:0];
    end
  end

  assign bfe_sign = is_signed && (bfe_len != '0) && a_w[bfe_sign_index];
  assign bfe_val  = (((a_w >> bfe_pos) & bfe_field) | ({64{bfe_sign}} & ~bfe_field)) & width_mask;

  assign bfi_pos = c_i[7:0];
  assign bfi_len = d_i[7:0];
  assign bfi_end = {1'b0, bfi_pos} + {1'b0, bfi_len};

  // Field bit i: pos <= i < pos + len, each a compare with a constant after one adder (a
  // shift of the length mask by pos was two shifters in series). A pos above 63 leaves no
  // field bit, so a's shift reads pos's low six bits.
  always_comb begin
    for (int i = 0; i < 64; i++) begin
      bfi_field[i] = (bfi_pos <= 8'(i)) && (9'(i) < bfi_end) && width_mask[i];
    end
  end

  assign bfi_val = ((b_i & ~bfi_field) | ((a_i << bfi_pos[5:0]) & bfi_field)) & width_mask;

  // ---------------------------------------------------------------------------------------
  // bmsk d, a=position, b=width; szext d, a, b=N (32-bit, .clamp/.wrap)
  // ---------------------------------------------------------------------------------------
  logic [4:0]  bmsk_a1, bmsk_b1;
  logic [5:0]  bmsk_sum;
  logic        bmsk_pos_ovf, bmsk_width_ovf;
  logic [31:0] bmsk_mask0, bmsk_mask1;
  logic [63:0] bmsk_val;

  assign bmsk_a1        = a_i[4:0];
  assign bmsk_b1        = b_i[4:0];
  assign bmsk_sum       = {1'b0, bmsk_a1} + {1'b0, bmsk_b1};
  assign bmsk_pos_ovf   = !ctrl_i.wrap && (a_i[31:5] != '0);
  assign bmsk_width_ovf = !ctrl_i.wrap && (b_i[31:5] != '0);

  always_comb begin
    bmsk_mask0 = bmsk_pos_ovf ? '0 : 32'hffff_ffff << bmsk_a1;
    bmsk_mask1 = 32'hffff_ffff << bmsk_sum;
    if (bmsk_sum[5] || bmsk_pos_ovf || bmsk_width_ovf) begin
      bmsk_mask1 = '0;
    end else if (bmsk_b1 == '0) begin
      bmsk_mask1 = '1;
    end
  end

  assign bmsk_val = {32'd0, bmsk_mask0 & ~bmsk_mask1};

  logic [31:0] szext_a;
  logic [4:0]  szext_b1;
  logic        szext_too_large;
  logic [31:0] szext_mask;     // bits replaced by the sign (or zero)
  logic        szext_sign;
  logic [63:0] szext_val;

  assign szext_a         = a_i[31:0];
  assign szext_b1        = b_i[4:0];
  assign szext_too_large = !ctrl_i.wrap && (b_i[31:5] != '0);
  assign szext_mask      = szext_too_large ? '0 : 32'hffff_ffff << szext_b1;
  assign szext_sign      = is_signed && !szext_too_large && (szext_b1 != '0) &&
                           szext_a[szext_b1 - 5'd1];
  assign szext_val       = {32'd0, (szext_a & ~szext_mask) | ({32{szext_sign}} & szext_mask)};

  // ---------------------------------------------------------------------------------------
  // Result
  // ---------------------------------------------------------------------------------------
  always_comb begin
    pre_d.popc   = popc_count;
    pre_d.lz     = lz_count;
    pre_d.bfind  = bfind_val;
    pre_d.brev   = brev_val;
    pre_d.bfe    = bfe_val;
    pre_d.bfi    = bfi_val;
    pre_d.bmsk   = bmsk_val[31:0];
    pre_d.szext  = szext_val[31:0];
    pre_d.search = fns_search;
    pre_d.n      = fns_n;
    pre_d.ok     = fns_base_ok && fns_n_ok;
    pre_d.neg    = offset_neg;
    pre_d.lz64        = ptxalu_pkg::lzc64(a_i);
    // A 32-bit value sits in the top half with ones below, so its count stops at 32.
    pre_d.lz32        = ptxalu_pkg::lzc64({a_i[31:0], 32'hffff_ffff});
    pre_d.lz64_inv    = ptxalu_pkg::lzc64(~a_i);
    pre_d.lz32_inv    = ptxalu_pkg::lzc64({~a_i[31:0], 32'hffff_ffff});
    pre_d.lz_invert   = (ctrl_i.op == ptxalu_pkg::OpBfind) && is_signed && a_msb;
    pre_d.popc_lo     = 6'($countones(a_i[31:0]));
    pre_d.popc_hi     = 6'($countones(a_i[63:32]));
    // bfe_field's bits lie at or below msb - pos, so a's bits above msb never pass it.
    pre_d.bfe_bits    = (a_i >> bfe_pos) & bfe_field;
    pre_d.bfe_fill    = ~bfe_field & width_mask;
    pre_d.a           = a_i;  // bfe_sign_index <= msb: a's bit there is a_w's
    pre_d.bfe_index   = bfe_sign_index;
    pre_d.bfe_signed  = is_signed && (bfe_len != '0);
    pre_d.bfi_shifted = a_i << bfi_pos[5:0];
    for (int i = 0; i < 64; i++) begin
      pre_d.bfi_from[i] = (bfi_pos <= 8'(i)) && width_mask[i];
    end
    pre_d.b_w         = b_i & width_mask;
    pre_d.bfi_end     = bfi_end;
  end

  ptxalu_en_reg #(.Width($bits(pre_d)), .Bypass(Stages < 2)) u_pre_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(pre_d), .q_o(pre_q));
  ptxalu_en_reg #(.Width($bits(ctrl_i)), .Bypass(Stages < 2)) u_ctrl_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(ctrl_i), .q_o(ctrl_m));

  // The answers held in parts at Stages = 2, composed (below it: as the register holds them).
  logic [6:0]  popc_m, lz_m;
  logic [63:0] bfind_m, bfe_m, bfi_m;
  if (Stages == 2) begin : g_parts
    logic [1:0]  type_m;  // {is_w64, is_signed} of ctrl_m
    logic [63:0] bfi_field_m;
    assign type_m = ptxalu_pkg::bitmanip_type(ctrl_m.itype);
    always_comb begin
      unique case ({pre_q.lz_invert, type_m[1]})
        2'b00:   lz_m = pre_q.lz32;
        2'b01:   lz_m = pre_q.lz64;
        2'b10:   lz_m = pre_q.lz32_inv;
        default: lz_m = pre_q.lz64_inv;
      endcase
      // The value is zero iff its count is the width.
      bfind_m = ptxalu_pkg::NotFound;
      if (lz_m != (type_m[1] ? 7'd64 : 7'd32)) begin
        if (ctrl_m.shiftamt) begin
          bfind_m = {57'd0, lz_m};
        end else begin
          // msb - count, with count <= msb here (a nonzero value): a bitwise complement.
          bfind_m = {57'd0, lz_m ^ (type_m[1] ? 7'd63 : 7'd31)};
        end
      end
      popc_m = {1'b0, pre_q.popc_lo} + (type_m[1] ? {1'b0, pre_q.popc_hi} : 7'd0);
      bfe_m  = pre_q.bfe_bits |
               ({64{pre_q.bfe_signed && pre_q.a[pre_q.bfe_index]}} & pre_q.bfe_fill);
      for (int i = 0; i < 64; i++) begin
        bfi_field_m[i] = pre_q.bfi_from[i] && (9'(i) < pre_q.bfi_end);
      end
      bfi_m = (pre_q.b_w & ~bfi_field_m) | (pre_q.bfi_shifted & bfi_field_m);
    end
    logic unused_whole;
    assign unused_whole = ^{type_m[0], pre_q.popc, pre_q.lz, pre_q.bfind, pre_q.bfe, pre_q.bfi};
  end else begin : g_whole
    assign popc_m  = pre_q.popc;
    assign lz_m    = pre_q.lz;
    assign bfind_m = pre_q.bfind;
    assign bfe_m   = pre_q.bfe;
    assign bfi_m   = pre_q.bfi;
    logic unused_parts;
    assign unused_parts = ^{pre_q.lz64, pre_q.lz32, pre_q.lz64_inv, pre_q.lz32_inv,
                            pre_q.lz_invert, pre_q.popc_lo, pre_q.popc_hi, pre_q.bfe_bits,
                            pre_q.bfe_fill, pre_q.a, pre_q.bfe_index, pre_q.bfe_signed,
                            pre_q.bfi_shifted, pre_q.bfi_from, pre_q.b_w, pre_q.bfi_end};
  end

  always_comb begin
    other_val = '0;
    unique case (ctrl_m.op)
      ptxalu_pkg::OpPopc:  other_val = {57'd0, popc_m};
      ptxalu_pkg::OpClz:   other_val = {57'd0, lz_m};
      ptxalu_pkg::OpBfind: other_val = bfind_m;
      ptxalu_pkg::OpBrev:  other_val = pre_q.brev;
      ptxalu_pkg::OpBfe:   other_val = bfe_m;
      ptxalu_pkg::OpBfi:   other_val = bfi_m;
      ptxalu_pkg::OpBmsk:  other_val = {32'd0, pre_q.bmsk};
      ptxalu_pkg::OpSzext: other_val = {32'd0, pre_q.szext};
      default:             other_val = '0;  // fns (below) and other units' ops
    endcase
  end

  assign result_o = cut_q.is_fns ? fns_val : cut_q.other;

  // Fields these ops never set (legal words hold zero there), and operand bits no op reads.
  logic unused_bits;
  assign unused_bits = ^{ctrl_i.dsigned, ctrl_i.asigned, ctrl_i.bsigned, ctrl_i.asel,
                         ctrl_i.bsel, ctrl_i.dsel, ctrl_i.mask, ctrl_i.secop, ctrl_i.sat,
                         ctrl_i.cmp, ctrl_i.half, ctrl_i.scale, ctrl_i.po, ctrl_i.neg_prod,
                         ctrl_i.neg_c, ctrl_i.relu, b_i[63:32], c_i[63:32], d_i[63:8], clk_i, en_i,
                         ctrl_m, bmsk_val[63:32], szext_val[63:32]};

endmodule
