// Encodings of the ptxalu datapath: the one place they live.
//
// The decoded instruction is `ctrl_t`, a 60-bit packed word. Every unit of rtl/, the formal
// spec models and, through Verilator's public export, the C++ golden model, front end and
// driver read these numbers; nothing else keeps a copy. Numbers are an interface: append new
// members, never renumber.
//
// A control word is legal only in canonical form: every field the operation does not use is
// zero (its first enum member). The top raises illegal_o for anything else.
package ptxalu_pkg;

  // Operations. Scalar video 0..8, SIMD video (x2) 9..15, SIMD video (x4) 16..22,
  // integer arithmetic 23..46.
  typedef enum logic [5:0] {
    OpVadd      = 6'd0,
    OpVsub      = 6'd1,
    OpVabsdiff  = 6'd2,
    OpVmin      = 6'd3,
    OpVmax      = 6'd4,
    OpVshl      = 6'd5,
    OpVshr      = 6'd6,
    OpVmad      = 6'd7,
    OpVset      = 6'd8,
    OpVadd2     = 6'd9,
    OpVsub2     = 6'd10,
    OpVavrg2    = 6'd11,
    OpVabsdiff2 = 6'd12,
    OpVmin2     = 6'd13,
    OpVmax2     = 6'd14,
    OpVset2     = 6'd15,
    OpVadd4     = 6'd16,
    OpVsub4     = 6'd17,
    OpVavrg4    = 6'd18,
    OpVabsdiff4 = 6'd19,
    OpVmin4     = 6'd20,
    OpVmax4     = 6'd21,
    OpVset4     = 6'd22,
    OpAdd       = 6'd23,
    OpSub       = 6'd24,
    OpMul       = 6'd25,
    OpMad       = 6'd26,
    OpMul24     = 6'd27,
    OpMad24     = 6'd28,
    OpSad       = 6'd29,
    OpDiv       = 6'd30,
    OpRem       = 6'd31,
    OpAbs       = 6'd32,
    OpNeg       = 6'd33,
    OpMin       = 6'd34,
    OpMax       = 6'd35,
    OpPopc      = 6'd36,
    OpClz       = 6'd37,
    OpBfind     = 6'd38,
    OpFns       = 6'd39,
    OpBrev      = 6'd40,
    OpBfe       = 6'd41,
    OpBfi       = 6'd42,
    OpBmsk      = 6'd43,
    OpSzext     = 6'd44,
    OpDp4a      = 6'd45,
    OpDp2a      = 6'd46
  } op_e /*verilator public*/;

  // Number of operations: op values at or above it name nothing.
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned NumOps /*verilator public*/ = 47;
  /* verilator lint_on UNUSEDPARAM */

  // Instruction type of the integer arithmetic instructions (ItNone for video and dp4a/dp2a,
  // whose operand types are the *signed flags below).
  typedef enum logic [3:0] {
    ItNone  = 4'd0,
    ItU16   = 4'd1,
    ItU32   = 4'd2,
    ItU64   = 4'd3,
    ItS16   = 4'd4,
    ItS32   = 4'd5,
    ItS64   = 4'd6,
    ItU16x2 = 4'd7,
    ItS16x2 = 4'd8,
    ItB32   = 4'd9,
    ItB64   = 4'd10
  } itype_e /*verilator public*/;

  // Decoded integer type: signedness and element width (x2 types have 16-bit elements;
  // neither width flag set means 64 bits, or a type without a width such as ItNone).
  // Yosys 0.23 needs the enum items qualified even inside the package.
  function automatic logic itype_signed(input itype_e itype);
    itype_signed = (itype == ptxalu_pkg::ItS16) || (itype == ptxalu_pkg::ItS32) ||
                   (itype == ptxalu_pkg::ItS64) || (itype == ptxalu_pkg::ItS16x2);
  endfunction

  function automatic logic itype_w16(input itype_e itype);
    itype_w16 = (itype == ptxalu_pkg::ItU16)   || (itype == ptxalu_pkg::ItS16) ||
                (itype == ptxalu_pkg::ItU16x2) || (itype == ptxalu_pkg::ItS16x2);
  endfunction

  function automatic logic itype_w32(input itype_e itype);
    itype_w32 = (itype == ptxalu_pkg::ItU32) || (itype == ptxalu_pkg::ItS32);
  endfunction

  // The shape of a SIMD video op, {x4, x2}: 2'b01 for vadd2 .. vset2, 2'b10 for vadd4 ..
  // vset4, 0 for the others. ptxalu_simd and ptxalu_simd_small read it here.
  // Written as compares, not a case: Yosys turns a case into a ROM, and ptxalu_simd_small reads
  // the x4 bit on its accepting cycle's path, where the ROM took the issue register in.
  function automatic logic [1:0] simd_shape(input op_e op);
    simd_shape[1] = (op == ptxalu_pkg::OpVadd4) || (op == ptxalu_pkg::OpVsub4) ||
                    (op == ptxalu_pkg::OpVavrg4) || (op == ptxalu_pkg::OpVabsdiff4) ||
                    (op == ptxalu_pkg::OpVmin4) || (op == ptxalu_pkg::OpVmax4) ||
                    (op == ptxalu_pkg::OpVset4);
    simd_shape[0] = (op == ptxalu_pkg::OpVadd2) || (op == ptxalu_pkg::OpVsub2) ||
                    (op == ptxalu_pkg::OpVavrg2) || (op == ptxalu_pkg::OpVabsdiff2) ||
                    (op == ptxalu_pkg::OpVmin2) || (op == ptxalu_pkg::OpVmax2) ||
                    (op == ptxalu_pkg::OpVset2);
  endfunction

  // A SIMD lane's exact value out of its lane range (§4: [-2^(w-1), 2^(w-1)-1] signed,
  // [0, 2^w-1] unsigned), read off its top three bits {sign, bit w, bit w-1} (no comparator):
  //   signed:   above 2^(w-1)-1  <=> non-negative with bit w or w-1 set;
  //             below -2^(w-1)   <=> negative without both bits w and w-1 set;
  //   unsigned: above 2^w-1      <=> non-negative with bit w set; below 0 <=> negative.
  // ptxalu_simd_lane and ptxalu_simd_small's fold read them here.
  function automatic logic lane_above(input logic [2:0] top3, input logic dsigned);
    lane_above = !top3[2] && (top3[1] || (dsigned && top3[0]));
  endfunction

  function automatic logic lane_below(input logic [2:0] top3, input logic dsigned);
    lane_below = top3[2] && !(dsigned && top3[1] && top3[0]);
  endfunction

  // The bound a lane saturates to (§4), as the top three bits of its w + 2-bit value and the bit
  // that fills the w - 1 below them, {top3, fill}: above the range 2^(w-1)-1 = {000, 1..1}
  // signed, 2^w-1 = {001, 1..1} unsigned; below it -2^(w-1) = {111, 0..0} signed, 0 unsigned.
  // ptxalu_simd_lane and ptxalu_simd_small's fold read them here.
  function automatic logic [3:0] lane_bound(input logic above, input logic dsigned);
    lane_bound = above ? {2'b00, !dsigned, 1'b1} : {{3{dsigned}}, 1'b0};
  endfunction

  // The multiply family's op classes: mad and mad24 add c; mul24 and mad24 multiply 24-bit
  // operands (ptxalu_mult_operands, ptxalu_mult_sum and ptxalu_mult_addend read them here).
  function automatic logic op_adds_c(input op_e op);
    op_adds_c = (op == ptxalu_pkg::OpMad) || (op == ptxalu_pkg::OpMad24);
  endfunction

  function automatic logic op_is_24(input op_e op);
    op_is_24 = (op == ptxalu_pkg::OpMul24) || (op == ptxalu_pkg::OpMad24);
  endfunction

  // Two 16-bit lanes in one 32-bit operand (the integer unit's .u16x2/.s16x2).
  function automatic logic itype_x2(input itype_e itype);
    itype_x2 = (itype == ptxalu_pkg::ItU16x2) || (itype == ptxalu_pkg::ItS16x2);
  endfunction

  // The element width w of an integer type, the one place it is written: ones in its low w
  // bits (16, 32, or 64 for the 64-bit types and those without a width), and its top bit w-1.
  function automatic logic [63:0] itype_mask(input itype_e itype);
    itype_mask = itype_w16(itype) ? 64'h0000_0000_0000_ffff :
                 itype_w32(itype) ? 64'h0000_0000_ffff_ffff : '1;
  endfunction

  function automatic logic [5:0] itype_top_bit(input itype_e itype);
    itype_top_bit = itype_w16(itype) ? 6'd15 : itype_w32(itype) ? 6'd31 : 6'd63;
  endfunction

  // The bit manipulation units' type (ptxalu_bitmanip, ptxalu_bitmanip_small; .b/.u/.s 32 and
  // 64): {64 bits, signed}, both 0 for any other type.
  function automatic logic [1:0] bitmanip_type(input itype_e itype);
    bitmanip_type = {(itype == ptxalu_pkg::ItU64) || (itype == ptxalu_pkg::ItS64) ||
                     (itype == ptxalu_pkg::ItB64),
                     (itype == ptxalu_pkg::ItS32) || (itype == ptxalu_pkg::ItS64)};
  endfunction

  // Leading zeros of a 64-bit word, 64 for zero, as a tree of the counts of aligned blocks:
  // level L holds the count of each 2^L-bit block in L+1 bits, the top one saying the block is
  // zero. Each level is one mux deep and has no carry: the binary search it replaces (six
  // serial halving steps, each adding to the count) was the top's critical path on ECP5
  // (clz/bfind, syn/README.md "100 MHz").
  function automatic logic [6:0] lzc_merge(input logic [5:0] hi, input logic [5:0] lo,
                                           input logic [2:0] level);
    // hi, lo: the counts of the high and the low 2^level-bit block. A zero high block adds
    // 2^level to the low block's count; a zero low block's count is 2^level itself.
    if (!hi[level]) begin
      lzc_merge = {1'b0, hi};
    end else if (lo[level]) begin
      lzc_merge = 7'd1 << (level + 3'd1);
    end else begin
      lzc_merge = {1'b0, lo} | (7'd1 << level);
    end
  endfunction

  function automatic logic [6:0] lzc64(input logic [63:0] x);
    logic [63:0] c1;   // 64 blocks of 1 bit, 1-bit counts
    logic [63:0] c2;   // 32 x 2 bits
    logic [47:0] c4;   // 16 x 3
    logic [31:0] c8;   //  8 x 4
    logic [19:0] c16;  //  4 x 5
    logic [11:0] c32;  //  2 x 6
    c1 = ~x;
    for (int j = 0; j < 32; j++) begin
      c2[2*j +: 2] = 2'(lzc_merge(6'(c1[2*j+1]), 6'(c1[2*j]), 3'd0));
    end
    for (int j = 0; j < 16; j++) begin
      c4[3*j +: 3] = 3'(lzc_merge(6'(c2[4*j+2 +: 2]), 6'(c2[4*j +: 2]), 3'd1));
    end
    for (int j = 0; j < 8; j++) begin
      c8[4*j +: 4] = 4'(lzc_merge(6'(c4[6*j+3 +: 3]), 6'(c4[6*j +: 3]), 3'd2));
    end
    for (int j = 0; j < 4; j++) begin
      c16[5*j +: 5] = 5'(lzc_merge(6'(c8[8*j+4 +: 4]), 6'(c8[8*j +: 4]), 3'd3));
    end
    for (int j = 0; j < 2; j++) begin
      c32[6*j +: 6] = 6'(lzc_merge(6'(c16[10*j+5 +: 5]), 6'(c16[10*j +: 5]), 3'd4));
    end
    lzc64 = lzc_merge(c32[11:6], c32[5:0], 3'd5);
  endfunction

  // Scalar video part selector (asel, bsel, dsel). SelNone is the whole word.
  typedef enum logic [2:0] {
    SelNone = 3'd0,
    SelB0   = 3'd1,
    SelB1   = 3'd2,
    SelB2   = 3'd3,
    SelB3   = 3'd4,
    SelH0   = 3'd5,
    SelH1   = 3'd6
  } sel_e /*verilator public*/;

  // Secondary operation: scalar video .add/.min/.max; SIMD video uses SecAdd for accumulate.
  typedef enum logic [1:0] {
    SecNone = 2'd0,
    SecAdd  = 2'd1,
    SecMin  = 2'd2,
    SecMax  = 2'd3
  } secop_e /*verilator public*/;

  // Comparison of vset, vset2, vset4.
  typedef enum logic [2:0] {
    CmpEq = 3'd0,
    CmpNe = 3'd1,
    CmpLt = 3'd2,
    CmpLe = 3'd3,
    CmpGt = 3'd4,
    CmpGe = 3'd5
  } cmp_e /*verilator public*/;

  // vset/vset2/vset4's comparison from a < b and a == b: one table for the SIMD lanes and both
  // scalar video units.
  function automatic logic cmp_holds(input cmp_e cmp, input logic lt, input logic eq);
    unique case (cmp)
      ptxalu_pkg::CmpEq: cmp_holds = eq;
      ptxalu_pkg::CmpNe: cmp_holds = !eq;
      ptxalu_pkg::CmpLt: cmp_holds = lt;
      ptxalu_pkg::CmpLe: cmp_holds = lt || eq;
      ptxalu_pkg::CmpGt: cmp_holds = !lt && !eq;
      ptxalu_pkg::CmpGe: cmp_holds = !lt;
      default:           cmp_holds = 1'b0;
    endcase
  endfunction

  // vshl/vshr's shift amount from b's low 32 bits: .wrap takes it modulo 32, .clamp caps it at
  // 32 (§8); one rule for both scalar video units.
  function automatic logic [5:0] video_shamt(input logic wrap, input logic [31:0] b);
    if (wrap) begin
      video_shamt = {1'b0, b[4:0]};
    end else if ((|b[31:6]) || (b[5] && (|b[4:0]))) begin
      video_shamt = 6'd32;
    end else begin
      video_shamt = b[5:0];
    end
  endfunction

  // The bounds .sat.s32 clamps to (intalu, mult, vmad and the small intalu) and .sat.u32's
  // (vmad): one copy here.
  /* verilator lint_off UNUSEDPARAM */
  localparam logic [31:0] S32Min = 32'h8000_0000;
  localparam logic [31:0] S32Max = 32'h7fff_ffff;
  localparam logic [31:0] U32Max = 32'hffff_ffff;
  // bfind/fns's answer when no bit qualifies (0xffffffff; bitmanip and the small bitmanip).
  localparam logic [63:0] NotFound = 64'h0000_0000_ffff_ffff;
  /* verilator lint_on UNUSEDPARAM */

  // Which part of a product: mul/mad (.lo/.hi/.wide), mul24/mad24 and dp2a (.lo/.hi).
  typedef enum logic [1:0] {
    HalfNone = 2'd0,
    HalfLo   = 2'd1,
    HalfHi   = 2'd2,
    HalfWide = 2'd3
  } half_e /*verilator public*/;

  // vmad result scaling.
  typedef enum logic [1:0] {
    ScaleNone  = 2'd0,
    ScaleShr7  = 2'd1,
    ScaleShr15 = 2'd2
  } scale_e /*verilator public*/;

  // The execution units: bit positions of the top's one-hot unit select.
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned UnitSimd     = 0;
  localparam int unsigned UnitVideo    = 1;
  localparam int unsigned UnitVmad     = 2;
  localparam int unsigned UnitIntalu   = 3;
  localparam int unsigned UnitMult     = 4;
  localparam int unsigned UnitDot      = 5;
  localparam int unsigned UnitBitmanip = 6;
  localparam int unsigned UnitDivider  = 7;
  localparam int unsigned NumUnits     = 8;
  /* verilator lint_on UNUSEDPARAM */

  // Configurations of ptxalu_top (its Config parameter), as Ibex names its small/maxperf ones:
  //   CfgDefault  one operation per cycle but div/rem; one combinational 65x65 multiplier.
  //   CfgSmall    for the iCE40 UP5K: vmad/mul/mad/mul24/mad24 take their product from
  //               ptxalu_mult_iter (one 16x16 product per cycle), popc ... szext run
  //               bit-serial in ptxalu_bitmanip_small, the SIMD video ops one lane per cycle in
  //               ptxalu_simd_small, the integer ops on one 32-bit adder in ptxalu_intalu_small,
  //               the scalar video ops on one in ptxalu_video_small, dp4a/dp2a with registered
  //               products and sum in ptxalu_dot_small, and the divider one step per cycle
  //               without the early start (ptxalu_divider_small); each op's cycles: the
  //               README's table, "Small configuration".
  // SeqUnits*: the units whose operations hold the issue stage until their sequential unit
  // answers (one-hot Unit* bits).
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned CfgDefault /*verilator public*/ = 0;
  localparam int unsigned CfgSmall   /*verilator public*/ = 1;
  localparam logic [NumUnits-1:0] SeqUnitsDefault = NumUnits'(1) << UnitDivider;
  localparam logic [NumUnits-1:0] SeqUnitsSmall   = SeqUnitsDefault |
                                                    (NumUnits'(1) << UnitVmad) |
                                                    (NumUnits'(1) << UnitMult) |
                                                    (NumUnits'(1) << UnitBitmanip) |
                                                    (NumUnits'(1) << UnitSimd) |
                                                    (NumUnits'(1) << UnitIntalu) |
                                                    (NumUnits'(1) << UnitDot) |
                                                    (NumUnits'(1) << UnitVideo);
  /* verilator lint_on UNUSEDPARAM */

  // Restoring steps (quotient bits) per cycle of ptxalu_divider as the top instantiates it:
  // div/rem latency w/DivStepsPerCycle + 1. Exported so that testbenches read it from here.
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned DivStepsPerCycle /*verilator public*/ = 4;
  /* verilator lint_on UNUSEDPARAM */

  // ptxalu_top's deep pipeline, ExtraStages >= DeepStages: the shared multiplier's partial
  // products and their sum are registered (the multiply family's result joins the result chain
  // DeepStages stages later, after one more register at ExtraStages >= DeepStages + 1), and the
  // divider runs DivStepsPerCycleDeep steps per cycle with early start DivEarlyStartDeep (0: its
  // leading-zero counts on the load path were the deep top's critical path on ECP5), so
  // div/rem take w/DivStepsPerCycleDeep + 1 cycles (1 for b = 0). Exported so that testbenches
  // read them from here.
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned DeepStages           /*verilator public*/ = 2;
  localparam int unsigned DivStepsPerCycleDeep /*verilator public*/ = 2;
  localparam int unsigned DivEarlyStartDeep    /*verilator public*/ = 0;
  // From ExtraStages >= LockstepStages every result stage of ptxalu_top moves together (no
  // bubble collapses) and the units of LateUnitsDeep hold two registers each (Stages = 2).
  localparam int unsigned LockstepStages       /*verilator public*/ = 4;
  // From ExtraStages >= LockstepStages the divider runs DivStepsPerCycleLockstep steps per
  // cycle (its two chained 65-bit steps were depth 4's critical path on ECP5), still without
  // the early start: div/rem take w/DivStepsPerCycleLockstep + 1 cycles (1 for b = 0).
  localparam int unsigned DivStepsPerCycleLockstep /*verilator public*/ = 1;
  // The units cut by a register of their own in the deep pipeline, whose answers join the
  // result chain one stage late (ptxalu_datapath late_result_o, ptxalu_top g_late).
  localparam logic [NumUnits-1:0] LateUnitsDeep = (NumUnits'(1) << UnitBitmanip) |
                                                  (NumUnits'(1) << UnitVideo) |
                                                  (NumUnits'(1) << UnitIntalu) |
                                                  (NumUnits'(1) << UnitDot);
  /* verilator lint_on UNUSEDPARAM */

  // The decoded instruction, most significant field first.
  //
  // asel/bsel: SIMD video: lane i takes pool element asel[3*i +: 3] (pool = a's lanes, then
  //   b's; x2 forms use lanes 0..1 with values 0..3, lanes 2..3 zero). Scalar video and vmad:
  //   asel[2:0] holds a sel_e, asel[11:3] is zero.
  // mask: SIMD lanes the result writes (x2: bits 1..0); zero elsewhere.
  // wrap: .wrap (1) or .clamp (0) of vshl, vshr, bmsk, szext.
  // neg_prod/neg_c: vmad's product negated (exactly one of a, b negated) / c negated.
  typedef struct packed {
    op_e         op;
    itype_e      itype;
    logic        dsigned;   // video dtype is .s32
    logic        asigned;   // video, dp4a, dp2a atype is .s32
    logic        bsigned;   // video, dp4a, dp2a btype is .s32
    logic [11:0] asel;
    logic [11:0] bsel;
    sel_e        dsel;
    logic [3:0]  mask;
    secop_e      secop;
    logic        sat;
    cmp_e        cmp;
    half_e       half;
    logic        wrap;
    scale_e      scale;
    logic        po;
    logic        neg_prod;
    logic        neg_c;
    logic        relu;
    logic        shiftamt;
  } ctrl_t;

  // Bit positions of ctrl_t's fields, for the C++ side (a test checks them against the struct;
  // Yosys 0.23 cannot take $bits of a struct type, so the width is written out).
  /* verilator lint_off UNUSEDPARAM */
  localparam int unsigned CtrlShiftamtLsb /*verilator public*/ = 0;
  localparam int unsigned CtrlReluLsb     /*verilator public*/ = 1;
  localparam int unsigned CtrlNegCLsb     /*verilator public*/ = 2;
  localparam int unsigned CtrlNegProdLsb  /*verilator public*/ = 3;
  localparam int unsigned CtrlPoLsb       /*verilator public*/ = 4;
  localparam int unsigned CtrlScaleLsb    /*verilator public*/ = 5;
  localparam int unsigned CtrlWrapLsb     /*verilator public*/ = 7;
  localparam int unsigned CtrlHalfLsb     /*verilator public*/ = 8;
  localparam int unsigned CtrlCmpLsb      /*verilator public*/ = 10;
  localparam int unsigned CtrlSatLsb      /*verilator public*/ = 13;
  localparam int unsigned CtrlSecopLsb    /*verilator public*/ = 14;
  localparam int unsigned CtrlMaskLsb     /*verilator public*/ = 16;
  localparam int unsigned CtrlDselLsb     /*verilator public*/ = 20;
  localparam int unsigned CtrlBselLsb     /*verilator public*/ = 23;
  localparam int unsigned CtrlAselLsb     /*verilator public*/ = 35;
  localparam int unsigned CtrlBsignedLsb  /*verilator public*/ = 47;
  localparam int unsigned CtrlAsignedLsb  /*verilator public*/ = 48;
  localparam int unsigned CtrlDsignedLsb  /*verilator public*/ = 49;
  localparam int unsigned CtrlItypeLsb    /*verilator public*/ = 50;
  localparam int unsigned CtrlOpLsb       /*verilator public*/ = 54;
  localparam int unsigned CtrlWidth       /*verilator public*/ = 60;
  /* verilator lint_on UNUSEDPARAM */

  // The small configuration's sequential units (ptxalu_divider_small, ptxalu_bitmanip_small,
  // ptxalu_simd_small, ptxalu_intalu_small): the one place their contract is written, split as
  // lowRISC's TL-UL splits host and device. The caller drives seq_req_t: in_valid offers the
  // operation ctrl on the sources a .. d (each unit reads those it needs), which the caller
  // holds from the accepting cycle (in_valid && in_ready) until the answer is taken;
  // out_ready takes the answer. The unit answers with seq_rsp_t: in_ready only while idle,
  // out_valid with result steady until out_ready (ptxalu_hold_reg's handshake).
  typedef struct packed {
    logic        in_valid;
    logic        out_ready;
    ctrl_t       ctrl;
    logic [63:0] a;
    logic [63:0] b;
    logic [63:0] c;
    logic [63:0] d;
  } seq_req_t;

  typedef struct packed {
    logic        in_ready;
    logic        out_valid;
    logic [63:0] result;
  } seq_rsp_t;

endpackage
