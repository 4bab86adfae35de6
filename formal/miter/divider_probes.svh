// ptxalu_divider under proof (u_dut) and the probes of its registers and their next values,
// included by miter_divider_step.sv and miter_divider_output.sv after they define S (steps per
// cycle), CW (count width) and EarlyStart. The probes are undriven here: the proof script ties
// them to the divider's registers (formal/obligations.py, post_flatten). The divider's outputs
// are kept so that its registers survive until then.
(* keep *) logic        in_ready, out_valid;
(* keep *) logic [63:0] result;

(* keep *) ptxalu_divider #(.StepsPerCycle(S), .EarlyStart(EarlyStart)) u_dut (
  .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i), .in_ready_o(in_ready),
  .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .out_valid_o(out_valid), .out_ready_i(out_ready_i),
  .result_o(result)
);

(* keep *) logic [1:0]    probe_state, probe_state_d;
(* keep *) logic [CW-1:0] probe_count, probe_count_d;
(* keep *) logic [63:0]   probe_q, probe_r, probe_d, probe_q_d, probe_r_d, probe_d_d;
(* keep *) logic          probe_is_w16_q, probe_is_w32_q, probe_is_rem_q, probe_neg_quotient_q,
                          probe_neg_remainder_q, probe_div_by_zero_q;
(* keep *) logic          probe_is_w16_d, probe_is_w32_d, probe_is_rem_d, probe_neg_quotient_d,
                          probe_neg_remainder_d, probe_div_by_zero_d;
(* keep *) logic [64*(S+1)-1:0] probe_stage_q, probe_stage_r;  // after 0..S steps of a cycle
logic [5:0] probe_flags, probe_flags_d;  // w16, w32, rem, negq, negr, dbz
assign probe_flags   = {probe_is_w16_q, probe_is_w32_q, probe_is_rem_q, probe_neg_quotient_q,
                        probe_neg_remainder_q, probe_div_by_zero_q};
assign probe_flags_d = {probe_is_w16_d, probe_is_w32_d, probe_is_rem_d, probe_neg_quotient_d,
                        probe_neg_remainder_d, probe_div_by_zero_d};
