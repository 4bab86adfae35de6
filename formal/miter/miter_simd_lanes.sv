// The "lanes" property of the SIMD unit: with a merge (no .add), lane i of the RTL result is
// the scalar lane spec applied to lane i's selected elements (pool[asel digit i],
// pool[bsel digit i]) truncated to the lane, where mask[i] is set, and c's lane i elsewhere;
// with .add, the result is c plus the sum of the masked lanes' full values. One lane spec per
// lane, so the whole unit is checked against lane-sized scalar specs. Parameter Lanes restricts
// the ops to the x4 (4) or x2 (2) family; 0 takes both.
module miter_simd_lanes #(
  parameter int unsigned Lanes = 0  // 4: x4 ops only, 2: x2 ops only, 0: both
) (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i, b_i, c_i
);
  logic [31:0] rtl_result;
  logic        illegal, is_x4, is_x2;
  logic [63:0] pool;

  ptxalu_simd u_rtl (.ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .c_i(c_i), .result_o(rtl_result));
  spec_decode u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));

  assign pool  = {b_i, a_i};
  assign is_x4 = ctrl_i.op >= ptxalu_pkg::OpVadd4 && ctrl_i.op <= ptxalu_pkg::OpVset4;
  assign is_x2 = ctrl_i.op >= ptxalu_pkg::OpVadd2 && ctrl_i.op <= ptxalu_pkg::OpVset2;

  logic [39:0] t4;  // scalar spec of byte lane i in [10*i +: 10]
  logic [35:0] t2;  // scalar spec of half lane i in [18*i +: 18]

  for (genvar i = 0; i < 4; i++) begin : g_byte
    spec_simd_lane_scalar #(.Width(8)) u_lane (
      .ctrl_i   (ctrl_i),
      .a_i      (pool[8*ctrl_i.asel[3*i +: 3] +: 8]),
      .b_i      (pool[8*ctrl_i.bsel[3*i +: 3] +: 8]),
      .result_o (t4[10*i +: 10])
    );
  end
  for (genvar i = 0; i < 2; i++) begin : g_half
    spec_simd_lane_scalar #(.Width(16)) u_lane (
      .ctrl_i   (ctrl_i),
      .a_i      (pool[16*ctrl_i.asel[3*i +: 2] +: 16]),
      .b_i      (pool[16*ctrl_i.bsel[3*i +: 2] +: 16]),
      .result_o (t2[18*i +: 18])
    );
  end

  logic [31:0] sum4, sum2;
  always_comb begin
    sum4 = c_i;
    sum2 = c_i;
    for (int i = 0; i < 4; i++) if (ctrl_i.mask[i]) sum4 = sum4 + {{22{t4[10*i+9]}}, t4[10*i +: 10]};
    for (int i = 0; i < 2; i++) if (ctrl_i.mask[i]) sum2 = sum2 + {{14{t2[18*i+17]}}, t2[18*i +: 18]};
  end

  always_comb begin
    assume (!illegal && (is_x4 && Lanes != 2 || is_x2 && Lanes != 4));
`ifdef LANES_ACCUMULATE
    assume (ctrl_i.secop == ptxalu_pkg::SecAdd);
    assert (rtl_result == (is_x4 ? sum4 : sum2));
`else
    assume (ctrl_i.secop == ptxalu_pkg::SecNone);
    for (int i = 0; i < 4; i++) begin
      if (is_x4) assert (rtl_result[8*i +: 8] == (ctrl_i.mask[i] ? t4[10*i +: 8] : c_i[8*i +: 8]));
    end
    for (int i = 0; i < 2; i++) begin
      if (is_x2) assert (rtl_result[16*i +: 16] == (ctrl_i.mask[i] ? t2[18*i +: 16] : c_i[16*i +: 16]));
    end
`endif
  end
endmodule
