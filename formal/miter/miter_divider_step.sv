// ptxalu_divider's state transitions, at the full 64-bit width, for every register content
// (the registers are free variables of a one-cycle proof; the probes are tied to them by the
// proof script). S = StepsPerCycle, R/Q/D the remainder/quotient(-and-dividend)/divisor
// registers, ' the next values, qbits = Q'[S-1:0] the quotient bits of this cycle.
//
// Iteration (ITERATION, busy):
//   R < D  ==>  2^S R + Q[63:64-S] == qbits * D + R',  R' < D,  Q' = {Q[63-S:0], qbits},
//               D' = D,  count' = count - 1,  done next iff count == 0,  flags unchanged.
// Load (LOAD, idle, a legal div/rem accepted; the operand reading is spec_div_mag's):
//   D' = |b|;  flags' = (w == 16, w == 32, rem, sign(a) != sign(b), sign(a), |b| == 0);
//   done next if |b| == 0; otherwise the load has done the first k steps at once (early start,
//   k a multiple of S: k = w - S (count' + 1) busy next, k = w done next, count' < w/S):
//   with A = |a| aligned to bit 63,  Q' = A << k,  R' = A >> (64 - k) (its top k bits),  R' < D'.
// Hold (ITERATION): done and not taken holds every register; done and taken goes idle; the
//   state register never leaves {idle, busy, done}.
// By induction over the remaining (w - k)/S iterations (formal/README.md) the registers end with
// |a| = Q|b| + R, R < |b|: Q = |a| / |b|, R = |a| % |b|, which miter_divider_output takes from
// there.
module miter_divider_step #(
  parameter int unsigned StepsPerCycle = ptxalu_pkg::DivStepsPerCycle,
  parameter bit          EarlyStart    = 1'b1
) (
  input  logic              clk_i, rst_ni, in_valid_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i,
  input  logic              out_ready_i
);
  localparam int unsigned S  = StepsPerCycle;
  localparam int unsigned CW = $clog2(64 / StepsPerCycle);

`include "divider_probes.svh"

  // One step, exact (both sides below 2^65): 2 r_s + q_s[63] == fits_s * D + r_(s+1), where
  // fits_s = q_(s+1)[0] is the quotient bit the step shifts in.
  logic [65*S-1:0] step_lhs, step_rhs;
  always_comb begin
    for (int unsigned s = 0; s < S; s++) begin
      step_lhs[65*s +: 65] = {probe_stage_r[64*s +: 64], probe_stage_q[64*s + 63]};
      step_rhs[65*s +: 65] = {1'b0, probe_stage_r[64*(s+1) +: 64]} +
                             (probe_stage_q[64*(s+1)] ? {1'b0, probe_d} : 65'd0);
    end
  end

  // The whole cycle, exact: both sides are below 2^(64+S).
  logic [71:0] lhs, rhs;
  always_comb begin
    lhs = 72'({probe_r, probe_q[63:64-S]});
    rhs = 72'(probe_r_d);
    for (int unsigned i = 0; i < S; i++) begin
      if (probe_q_d[i]) rhs = rhs + (72'(probe_d) << i);
    end
  end

  // The load, from the spec's reading of the operands.
  logic        illegal, is_div_rem;
  logic [6:0]  w;
  logic        a_neg, b_neg;
  logic [63:0] a_mag, b_mag, a_aligned, unused_result;
  spec_decode  u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));
  spec_div_mag u_ops (
    .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .q_mag_i(64'd0), .r_mag_i(64'd0),
    .result_o(unused_result), .width_o(w), .a_neg_o(a_neg), .b_neg_o(b_neg),
    .a_mag_o(a_mag), .b_mag_o(b_mag)
  );
  assign is_div_rem = (ctrl_i.op == ptxalu_pkg::OpDiv) || (ctrl_i.op == ptxalu_pkg::OpRem);
  assign a_aligned  = a_mag << (7'd64 - w);

  // Dividend bits the load has already shifted in (a multiple of S, 0..w): all w when it goes
  // straight to done, else those that the remaining count'+1 iterations do not shift.
  logic [7:0] skipped;
  assign skipped = (probe_state_d == 2'd2) ? {1'b0, w}
                                           : {1'b0, w} - 8'(S) * (8'(probe_count_d) + 8'd1);

  always_comb begin
    if (rst_ni) begin
`ifdef ITERATION
      // Each of the S restoring steps of a busy cycle on its own (stage s -> s+1).
      if (probe_state == 2'd1) begin  // StBusy
        for (int unsigned s = 0; s < S; s++) begin
          if (probe_stage_r[64*s +: 64] < probe_d) begin
            assert (step_lhs[65*s +: 65] == step_rhs[65*s +: 65]);
            assert (probe_stage_r[64*(s+1) +: 64] < probe_d);
            assert (probe_stage_q[64*(s+1)+1 +: 63] == probe_stage_q[64*s +: 63]);
          end
        end
      end
`endif
`ifdef ITERATION_CYCLE
      // The same over the whole cycle in one statement (slower: ~60 s CPU at S = 4).
      if (probe_state == 2'd1 && probe_r < probe_d) begin  // StBusy
        assert (lhs == rhs);
        assert (probe_r_d < probe_d);
        assert (probe_q_d[63:S] == probe_q[63-S:0]);
      end
`endif
`ifdef HOLD
      assert (probe_state != 2'd3 || probe_state_d == 2'd0);
      assert (probe_state_d != 2'd3);
      if (probe_state == 2'd1) begin  // StBusy
        // The stages run from the registers to their next values.
        assert (probe_stage_q[63:0] == probe_q && probe_stage_r[63:0] == probe_r);
        assert (probe_stage_q[64*S +: 64] == probe_q_d && probe_stage_r[64*S +: 64] == probe_r_d);
        assert (probe_d_d == probe_d);
        assert (probe_count_d == probe_count - CW'(1));
        assert (probe_state_d == ((probe_count == '0) ? 2'd2 : 2'd1));
        assert (probe_flags_d == probe_flags);
        assert (!in_ready && !out_valid);
      end
      if (probe_state == 2'd2) begin  // StDone
        assert (out_valid && !in_ready);
        if (out_ready_i) begin
          assert (probe_state_d == 2'd0);
        end else begin
          assert (probe_state_d == 2'd2);
          assert (probe_q_d == probe_q && probe_r_d == probe_r && probe_flags_d == probe_flags);
        end
      end
      if (probe_state == 2'd0) begin  // StIdle
        assert (in_ready && !out_valid);
        if (!in_valid_i) assert (probe_state_d == 2'd0);
      end
`endif
`ifdef LOAD
      if (probe_state == 2'd0 && in_valid_i && !illegal && is_div_rem) begin  // StIdle
        assert (probe_d_d == b_mag);
        assert (probe_flags_d == {w == 7'd16, w == 7'd32, ctrl_i.op == ptxalu_pkg::OpRem,
                                  a_neg != b_neg, a_neg, b_mag == 64'd0});
        if (b_mag == 64'd0) begin
          assert (probe_state_d == 2'd2);
        end else begin
          // Early start: the k dividend bits the load moved into the remainder must read, as a
          // number, below the divisor; k is read off the state the load chose.
          assert (probe_state_d == 2'd1 || probe_state_d == 2'd2);
          if (probe_state_d == 2'd1) begin
            assert ({1'b0, probe_count_d} < (CW+1)'(w / 7'(S)));
          end
          assert (probe_q_d == a_aligned << skipped);
          assert (probe_r_d == a_aligned >> (8'd64 - skipped));
          assert (probe_r_d < b_mag);
        end
      end
`endif
    end
  end
endmodule
