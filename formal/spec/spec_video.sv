// Scalar video spec (vadd vsub vabsdiff vmin vmax vshl vshr vset), from the PTX pseudo-code:
// partSelectSignExtend, exact tmp (§6), optSaturate, then optSecOp or optMerge, low 32 bits.
//
// Every intermediate is an exact signed integer in 80 bits: the widest is vshl's
// ta << 32 (a 33-bit value times 2^32, 65 bits), plus c.
module spec_video (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i, b_i, c_i,
  output logic [31:0]       result_o
);

  localparam int unsigned W = 80;

  logic signed [W-1:0] ta, tb, tc, tmp, sat_max, sat_min, d;
  logic [W-1:0]        shamt;
  logic                is_shift, b_is_signed, cmp_true;
  logic [31:0]         merged;

  assign is_shift    = ctrl_i.op == ptxalu_pkg::OpVshl || ctrl_i.op == ptxalu_pkg::OpVshr;
  // vshl/vshr read b as .u32 whatever bsigned says (§8).
  assign b_is_signed = ctrl_i.bsigned && !is_shift;

`include "spec_common.svh"

  // partSelectSignExtend(x, signed, sel): the selected byte/half/word, extended.
  always_comb begin
    unique case (ctrl_i.asel[2:0])
      ptxalu_pkg::SelB0: ta = $signed({{(W-8){ctrl_i.asigned & a_i[7]}},   a_i[7:0]});
      ptxalu_pkg::SelB1: ta = $signed({{(W-8){ctrl_i.asigned & a_i[15]}},  a_i[15:8]});
      ptxalu_pkg::SelB2: ta = $signed({{(W-8){ctrl_i.asigned & a_i[23]}},  a_i[23:16]});
      ptxalu_pkg::SelB3: ta = $signed({{(W-8){ctrl_i.asigned & a_i[31]}},  a_i[31:24]});
      ptxalu_pkg::SelH0: ta = $signed({{(W-16){ctrl_i.asigned & a_i[15]}}, a_i[15:0]});
      ptxalu_pkg::SelH1: ta = $signed({{(W-16){ctrl_i.asigned & a_i[31]}}, a_i[31:16]});
      default:           ta = $signed({{(W-32){ctrl_i.asigned & a_i[31]}}, a_i});
    endcase
    unique case (ctrl_i.bsel[2:0])
      ptxalu_pkg::SelB0: tb = $signed({{(W-8){b_is_signed & b_i[7]}},   b_i[7:0]});
      ptxalu_pkg::SelB1: tb = $signed({{(W-8){b_is_signed & b_i[15]}},  b_i[15:8]});
      ptxalu_pkg::SelB2: tb = $signed({{(W-8){b_is_signed & b_i[23]}},  b_i[23:16]});
      ptxalu_pkg::SelB3: tb = $signed({{(W-8){b_is_signed & b_i[31]}},  b_i[31:24]});
      ptxalu_pkg::SelH0: tb = $signed({{(W-16){b_is_signed & b_i[15]}}, b_i[15:0]});
      ptxalu_pkg::SelH1: tb = $signed({{(W-16){b_is_signed & b_i[31]}}, b_i[31:16]});
      default:           tb = $signed({{(W-32){b_is_signed & b_i[31]}}, b_i});
    endcase
  end

  // Shift amount: .clamp caps at 32, .wrap takes it modulo 32 (§8).
  always_comb begin
    shamt = tb;
    if (!ctrl_i.wrap && tb > 32) shamt = 32;
    if (ctrl_i.wrap)             shamt = {{(W-5){1'b0}}, tb[4:0]};
  end

  assign cmp_true = spec_compare(ctrl_i.cmp, ta, tb);

  // optSaturate bounds: by dsel's size and dtype's sign.
  always_comb begin
    unique case (ctrl_i.dsel)
      ptxalu_pkg::SelB0, ptxalu_pkg::SelB1, ptxalu_pkg::SelB2, ptxalu_pkg::SelB3: begin
        sat_max = ctrl_i.dsigned ? 127 : 255;
        sat_min = ctrl_i.dsigned ? -128 : 0;
      end
      ptxalu_pkg::SelH0, ptxalu_pkg::SelH1: begin
        sat_max = ctrl_i.dsigned ? 32767 : 65535;
        sat_min = ctrl_i.dsigned ? -32768 : 0;
      end
      default: begin
        sat_max = ctrl_i.dsigned ? $signed(80'h7fff_ffff) : $signed(80'hffff_ffff);
        sat_min = ctrl_i.dsigned ? -$signed(80'h8000_0000) : 0;
      end
    endcase
  end

  always_comb begin
    unique case (ctrl_i.op)
      ptxalu_pkg::OpVadd:     tmp = ta + tb;
      ptxalu_pkg::OpVsub:     tmp = ta - tb;
      ptxalu_pkg::OpVabsdiff: tmp = (ta < tb) ? tb - ta : ta - tb;
      ptxalu_pkg::OpVmin:     tmp = (ta < tb) ? ta : tb;
      ptxalu_pkg::OpVmax:     tmp = (ta > tb) ? ta : tb;
      ptxalu_pkg::OpVshl:     tmp = ta <<< shamt;  // exact: ta * 2^shamt
      ptxalu_pkg::OpVshr:     tmp = ta >>> shamt;  // arithmetic for signed ta (§8)
      ptxalu_pkg::OpVset:     tmp = cmp_true ? 1 : 0;
      default:                tmp = 0;
    endcase
    if (ctrl_i.sat) begin
      if (tmp > sat_max)      tmp = sat_max;
      else if (tmp < sat_min) tmp = sat_min;
    end
  end

  // c is extended by dtype (§6); vset's c is unsigned (§7; vset's dsigned is 0).
  assign tc = $signed({{(W-32){ctrl_i.dsigned & c_i[31]}}, c_i});

  always_comb begin
    unique case (ctrl_i.dsel)
      ptxalu_pkg::SelH0: merged = {c_i[31:16], tmp[15:0]};
      ptxalu_pkg::SelH1: merged = {tmp[15:0], c_i[15:0]};
      ptxalu_pkg::SelB0: merged = {c_i[31:8], tmp[7:0]};
      ptxalu_pkg::SelB1: merged = {c_i[31:16], tmp[7:0], c_i[7:0]};
      ptxalu_pkg::SelB2: merged = {c_i[31:24], tmp[7:0], c_i[15:0]};
      ptxalu_pkg::SelB3: merged = {tmp[7:0], c_i[23:0]};
      default:           merged = tmp[31:0];
    endcase
    unique case (ctrl_i.secop)
      ptxalu_pkg::SecAdd: d = tmp + tc;
      ptxalu_pkg::SecMin: d = (tmp < tc) ? tmp : tc;
      ptxalu_pkg::SecMax: d = (tmp > tc) ? tmp : tc;
      default:            d = tmp;
    endcase
  end

  // A dsel and a secondary op never come together (§10).
  assign result_o = (ctrl_i.dsel != ptxalu_pkg::SelNone) ? merged : d[31:0];

endmodule
