// ptxalu_divider_small against ptxalu_divider #(.StepsPerCycle(1), .EarlyStart(0)), the divider
// it stands in for (the divider/* obligations prove that one: iteration-step-64-s1,
// load-noearly-s1, output), in lockstep one cycle apart (ptxalu_divider_small's load step):
// both reset in cycle 0 (the miter's own counter starts at zero; nothing else is assumed of the
// initial state, so ABC's sequential engines may read it), then one operation with a free legal
// word of op Op (a ptxalu_pkg::op_e value) and free operands, offered to ptxalu_divider_small in
// cycle 1 and to the reference in cycle 2, which both units see held from then on, as
// ptxalu_top holds its issue register; out_ready_i is free. Asserted: both ready in cycle 1,
// ptxalu_divider_small busy in cycle 2, and in every cycle after it the same in_ready_o and
// out_valid_o, and (CheckResult = 1) while out_valid_o the same result. The obligations check
// the handshake only (CheckResult = 0): with the result, the BMC at the 16-bit types ran out of
// 300 s of CPU (Yosys sat; ABC dprove: undecided in frame 18); divider_unit_test_small and
// rtl.random.small simulate the results. The obligations restrict the types to the 16-bit ones
// (both answer in cycle 19, or 3 for a zero divisor); the 32/64-bit types run the same steps for
// more cycles, which divider_unit_test_small simulates.
module miter_divider_small #(
  parameter int unsigned Op          = 30,  // ptxalu_pkg::OpDiv
  parameter bit          CheckResult = 1'b0
) (
  input  logic              clk_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i,
  input  logic              out_ready_i
);
  logic [4:0]        t_q = '0;  // cycles since the start, saturating
  logic              offer, started;  // cycle 1 (the offer), every cycle after it
  logic              ref_offer;       // cycle 2
  ptxalu_pkg::ctrl_t ctrl_q;
  logic [63:0]       a_q, b_q;

  ptxalu_pkg::ctrl_t ctrl;
  logic [63:0]       a, b, result, want;
  logic              in_ready, out_valid, ref_in_ready, ref_out_valid;

  assign offer   = (t_q == 5'd1);
  assign started = (t_q > 5'd1);
  assign ref_offer = (t_q == 5'd2);
  assign ctrl    = started ? ctrl_q : ctrl_i;
  assign a       = started ? a_q : a_i;
  assign b       = started ? b_q : b_i;

  ptxalu_divider_small u_dut (
    .clk_i  (clk_i),
    .rst_ni (t_q != '0),
    .req_i  ({offer, out_ready_i, ctrl, a, b, 128'd0}),
    .rsp_o  ({in_ready, out_valid, result})
  );

  ptxalu_divider #(
    .StepsPerCycle (1),
    .EarlyStart    (1'b0)
  ) u_ref (
    .clk_i       (clk_i),
    .rst_ni      (t_q != '0),
    .in_valid_i  (ref_offer),
    .in_ready_o  (ref_in_ready),
    .ctrl_i      (ctrl),
    .a_i         (a),
    .b_i         (b),
    .out_valid_o (ref_out_valid),
    .out_ready_i (out_ready_i),
    .result_o    (want)
  );

  always_ff @(posedge clk_i) begin
    if (t_q != '1) t_q <= t_q + 5'd1;
    if (offer) begin
      ctrl_q <= ctrl_i;
      a_q    <= a_i;
      b_q    <= b_i;
    end
  end

  logic illegal;
  spec_decode u_legal (.ctrl_i(ctrl), .illegal_o(illegal));

  always_comb begin
    assume (!illegal && ctrl.op == 6'(Op) && ptxalu_pkg::itype_w16(ctrl.itype));
    if (t_q == 5'd1) assert (in_ready && ref_in_ready);
    if (t_q == 5'd2) assert (!in_ready && !out_valid && !ref_out_valid);
    if (t_q > 5'd2) begin
      assert (in_ready == ref_in_ready);
      assert (out_valid == ref_out_valid);
      if (CheckResult && out_valid) assert (result == want);
    end
  end
endmodule
