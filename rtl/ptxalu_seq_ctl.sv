// ptxalu_seq_ctl: the control that the small configuration's step-by-step units
// (ptxalu_divider_small, ptxalu_bitmanip_small, ptxalu_simd_small) share, so that each of them
// is only its steps: the handshake of their request and response (ptxalu_pkg::seq_req_t,
// seq_rsp_t) through ptxalu_hold_reg, and the number of the step.
//
//   start_o   the cycle the operation is accepted (the unit loads its registers).
//   busy_o    a step this cycle, step_o its number: 0 in the first cycle after start_o, one
//             more each busy cycle; last_i (from the unit, on step_o) says it is the last.
//   skip_i    read with start_o: the answer needs no step (out_valid the next cycle).
//   rsp_o     in_ready only while idle; out_valid from the cycle after the last step (or after
//             start_o with skip_i) until the caller's out_ready takes result_i, which the unit
//             holds steady meanwhile.
module ptxalu_seq_ctl #(
  parameter int unsigned StepW = 6  // bits of step_o
) (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  ptxalu_pkg::seq_req_t req_i,
  input  logic                 skip_i,
  input  logic                 last_i,
  input  logic [63:0]          result_i,
  output logic                 start_o,
  output logic                 busy_o,
  output logic [StepW-1:0]     step_o,
  output ptxalu_pkg::seq_rsp_t rsp_o
);

  logic in_ready, out_valid;

  ptxalu_hold_reg u_hold (.clk_i, .rst_ni, .in_valid_i(req_i.in_valid), .skip_i, .last_i,
                          .out_ready_i(req_i.out_ready), .in_ready_o(in_ready), .start_o,
                          .busy_o, .out_valid_o(out_valid));

  logic [StepW-1:0] step_d;
  assign step_d = start_o ? '0 : busy_o ? step_o + StepW'(1) : step_o;

  ptxalu_en_reg #(.Width(StepW), .Reset(1'b1)) u_step_q (.clk_i, .rst_ni, .en_i(1'b1),
                                                          .d_i(step_d), .q_o(step_o));

  assign rsp_o.in_ready  = in_ready;
  assign rsp_o.out_valid = out_valid;
  assign rsp_o.result    = result_i;

  // The operation (ctrl, a .. d) is the unit's to read.
  logic unused_req;
  assign unused_req = ^{req_i.ctrl, req_i.a, req_i.b, req_i.c, req_i.d};

endmodule
