// Integer add, sub, min, max, abs, neg and sad on one 32-bit adder: the small configuration's
// (ptxalu_pkg::CfgSmall) stand-in for ptxalu_intalu, with the same ops and results, the 64-bit
// types over two 32-bit halves.
//
// The adder computes x + y + cin on 32 bits, its carry into bit 16 cut for the x2 types (two
// 16-bit lanes). Each pass it works on one half of the operands (lo: bits 31:0, hi: 63:32):
//   add            a + b
//   sub, min, max  a + ~b + 1 (a - b); min/max pick a or b by its sign
//   abs, neg       (a ^ s) + s, s = 1 for neg, the sign of a for abs (0 - a when negative)
//   sad            first a - b (its sign says whether a < b), then a pass that only sets up
//                  the next from the registered d and l, then c + (d ^ l) + l, d the
//                  difference, l = a < b: c + |a - b|
// The hi half takes the lo half's carry as its carry-in. The sign of the exact a - b, a < b,
// comes from the top bit k of the half or lane without a 33rd bit: when a[k] and b[k] differ
// it is a[k] (signed) or b[k] (unsigned), else the difference's bit k. The same for .sat.s32:
// an add whose operands (a and b, or a and ~b) agree in sign and whose sum's sign differs
// overflowed, towards a's sign.
//
// The adder's operands x, y and carry-in are flip-flops, set a pass ahead: in the accepting
// cycle (the setup: the request's decode, kept as flip-flops too) from a and b, then from the
// pass before, so each pass is flip-flops -> carry chain -> the pass's value (its top bit
// meets one multiplexer: the value is made for either value of it) -> a register (the UP5K's
// 30 MHz, syn/README.md, small configuration). Passes per form, plus the setup cycle, give
// the latency (from the accepting edge to the first cycle with out_valid):
//   16-, 32-bit and x2 add, sub, min, max, abs, neg   2: one pass
//   64-bit add, sub, abs, neg, min, max               3: lo half, hi half (min/max: the hi
//                                                     half's a - b is the whole compare, which
//                                                     picks both halves)
//   16- and 32-bit sad                                4: a - b, a wait, then c + |d|
//   64-bit sad                                        6: a - b lo and hi, a wait, c + |d| lo
//                                                     and hi
// (sad's wait: d and l come from registers, not from the compare pass's carry chain, the
// UP5K's clock, syn/README.md.)
// (tb/common/intalu_small_latency.hpp holds the tests to this table; the formal miter
// miter_small_unit.sv states it on its own.) lo_q holds the last pass's value, prev_q the one
// before, so the answer is lo_q, or {lo_q, prev_q} for the 64-bit types (their hi half last).
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

  // ---- The request's decode, read in the setup cycle only --------------------------------------
  logic is_w16, is_w64, op_add, op_min, op_minmax, op_absneg, op_sad, a_sign, inv_a0, inv_b0;

  assign is_w16    = ptxalu_pkg::itype_w16(req_i.ctrl.itype);  // x2 too
  assign is_w64    = !is_w16 && !ptxalu_pkg::itype_w32(req_i.ctrl.itype);
  assign op_add    = (req_i.ctrl.op == ptxalu_pkg::OpAdd);
  assign op_min    = (req_i.ctrl.op == ptxalu_pkg::OpMin);
  assign op_minmax = op_min || (req_i.ctrl.op == ptxalu_pkg::OpMax);
  assign op_absneg = (req_i.ctrl.op == ptxalu_pkg::OpAbs) || (req_i.ctrl.op == ptxalu_pkg::OpNeg);
  assign op_sad    = (req_i.ctrl.op == ptxalu_pkg::OpSad);
  // abs/neg: signed types
  assign a_sign    = is_w16 ? req_i.a[15] : is_w64 ? req_i.a[63] : req_i.a[31];
  assign inv_a0    = op_absneg && (a_sign || (req_i.ctrl.op == ptxalu_pkg::OpNeg));
  assign inv_b0    = !op_add && !op_absneg;

  // ... kept for the passes (set in the setup cycle).
  logic signed_q, w16_q, w16only_q, x2_q, w64_q, min_q, minmax_q, absneg_q, sad_q;
  logic inv_a_q, inv_b_q;
  logic [2:0] last_q;  // the last pass's index

  // The last pass's value and the one before (the answer's registers).
  logic [31:0] lo_q, prev_q;

  // ---- Passes: step_q counts them (0 the first, the cycle after the setup) ---------------------
  logic [2:0] step_q, step_d;
  logic       start, busy, hold_valid, in_ready;

  ptxalu_hold_reg u_hold (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (req_i.in_valid),
    .in_ready_o  (in_ready),
    .skip_i      (1'b0),
    .last_i      (step_q == last_q),
    .start_o     (start),
    .busy_o      (busy),
    .out_valid_o (hold_valid),
    .out_ready_i (req_i.out_ready)
  );
  assign rsp_o.in_ready  = in_ready;
  assign rsp_o.out_valid = hold_valid;
  // The setup values are loaded in every idle cycle, the accepting one among them (the caller
  // holds the request from then on): they read the state, not the handshake's in_valid.
  logic setup;
  assign setup  = in_ready;
  assign step_d = setup ? 3'd0 : busy ? step_q + 3'd1 : step_q;

  // ---- The adder: two 16-bit halves, the carry between them cut for x2 -------------------------
  // One 34-bit carry chain: a gap bit between the halves passes the carry (x 1, y 0), or for
  // x2 gives the hi lane its own carry-in (x = y = cin), so no logic sits inside the chain.
  logic [31:0] x_q, y_q;
  logic        cin_q;
  logic [33:0] sum_gap;
  logic [31:0] sum;
  logic        carry_out, gap_x, gap_y;

  assign gap_x     = x2_q ? cin_q : 1'b1;
  assign gap_y     = x2_q && cin_q;
  assign sum_gap   = {1'b0, x_q[31:16], gap_x, x_q[15:0]} + {1'b0, y_q[31:16], gap_y, y_q[15:0]}
                   + 34'(cin_q);
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
  assign neg_hi  = min_q ? (x_q[31] || !y_q[31]) : (x_q[31] && !y_q[31]);
  assign neg_lo  = min_q ? (x_q[15] || !y_q[15]) : (x_q[15] && !y_q[15]);
  assign zero_hi = req_i.ctrl.relu && neg_hi;
  assign zero_lo = req_i.ctrl.relu && (x2_q ? neg_lo : neg_hi);

  // ---- This pass's 32-bit value ----------------------------------------------------------------
  // Made twice, for either value of the sum's top bit (the end of the carry chain, which the
  // compare and .sat read), and picked by it: kept apart, so that bit meets one multiplexer.
  logic        first_lo;  // pass 0 of a 64-bit min/max: its value is b lo (below)
  logic        lt15, lt31, pick31;  // this pass's compare at bit 15 and 31; min/max take a
  logic [63:0] val_by_sign;
  logic [31:0] val;

  assign first_lo = minmax_q && w64_q && (step_q == 3'd0);

  for (genvar k = 0; k < 2; k++) begin : g_by_sign
    logic lt31_k, pick_lo, pick_hi, overflow;
    (* keep *) logic [31:0] val_k;
    assign lt31_k  = less(x_q[31], !y_q[31], k == 1, signed_q);
    // min/max take a where it is the smaller/the larger (either when equal); the lo 16 bits
    // by their own compare for the 16-bit types and lanes.
    assign pick_hi = !first_lo && (min_q ? lt31_k : !lt31_k);
    assign pick_lo = !w16_q ? pick_hi : min_q ? lt15 : !lt15;

    // .sat.s32 (add and sub): x and y of one sign, the sum of the other.
    assign overflow = req_i.ctrl.sat && (x_q[31] == y_q[31]) && ((k == 1) != x_q[31]);

    always_comb begin
      if (minmax_q) begin
        val_k = {pick_hi ? x_q[31:16] : ~y_q[31:16], pick_lo ? x_q[15:0] : ~y_q[15:0]};
      end else if (overflow) begin
        val_k = x_q[31] ? ptxalu_pkg::S32Min : ptxalu_pkg::S32Max;
      end else begin
        val_k = {k == 1, sum[30:0]};
      end
      if (zero_hi) val_k[31:16] = '0;
      if (zero_lo) val_k[15:0] = '0;
    end
    assign val_by_sign[32*k +: 32] = val_k;
  end

  assign lt15   = less(x_q[15], !y_q[15], sum[15], signed_q);
  assign lt31   = less(x_q[31], !y_q[31], sum[31], signed_q);
  assign pick31 = min_q ? lt31 : !lt31;
  assign val    = sum[31] ? val_by_sign[63:32] : val_by_sign[31:0];

  // ---- The next pass's operands ----------------------------------------------------------------
  // x: a's half ^ s (lo in the setup, hi after), or sad's d ^ l; y: b's half, ~b's, 0 or c's;
  // cin: the setup's, l, or this pass's carry out. The selects are shared by all 32 bits.
  logic        lt_q;      // a < b of sad's compare (pass 0, 64-bit pass 1), for its last passes
  logic        lt_now;    // a < b of this pass (a compare pass)
  logic        sad_lo;    // the next pass is sad's c + |d| (lo half): this pass is its wait
  logic        sad_hi;    // ... its hi half (64-bit)
  logic        next_hi;   // ... reads the operands' hi half
  logic        x_inv;
  logic [1:0]  y_mode;
  logic [31:0] a_next, b_next, c_next, d_next, x_d, y_d, prev_d;
  logic        cin_d;
  typedef enum logic [1:0] {YB = 2'd0, YNotB = 2'd1, YZero = 2'd2, YC = 2'd3} y_mode_e;

  assign lt_now  = w16_q ? lt15 : lt31;
  assign sad_lo  = !setup && sad_q && (step_q == {1'b0, w64_q, !w64_q});
  assign sad_hi  = !setup && sad_q && (step_q == 3'd3);
  assign next_hi = !setup && !sad_lo;
  assign x_inv   = setup ? inv_a0 : (sad_lo || sad_hi) ? lt_q : inv_a_q;
  assign y_mode  = (sad_lo || sad_hi) ? YC
                 : (setup ? op_absneg : absneg_q) ? YZero
                 : (setup ? inv_b0 : inv_b_q) ? YNotB : YB;
  assign cin_d   = setup ? (op_absneg ? inv_a0 : inv_b0) : sad_lo ? lt_q : carry_out;

  // d: in sad's wait lo_q (16/32-bit; the compare pass's value) or prev_q (64-bit: d lo, the
  // pass before), in pass 3 prev_q (d hi, which the wait moved there).
  assign a_next = next_hi ? req_i.a[63:32] : req_i.a[31:0];
  assign b_next = next_hi ? req_i.b[63:32] : req_i.b[31:0];
  assign c_next = next_hi ? req_i.c[63:32] : req_i.c[31:0];
  assign d_next = w64_q ? prev_q : lo_q;
  assign x_d    = ((sad_lo || sad_hi) ? d_next : a_next) ^ {32{x_inv}};

  always_comb begin
    unique case (y_mode)
      YB:      y_d = b_next;
      YNotB:   y_d = ~b_next;
      YZero:   y_d = '0;
      YC:      y_d = c_next;
      default: y_d = '0;
    endcase
  end

  // 64-bit min/max: pass 0 keeps b lo (its pick forced to b, first_lo), and the hi half's
  // compare (pass 1), the whole compare, puts a lo in its place where it picks a.
  assign prev_d   = (minmax_q && w64_q && pick31) ? req_i.a[31:0] : lo_q;

  // ---- The answer: the 64-bit types' hi pass joins the lo half before it ---------------------
  assign rsp_o.result = w64_q ? {lo_q, prev_q}
                              : {32'd0, w16only_q ? {16'd0, lo_q[15:0]} : lo_q};

  // ---- Registers -------------------------------------------------------------------------------
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      step_q    <= '0;
      last_q    <= '0;
      signed_q  <= 1'b0;
      w16_q     <= 1'b0;
      w16only_q <= 1'b0;
      x2_q      <= 1'b0;
      w64_q     <= 1'b0;
      min_q     <= 1'b0;
      minmax_q  <= 1'b0;
      absneg_q  <= 1'b0;
      sad_q     <= 1'b0;
      inv_a_q   <= 1'b0;
      inv_b_q   <= 1'b0;
      lo_q      <= '0;
      prev_q    <= '0;
      lt_q      <= 1'b0;
    end else begin
      step_q <= step_d;
      if (setup) begin
        last_q    <= (op_sad && is_w64) ? 3'd4 : op_sad ? 3'd2 : is_w64 ? 3'd1 : 3'd0;
        signed_q  <= ptxalu_pkg::itype_signed(req_i.ctrl.itype);
        w16_q     <= is_w16;
        w16only_q <= is_w16 && !ptxalu_pkg::itype_x2(req_i.ctrl.itype);
        x2_q      <= ptxalu_pkg::itype_x2(req_i.ctrl.itype);
        w64_q     <= is_w64;
        min_q     <= op_min;
        minmax_q  <= op_minmax;
        absneg_q  <= op_absneg;
        sad_q     <= op_sad;
        inv_a_q   <= inv_a0;
        inv_b_q   <= inv_b0;
      end
      if (busy) begin
        lo_q   <= val;
        prev_q <= prev_d;
        if (step_q == {2'b0, w64_q}) lt_q <= lt_now;
      end
    end
  end

  // The adder's operands: written in every cycle, read only in a pass (after the setup).
  always_ff @(posedge clk_i) begin
    x_q   <= x_d;
    y_q   <= y_d;
    cin_q <= cin_d;
  end

  // Fields this unit's ops never set (legal words hold zero there), and d.
  logic unused_req;
  assign unused_req = ^{req_i.ctrl.dsigned, req_i.ctrl.asigned, req_i.ctrl.bsigned,
                        req_i.ctrl.asel, req_i.ctrl.bsel, req_i.ctrl.dsel, req_i.ctrl.mask,
                        req_i.ctrl.secop, req_i.ctrl.cmp, req_i.ctrl.half, req_i.ctrl.wrap,
                        req_i.ctrl.scale, req_i.ctrl.po, req_i.ctrl.neg_prod, req_i.ctrl.neg_c,
                        req_i.ctrl.shiftamt, sum_gap[16], req_i.d, start};

endmodule
