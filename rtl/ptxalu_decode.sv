// Legality of a control word: illegal_o is high unless ctrl_i is the canonical encoding of one
// of the legal instruction forms listed in doc/CANONICAL_FORMS.md.
//
// Canonical means every field the form does not use is zero. So each form is checked as
// (the fields it uses hold allowed values) AND (every other field is zero); the zero checks
// are grouped by instruction family, which use disjoint sets of fields. Written from the
// form list, not from the C++ model's is_legal: the two are compared by the RTL tests.
module ptxalu_decode (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  output logic              illegal_o
);

  ptxalu_pkg::ctrl_t c;
  assign c = ctrl_i;

  // ---- Field checks shared by several forms ------------------------------------------------

  // Scalar selector (video, vmad): a sel_e value 0..6 in [2:0], nothing above.
  logic asel_scalar, bsel_scalar;
  assign asel_scalar = (c.asel[11:3] == '0) && (c.asel[2:0] != 3'd7);
  assign bsel_scalar = (c.bsel[11:3] == '0) && (c.bsel[2:0] != 3'd7);

  // x2 selector: lanes 0 and 1 each name pool half 0..3, lanes 2 and 3 zero.
  logic asel_x2, bsel_x2;
  assign asel_x2 = (c.asel[11:6] == '0) && !c.asel[2] && !c.asel[5];
  assign bsel_x2 = (c.bsel[11:6] == '0) && !c.bsel[2] && !c.bsel[5];

  logic dsel_none, dsel_valid, secop_none, cmp_valid;
  assign dsel_none  = (c.dsel == ptxalu_pkg::SelNone);
  assign dsel_valid = (c.dsel != 3'd7);
  assign secop_none = (c.secop == ptxalu_pkg::SecNone);
  assign cmp_valid  = (c.cmp == ptxalu_pkg::CmpEq) || (c.cmp == ptxalu_pkg::CmpNe) ||
                      (c.cmp == ptxalu_pkg::CmpLt) || (c.cmp == ptxalu_pkg::CmpLe) ||
                      (c.cmp == ptxalu_pkg::CmpGt) || (c.cmp == ptxalu_pkg::CmpGe);

  // The vmad/integer fields at the bottom of the word, which the video forms never use.
  logic tail_zero;
  assign tail_zero = (c.half == ptxalu_pkg::HalfNone) && (c.scale == ptxalu_pkg::ScaleNone) &&
                     !c.po && !c.neg_prod && !c.neg_c && !c.relu && !c.shiftamt;

  // ---- Scalar video: vadd vsub vabsdiff vmin vmax vshl vshr vset -----------------------------

  // Secondary op and dsel exclude each other (§10); any secop value 0..3 is a legal one.
  logic scalar_video_common;
  assign scalar_video_common = (c.itype == ptxalu_pkg::ItNone) && asel_scalar && bsel_scalar &&
                               dsel_valid && (dsel_none || secop_none) &&
                               (c.mask == '0) && tail_zero;

  logic video_arith_ok, video_shift_ok, video_set_ok;
  assign video_arith_ok = scalar_video_common && (c.cmp == ptxalu_pkg::CmpEq) && !c.wrap;
  // Shift: btype .u32 only (§8); .wrap/.clamp is the one extra field.
  assign video_shift_ok = scalar_video_common && (c.cmp == ptxalu_pkg::CmpEq) && !c.bsigned;
  // vset: a compare, no dtype and no .sat (§7).
  assign video_set_ok = scalar_video_common && cmp_valid && !c.dsigned && !c.sat && !c.wrap;

  // ---- vmad -----------------------------------------------------------------------------------

  logic vmad_ok;
  assign vmad_ok = (c.itype == ptxalu_pkg::ItNone) && asel_scalar && bsel_scalar && dsel_none &&
                   (c.mask == '0) && secop_none && (c.cmp == ptxalu_pkg::CmpEq) &&
                   (c.half == ptxalu_pkg::HalfNone) && !c.wrap &&
                   (c.scale != 2'd3) &&
                   !(c.po && (c.neg_prod || c.neg_c)) && !(c.neg_prod && c.neg_c) &&
                   !c.relu && !c.shiftamt;

  // ---- SIMD video -------------------------------------------------------------------------------

  // Accumulate is the only secondary op; .sat only without it (§5).
  logic simd_common;
  assign simd_common = (c.itype == ptxalu_pkg::ItNone) && dsel_none && !c.secop[1] &&
                       !(c.sat && !secop_none) && !c.wrap && tail_zero;

  logic simd_arith_fields, simd_set_fields;
  assign simd_arith_fields = simd_common && (c.cmp == ptxalu_pkg::CmpEq);
  assign simd_set_fields   = simd_common && cmp_valid && !c.dsigned && !c.sat;

  logic x2_shape, x4_shape;
  assign x2_shape = asel_x2 && bsel_x2 && (c.mask[3:2] == '0) && (c.mask[1:0] != '0);
  assign x4_shape = (c.mask != '0);

  // ---- Integer --------------------------------------------------------------------------------

  // Integer forms never use the video fields.
  logic int_common;
  assign int_common = !c.dsigned && !c.asigned && !c.bsigned && (c.asel == '0) &&
                      (c.bsel == '0) && dsel_none && (c.mask == '0) && secop_none &&
                      (c.cmp == ptxalu_pkg::CmpEq) && (c.scale == ptxalu_pkg::ScaleNone) &&
                      !c.po && !c.neg_prod && !c.neg_c;

  // Type sets.
  logic t_u16, t_u32, t_u64, t_s16, t_s32, t_s64, t_u16x2, t_s16x2, t_b32, t_b64;
  assign t_u16   = (c.itype == ptxalu_pkg::ItU16);
  assign t_u32   = (c.itype == ptxalu_pkg::ItU32);
  assign t_u64   = (c.itype == ptxalu_pkg::ItU64);
  assign t_s16   = (c.itype == ptxalu_pkg::ItS16);
  assign t_s32   = (c.itype == ptxalu_pkg::ItS32);
  assign t_s64   = (c.itype == ptxalu_pkg::ItS64);
  assign t_u16x2 = (c.itype == ptxalu_pkg::ItU16x2);
  assign t_s16x2 = (c.itype == ptxalu_pkg::ItS16x2);
  assign t_b32   = (c.itype == ptxalu_pkg::ItB32);
  assign t_b64   = (c.itype == ptxalu_pkg::ItB64);

  logic t_scalar6, t_x2, t_signed3, t_bits, t_us32, t_us3264, t_wide_ok;
  assign t_scalar6 = t_u16 | t_u32 | t_u64 | t_s16 | t_s32 | t_s64;
  assign t_x2      = t_u16x2 | t_s16x2;
  assign t_signed3 = t_s16 | t_s32 | t_s64;
  assign t_bits    = t_b32 | t_b64;
  assign t_us32    = t_u32 | t_s32;
  assign t_us3264  = t_u32 | t_u64 | t_s32 | t_s64;
  assign t_wide_ok = t_u16 | t_u32 | t_s16 | t_s32;  // .wide doubles 16/32-bit types only

  logic half_none, half_lohi, half_any;
  assign half_none = (c.half == ptxalu_pkg::HalfNone);
  assign half_lohi = (c.half == ptxalu_pkg::HalfLo) || (c.half == ptxalu_pkg::HalfHi);
  assign half_any  = half_lohi || ((c.half == ptxalu_pkg::HalfWide) && t_wide_ok);

  // The remaining four bits of an integer form are sat, half, wrap, relu, shiftamt: zero unless
  // the form lists them.
  logic plain_tail;  // sat, half, wrap, relu, shiftamt all zero
  assign plain_tail = !c.sat && half_none && !c.wrap && !c.relu && !c.shiftamt;

  logic add_ok, sub_ok, mul_ok, mad_ok, mul24_ok, mad24_ok, scalar6_ok, absneg_ok, minmax_ok;
  logic bits_ok, bfind_ok, fns_ok, bfe_ok, bmsk_ok, szext_ok, dp4a_ok, dp2a_ok;
  // add/sub: .sat only with .s32 (§19).
  assign add_ok     = int_common && (t_scalar6 || t_x2) && (!c.sat || t_s32) && half_none &&
                      !c.wrap && !c.relu && !c.shiftamt;
  assign sub_ok     = int_common && t_scalar6 && (!c.sat || t_s32) && half_none &&
                      !c.wrap && !c.relu && !c.shiftamt;
  assign mul_ok     = int_common && t_scalar6 && half_any && !c.sat && !c.wrap && !c.relu &&
                      !c.shiftamt;
  // mad: .sat only as mad.hi.sat.s32 (§19).
  assign mad_ok     = int_common && t_scalar6 && half_any &&
                      (!c.sat || (t_s32 && (c.half == ptxalu_pkg::HalfHi))) &&
                      !c.wrap && !c.relu && !c.shiftamt;
  assign mul24_ok   = int_common && t_us32 && half_lohi && !c.sat && !c.wrap && !c.relu &&
                      !c.shiftamt;
  assign mad24_ok   = int_common && t_us32 && half_lohi &&
                      (!c.sat || (t_s32 && (c.half == ptxalu_pkg::HalfHi))) &&
                      !c.wrap && !c.relu && !c.shiftamt;
  assign scalar6_ok = int_common && t_scalar6 && plain_tail;  // sad div rem
  assign absneg_ok  = int_common && t_signed3 && plain_tail;
  // min/max: .relu only with .s32 and .s16x2 (§19).
  assign minmax_ok  = int_common && (t_scalar6 || t_x2) && (!c.relu || t_s32 || t_s16x2) &&
                      !c.sat && half_none && !c.wrap && !c.shiftamt;
  assign bits_ok    = int_common && t_bits && plain_tail;  // popc clz brev bfi
  assign bfind_ok   = int_common && t_us3264 && !c.sat && half_none && !c.wrap && !c.relu;
  assign fns_ok     = int_common && t_b32 && plain_tail;
  assign bfe_ok     = int_common && (t_us3264 || t_bits) && plain_tail;
  assign bmsk_ok    = int_common && t_b32 && !c.sat && half_none && !c.relu && !c.shiftamt;
  assign szext_ok   = int_common && t_us32 && !c.sat && half_none && !c.relu && !c.shiftamt;

  // dp4a/dp2a: no itype; the operand types are asigned/bsigned.
  logic dot_common;
  assign dot_common = (c.itype == ptxalu_pkg::ItNone) && !c.dsigned && (c.asel == '0) &&
                      (c.bsel == '0) && dsel_none && (c.mask == '0) && secop_none && !c.sat &&
                      (c.cmp == ptxalu_pkg::CmpEq) && !c.wrap &&
                      (c.scale == ptxalu_pkg::ScaleNone) && !c.po && !c.neg_prod && !c.neg_c &&
                      !c.relu && !c.shiftamt;
  assign dp4a_ok = dot_common && half_none;
  assign dp2a_ok = dot_common && half_lohi;

  // ---- Per operation ----------------------------------------------------------------------------

  logic legal;
  always_comb begin
    legal = 1'b0;
    unique case (c.op)
      ptxalu_pkg::OpVadd, ptxalu_pkg::OpVsub, ptxalu_pkg::OpVabsdiff, ptxalu_pkg::OpVmin,
      ptxalu_pkg::OpVmax:  legal = video_arith_ok;
      ptxalu_pkg::OpVshl, ptxalu_pkg::OpVshr: legal = video_shift_ok;
      ptxalu_pkg::OpVset:  legal = video_set_ok;
      ptxalu_pkg::OpVmad:  legal = vmad_ok;
      ptxalu_pkg::OpVadd2, ptxalu_pkg::OpVsub2, ptxalu_pkg::OpVavrg2, ptxalu_pkg::OpVabsdiff2,
      ptxalu_pkg::OpVmin2, ptxalu_pkg::OpVmax2: legal = simd_arith_fields && x2_shape;
      ptxalu_pkg::OpVset2: legal = simd_set_fields && x2_shape;
      ptxalu_pkg::OpVadd4, ptxalu_pkg::OpVsub4, ptxalu_pkg::OpVavrg4, ptxalu_pkg::OpVabsdiff4,
      ptxalu_pkg::OpVmin4, ptxalu_pkg::OpVmax4: legal = simd_arith_fields && x4_shape;
      ptxalu_pkg::OpVset4: legal = simd_set_fields && x4_shape;
      ptxalu_pkg::OpAdd:   legal = add_ok;
      ptxalu_pkg::OpSub:   legal = sub_ok;
      ptxalu_pkg::OpMul:   legal = mul_ok;
      ptxalu_pkg::OpMad:   legal = mad_ok;
      ptxalu_pkg::OpMul24: legal = mul24_ok;
      ptxalu_pkg::OpMad24: legal = mad24_ok;
      ptxalu_pkg::OpSad, ptxalu_pkg::OpDiv, ptxalu_pkg::OpRem: legal = scalar6_ok;
      ptxalu_pkg::OpAbs, ptxalu_pkg::OpNeg: legal = absneg_ok;
      ptxalu_pkg::OpMin, ptxalu_pkg::OpMax: legal = minmax_ok;
      ptxalu_pkg::OpPopc, ptxalu_pkg::OpClz, ptxalu_pkg::OpBrev, ptxalu_pkg::OpBfi:
        legal = bits_ok;
      ptxalu_pkg::OpBfind: legal = bfind_ok;
      ptxalu_pkg::OpFns:   legal = fns_ok;
      ptxalu_pkg::OpBfe:   legal = bfe_ok;
      ptxalu_pkg::OpBmsk:  legal = bmsk_ok;
      ptxalu_pkg::OpSzext: legal = szext_ok;
      ptxalu_pkg::OpDp4a:  legal = dp4a_ok;
      ptxalu_pkg::OpDp2a:  legal = dp2a_ok;
      default:             legal = 1'b0;  // op values 47..63 name nothing
    endcase
  end

  assign illegal_o = !legal;

endmodule
