// One lane of the SIMD video instructions (vadd2..vset2, vadd4..vset4), Width = 16 or 8.
//
// The lane sign- or zero-extends its two selected elements and computes t[i] of the PTX
// pseudo-code on values wide enough that nothing wraps: Width+2 bits hold every result (the
// extremes are u+u = 2^(Width+1)-2 and s-u > -2^(Width+1)). It returns t[i] at its full signed
// value, because the accumulate form adds it untruncated (CLARIFICATIONS §3); the merge form
// keeps its low Width bits. exact_o is t[i] before saturation: the same as t_o when sat_i is
// 0, which is always so for the accumulate form (§5), and ready a little earlier.
//
// Built for a short critical path (one carry chain, then a few LUT levels): four adders run
// side by side straight from the operands, a+b, a+b+1, a-b and b-a, and every op is a choice
// among them made by a sign bit, never a compare or a second adder after the first:
//   a < b            the sign of a-b (exact: a-b cannot wrap in Width+2 bits)
//   vmin, vmax       a or b, chosen by that sign
//   vabsdiff         a-b or b-a, chosen by that sign
//   vavrg (§2)       s = a+b; s >= 0: (s+1)>>1, the carry-in adder; s < 0: s>>>1
//   saturation       from the top three bits of each candidate value (exact in Width+2
//                    bits), chosen like the value, so the clamp does not wait for the choice
// The x2 and x4 encodings of an operation mean the same thing per lane, so the lane takes the
// op code as is and treats e.g. OpVadd2 and OpVadd4 alike. A lane is one module so that formal
// can prove lane i of the unit against a scalar spec of a single lane.
module ptxalu_simd_lane #(
  parameter int unsigned Width = 8
) (
  input  ptxalu_pkg::op_e  op_i,       // a SIMD video op; anything else gives t = 0
  input  logic             dsigned_i,  // dtype .s32: saturate to the signed lane range (§4)
  input  logic             asigned_i,  // atype .s32: a_i is sign-extended
  input  logic             bsigned_i,  // btype .s32: b_i is sign-extended
  input  logic             sat_i,      // clamp t to the lane range of dtype
  input  ptxalu_pkg::cmp_e cmp_i,      // vset2/vset4 comparison
  input  logic [Width-1:0] a_i,        // Va[i], the selected element
  input  logic [Width-1:0] b_i,        // Vb[i]
  output logic [Width+1:0] exact_o,    // t[i] before saturation (what .add sums: sat is 0)
  output logic [Width+1:0] t_o         // t[i], two's complement, Width+2 bits
);

  localparam int unsigned Top = Width + 1;  // sign bit of the Width+2-bit values

  logic [Width+1:0] a_ext, b_ext;
  logic [Width+1:0] sum, diff, diff_neg, exact;
  logic [Width+2:0] sum_inc_wide;  // {a+b+1, 1}
  logic [Width+1:0] avrg;
  logic [Width+1:0] lane_min, lane_max;
  logic             a_lt_b, a_eq_b, cmp_true, above_max, below_min;

  assign a_ext = {{2{asigned_i & a_i[Width-1]}}, a_i};
  assign b_ext = {{2{bsigned_i & b_i[Width-1]}}, b_i};

  // The four adders, independent of each other and of the op.
  assign sum          = a_ext + b_ext;
  assign diff         = a_ext - b_ext;
  assign diff_neg     = b_ext - a_ext;
  // a+b+1 as one carry chain: (2a+1) + (2b+1) = 2(a+b+1).
  assign sum_inc_wide = {a_ext, 1'b1} + {b_ext, 1'b1};

  assign a_lt_b = diff[Top];
  assign a_eq_b = (a_ext == b_ext);

  // §2: round half up for s >= 0, arithmetic shift (toward -inf) for s < 0. For s >= 0,
  // s+1 <= 2^(Width+1)-1 is still non-negative in Width+2 bits, so its top bit is 0.
  assign avrg = sum[Top] ? {1'b1, sum[Width+1:1]} : {1'b0, sum_inc_wide[Width+2:2]};

  logic [1:0] unused_inc_low;  // a+b+1's bit 0 and the constant 1: the shift drops them
  assign unused_inc_low = sum_inc_wide[1:0];

  assign cmp_true = ptxalu_pkg::cmp_holds(cmp_i, a_lt_b, a_eq_b);

  // The op as one-hot flags (known long before the adders finish).
  logic is_add, is_sub, is_avrg, is_absdiff, is_minmax, is_max, is_set;

  always_comb begin
    is_add     = 1'b0;
    is_sub     = 1'b0;
    is_avrg    = 1'b0;
    is_absdiff = 1'b0;
    is_minmax  = 1'b0;
    is_max     = 1'b0;
    is_set     = 1'b0;
    unique case (op_i)
      ptxalu_pkg::OpVadd2,     ptxalu_pkg::OpVadd4:     is_add     = 1'b1;
      ptxalu_pkg::OpVsub2,     ptxalu_pkg::OpVsub4:     is_sub     = 1'b1;
      ptxalu_pkg::OpVavrg2,    ptxalu_pkg::OpVavrg4:    is_avrg    = 1'b1;
      ptxalu_pkg::OpVabsdiff2, ptxalu_pkg::OpVabsdiff4: is_absdiff = 1'b1;
      ptxalu_pkg::OpVmin2,     ptxalu_pkg::OpVmin4:     is_minmax  = 1'b1;
      ptxalu_pkg::OpVmax2,     ptxalu_pkg::OpVmax4: begin
        is_minmax = 1'b1;
        is_max    = 1'b1;
      end
      ptxalu_pkg::OpVset2,     ptxalu_pkg::OpVset4:     is_set     = 1'b1;
      default: ;
    endcase
  end

  // vmin/vmax: the operand taken when a < b and the one taken otherwise (a = b: either).
  logic [Width+1:0] pick_lt, pick_ge, absdiff, minmax;
  assign pick_lt = is_max ? b_ext : a_ext;
  assign pick_ge = is_max ? a_ext : b_ext;
  assign absdiff = a_lt_b ? diff_neg : diff;
  assign minmax  = a_lt_b ? pick_lt : pick_ge;

  assign exact = ({(Width+2){is_add}}     & sum)
               | ({(Width+2){is_sub}}     & diff)
               | ({(Width+2){is_avrg}}    & avrg)
               | ({(Width+2){is_absdiff}} & absdiff)
               | ({(Width+2){is_minmax}}  & minmax)
               | {{(Width+1){1'b0}}, is_set & cmp_true};

  assign exact_o = exact;

  // The lane range of dtype (§4): [-2^(Width-1), 2^(Width-1)-1] or [0, 2^Width-1]
  // (ptxalu_pkg::lane_bound: its top three bits and the bit that fills the rest).
  logic [3:0] bound_max, bound_min;
  assign bound_max = ptxalu_pkg::lane_bound(1'b1, dsigned_i);
  assign bound_min = ptxalu_pkg::lane_bound(1'b0, dsigned_i);
  assign lane_max  = {bound_max[3:1], {(Width-1){bound_max[0]}}};
  assign lane_min  = {bound_min[3:1], {(Width-1){bound_min[0]}}};

  // Out of range: ptxalu_pkg::lane_above/lane_below on the top three bits of an exact value.
  // Each candidate is checked on its own and the check goes through the same choice as the
  // value, so the clamp does not wait for the chosen value. vabsdiff is never negative; a
  // non-negative vavrg is never below the range and a negative one never above it; vset's
  // 0/1 is inside every range.
  logic above_sum, above_diff, above_diff_neg, above_avrg, above_lt, above_ge;
  logic below_sum, below_diff, below_avrg, below_lt, below_ge;

  assign above_sum      = ptxalu_pkg::lane_above(sum[Top -: 3], dsigned_i);
  assign above_diff     = ptxalu_pkg::lane_above(diff[Top -: 3], dsigned_i);
  assign above_diff_neg = ptxalu_pkg::lane_above(diff_neg[Top -: 3], dsigned_i);
  assign above_avrg     = !sum[Top]
                       && ptxalu_pkg::lane_above({1'b0, sum_inc_wide[Width+2 -: 2]}, dsigned_i);
  assign above_lt       = ptxalu_pkg::lane_above(pick_lt[Top -: 3], dsigned_i);
  assign above_ge       = ptxalu_pkg::lane_above(pick_ge[Top -: 3], dsigned_i);
  assign below_sum      = ptxalu_pkg::lane_below(sum[Top -: 3], dsigned_i);
  assign below_diff     = ptxalu_pkg::lane_below(diff[Top -: 3], dsigned_i);
  assign below_avrg     = sum[Top]
                       && ptxalu_pkg::lane_below({1'b1, sum[Top -: 2]}, dsigned_i);
  assign below_lt       = ptxalu_pkg::lane_below(pick_lt[Top -: 3], dsigned_i);
  assign below_ge       = ptxalu_pkg::lane_below(pick_ge[Top -: 3], dsigned_i);

  assign above_max = (is_add && above_sum) || (is_sub && above_diff) || (is_avrg && above_avrg)
                  || (is_absdiff && (a_lt_b ? above_diff_neg : above_diff))
                  || (is_minmax && (a_lt_b ? above_lt : above_ge));
  assign below_min = (is_add && below_sum) || (is_sub && below_diff) || (is_avrg && below_avrg)
                  || (is_minmax && (a_lt_b ? below_lt : below_ge));

  // Saturation leaves vset's 0/1 alone (both are inside every lane range), so it needs no
  // exception for vset even though a legal vset never sets sat.
  always_comb begin
    t_o = exact;
    if (sat_i) begin
      if (above_max) begin
        t_o = lane_max;
      end else if (below_min) begin
        t_o = lane_min;
      end
    end
  end

`ifdef FORMAL
  // Saturated results lie in the lane range of dtype.
  always_comb begin
    if (sat_i) begin
      assert ($signed(t_o) <= $signed(lane_max) && $signed(t_o) >= $signed(lane_min));
    end
  end
`endif

endmodule
