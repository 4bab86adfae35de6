// Scalar video unit: vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset (vmad has its own).
//
// The stages of the PTX text (CLARIFICATIONS §6): extract a and b (byte, half or word per
// asel/bsel) extended by atype/btype to 33 bits; the primary op on exact values; optSaturate
// by dtype, narrowed to a byte or half when dsel merges; the secondary op (.add/.min/.max)
// against c extended by dtype (vset: c unsigned, §7) or the merge at dsel; the low 32 bits.
// formal/spec/spec_video.sv is that text on exact 80-bit values; this unit is proven equal.
//
// Narrow representation. The exact primary value P needs up to 65 bits (vshl: a 33-bit ta
// times 2^32), but the later stages use little of it, so the unit carries P as
//   p[31:0]  the low 32 bits of P;
//   p_neg    P < 0;
//   p_over   P lies outside the 33-bit two's complement range [-2^32, 2^32 - 1].
// When !p_over, P is exactly {p_neg, p} read as a signed 33-bit number. Why that suffices:
//   - Only low bits of P are written: the result, the merged byte/half, and the secondary add
//     (the low 32 bits of P + c depend only on the low 32 bits of P and of c).
//   - Everything else is an order: P against the saturation bounds, and the saturated value S
//     against c. The bounds and c all lie in [-2^31, 2^32 - 1], inside the 33-bit range, so a
//     P outside it is above them all if p_neg = 0 and below them all if p_neg = 1.
//   - The bounds are 2^k - 1 and -2^k (k = 7, 8, 15, 16, 31, 32) and 0, so their compares are
//     constant-width: with !p_over, P > 2^k - 1 iff !p_neg and p[31:k] != 0, and P < -2^k iff
//     p_neg and p[31:k] is not all ones. A clamped value is written only in its low 8/16/32
//     bits, where it is all ones or all zeros except the sign bit of a signed dtype.
//   - S is in the same form (a clamped S is in range). S < c: p_neg if S is out of range, else
//     the sign of the 34-bit S - c, from the adder that also does the secondary add.
// How each primary op yields the narrow form:
//   - vadd, vsub: one 34-bit adder, exact for 33-bit operands (p_neg is its bit 33, p_over
//     bit 33 differing from bit 32). Its subtraction ta - tb also gives every compare: ta < tb
//     is its sign, ta == tb its zero (vmin, vmax, vset's six compares, and vabsdiff, which
//     negates a negative difference: (d ^ sign) + sign).
//   - vmin, vmax, vshr and vset stay in [-2^31, 2^32 - 1], the range of an extracted source:
//     never out of range.
//   - vshl: P = ta * 2^s (s <= 32) is in range iff ta[31:32-s] are all copies of the sign
//     ta[32]. vshl and vshr share one 32-bit right shifter: vshr shifts ta arithmetically
//     (the result keeps ta's sign), vshl shifts ta[31:0] bit-reversed with zeros coming in
//     (the low 32 bits of ta << s, reversed); the bits it drops are exactly ta[31:32-s], so
//     p_over is "a dropped bit differs from the sign", collected stage by stage.
//
// Stages = 1 (ptxalu_top's deep pipeline, ptxalu_pkg::LateUnitsDeep) registers the narrow
// form of P with the fields the later steps read (dsel, dsigned, sat, secop, c), loaded by
// en_i: result_o answers for the inputs of the last load. Stages = 2 (ExtraStages >=
// ptxalu_pkg::LockstepStages) adds a register after the extraction (ta, tb, c, ctrl), also
// loaded by en_i: result_o answers for the inputs of two loads before (the caller moves both
// registers together). No reset (the caller tracks what they hold). Stages = 0:
// combinational, clk_i and en_i unused.
module ptxalu_video #(
  parameter int unsigned Stages = 0  // 0, 1 or 2
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  logic              is_video, is_vset;
  ptxalu_pkg::ctrl_t ctrl_m;  // ctrl_i, after the register of Stages = 2

  always_comb begin
    is_video = 1'b0;
    is_vset  = 1'b0;
    unique case (ctrl_m.op)
      ptxalu_pkg::OpVadd, ptxalu_pkg::OpVsub, ptxalu_pkg::OpVabsdiff, ptxalu_pkg::OpVmin,
      ptxalu_pkg::OpVmax: is_video = 1'b1;
      ptxalu_pkg::OpVshr, ptxalu_pkg::OpVshl: is_video = 1'b1;
      ptxalu_pkg::OpVset: begin
        is_video = 1'b1;
        is_vset  = 1'b1;
      end
      default: ;
    endcase
  end

  // ---------------------------------------------------------------------------------------
  // 1. Extract and extend
  // ---------------------------------------------------------------------------------------

  logic [32:0] ta0, tb0, ta, tb;

  // The same extraction as vmad's product operands (ptxalu_vmad_operands). vshl/vshr read the
  // shift amount as .u32 (§8): a legal shift has bsigned = 0, so b is extended exactly as vmad
  // extends it and synthesis shares the two extractors when both units sit in one design (a
  // unit may assume a legal control word, doc/CANONICAL_FORMS.md).
  ptxalu_vmad_operands u_operands (.ctrl_i, .a_i, .b_i, .ta_o(ta0), .tb_o(tb0));

  // The shifter's input, fill and amount (step 2 below), before the register of Stages = 2.
  // One right shifter serves both shifts. vshr shifts ta arithmetically (its result keeps ta's
  // sign, so only bits 31:0 are produced). vshl shifts ta[31:0] bit-reversed with zeros coming
  // in: the low 32 bits of ta << shamt, reversed.
  logic        is_shl0, fill0, fill;
  logic [31:0] sh_in0, sh_in;
  logic [5:0]  shamt0, shamt;  // ptxalu_pkg::video_shamt: .clamp/.wrap (§8)

  assign is_shl0 = (ctrl_i.op == ptxalu_pkg::OpVshl);
  assign fill0   = ~is_shl0 & ta0[32];
  assign shamt0  = ptxalu_pkg::video_shamt(ctrl_i.wrap, tb0[31:0]);
  always_comb begin
    for (int unsigned i = 0; i < 32; i++) begin
      sh_in0[i] = is_shl0 ? ta0[31-i] : ta0[i];
    end
  end

  // Stages = 2: the register after the extraction (Stages < 2: wires); after it ta, tb, c_m,
  // ctrl_m, the shifter's input, fill and amount, and sub, the adder's direction, decoded
  // before it (off the path into the adder).
  logic [31:0] c_m;
  logic        sub0, sub;
  assign sub0 = (ctrl_i.op != ptxalu_pkg::OpVadd);
  ptxalu_en_reg #(.Width(138), .Bypass(Stages < 2)) u_pre_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i({ta0, tb0, c_i, sub0, sh_in0, fill0, shamt0}),
    .q_o({ta, tb, c_m, sub, sh_in, fill, shamt}));
  ptxalu_en_reg #(.Width($bits(ctrl_i)), .Bypass(Stages < 2)) u_ctrl_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(ctrl_i), .q_o(ctrl_m));

  // ---------------------------------------------------------------------------------------
  // 2. Primary operation, in the narrow form (p, p_neg, p_over)
  // ---------------------------------------------------------------------------------------

  // One adder: ta + tb for vadd, ta - tb for every other op (its sign and zero are the
  // compares). vabsdiff takes tb - ta for a negative difference, from a second adder beside
  // the first: a negation after it ((d ^ sign) + sign, an increment in series) was the unit's
  // critical path on ECP5 (syn/README.md "100 MHz").
  logic        negate;
  logic [33:0] sum, sum_rev, arith;
  logic        a_lt_b, a_eq_b, cmp_true;

  assign sum     = {ta[32], ta} + ({tb[32], tb} ^ {34{sub}}) + {33'd0, sub};
  assign sum_rev = {tb[32], tb} - {ta[32], ta};
  assign a_lt_b  = sum[33];
  assign a_eq_b  = (sum == '0);
  assign negate  = (ctrl_m.op == ptxalu_pkg::OpVabsdiff) & a_lt_b;
  assign arith   = negate ? sum_rev : sum;

  assign cmp_true = ptxalu_pkg::cmp_holds(ctrl_m.cmp, a_lt_b, a_eq_b);

  // The shifter (its input, fill and amount above). vshl drops ta[31:32-shamt]; ta << shamt
  // leaves the 33-bit range iff one of them differs from the sign ta[32].
  logic        drop_0, drop_1, drop_2, drop_3, drop_4, drop_5, shl_over;
  logic [31:0] shl_value;
  logic [32:0] sh_0, sh_1, sh_2, sh_3, sh_4, sh_5, sh_out;

  always_comb begin
    for (int unsigned i = 0; i < 32; i++) begin
      shl_value[i] = sh_out[31-i];
    end
  end

  assign sh_0   = {fill, sh_in};
  assign sh_1   = shamt[0] ? {fill, sh_0[32:1]} : sh_0;
  assign sh_2   = shamt[1] ? {{2{fill}}, sh_1[32:2]} : sh_1;
  assign sh_3   = shamt[2] ? {{4{fill}}, sh_2[32:4]} : sh_2;
  assign sh_4   = shamt[3] ? {{8{fill}}, sh_3[32:8]} : sh_3;
  assign sh_5   = shamt[4] ? {{16{fill}}, sh_4[32:16]} : sh_4;
  assign sh_out = shamt[5] ? {33{fill}} : sh_5;  // shamt[5] only for 32: all 32 bits out

  assign drop_0   = shamt[0] & (sh_0[0] ^ ta[32]);
  assign drop_1   = shamt[1] & |(sh_1[1:0] ^ {2{ta[32]}});
  assign drop_2   = shamt[2] & |(sh_2[3:0] ^ {4{ta[32]}});
  assign drop_3   = shamt[3] & |(sh_3[7:0] ^ {8{ta[32]}});
  assign drop_4   = shamt[4] & |(sh_4[15:0] ^ {16{ta[32]}});
  assign drop_5   = shamt[5] & |(sh_5[31:0] ^ {32{ta[32]}});
  assign shl_over = drop_0 | drop_1 | drop_2 | drop_3 | drop_4 | drop_5;

  // p_d: the low 32 bits of P. In range (!p_over_d), P is {p_neg_d, p_d} as a signed 33-bit
  // number (p, p_neg, p_over after the cut).
  logic [31:0] p_d;
  logic        p_neg_d, p_over_d;

  always_comb begin
    p_d      = arith[31:0];
    p_neg_d  = arith[33];
    p_over_d = arith[33] ^ arith[32];
    unique case (ctrl_m.op)
      ptxalu_pkg::OpVadd, ptxalu_pkg::OpVsub, ptxalu_pkg::OpVabsdiff: begin
        p_d      = arith[31:0];
        p_neg_d  = arith[33];
        p_over_d = arith[33] ^ arith[32];
      end
      ptxalu_pkg::OpVmin: begin
        p_d      = a_lt_b ? ta[31:0] : tb[31:0];
        p_neg_d  = a_lt_b ? ta[32] : tb[32];
        p_over_d = 1'b0;
      end
      ptxalu_pkg::OpVmax: begin
        p_d      = a_lt_b ? tb[31:0] : ta[31:0];
        p_neg_d  = a_lt_b ? tb[32] : ta[32];
        p_over_d = 1'b0;
      end
      ptxalu_pkg::OpVshl: begin
        p_d      = shl_value;
        p_neg_d  = ta[32];
        p_over_d = shl_over;
      end
      ptxalu_pkg::OpVshr: begin
        p_d      = sh_out[31:0];
        p_neg_d  = ta[32];
        p_over_d = 1'b0;
      end
      ptxalu_pkg::OpVset: begin
        p_d      = {31'd0, cmp_true};
        p_neg_d  = 1'b0;
        p_over_d = 1'b0;
      end
      default: ;
    endcase
  end

  // ---- The cut (Stages = 1; Stages = 0: wires): P's narrow form and what the later steps
  // read. dsel and secop pass apart from the struct: Yosys 0.23 gives a package's enum type one
  // bit as a struct member. The saturation (ptxalu_video_sat) runs after the cut: before it,
  // it made the side before the cut the longer on ECP5 (70.0 against 74.8 MHz at ExtraStages
  // = 4; Yosys maps its constants onto the registers' set/reset).
  typedef struct packed {
    logic [31:0] p;
    logic [31:0] c;
    logic        p_neg;
    logic        p_over;
    logic        dsigned;
    logic        sat;
    logic        is_video;
    logic        is_vset;
  } cut_t;
  cut_t               cut_d, cut_q;
  ptxalu_pkg::sel_e   dsel;
  ptxalu_pkg::secop_e secop;

  always_comb begin
    cut_d.p        = p_d;
    cut_d.c        = c_m;
    cut_d.p_neg    = p_neg_d;
    cut_d.p_over   = p_over_d;
    cut_d.dsigned  = ctrl_m.dsigned;
    cut_d.sat      = ctrl_m.sat;
    cut_d.is_video = is_video;
    cut_d.is_vset  = is_vset;
  end

  ptxalu_en_reg #(.Width($bits(cut_d)), .Bypass(Stages == 0)) u_cut_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(cut_d), .q_o(cut_q));
  ptxalu_en_reg #(.Width($bits(dsel)), .Bypass(Stages == 0)) u_dsel_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(ctrl_m.dsel), .q_o(dsel));
  ptxalu_en_reg #(.Width($bits(secop)), .Bypass(Stages == 0)) u_secop_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(ctrl_m.secop), .q_o(secop));

  // ---------------------------------------------------------------------------------------
  // 3. optSaturate, 4. the secondary operation or merge, 5. the low 32 bits
  // ---------------------------------------------------------------------------------------
  logic [31:0] s;  // S, the saturated value, in the narrow form
  logic        s_neg, s_over;

  ptxalu_video_sat u_sat (.dsel_i(dsel), .dsigned_i(cut_q.dsigned), .sat_i(cut_q.sat),
                          .p_i(cut_q.p), .p_neg_i(cut_q.p_neg), .p_over_i(cut_q.p_over),
                          .s_o(s), .s_neg_o(s_neg), .s_over_o(s_over));

  // ptxalu_video_finish, on an adder of its own (ptxalu_video_small shares its one adder).
  logic [33:0] sec_x, sec_y, sec_sum;
  logic        sec_cin;
  logic [31:0] finished;

  ptxalu_video_finish u_finish (
    .dsel_i    (dsel),
    .secop_i   (secop),
    .dsigned_i (cut_q.dsigned),
    .vset_i    (cut_q.is_vset),
    .s_i       (s),
    .s_neg_i   (s_neg),
    .s_over_i  (s_over),
    .c_i       (cut_q.c),
    .sec_x_o   (sec_x),
    .sec_y_o   (sec_y),
    .sec_cin_o (sec_cin),
    .sec_sum_i (sec_sum),
    .result_o  (finished)
  );

  assign sec_sum  = sec_x + sec_y + {33'd0, sec_cin};
  assign result_o = cut_q.is_video ? finished : '0;

  // Fields no scalar video form uses (zero in a legal word), the selectors' high bits, the
  // shifter's fill bit and the secondary sum's bit 32 (only its sign and low word are used).
  logic unused_ctrl;
  assign unused_ctrl = ^{ctrl_i.itype, ctrl_i.asel[11:3], ctrl_i.bsel[11:3], ctrl_i.mask,
                         ctrl_i.half, ctrl_i.scale, ctrl_i.po, ctrl_i.neg_prod, ctrl_i.neg_c,
                         ctrl_i.relu, ctrl_i.shiftamt, sh_out[32], sec_sum[32], clk_i, en_i,
                         ctrl_m};

endmodule
