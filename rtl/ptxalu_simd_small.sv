// SIMD video, one lane at a time: the small configuration's (ptxalu_pkg::CfgSmall) stand-in for
// ptxalu_simd, with the same ops and results (vadd2 .. vset2, vadd4 .. vset4), from one
// ptxalu_simd_lane of each width iterated over the lanes instead of six lanes side by side.
//
// Lane k (k = 0 .. n-1; n = 4 byte lanes for the x4 forms, 2 half lanes for the x2 forms) runs
// in three stages, one cycle each, overlapped with the lanes before and after it (so the
// operation takes one cycle more than one step per lane, not three per lane):
//   pick  Va[k] and Vb[k] from the pool {b, a} by asel/bsel's field k (lane 0 in the accepting
//         cycle from the request's field 0; lane k+1 in step k from shift registers holding
//         the fields and mask bits still to come), into the operand registers;
//   lane  both lanes (byte and half) on those registers, their t into registers;
//   fold  the term into one 32-bit register that starts as c (steps 1 .. n):
//   merge:      the register rotates right by the lane width each step, the lane's result
//               entering at the top (or, with mask[k] clear, the byte or half that leaves at
//               the bottom, which is c's lane k); after n steps every lane is back in place.
//   accumulate: the register adds mask[k] ? t[k] : 0, sign-extended (§3), modulo 2^32.
// A masked-off lane's term is 0 (.add) or c's lane is kept (merge), as in ptxalu_simd.
//
// Handshake (as ptxalu_bitmanip_small, through ptxalu_seq_ctl) and ports: ptxalu_pkg::seq_req_t
// and seq_rsp_t, the small units' contract; it reads ctrl and the low 32 bits of a .. c of the
// request, which the caller holds until the answer is taken (ptxalu_top holds its issue
// register meanwhile); the result's high 32 bits are zero.
//
// Latency, from the accepting edge to the first cycle with out_valid: n + 2 cycles (6 for
// the x4 forms, 4 for the x2 forms), whatever the operands and mask.
module ptxalu_simd_small (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  ptxalu_pkg::seq_req_t req_i,
  output ptxalu_pkg::seq_rsp_t rsp_o
);

  logic [2:0]  step;          // ptxalu_seq_ctl's step: picks lane step+1, folds lane step-1
  logic        start, busy;
  logic [31:0] acc_q, acc_d;  // c, then the merged lanes or the running sum

  // ---- The op: decoded from the request while idle (the accepting cycle among those; the
  // caller holds the request from then on) into flip-flops the steps read, as
  // ptxalu_bitmanip_small does: the lanes' op and the fold's shape and mode. A decode of the
  // request's op read in the steps becomes a ROM into which Yosys (proc_rom, memory_dff) merges
  // the caller's issue register, so that the top's handshake (a unit's out_valid -> in_ready ->
  // the issue register's next op) reached the decode (the UP5K's clock, syn/README.md). The
  // pick (lane 0 in the accepting cycle) reads the request's op through ptxalu_pkg::simd_shape
  // (compares, not a case, so no ROM).
  logic idle;  // ptxalu_seq_ctl's in_ready
  logic is_x4_in, is_x4, accumulate;
  logic [1:0] shape_in;   // {x4, x2} of the request's op
  ptxalu_pkg::op_e op_q;  // the lanes' op
  ptxalu_pkg::op_e op_in;
  assign op_in    = req_i.ctrl.op;
  assign shape_in = ptxalu_pkg::simd_shape(op_in);
  assign is_x4_in = shape_in[1];
  ptxalu_en_reg #(.Width($bits(op_in) + 2), .Reset(1'b1)) u_op_q (
      .clk_i, .rst_ni, .en_i(idle),
      .d_i({op_in, is_x4_in, req_i.ctrl.secop == ptxalu_pkg::SecAdd}),
      .q_o({op_q, is_x4, accumulate}));

  // ---- Pick: lane 0 from the request, lane k+1 in step k from the shift registers ------------
  // {bsel, asel, mask} fields 1..3, shifted down one field a step.
  logic [20:0] rest_q, rest_d;
  logic [2:0]  sel_a, sel_b;
  logic        en_pick;
  assign rest_d = busy ? {3'd0, rest_q[20:15], 3'd0, rest_q[11:6], 1'b0, rest_q[2:1]}
                       : {req_i.ctrl.bsel[11:3], req_i.ctrl.asel[11:3], req_i.ctrl.mask[3:1]};
  assign sel_a   = busy ? rest_q[5:3]   : req_i.ctrl.asel[2:0];
  assign sel_b   = busy ? rest_q[14:12] : req_i.ctrl.bsel[2:0];
  assign en_pick = busy ? rest_q[0]     : req_i.ctrl.mask[0];

  // One 16-bit half of the pool per operand serves both lanes: an x2 selector digit (0..3; bit
  // 2 is zero in a legal word) names the half, an x4 one (0..7) names its half in bits 2:1
  // and the byte of that half in bit 0, which goes to the operand's low byte (the byte lane's).
  logic [63:0] pool;
  logic [15:0] opnd_a_d, opnd_b_d, opnd_a_q, opnd_b_q;
  assign pool = {req_i.b[31:0], req_i.a[31:0]};

  function automatic logic [15:0] pick(input logic [63:0] pool_i, input logic [2:0] sel_i,
                                       input logic x4_i);
    logic [1:0]  idx;
    logic [15:0] half;
    idx  = x4_i ? sel_i[2:1] : sel_i[1:0];
    half = pool_i[16*idx +: 16];
    pick = {half[15:8], (x4_i && sel_i[0]) ? half[15:8] : half[7:0]};
  endfunction
  assign opnd_a_d = pick(pool, sel_a, is_x4_in);
  assign opnd_b_d = pick(pool, sel_b, is_x4_in);

  // ---- Lane: the byte lane (g_lane[0]) on the operands' low bytes, the half lane (g_lane[1])
  // on the whole operands, both on the op (its flip-flops) as it is (an x2 and an x4 code mean
  // the same per lane), with no .sat (the fold's); lane w's exact t at bit 10w of exact_lanes.
  logic en_lane_q, en_fold_q;
  logic [27:0] exact_lanes, t_lanes;

  for (genvar w = 0; w < 2; w++) begin : g_lane
    localparam int unsigned W = 8 << w;
    ptxalu_simd_lane #(.Width(W)) u_lane (
      .op_i      (op_q),
      .dsigned_i (req_i.ctrl.dsigned),
      .asigned_i (req_i.ctrl.asigned),
      .bsigned_i (req_i.ctrl.bsigned),
      .sat_i     (1'b0),  // t = exact: the fold applies .sat (below)
      .cmp_i     (req_i.ctrl.cmp),
      .a_i       (opnd_a_q[W-1:0]),
      .b_i       (opnd_b_q[W-1:0]),
      .exact_o   (exact_lanes[10*w +: W+2]),
      .t_o       (t_lanes[10*w +: W+2])
    );
  end
  // ---- Fold lane k-1 in step k (k = 1 .. n) --------------------------------------------------
  // Both lanes' exact t registered (the choice of the form's lane is the fold's, off the lane's
  // path). The term: the form's lane, sign-extended (§3: .add sums t[k] untruncated; a legal
  // .add has no .sat, §5, so t is the exact value, as ptxalu_simd's terms), 0 for a masked-off
  // lane (.add adds nothing; the merge keeps c's lane instead).
  logic [9:0]  byte_q;
  logic [17:0] half_q;
  logic [31:0] term, merged;
  assign term = !en_fold_q ? '0 : is_x4 ? {{22{byte_q[9]}}, byte_q} : {{14{half_q[17]}}, half_q};

  // The merge's .sat (§4), here rather than in the lanes (the lane's path, opnd_q -> lane_q,
  // was the UP5K's clock): the registered exact value, exact in W+2 bits, is out of dtype's
  // lane range by its top three bits {sign, bit W, bit W-1} (ptxalu_pkg::lane_above/lane_below,
  // the rule ptxalu_simd_lane applies to each of its candidates); only the low W bits of the
  // bound (ptxalu_pkg::lane_bound) are merged.
  logic [27:0] exact_q;
  logic [23:0] sat_lanes;  // lane w's low W bits after .sat, at bit 8w
  assign exact_q = {half_q, byte_q};
  for (genvar w = 0; w < 2; w++) begin : g_sat
    localparam int unsigned W = 8 << w;
    logic [W+1:0] v;
    logic         dsigned, above, below;
    logic [3:0]   bound;
    logic [W-1:0] t;
    assign v       = exact_q[10*w +: W+2];
    assign dsigned = req_i.ctrl.dsigned;
    assign above   = ptxalu_pkg::lane_above(v[W+1 -: 3], dsigned);
    assign below   = ptxalu_pkg::lane_below(v[W+1 -: 3], dsigned);
    assign bound   = ptxalu_pkg::lane_bound(above, dsigned);
    logic unused_bound_top;  // the bound's bits W+1 and W: the fold merges its low W bits
    assign unused_bound_top = ^bound[3:2];
    always_comb begin
      t = v[W-1:0];
      if (req_i.ctrl.sat && (above || below)) begin
        t = {bound[1], {(W-1){bound[0]}}};
      end
    end
    assign sat_lanes[8*w +: W] = t;
  end

  always_comb begin
    if (is_x4) begin
      merged = {en_fold_q ? sat_lanes[7:0] : acc_q[7:0], acc_q[31:8]};
    end else begin
      merged = {en_fold_q ? sat_lanes[23:8] : acc_q[15:0], acc_q[31:16]};
    end
  end

  // ---- Control: idle, busy for n + 1 steps, answer held (ptxalu_seq_ctl) ---------------------
  ptxalu_seq_ctl #(.StepW(3)) u_ctl (.clk_i, .rst_ni, .req_i, .skip_i(1'b0),
                                     .last_i(step == (is_x4 ? 3'd4 : 3'd2)),
                                     .result_i({32'd0, acc_q}), .start_o(start),
                                     .busy_o(busy), .step_o(step), .rsp_o);
  assign idle = rsp_o.in_ready;

  always_comb begin
    acc_d = acc_q;
    if (start) begin
      acc_d = req_i.c[31:0];
    end else if (busy && step != 3'd0) begin
      acc_d = accumulate ? acc_q + term : merged;
    end
  end

  ptxalu_en_reg #(.Width(32), .Reset(1'b1)) u_acc_q (.clk_i, .rst_ni, .en_i(1'b1), .d_i(acc_d),
                                                      .q_o(acc_q));
  // The stages' registers need no reset: the fold reads them only in steps 1 .. n.
  ptxalu_en_reg #(.Width(21)) u_rest_q (.clk_i, .rst_ni, .en_i(1'b1), .d_i(rest_d),
                                        .q_o(rest_q));
  ptxalu_en_reg #(.Width(33)) u_opnd_q (.clk_i, .rst_ni, .en_i(1'b1),
                                        .d_i({en_pick, opnd_b_d, opnd_a_d}),
                                        .q_o({en_lane_q, opnd_b_q, opnd_a_q}));
  ptxalu_en_reg #(.Width(29)) u_lane_q (.clk_i, .rst_ni, .en_i(1'b1),
                                        .d_i({en_lane_q, exact_lanes}),
                                        .q_o({en_fold_q, half_q, byte_q}));

  // Fields no SIMD form uses (zero in a legal word); the lanes' t (exact: their .sat is 0);
  // the sources' bits above 31 and d.
  logic unused_bits;
  assign unused_bits = ^{shape_in[0], req_i.ctrl.itype, req_i.ctrl.dsel, req_i.ctrl.half,
                         req_i.ctrl.wrap, req_i.ctrl.scale, req_i.ctrl.po, req_i.ctrl.neg_prod,
                         req_i.ctrl.neg_c, req_i.ctrl.relu, req_i.ctrl.shiftamt, t_lanes,
                         req_i.a[63:32], req_i.b[63:32], req_i.c[63:32], req_i.d};

endmodule
