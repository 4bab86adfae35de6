// An independent implementation of the ptxalu scalar video unit, written from the PTX ISA text
// (9.7.18.1) and CLARIFICATIONS.md (6-8, 10) only, by a helper who did not read ours (a
// held-out-style trial, 2026-11-29). Ops: vadd vsub vabsdiff vmin vmax vshl vshr vset (vmad is
// another unit). Its first version wrote a clamp bound as -W'(128), which Yosys 0.23 reads as
// +128 (the flow now refuses that: formal/scripts/equiv_unread.py).
//
// Architecture: one wide exact signed datapath (W = 68 bits, enough for a 33-bit value shifted
// left by 32 plus c), written as the pseudo-code's stages: extract/extend -> primary op (case on
// op) -> optSaturate (bounds chosen by dsel and dtype) -> optSecOp or optMerge -> low 32 bits.
// Combinational; Stages/clk_i/en_i are accepted and ignored.
module ptxalu_video #(
  parameter int unsigned Stages = 0
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  localparam int W = 68;

  // partSelectSignExtend: byte / half / word of x, extended to 33 bits by its type's sign.
  function automatic logic signed [32:0] part_ext(input logic [31:0] x, input logic [2:0] sel,
                                                  input logic sgn);
    logic [31:0] v;
    logic        s;
    case (sel)
      3'd1:    begin v = {24'd0, x[7:0]};   s = sgn & x[7];  end  // b0
      3'd2:    begin v = {24'd0, x[15:8]};  s = sgn & x[15]; end  // b1
      3'd3:    begin v = {24'd0, x[23:16]}; s = sgn & x[23]; end  // b2
      3'd4:    begin v = {24'd0, x[31:24]}; s = sgn & x[31]; end  // b3
      3'd5:    begin v = {16'd0, x[15:0]};  s = sgn & x[15]; end  // h0
      3'd6:    begin v = {16'd0, x[31:16]}; s = sgn & x[31]; end  // h1
      default: begin v = x;                 s = sgn & x[31]; end  // whole word
    endcase
    // sign fill above the selected part
    case (sel)
      3'd1, 3'd2, 3'd3, 3'd4: part_ext = {{25{s}}, v[7:0]};
      3'd5, 3'd6:             part_ext = {{17{s}}, v[15:0]};
      default:                part_ext = {s, v};
    endcase
  endfunction

  logic [2:0]            asel, bsel, dsel;
  logic signed [32:0]    ta, tb;
  logic [5:0]            shamt;
  logic signed [W-1:0]   wa, wb, wc, diff, tmp, sat_v, fin;
  logic signed [W-1:0]   hi, lo;
  logic                  lt, eq, cmp_ok, is_vid;

  assign asel = ctrl_i.asel[2:0];
  assign bsel = ctrl_i.bsel[2:0];
  assign dsel = ctrl_i.dsel;

  always_comb begin
    // 1. extract and extend
    ta = part_ext(a_i, asel, ctrl_i.asigned);
    tb = part_ext(b_i, bsel, ctrl_i.bsigned);
    wa = W'(ta);  // sign-extended (signed operand)
    wb = W'(tb);
    // c by dtype (vset: dsigned is 0, so unsigned, §7)
    wc = ctrl_i.dsigned ? W'($signed(c_i)) : W'($signed({1'b0, c_i}));

    // shift amount: b is .u32 (bsigned 0 for shifts)
    if (ctrl_i.wrap) shamt = {1'b0, tb[4:0]};
    else if (tb > 33'sd32) shamt = 6'd32;
    else shamt = tb[5:0];

    diff = wa - wb;
    lt   = ta < tb;
    eq   = ta == tb;

    // 2. primary op
    is_vid = 1'b1;
    cmp_ok = 1'b0;
    case (ctrl_i.op)
      ptxalu_pkg::OpVadd:     tmp = wa + wb;
      ptxalu_pkg::OpVsub:     tmp = diff;
      ptxalu_pkg::OpVabsdiff: tmp = diff[W-1] ? -diff : diff;
      ptxalu_pkg::OpVmin:     tmp = lt ? wa : wb;
      ptxalu_pkg::OpVmax:     tmp = lt ? wb : wa;
      ptxalu_pkg::OpVshl:     tmp = wa <<< shamt;
      ptxalu_pkg::OpVshr:     tmp = wa >>> shamt;
      ptxalu_pkg::OpVset: begin
        case (ctrl_i.cmp)
          ptxalu_pkg::CmpEq: cmp_ok = eq;
          ptxalu_pkg::CmpNe: cmp_ok = !eq;
          ptxalu_pkg::CmpLt: cmp_ok = lt;
          ptxalu_pkg::CmpLe: cmp_ok = lt || eq;
          ptxalu_pkg::CmpGt: cmp_ok = !lt && !eq;
          ptxalu_pkg::CmpGe: cmp_ok = !lt;
          default:           cmp_ok = 1'b0;
        endcase
        tmp = W'(cmp_ok);
      end
      default: begin
        tmp    = '0;
        is_vid = 1'b0;
      end
    endcase

    // 3. optSaturate by dsel and dtype
    case (dsel)
      ptxalu_pkg::SelB0, ptxalu_pkg::SelB1, ptxalu_pkg::SelB2, ptxalu_pkg::SelB3: begin
        hi = ctrl_i.dsigned ? W'(127) : W'(255);
        lo = ctrl_i.dsigned ? -(W'(128)) : W'(0);
      end
      ptxalu_pkg::SelH0, ptxalu_pkg::SelH1: begin
        hi = ctrl_i.dsigned ? W'(32767) : W'(65535);
        lo = ctrl_i.dsigned ? -(W'(32768)) : W'(0);
      end
      default: begin
        hi = ctrl_i.dsigned ? W'(64'h7fff_ffff) : W'(64'hffff_ffff);
        lo = ctrl_i.dsigned ? -(W'(64'h8000_0000)) : W'(0);
      end
    endcase
    if (!ctrl_i.sat)    sat_v = tmp;
    else if (tmp > hi)  sat_v = hi;
    else if (tmp < lo)  sat_v = lo;
    else                sat_v = tmp;

    // 4. secondary op, or merge into c
    case (ctrl_i.secop)
      ptxalu_pkg::SecAdd: fin = sat_v + wc;
      ptxalu_pkg::SecMin: fin = (sat_v < wc) ? sat_v : wc;
      ptxalu_pkg::SecMax: fin = (sat_v > wc) ? sat_v : wc;
      default:            fin = sat_v;
    endcase
    case (dsel)
      ptxalu_pkg::SelH0: result_o = {c_i[31:16], sat_v[15:0]};
      ptxalu_pkg::SelH1: result_o = {sat_v[15:0], c_i[15:0]};
      ptxalu_pkg::SelB0: result_o = {c_i[31:8], sat_v[7:0]};
      ptxalu_pkg::SelB1: result_o = {c_i[31:16], sat_v[7:0], c_i[7:0]};
      ptxalu_pkg::SelB2: result_o = {c_i[31:24], sat_v[7:0], c_i[15:0]};
      ptxalu_pkg::SelB3: result_o = {sat_v[7:0], c_i[23:0]};
      default:           result_o = fin[31:0];
    endcase
    if (!is_vid) result_o = '0;
  end

  logic unused;
  assign unused = ^{clk_i, en_i, Stages};

endmodule
