// Integer add, sub, min, max, abs, neg and sad on one 32-bit adder: the small configuration's
// (ptxalu_pkg::CfgSmall) stand-in for ptxalu_intalu, with the same ops and results, the 64-bit
// types over two 32-bit halves.
//
// The adder computes x + y + cin on 32 bits, its carry into bit 16 cut for the x2 types (two
// 16-bit lanes). Each cycle it works on one half of the operands (lo: bits 31:0, hi: 63:32):
//   add            a + b
//   sub, min, max  a + ~b + 1 (a - b); min/max pick a or b by its sign
//   abs, neg       (a ^ s) + s, s = 1 for neg, the sign of a for abs (0 - a when negative)
//   sad            first a - b (its sign says whether a < b), then c + (d ^ l) + l, d the
//                  difference kept from the first pass, l = a < b: c + |a - b|
// The hi half takes the lo half's carry (kept in a register) as its carry-in. The sign of the
// exact a - b, a < b, comes from the top bit k of the half or lane without a 33rd bit: when
// a[k] and b[k] differ it is a[k] (signed) or b[k] (unsigned), else the difference's bit k.
// The same for .sat.s32: an add whose operands (a and b, or a and ~b) agree in sign and whose
// sum's sign differs overflowed, towards a's sign.
//
// Cycles per form (the latency, from the accepting edge to the first cycle with out_valid):
//   16-, 32-bit and x2 add, sub, min, max, abs, neg   1: one pass at the accept
//   64-bit add, sub, abs, neg                         2: lo half at the accept, hi half after
//   16- and 32-bit sad                                3: a - b (twice), then c + |d|
//   64-bit sad, min, max                              4: a - b lo and hi first (the compare)
// (tb/common/intalu_small_latency.hpp holds the tests to this table; the formal miter
// miter_small_unit.sv states it on its own.)
// Every pass ends in a register: lo_q holds the last pass's value, prev_q the one before, so
// the answer is lo_q, or {lo_q, prev_q} for the 64-bit types (their hi half last). For the
// UP5K's 30 MHz (syn/README.md, small configuration) the pass's half, sad and late flags are
// flip-flops set a pass ahead, the adder is one carry chain (the x2 cut a gap bit in it), and
// the sum's top bit meets one multiplexer (the pass's value made for either value of it).
//
// Handshake (as ptxalu_divider_small, through ptxalu_hold_reg) and ports: ptxalu_pkg::seq_req_t
// and seq_rsp_t, the small units' contract; it reads the request's ctrl and a .. c, which the
// caller holds until the answer is taken (ptxalu_top holds its issue register meanwhile).
module ptxalu_intalu_small (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  ptxalu_pkg::seq_req_t req_i,
  output ptxalu_pkg::seq_rsp_t rsp_o
);

  // ---- Type and op ---------------------------------------------------------------------------
  logic is_signed, is_w16, is_x2, is_w64;
  logic op_add, op_minmax, op_absneg, op_sad;

  assign is_signed = ptxalu_pkg::itype_signed(req_i.ctrl.itype);
  assign is_w16    = ptxalu_pkg::itype_w16(req_i.ctrl.itype);
  assign is_x2     = ptxalu_pkg::itype_x2(req_i.ctrl.itype);
  assign is_w64    = !is_w16 && !ptxalu_pkg::itype_w32(req_i.ctrl.itype);

  assign op_add    = (req_i.ctrl.op == ptxalu_pkg::OpAdd);
  assign op_minmax = (req_i.ctrl.op == ptxalu_pkg::OpMin) || (req_i.ctrl.op == ptxalu_pkg::OpMax);
  assign op_absneg = (req_i.ctrl.op == ptxalu_pkg::OpAbs) || (req_i.ctrl.op == ptxalu_pkg::OpNeg);
  assign op_sad    = (req_i.ctrl.op == ptxalu_pkg::OpSad);

  // ---- Passes: step_q counts them (0 at the accept) --------------------------------------------
  logic [1:0]  step_q, step_d;
  logic        one_pass;  // latency 1
  logic        hi_half;   // this pass works on bits 63:32
  logic        sad_add;   // this pass is sad's c + |d|
  logic        late;      // a pass after the whole compare (steps 2, 3): a < b is lt_q
  logic        start, busy, take, stepping;

  // The three from step_d a pass ahead, registered (0 at the start pass: step 0): the
  // adder's operand select reads flip-flops, not the step count and the request's decode.
  logic hi_q, sad_add_q, late_q;
  assign one_pass = !is_w64 && !op_sad;
  assign hi_half  = hi_q;
  assign late     = late_q;
  assign sad_add  = sad_add_q;
  assign take     = hold_valid && req_i.out_ready;
  assign stepping = start || busy;

  // The last pass: the hi half of 64-bit add/sub/abs/neg (step 1), else step 2 (16/32-bit sad)
  // or step 3 (64-bit sad, min, max).
  logic hold_valid, in_ready;
  ptxalu_hold_reg u_hold (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (req_i.in_valid),
    .in_ready_o  (in_ready),
    .skip_i      (one_pass),
    .last_i      ((is_w64 && !op_sad && !op_minmax) || (late && (step_q[0] == is_w64))),
    .start_o     (start),
    .busy_o      (busy),
    .out_valid_o (hold_valid),
    .out_ready_i (req_i.out_ready)
  );
  assign rsp_o.in_ready  = in_ready;
  assign rsp_o.out_valid = hold_valid;

  always_comb begin
    step_d = step_q;
    if (take) begin
      step_d = '0;
    end else if (start) begin
      step_d = one_pass ? 2'd0 : 2'd1;
    end else if (busy) begin
      step_d = step_q + 2'd1;
    end
  end

  // ---- The adder's operands ------------------------------------------------------------------
  logic [31:0] a_half, b_half, c_half;
  logic [31:0] lo_q;               // the last pass's value
  logic [31:0] prev_q;             // the one before: the 64-bit answer's lo half; sad's d
  logic        carry_q, lt_q;      // the last pass's carry out; a < b (steps 0, 1)
  logic        a_sign, inv_a, inv_b, cin_first;
  logic [31:0] x, y;
  logic        cin;

  assign a_half = hi_half ? req_i.a[63:32] : req_i.a[31:0];
  assign b_half = hi_half ? req_i.b[63:32] : req_i.b[31:0];
  assign c_half = hi_half ? req_i.c[63:32] : req_i.c[31:0];

  // abs/neg: signed types
  assign a_sign    = is_w16 ? req_i.a[15] : is_w64 ? req_i.a[63] : req_i.a[31];
  assign inv_a     = sad_add ? lt_q
                             : op_absneg && (a_sign || (req_i.ctrl.op == ptxalu_pkg::OpNeg));
  assign inv_b     = !op_add && !op_absneg && !sad_add;
  assign cin_first = (op_absneg || sad_add) ? inv_a : inv_b;

  always_comb begin
    x = (sad_add ? prev_q : a_half) ^ {32{inv_a}};
    y = (sad_add ? c_half : op_absneg ? '0 : b_half) ^ {32{inv_b}};
    cin = hi_half ? carry_q : cin_first;
  end

  // ---- The adder: two 16-bit halves, the carry between them cut for x2 -------------------------
  // One 34-bit carry chain: a gap bit between the halves passes the carry (x 1, y 0), or for
  // x2 gives the hi lane its own carry-in (x = y = cin), so no logic sits inside the chain.
  logic [33:0] sum_gap;
  logic [31:0] sum;
  logic        carry_out, gap_x, gap_y;

  assign gap_x     = is_x2 ? cin : 1'b1;
  assign gap_y     = is_x2 && cin;
  assign sum_gap   = {1'b0, x[31:16], gap_x, x[15:0]} + {1'b0, y[31:16], gap_y, y[15:0]}
                   + 34'(cin);
  assign sum       = {sum_gap[32:17], sum_gap[15:0]};
  assign carry_out = sum_gap[33];

  // a < b at bit k of a compare pass (x = a, y = ~b, sum = a - b).
  function automatic logic less(input logic ak, input logic bk, input logic dk,
                                input logic sgn);
    less = (ak != bk) ? (sgn ? ak : bk) : dk;
  endfunction

  // .relu (min/max .s32 and .s16x2): a negative answer, or lane, becomes 0. The sign of min
  // is a's or b's, of max a's and b's, whichever is picked.
  logic neg_hi, neg_lo, zero_hi, zero_lo;
  assign neg_hi  = (req_i.ctrl.op == ptxalu_pkg::OpMin) ? (x[31] || !y[31]) : (x[31] && !y[31]);
  assign neg_lo  = (req_i.ctrl.op == ptxalu_pkg::OpMin) ? (x[15] || !y[15]) : (x[15] && !y[15]);
  assign zero_hi = req_i.ctrl.relu && neg_hi;
  assign zero_lo = req_i.ctrl.relu && (is_x2 ? neg_lo : neg_hi);

  // ---- This pass's 32-bit value ----------------------------------------------------------------
  // Made twice, for either value of the sum's top bit (the end of the carry chain, which the
  // compare and .sat read), and picked by it: kept apart, so that bit meets one multiplexer.
  logic        lt15, lt31;  // this pass's compare at bit 15 and 31 (lt31: either copy's)
  logic [63:0] val_by_sign;
  logic [31:0] val;

  for (genvar k = 0; k < 2; k++) begin : g_by_sign
    logic [31:0] sum_k;
    logic        lt31_k, lt_lo, lt_hi, pick_lo, pick_hi, overflow;
    (* keep *) logic [31:0] val_k;
    assign sum_k  = {k == 1, sum[30:0]};
    assign lt31_k = less(x[31], !y[31], sum_k[31], is_signed);
    // The lo 16 bits' compare (x2: lane 0) and the hi 16 bits'; a late pass reads lt_q.
    assign lt_lo   = late ? lt_q : (is_w16 || is_x2) ? lt15 : lt31_k;
    assign lt_hi   = late ? lt_q : lt31_k;
    // min/max take a where it is the smaller/the larger (either when equal).
    assign pick_lo = (req_i.ctrl.op == ptxalu_pkg::OpMin) ? lt_lo : !lt_lo;
    assign pick_hi = (req_i.ctrl.op == ptxalu_pkg::OpMin) ? lt_hi : !lt_hi;

    // .sat.s32 (add and sub): x and y of one sign, the sum of the other.
    assign overflow = req_i.ctrl.sat && (x[31] == y[31]) && (sum_k[31] != x[31]);

    always_comb begin
      if (op_minmax) begin
        val_k = {pick_hi ? x[31:16] : ~y[31:16], pick_lo ? x[15:0] : ~y[15:0]};
      end else if (overflow) begin
        val_k = x[31] ? ptxalu_pkg::S32Min : ptxalu_pkg::S32Max;
      end else begin
        val_k = sum_k;
      end
      if (zero_hi) val_k[31:16] = '0;
      if (zero_lo) val_k[15:0] = '0;
    end
    assign val_by_sign[32*k +: 32] = val_k;
  end

  assign lt15 = less(x[15], !y[15], sum[15], is_signed);
  assign lt31 = less(x[31], !y[31], sum[31], is_signed);
  assign val  = sum[31] ? val_by_sign[63:32] : val_by_sign[31:0];

  // ---- The answer: the 64-bit types' hi pass joins the lo half before it ---------------------
  assign rsp_o.result = is_w64 ? {lo_q, prev_q}
                               : {32'd0, is_w16 && !is_x2 ? {16'd0, lo_q[15:0]} : lo_q};

  // ---- Registers: a pass's value, carry and compare for the next -----------------------------
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      step_q    <= '0;
      hi_q      <= 1'b0;
      late_q    <= 1'b0;
      sad_add_q <= 1'b0;
      lo_q    <= '0;
      prev_q  <= '0;
      carry_q <= 1'b0;
      lt_q    <= 1'b0;
    end else begin
      step_q    <= step_d;
      hi_q      <= is_w64 && step_d[0];
      late_q    <= step_d[1];
      sad_add_q <= op_sad && step_d[1];
      if (stepping) begin
        lo_q    <= val;
        prev_q  <= lo_q;  // sad's d: d lo at step 2 (16/32-bit: d), d hi at step 3
        carry_q <= carry_out;
        if (!late) lt_q <= is_w16 ? lt15 : lt31;
      end
    end
  end

  // Fields this unit's ops never set (legal words hold zero there), and d.
  logic unused_req;
  assign unused_req = ^{req_i.ctrl.dsigned, req_i.ctrl.asigned, req_i.ctrl.bsigned,
                        req_i.ctrl.asel, req_i.ctrl.bsel, req_i.ctrl.dsel, req_i.ctrl.mask,
                        req_i.ctrl.secop, req_i.ctrl.cmp, req_i.ctrl.half, req_i.ctrl.wrap,
                        req_i.ctrl.scale, req_i.ctrl.po, req_i.ctrl.neg_prod, req_i.ctrl.neg_c,
                        req_i.ctrl.shiftamt, sum_gap[16], req_i.d};

endmodule
