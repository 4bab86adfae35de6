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

  // Lanes 0..3: the byte lanes; 4 and 5: the half lanes 0 and 1 (a 2-bit selector digit).
  for (genvar l = 0; l < 6; l++) begin : g_lane
    localparam bit          Half  = l >= 4;
    localparam int unsigned I     = Half ? l - 4 : l;
    localparam int unsigned Width = Half ? 16 : 8;
    logic [2:0]       asel, bsel;
    logic [Width+1:0] t;
    assign asel = Half ? {1'b0, ctrl_i.asel[3*I +: 2]} : ctrl_i.asel[3*I +: 3];
    assign bsel = Half ? {1'b0, ctrl_i.bsel[3*I +: 2]} : ctrl_i.bsel[3*I +: 3];
    spec_simd_lane_scalar #(.Width(Width)) u_lane (
      .ctrl_i   (ctrl_i),
      .a_i      (pool[Width*asel +: Width]),
      .b_i      (pool[Width*bsel +: Width]),
      .result_o (t)
    );
    if (Half) begin : g_half
      assign t2[18*I +: 18] = t;
    end else begin : g_byte
      assign t4[10*I +: 10] = t;
    end
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
