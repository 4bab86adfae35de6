// div and rem, one restoring step per cycle on one shared adder: the small configuration's
// (ptxalu_pkg::CfgSmall) stand-in for ptxalu_divider #(.StepsPerCycle(1), .EarlyStart(0)),
// with the same results and the same handshake one cycle later (see the latency), in fewer LUTs.
//
// The algorithm is ptxalu_divider's (see its header): the dividend's magnitude |a| shifts out
// of a register at its bit w-1 into the partial remainder, the divisor's magnitude is
// subtracted where it fits, the quotient bit shifts in at bit 0; after w steps the quotient
// register holds |a| / |b| in its low w bits and the remainder register |a| % |b|; the signs
// are applied on the way out. What is shared:
//   - One 65-bit adder does the load's |a| (0 + (a ^ s) + s, s = a's sign) and every step's
//     trial (shifted - |b|). |b| is never formed: the step adds b itself when b is negative
//     (shifted + b = shifted - |b|) and subtracts it otherwise. The trial fits iff its 65-bit
//     sign is clear. The adder's second operand and carry-in come from a register (loaded
//     with a ^ s and s in the accepting cycle, with b or ~b and its carry in every cycle after
//     it, b being held): the type decode, extension and inversion stay off the carry chain's
//     path, and the load of |a| takes a cycle of its own (step 0).
//   - Both registers are zero while idle (cleared when the answer is taken, and by reset), so
//     the adder's first operand at the load, the shifted remainder, is zero without a mux.
//   - No operand copy: the request's ctrl, a and b are held by the caller (see the handshake),
//     so the divisor, the types and the signs are read from them at every step and at the
//     answer.
//   - No alignment shifter: the bit shifted out is the register's bit w-1, not bit 63 (the
//     bits above w fill with dividend bits that are never read).
// The answer's negation (0 - magnitude when negative) is the one other adder (carry select).
//
// Handshake (as ptxalu_divider, through ptxalu_seq_ctl) and ports: ptxalu_pkg::seq_req_t and
// seq_rsp_t, the small units' contract; it reads ctrl, a and b of the request, which the caller
// holds until the answer is taken (ptxalu_top holds its issue register meanwhile).
//
// Latency, from the accepting edge to the first cycle with out_valid_o: w + 2 cycles (18, 34,
// 66 for 16/32/64-bit), 2 for a zero divisor (its answer after the load step): ptxalu_divider's
// at StepsPerCycle = 1 without the early start, plus the load step.
module ptxalu_divider_small (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  ptxalu_pkg::seq_req_t req_i,
  output ptxalu_pkg::seq_rsp_t rsp_o
);

  // ---- Type, operands extended to 65 bits, signs ------------------------------------------
  // The type's width w from ptxalu_pkg: the low w bits of a and b, extended by their bit w-1
  // when the type is signed.
  logic        is_signed;
  logic [64:0] a_ext, b_ext;  // the low w bits, sign- or zero-extended
  logic        a_neg, b_neg;
  logic [63:0] width_mask;
  logic [5:0]  last_bit;      // w - 1

  assign is_signed  = ptxalu_pkg::itype_signed(req_i.ctrl.itype);
  assign width_mask = ptxalu_pkg::itype_mask(req_i.ctrl.itype);
  assign last_bit   = ptxalu_pkg::itype_top_bit(req_i.ctrl.itype);
  assign a_neg      = is_signed & req_i.a[last_bit];
  assign b_neg      = is_signed & req_i.b[last_bit];
  assign a_ext      = {a_neg, (req_i.a & width_mask) | ({64{a_neg}} & ~width_mask)};
  assign b_ext      = {b_neg, (req_i.b & width_mask) | ({64{b_neg}} & ~width_mask)};

  // ---- State ---------------------------------------------------------------------------------
  logic [6:0]  step_q;            // the step (ptxalu_seq_ctl's): 0 the load, 1 .. w the steps
  logic [63:0] quo_q, quo_d;      // dividend bits still to shift out, quotient bits in
  logic [63:0] rem_q, rem_d;      // the partial remainder
  logic        start, busy, take, b_zero_q;

  // b = 0 from a register loaded every cycle from the held request (read only in the steps and
  // at the answer): the type's extension and the 65-bit compare stay off the answer's path.
  ptxalu_en_reg #(.Width(1)) u_b_zero_q (.clk_i, .rst_ni, .en_i(1'b1), .d_i(b_ext == '0),
                                         .q_o(b_zero_q));
  assign take   = rsp_o.out_valid && req_i.out_ready;

  logic [63:0] answer;
  ptxalu_seq_ctl #(.StepW(7)) u_ctl (.clk_i, .rst_ni, .req_i, .skip_i(1'b0),
                                     .last_i(b_zero_q || step_q == {1'b0, last_bit} + 7'd1),
                                     .result_i(answer),
                                     .start_o(start), .busy_o(busy), .step_o(step_q), .rsp_o);

  // ---- The shared adder: |a| at the load, shifted - |b| at a step -----------------------------
  logic [64:0] shifted, sum;
  logic [64:0] addend_q, addend_d;  // a ^ s for the load, then b ^ ~s_b
  logic        inv_q, inv_d, fits;

  assign inv_d    = start ? a_neg : !b_neg;
  assign addend_d = (start ? a_ext : b_ext) ^ {65{inv_d}};

  // Zero at the load (the registers are zero while idle). The bit shifted out, quo_q's bit
  // w-1, has a register of its own (out_q), so the type's bit select is off the carry chain.
  logic out_q, out_d;
  assign shifted = {rem_q, out_q};
  assign out_d   = 1'(quo_d >> last_bit);
  // Carry select: the low 33 bits on one chain, the high 32 bits on two beside it (carry in 0
  // and 1), picked by the low chain's carry, so the step's carry chain is 33 bits long, not 65
  // (the UP5K's clock, syn/README.md).
  logic [33:0] sum_lo;
  logic [31:0] sum_hi0, sum_hi1;
  assign sum_lo  = {1'b0, shifted[32:0]} + {1'b0, addend_q[32:0]} + 34'(inv_q);
  assign sum_hi0 = shifted[64:33] + addend_q[64:33];
  assign sum_hi1 = shifted[64:33] + addend_q[64:33] + 32'd1;
  assign sum     = {sum_lo[33] ? sum_hi1 : sum_hi0, sum_lo[32:0]};
  assign fits    = !sum[64];

  always_comb begin
    quo_d   = quo_q;
    rem_d   = rem_q;
    if (take) begin
      quo_d = '0;
      rem_d = '0;
    end else if (busy && step_q == '0) begin
      quo_d   = sum[63:0];
    end else if (busy) begin
      quo_d   = {quo_q[62:0], fits};
      rem_d   = fits ? sum[63:0] : shifted[63:0];
    end
  end

  // No reset: read only in the steps, after the accepting cycle loaded it.
  ptxalu_en_reg #(.Width(66)) u_addend_q (.clk_i, .rst_ni, .en_i(1'b1),
                                          .d_i({inv_d, addend_d}), .q_o({inv_q, addend_q}));

  ptxalu_en_reg #(.Width(129), .Reset(1'b1)) u_quo_rem_q (.clk_i, .rst_ni, .en_i(1'b1),
                                                           .d_i({out_d, quo_d, rem_d}),
                                                           .q_o({out_q, quo_q, rem_q}));

  // ---- Answer: the quotient negative iff the signs differ, the remainder takes a's sign --------
  // The choice and the sign from registers (loaded every cycle from the held request, read
  // only after the steps): the type decode stays off the negator's carry chain.
  // The negation (magnitude ^ s) + s as carry select, as the step's adder: the low 32 bits on
  // one chain, the high 32 bits both as they are and plus one, picked by the low chain's carry.
  logic        is_rem, negate, is_rem_q, negate_q;
  logic [63:0] magnitude, flipped, signed_mag;
  logic [32:0] neg_lo;
  logic [31:0] neg_hi1;

  assign is_rem     = (req_i.ctrl.op == ptxalu_pkg::OpRem);
  assign negate     = is_rem ? a_neg : (a_neg ^ b_neg);
  ptxalu_en_reg #(.Width(2)) u_sign_q (.clk_i, .rst_ni, .en_i(1'b1), .d_i({is_rem, negate}),
                                       .q_o({is_rem_q, negate_q}));
  assign magnitude  = is_rem_q ? rem_q : quo_q;
  assign flipped    = magnitude ^ {64{negate_q}};
  assign neg_lo     = {1'b0, flipped[31:0]} + 33'(negate_q);
  assign neg_hi1    = flipped[63:32] + 32'd1;
  assign signed_mag = {neg_lo[32] ? neg_hi1 : flipped[63:32], neg_lo[31:0]};
  assign answer     = b_zero_q ? width_mask : (signed_mag & width_mask);

`ifdef FORMAL
  // The load's adder reads zero registers (out of reset).
  always_comb begin
    if (rst_ni && rsp_o.in_ready) begin
      assert (quo_q == '0 && rem_q == '0 && !out_q);
    end
  end
`endif

  // div/rem read only op and itype (legal words hold zero in the other fields), and a and b.
  logic unused_req;
  assign unused_req = ^{req_i.ctrl, req_i.c, req_i.d};

endmodule
