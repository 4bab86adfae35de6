// One lane of the SIMD video instructions (vadd2..vset2, vadd4..vset4), Width = 16 or 8.
//
// The lane sign- or zero-extends its two selected elements and then computes t[i] exactly as
// the PTX pseudo-code does, on values wide enough that nothing wraps: Width+2 bits hold every
// result (the extremes are u+u = 2^(Width+1)-2 and s-u > -2^(Width+1)). Saturation is then a
// plain compare against the lane's bounds. The lane returns t[i] at its full signed value,
// because the accumulate form adds it untruncated (CLARIFICATIONS §3); the merge form keeps its
// low Width bits.
//
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
  output logic [Width+1:0] t_o         // t[i], two's complement, Width+2 bits
);

  logic signed [Width+1:0] a_ext, b_ext;
  logic signed [Width+1:0] sum, diff, exact;
  logic signed [Width+1:0] lane_min, lane_max;
  logic                    cmp_true;

  assign a_ext = $signed({{2{asigned_i & a_i[Width-1]}}, a_i});
  assign b_ext = $signed({{2{bsigned_i & b_i[Width-1]}}, b_i});
  assign sum   = a_ext + b_ext;
  assign diff  = a_ext - b_ext;

  // The lane range of dtype (§4): [-2^(Width-1), 2^(Width-1)-1] or [0, 2^Width-1].
  assign lane_max = dsigned_i ? $signed({3'b000, {(Width-1){1'b1}}})
                              : $signed({2'b00, {Width{1'b1}}});
  assign lane_min = dsigned_i ? $signed({3'b111, {(Width-1){1'b0}}})
                              : '0;

  always_comb begin
    cmp_true = 1'b0;
    unique case (cmp_i)
      ptxalu_pkg::CmpEq: cmp_true = (a_ext == b_ext);
      ptxalu_pkg::CmpNe: cmp_true = (a_ext != b_ext);
      ptxalu_pkg::CmpLt: cmp_true = (a_ext <  b_ext);
      ptxalu_pkg::CmpLe: cmp_true = (a_ext <= b_ext);
      ptxalu_pkg::CmpGt: cmp_true = (a_ext >  b_ext);
      ptxalu_pkg::CmpGe: cmp_true = (a_ext >= b_ext);
      default:           cmp_true = 1'b0;
    endcase
  end

  always_comb begin
    exact = '0;
    unique case (op_i)
      ptxalu_pkg::OpVadd2,     ptxalu_pkg::OpVadd4:     exact = sum;
      ptxalu_pkg::OpVsub2,     ptxalu_pkg::OpVsub4:     exact = diff;
      // §2: round half up for s >= 0, arithmetic shift (toward -inf) for s < 0. s+1 cannot
      // overflow: s <= 2^(Width+1)-2.
      ptxalu_pkg::OpVavrg2,    ptxalu_pkg::OpVavrg4:    exact = (sum >= 0) ? (sum + 1) >>> 1
                                                                           : sum >>> 1;
      ptxalu_pkg::OpVabsdiff2, ptxalu_pkg::OpVabsdiff4: exact = (diff < 0) ? -diff : diff;
      ptxalu_pkg::OpVmin2,     ptxalu_pkg::OpVmin4:     exact = (a_ext < b_ext) ? a_ext : b_ext;
      ptxalu_pkg::OpVmax2,     ptxalu_pkg::OpVmax4:     exact = (a_ext > b_ext) ? a_ext : b_ext;
      ptxalu_pkg::OpVset2,     ptxalu_pkg::OpVset4:     exact = {{(Width+1){1'b0}}, cmp_true};
      default:                                          exact = '0;
    endcase
  end

  // Saturation leaves vset's 0/1 alone (both are inside every lane range), so it needs no
  // exception for vset even though a legal vset never sets sat.
  always_comb begin
    t_o = exact;
    if (sat_i) begin
      if (exact > lane_max) begin
        t_o = lane_max;
      end else if (exact < lane_min) begin
        t_o = lane_min;
      end
    end
  end

`ifdef FORMAL
  // Saturated results lie in the lane range of dtype.
  always_comb begin
    if (sat_i) begin
      assert ($signed(t_o) <= lane_max && $signed(t_o) >= lane_min);
    end
  end
`endif

endmodule
