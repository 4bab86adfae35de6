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
// Handshake (as ptxalu_bitmanip_small, through ptxalu_hold_reg): in_ready_o only while idle;
// accepted with in_valid_i && in_ready_o. **ctrl_i and a_i .. c_i must hold from that cycle until
// the answer is taken** (ptxalu_top holds its issue register meanwhile). out_valid_o stays
// high with result_o steady until out_ready_i.
//
// Latency, from the accepting edge to the first cycle with out_valid_o: n + 1 cycles (5 for
// the x4 forms, 3 for the x2 forms), whatever the operands and mask.
module ptxalu_simd_small (
  input  logic              clk_i,
  input  logic              rst_ni,

  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,

  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       result_o
);

  logic [1:0]  k_q, k_d;      // the lane of this step
  logic [31:0] acc_q, acc_d;  // c, then the merged lanes or the running sum

  // The x4 ops are numbered OpVadd4 .. OpVset4 (ptxalu_pkg); the unit runs SIMD ops only.
  logic is_x4, lane_en, accumulate;
  assign is_x4      = (ctrl_i.op >= ptxalu_pkg::OpVadd4) && (ctrl_i.op <= ptxalu_pkg::OpVset4);
  assign lane_en    = ctrl_i.mask[k_q];
  assign accumulate = (ctrl_i.secop == ptxalu_pkg::SecAdd);

  // ---- Lane k's operands: element asel/bsel[3k +: 3] of the pool {b, a} ----------------------
  // One 16-bit half of the pool per operand serves both lanes: an x2 selector digit (0..3; bit
  // 2 is zero in a legal word) names the half, an x4 one (0..7) names its half in bits 2:1
  // and the byte of that half in bit 0.
  logic [63:0] pool;
  logic [2:0]  sel_a, sel_b;
  logic [1:0]  half_a, half_b;
  logic [15:0] pick_a, pick_b;
  assign pool   = {b_i, a_i};
  assign sel_a  = ctrl_i.asel[3*k_q +: 3];
  assign sel_b  = ctrl_i.bsel[3*k_q +: 3];
  assign half_a = is_x4 ? sel_a[2:1] : sel_a[1:0];
  assign half_b = is_x4 ? sel_b[2:1] : sel_b[1:0];
  assign pick_a = pool[16*half_a +: 16];
  assign pick_b = pool[16*half_b +: 16];

  ptxalu_pkg::op_e op_byte, op_half;
  assign op_byte = (lane_en && is_x4) ? ctrl_i.op : ptxalu_pkg::OpVadd;
  assign op_half = (lane_en && !is_x4) ? ctrl_i.op : ptxalu_pkg::OpVadd;

  logic [9:0]  exact_byte, t_byte;
  logic [17:0] exact_half, t_half;

  ptxalu_simd_lane #(.Width(8)) u_lane_byte (
    .op_i      (op_byte),
    .dsigned_i (ctrl_i.dsigned),
    .asigned_i (ctrl_i.asigned),
    .bsigned_i (ctrl_i.bsigned),
    .sat_i     (ctrl_i.sat),
    .cmp_i     (ctrl_i.cmp),
    .a_i       (sel_a[0] ? pick_a[15:8] : pick_a[7:0]),
    .b_i       (sel_b[0] ? pick_b[15:8] : pick_b[7:0]),
    .exact_o   (exact_byte),
    .t_o       (t_byte)
  );

  ptxalu_simd_lane #(.Width(16)) u_lane_half (
    .op_i      (op_half),
    .dsigned_i (ctrl_i.dsigned),
    .asigned_i (ctrl_i.asigned),
    .bsigned_i (ctrl_i.bsigned),
    .sat_i     (ctrl_i.sat),
    .cmp_i     (ctrl_i.cmp),
    .a_i       (pick_a),
    .b_i       (pick_b),
    .exact_o   (exact_half),
    .t_o       (t_half)
  );

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

  // ---- Control: idle, busy for n steps, answer held (ptxalu_hold_reg) ------------------------
  logic last_step, start, busy;
  assign last_step = (k_q == (is_x4 ? 2'd3 : 2'd1));

  ptxalu_hold_reg u_hold (.clk_i, .rst_ni, .in_valid_i, .in_ready_o, .skip_i(1'b0),
                          .last_i(last_step), .start_o(start), .busy_o(busy), .out_valid_o,
                          .out_ready_i);

  always_comb begin
    k_d   = k_q;
    acc_d = acc_q;
    if (start) begin
      k_d   = '0;
      acc_d = c_i;
    end else if (busy) begin
      k_d   = k_q + 2'd1;
      acc_d = accumulate ? acc_q + term : merged;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      k_q   <= '0;
      acc_q <= '0;
    end else begin
      k_q   <= k_d;
      acc_q <= acc_d;
    end
  end

  assign result_o = acc_q;

  // Fields no SIMD form uses (zero in a legal word); the lanes' bits above the merged width.
  logic unused_bits;
  assign unused_bits = ^{ctrl_i.itype, ctrl_i.dsel, ctrl_i.half, ctrl_i.wrap, ctrl_i.scale,
                         ctrl_i.po, ctrl_i.neg_prod, ctrl_i.neg_c, ctrl_i.relu,
                         ctrl_i.shiftamt, t_byte[9:8], t_half[17:16]};

endmodule
