// SIMD video, one lane at a time: the small configuration's (ptxalu_pkg::CfgSmall) stand-in for
// ptxalu_simd, with the same ops and results (vadd2 .. vset2, vadd4 .. vset4), from one
// ptxalu_simd_lane of each width iterated over the lanes instead of six lanes side by side.
//
// Step k (k = 0 .. n-1; n = 4 byte lanes for the x4 forms, 2 half lanes for the x2 forms) runs
// lane k: it picks Va[k] and Vb[k] from the pool {b, a} by asel/bsel's field k, runs the lane of
// the form's width (the other lane idles) and folds its t[k] into one 32-bit register that
// starts as c:
//   merge:      the register rotates right by the lane width each step, the lane's result
//               entering at the top (or, with mask[k] clear, the byte or half that leaves at
//               the bottom, which is c's lane k); after n steps every lane is back in place.
//   accumulate: the register adds mask[k] ? t[k] : 0, sign-extended (§3), modulo 2^32.
// A masked-off lane gets an op that is not a SIMD op and returns 0, as in ptxalu_simd.
//
// Handshake (as ptxalu_bitmanip_small, through ptxalu_seq_ctl) and ports: ptxalu_pkg::seq_req_t
// and seq_rsp_t, the small units' contract; it reads ctrl and the low 32 bits of a .. c of the
// request, which the caller holds until the answer is taken (ptxalu_top holds its issue
// register meanwhile); the result's high 32 bits are zero.
//
// Latency, from the accepting edge to the first cycle with out_valid: n + 1 cycles (5 for
// the x4 forms, 3 for the x2 forms), whatever the operands and mask.
module ptxalu_simd_small (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  ptxalu_pkg::seq_req_t req_i,
  output ptxalu_pkg::seq_rsp_t rsp_o
);

  logic [1:0]  k_q;           // the lane of this step (ptxalu_seq_ctl's)
  logic [31:0] acc_q, acc_d;  // c, then the merged lanes or the running sum

  // The x4 ops are numbered OpVadd4 .. OpVset4 (ptxalu_pkg); the unit runs SIMD ops only.
  logic is_x4, lane_en, accumulate;
  assign is_x4      = (req_i.ctrl.op >= ptxalu_pkg::OpVadd4) &&
                      (req_i.ctrl.op <= ptxalu_pkg::OpVset4);
  assign lane_en    = req_i.ctrl.mask[k_q];
  assign accumulate = (req_i.ctrl.secop == ptxalu_pkg::SecAdd);

  // ---- Lane k's operands: element asel/bsel[3k +: 3] of the pool {b, a} ----------------------
  // One 16-bit half of the pool per operand serves both lanes: an x2 selector digit (0..3; bit
  // 2 is zero in a legal word) names the half, an x4 one (0..7) names its half in bits 2:1
  // and the byte of that half in bit 0.
  logic [63:0] pool;
  logic [2:0]  sel_a, sel_b;
  logic [1:0]  half_a, half_b;
  logic [15:0] pick_a, pick_b;
  assign pool   = {req_i.b[31:0], req_i.a[31:0]};
  assign sel_a  = req_i.ctrl.asel[3*k_q +: 3];
  assign sel_b  = req_i.ctrl.bsel[3*k_q +: 3];
  assign half_a = is_x4 ? sel_a[2:1] : sel_a[1:0];
  assign half_b = is_x4 ? sel_b[2:1] : sel_b[1:0];
  assign pick_a = pool[16*half_a +: 16];
  assign pick_b = pool[16*half_b +: 16];

  ptxalu_pkg::op_e op_byte, op_half;
  assign op_byte = (lane_en && is_x4) ? req_i.ctrl.op : ptxalu_pkg::OpVadd;
  assign op_half = (lane_en && !is_x4) ? req_i.ctrl.op : ptxalu_pkg::OpVadd;

  // The byte lane (g_lane[0]: the picked half's byte by sel[0]) and the half lane (g_lane[1]):
  // lane w's operands at bit 8w of lane_a and lane_b, its exact and t at bit 10w of
  // exact_lanes and t_lanes.
  logic [23:0] lane_a, lane_b;
  logic [27:0] exact_lanes, t_lanes;
  logic [9:0]  exact_byte, t_byte;
  logic [17:0] exact_half, t_half;

  for (genvar w = 0; w < 2; w++) begin : g_lane
    localparam int unsigned W = 8 << w;
    ptxalu_simd_lane #(.Width(W)) u_lane (
      .op_i      ((w == 0) ? op_byte : op_half),
      .dsigned_i (req_i.ctrl.dsigned),
      .asigned_i (req_i.ctrl.asigned),
      .bsigned_i (req_i.ctrl.bsigned),
      .sat_i     (req_i.ctrl.sat),
      .cmp_i     (req_i.ctrl.cmp),
      .a_i       (lane_a[8*w +: W]),
      .b_i       (lane_b[8*w +: W]),
      .exact_o   (exact_lanes[10*w +: W+2]),
      .t_o       (t_lanes[10*w +: W+2])
    );
  end
  assign {exact_half, exact_byte} = exact_lanes;
  assign {t_half, t_byte}         = t_lanes;
  assign lane_a = {pick_a, sel_a[0] ? pick_a[15:8] : pick_a[7:0]};
  assign lane_b = {pick_b, sel_b[0] ? pick_b[15:8] : pick_b[7:0]};

  // ---- Fold lane k into the register ---------------------------------------------------------
  // The accumulate term: a legal .add has no .sat (§5), so the unsaturated value; the idle
  // lane of the other width returns 0.
  logic [31:0] term, merged;
  assign term = {{22{exact_byte[9]}}, exact_byte} | {{14{exact_half[17]}}, exact_half};

  always_comb begin
    if (is_x4) begin
      merged = {lane_en ? t_byte[7:0] : acc_q[7:0], acc_q[31:8]};
    end else begin
      merged = {lane_en ? t_half[15:0] : acc_q[15:0], acc_q[31:16]};
    end
  end

  // ---- Control: idle, busy for n steps, answer held (ptxalu_seq_ctl) -------------------------
  logic start, busy;

  ptxalu_seq_ctl #(.StepW(2)) u_ctl (.clk_i, .rst_ni, .req_i, .skip_i(1'b0),
                                     .last_i(k_q == (is_x4 ? 2'd3 : 2'd1)),
                                     .result_i({32'd0, acc_q}), .start_o(start),
                                     .busy_o(busy), .step_o(k_q), .rsp_o);

  assign acc_d = start ? req_i.c[31:0] : busy ? (accumulate ? acc_q + term : merged) : acc_q;

  ptxalu_en_reg #(.Width(32), .Reset(1'b1)) u_acc_q (.clk_i, .rst_ni, .en_i(1'b1), .d_i(acc_d),
                                                      .q_o(acc_q));

  // Fields no SIMD form uses (zero in a legal word); the lanes' bits above the merged width;
  // the sources' bits above 31 and d.
  logic unused_bits;
  assign unused_bits = ^{req_i.ctrl.itype, req_i.ctrl.dsel, req_i.ctrl.half, req_i.ctrl.wrap,
                         req_i.ctrl.scale, req_i.ctrl.po, req_i.ctrl.neg_prod, req_i.ctrl.neg_c,
                         req_i.ctrl.relu, req_i.ctrl.shiftamt, t_byte[9:8], t_half[17:16],
                         req_i.a[63:32], req_i.b[63:32], req_i.c[63:32], req_i.d};

endmodule
