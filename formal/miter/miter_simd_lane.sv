// One RTL SIMD lane (ptxalu_simd_lane #(Width)) against the scalar lane spec, for every
// SIMD op, type, sat and compare at once. The fields a lane reads are free; the control word
// is a legal SIMD one (the lane's contract). exact_o, t before saturation, equals t when
// .sat is off.
module miter_simd_lane #(
  parameter int unsigned Width = 8
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [Width-1:0]  a_i, b_i
);
  logic [Width+1:0] rtl_t, rtl_exact, spec_t;
  logic             illegal, simd_op;

  ptxalu_simd_lane #(.Width(Width)) u_rtl (
    .op_i      (ctrl_i.op),
    .dsigned_i (ctrl_i.dsigned),
    .asigned_i (ctrl_i.asigned),
    .bsigned_i (ctrl_i.bsigned),
    .sat_i     (ctrl_i.sat),
    .cmp_i     (ctrl_i.cmp),
    .a_i       (a_i),
    .b_i       (b_i),
    .exact_o   (rtl_exact),
    .t_o       (rtl_t)
  );
  spec_simd_lane_scalar #(.Width(Width)) u_spec (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .result_o (spec_t)
  );
  spec_decode u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));

  // The x2 ops run on 16-bit lanes, the x4 ops on 8-bit lanes.
  assign simd_op = (Width == 16)
      ? (ctrl_i.op >= ptxalu_pkg::OpVadd2 && ctrl_i.op <= ptxalu_pkg::OpVset2)
      : (ctrl_i.op >= ptxalu_pkg::OpVadd4 && ctrl_i.op <= ptxalu_pkg::OpVset4);

  always_comb begin
    assume (!illegal && simd_op);
    assert (rtl_t == spec_t);
    // Without .sat, the unsaturated value (what the unit accumulates) is t itself.
    assert (ctrl_i.sat || rtl_exact == spec_t);
  end
endmodule
