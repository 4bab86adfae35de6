// Legality spec: a control word is legal iff it is one of the canonical forms of
// doc/CANONICAL_FORMS.md, with every field the form does not list zero.
//
// Written as one predicate per form: `uses_*` says which fields the form lists, and the
// final check is "listed fields hold allowed values" AND "unlisted fields are zero".
module spec_decode (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  output logic              illegal_o
);

  logic [5:0] op;
  logic [3:0] it;
  assign op = ctrl_i.op;
  assign it = ctrl_i.itype;

  // Operation classes.
  logic is_sv_arith, is_sv_shift, is_vset, is_vmad, is_x2, is_vset2, is_x4, is_vset4;
  assign is_sv_arith = op == ptxalu_pkg::OpVadd || op == ptxalu_pkg::OpVsub ||
                       op == ptxalu_pkg::OpVabsdiff || op == ptxalu_pkg::OpVmin ||
                       op == ptxalu_pkg::OpVmax;
  assign is_sv_shift = op == ptxalu_pkg::OpVshl || op == ptxalu_pkg::OpVshr;
  assign is_vset     = op == ptxalu_pkg::OpVset;
  assign is_vmad     = op == ptxalu_pkg::OpVmad;
  assign is_x2       = op == ptxalu_pkg::OpVadd2 || op == ptxalu_pkg::OpVsub2 ||
                       op == ptxalu_pkg::OpVavrg2 || op == ptxalu_pkg::OpVabsdiff2 ||
                       op == ptxalu_pkg::OpVmin2 || op == ptxalu_pkg::OpVmax2;
  assign is_vset2    = op == ptxalu_pkg::OpVset2;
  assign is_x4       = op == ptxalu_pkg::OpVadd4 || op == ptxalu_pkg::OpVsub4 ||
                       op == ptxalu_pkg::OpVavrg4 || op == ptxalu_pkg::OpVabsdiff4 ||
                       op == ptxalu_pkg::OpVmin4 || op == ptxalu_pkg::OpVmax4;
  assign is_vset4    = op == ptxalu_pkg::OpVset4;

  // Integer type sets.
  logic t_scalar6, t_add8, t_s3, t_b, t_ubfind, t_1632;
  assign t_scalar6 = it == ptxalu_pkg::ItU16 || it == ptxalu_pkg::ItU32 ||
                     it == ptxalu_pkg::ItU64 || it == ptxalu_pkg::ItS16 ||
                     it == ptxalu_pkg::ItS32 || it == ptxalu_pkg::ItS64;
  assign t_add8    = t_scalar6 || it == ptxalu_pkg::ItU16x2 || it == ptxalu_pkg::ItS16x2;
  assign t_s3      = it == ptxalu_pkg::ItS16 || it == ptxalu_pkg::ItS32 ||
                     it == ptxalu_pkg::ItS64;
  assign t_b       = it == ptxalu_pkg::ItB32 || it == ptxalu_pkg::ItB64;
  assign t_ubfind  = it == ptxalu_pkg::ItU32 || it == ptxalu_pkg::ItU64 ||
                     it == ptxalu_pkg::ItS32 || it == ptxalu_pkg::ItS64;
  assign t_1632    = it == ptxalu_pkg::ItU16 || it == ptxalu_pkg::ItU32 ||
                     it == ptxalu_pkg::ItS16 || it == ptxalu_pkg::ItS32;

  // Field value checks shared by several forms.
  logic asel_scalar, bsel_scalar, asel_x2, bsel_x2, cmp_ok, secop_dsel_ok, scale_ok, vmad_neg_ok;
  assign asel_scalar   = ctrl_i.asel[11:3] == 9'd0 && ctrl_i.asel[2:0] <= 3'd6;
  assign bsel_scalar   = ctrl_i.bsel[11:3] == 9'd0 && ctrl_i.bsel[2:0] <= 3'd6;
  assign asel_x2       = ctrl_i.asel[11:6] == 6'd0 && !ctrl_i.asel[5] && !ctrl_i.asel[2];
  assign bsel_x2       = ctrl_i.bsel[11:6] == 6'd0 && !ctrl_i.bsel[5] && !ctrl_i.bsel[2];
  assign cmp_ok        = ctrl_i.cmp <= ptxalu_pkg::CmpGe;
  // Scalar video: a secondary op (None/Add/Min/Max) with no dsel, or a dsel B0..H1 with no
  // secondary op; both at once is illegal (§10).
  assign secop_dsel_ok = ctrl_i.dsel == ptxalu_pkg::SelNone ||
                         (ctrl_i.dsel <= ptxalu_pkg::SelH1 && ctrl_i.secop == ptxalu_pkg::SecNone);
  assign scale_ok      = ctrl_i.scale <= ptxalu_pkg::ScaleShr15;
  assign vmad_neg_ok   = !(ctrl_i.po && (ctrl_i.neg_prod || ctrl_i.neg_c)) &&
                         !(ctrl_i.neg_prod && ctrl_i.neg_c);

  // Which fields each form lists (a listed field may be nonzero; its values are checked below).
  logic u_itype, u_dsigned, u_asigned, u_bsigned, u_asel, u_bsel, u_dsel, u_mask, u_secop;
  logic u_sat, u_cmp, u_half, u_wrap, u_scale, u_po, u_neg, u_relu, u_shiftamt;
  // Allowed values of the listed fields.
  logic values_ok;

  always_comb begin
    u_itype = 1'b0; u_dsigned = 1'b0; u_asigned = 1'b0; u_bsigned = 1'b0;
    u_asel = 1'b0; u_bsel = 1'b0; u_dsel = 1'b0; u_mask = 1'b0; u_secop = 1'b0;
    u_sat = 1'b0; u_cmp = 1'b0; u_half = 1'b0; u_wrap = 1'b0; u_scale = 1'b0;
    u_po = 1'b0; u_neg = 1'b0; u_relu = 1'b0; u_shiftamt = 1'b0;
    values_ok = 1'b0;

    if (is_sv_arith || is_sv_shift || is_vset) begin
      u_dsigned = !is_vset;
      u_asigned = 1'b1;
      u_bsigned = !is_sv_shift;  // btype must be .u32 (§8)
      u_asel = 1'b1; u_bsel = 1'b1; u_dsel = 1'b1; u_secop = 1'b1;
      u_sat  = !is_vset;        // vset has no .sat (§7)
      u_cmp  = is_vset;
      u_wrap = is_sv_shift;
      values_ok = asel_scalar && bsel_scalar && secop_dsel_ok && (!is_vset || cmp_ok);
    end else if (is_vmad) begin
      u_dsigned = 1'b1; u_asigned = 1'b1; u_bsigned = 1'b1; u_sat = 1'b1;
      u_asel = 1'b1; u_bsel = 1'b1; u_scale = 1'b1; u_po = 1'b1; u_neg = 1'b1;
      values_ok = asel_scalar && bsel_scalar && scale_ok && vmad_neg_ok;
    end else if (is_x2 || is_vset2 || is_x4 || is_vset4) begin
      u_dsigned = is_x2 || is_x4;
      u_asigned = 1'b1; u_bsigned = 1'b1;
      u_asel = 1'b1; u_bsel = 1'b1; u_mask = 1'b1; u_secop = 1'b1;
      u_sat  = is_x2 || is_x4;
      u_cmp  = is_vset2 || is_vset4;
      values_ok = (ctrl_i.secop == ptxalu_pkg::SecNone || ctrl_i.secop == ptxalu_pkg::SecAdd) &&
                  !(ctrl_i.sat && ctrl_i.secop != ptxalu_pkg::SecNone) &&  // §5
                  (!(is_vset2 || is_vset4) || cmp_ok);
      if (is_x2 || is_vset2) begin
        values_ok = values_ok && asel_x2 && bsel_x2 && ctrl_i.mask[3:2] == 2'd0 &&
                    ctrl_i.mask[1:0] != 2'd0;
      end else begin
        values_ok = values_ok && ctrl_i.mask != 4'd0;
      end
    end else begin
      // Integer arithmetic.
      u_itype = 1'b1;
      unique case (op)
        ptxalu_pkg::OpAdd: begin
          u_sat = 1'b1;
          values_ok = t_add8 && (!ctrl_i.sat || it == ptxalu_pkg::ItS32);
        end
        ptxalu_pkg::OpSub: begin
          u_sat = 1'b1;
          values_ok = t_scalar6 && (!ctrl_i.sat || it == ptxalu_pkg::ItS32);
        end
        ptxalu_pkg::OpMul: begin
          u_half = 1'b1;
          values_ok = t_scalar6 && ctrl_i.half != ptxalu_pkg::HalfNone &&
                      (ctrl_i.half != ptxalu_pkg::HalfWide || t_1632);
        end
        ptxalu_pkg::OpMad: begin
          u_half = 1'b1; u_sat = 1'b1;
          values_ok = t_scalar6 && ctrl_i.half != ptxalu_pkg::HalfNone &&
                      (ctrl_i.half != ptxalu_pkg::HalfWide || t_1632) &&
                      (!ctrl_i.sat || (ctrl_i.half == ptxalu_pkg::HalfHi &&
                                       it == ptxalu_pkg::ItS32));
        end
        ptxalu_pkg::OpMul24, ptxalu_pkg::OpMad24: begin
          u_half = 1'b1; u_sat = op == ptxalu_pkg::OpMad24;
          values_ok = (it == ptxalu_pkg::ItU32 || it == ptxalu_pkg::ItS32) &&
                      (ctrl_i.half == ptxalu_pkg::HalfLo || ctrl_i.half == ptxalu_pkg::HalfHi) &&
                      (!ctrl_i.sat || (ctrl_i.half == ptxalu_pkg::HalfHi &&
                                       it == ptxalu_pkg::ItS32));
        end
        ptxalu_pkg::OpSad, ptxalu_pkg::OpDiv, ptxalu_pkg::OpRem: values_ok = t_scalar6;
        ptxalu_pkg::OpAbs, ptxalu_pkg::OpNeg:                    values_ok = t_s3;
        ptxalu_pkg::OpMin, ptxalu_pkg::OpMax: begin
          u_relu = 1'b1;
          values_ok = t_add8 && (!ctrl_i.relu || it == ptxalu_pkg::ItS32 ||
                                 it == ptxalu_pkg::ItS16x2);
        end
        ptxalu_pkg::OpPopc, ptxalu_pkg::OpClz, ptxalu_pkg::OpBrev, ptxalu_pkg::OpBfi:
          values_ok = t_b;
        ptxalu_pkg::OpBfind: begin
          u_shiftamt = 1'b1;
          values_ok = t_ubfind;
        end
        ptxalu_pkg::OpFns: values_ok = it == ptxalu_pkg::ItB32;
        ptxalu_pkg::OpBfe: values_ok = t_ubfind || t_b;
        ptxalu_pkg::OpBmsk: begin
          u_wrap = 1'b1;
          values_ok = it == ptxalu_pkg::ItB32;
        end
        ptxalu_pkg::OpSzext: begin
          u_wrap = 1'b1;
          values_ok = it == ptxalu_pkg::ItU32 || it == ptxalu_pkg::ItS32;
        end
        ptxalu_pkg::OpDp4a, ptxalu_pkg::OpDp2a: begin
          u_itype = 1'b0;  // itype None
          u_asigned = 1'b1; u_bsigned = 1'b1;
          u_half = op == ptxalu_pkg::OpDp2a;
          values_ok = op == ptxalu_pkg::OpDp4a ||
                      ctrl_i.half == ptxalu_pkg::HalfLo || ctrl_i.half == ptxalu_pkg::HalfHi;
        end
        default: values_ok = 1'b0;  // op >= NumOps names nothing
      endcase
    end
  end

  logic unlisted_zero;
  assign unlisted_zero =
      (u_itype    || ctrl_i.itype == ptxalu_pkg::ItNone) &&
      (u_dsigned  || !ctrl_i.dsigned) &&
      (u_asigned  || !ctrl_i.asigned) &&
      (u_bsigned  || !ctrl_i.bsigned) &&
      (u_asel     || ctrl_i.asel == 12'd0) &&
      (u_bsel     || ctrl_i.bsel == 12'd0) &&
      (u_dsel     || ctrl_i.dsel == ptxalu_pkg::SelNone) &&
      (u_mask     || ctrl_i.mask == 4'd0) &&
      (u_secop    || ctrl_i.secop == ptxalu_pkg::SecNone) &&
      (u_sat      || !ctrl_i.sat) &&
      (u_cmp      || ctrl_i.cmp == ptxalu_pkg::CmpEq) &&
      (u_half     || ctrl_i.half == ptxalu_pkg::HalfNone) &&
      (u_wrap     || !ctrl_i.wrap) &&
      (u_scale    || ctrl_i.scale == ptxalu_pkg::ScaleNone) &&
      (u_po       || !ctrl_i.po) &&
      (u_neg      || (!ctrl_i.neg_prod && !ctrl_i.neg_c)) &&
      (u_relu     || !ctrl_i.relu) &&
      (u_shiftamt || !ctrl_i.shiftamt);

  assign illegal_o = !(values_ok && unlisted_zero);

endmodule
