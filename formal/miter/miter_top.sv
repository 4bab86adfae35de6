// Handshake proof of ptxalu_top (ExtraStages = 0 and 1) with the datapath cut (formal/abstract/
// top_datapath_cut.sv: every unit answers a ^ its tag). Free inputs every cycle, reset
// included (reset in the middle of traffic drops what is in flight, and the scoreboard with it).
//
// Properties, for every reachable state:
//   - no output without an accepted, undelivered input (nothing duplicated or invented; the
//     top's own assertion);
//   - a tracked operation (any one accepted input, chosen by the solver) leaves as the k-th
//     output after it was accepted behind k-1 others, with its own unit's answer, or with
//     illegal_o = 1 and result 0 when its control word is illegal (nothing lost, reordered,
//     misrouted);
//   - every illegal result is 0; a stalled output holds still (the top's own assertions);
//   - the divider starts only for a legal div/rem (asserted in the divider stand-in).
// Induction needs the scoreboard tied to the pipeline's state: probe_* wires are connected to
// the top's internal registers by the proof script (`connect`), and the invariants below say
// where the tracked operation sits.
module miter_top #(
  parameter int unsigned ExtraStages = 0  // 0 or 1: the invariants below know these two layouts
) (
  input  logic              clk_i, rst_ni, in_valid_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       opa_i, opb_i, opc_i, opd_i,
  input  logic              out_ready_i
);
  logic        in_ready, out_valid, illegal;
  logic [63:0] result;

  localparam int unsigned NumRes = ExtraStages + 1;  // result registers, the output's included

  ptxalu_top #(.ExtraStages(ExtraStages)) u_dut (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready),
    .ctrl_i      (ctrl_i),
    .opa_i       (opa_i),
    .opb_i       (opb_i),
    .opc_i       (opc_i),
    .opd_i       (opd_i),
    .out_valid_o (out_valid),
    .out_ready_i (out_ready_i),
    .result_o    (result),
    .illegal_o   (illegal)
  );

  // ---- What an operation should produce with the cut datapath ------------------------------
  logic in_illegal;
  spec_decode u_in_legal (.ctrl_i(ctrl_i), .illegal_o(in_illegal));

  function automatic logic [63:0] expected(input logic [5:0] op, input logic [63:0] a);
    logic [63:0] r;
    if (op >= ptxalu_pkg::OpVadd2 && op <= ptxalu_pkg::OpVset4) r = {32'd0, a[31:0] ^ 32'h1111_1111};
    else if (op == ptxalu_pkg::OpVmad)                          r = {32'd0, a[31:0] ^ 32'h3333_3333};
    else if (op <= ptxalu_pkg::OpVset)                          r = {32'd0, a[31:0] ^ 32'h2222_2222};
    else if (op == ptxalu_pkg::OpAdd || op == ptxalu_pkg::OpSub || op == ptxalu_pkg::OpMin ||
             op == ptxalu_pkg::OpMax || op == ptxalu_pkg::OpAbs || op == ptxalu_pkg::OpNeg ||
             op == ptxalu_pkg::OpSad)                           r = a ^ 64'h4444_4444_4444_4444;
    else if (op >= ptxalu_pkg::OpMul && op <= ptxalu_pkg::OpMad24) r = a ^ 64'h5555_5555_5555_5555;
    else if (op == ptxalu_pkg::OpDp4a || op == ptxalu_pkg::OpDp2a)  r = {32'd0, a[31:0] ^ 32'h6666_6666};
    else if (op == ptxalu_pkg::OpDiv || op == ptxalu_pkg::OpRem)    r = a ^ 64'h8888_8888_8888_8888;
    else                                                            r = a ^ 64'h7777_7777_7777_7777;
    expected = r;
  endfunction

  // ---- Scoreboard -----------------------------------------------------------------------------
  (* anyseq *) logic pick;  // the solver chooses which accepted input to track
  logic              in_fire, out_fire;
  logic [3:0]        outstanding_q;
  logic              picked_q, done_q, exp_illegal_q;
  logic [3:0]        ahead_q;  // outputs still due before the tracked one
  logic [63:0]       exp_result_q, tracked_a_q;
  ptxalu_pkg::ctrl_t tracked_ctrl_q;

  assign in_fire  = in_valid_i && in_ready;
  assign out_fire = out_valid && out_ready_i;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      outstanding_q <= '0;
      picked_q <= 1'b0;
      done_q <= 1'b0;
      ahead_q <= '0;
      exp_illegal_q <= 1'b0;
      exp_result_q <= '0;
      tracked_a_q <= '0;
      tracked_ctrl_q <= '0;
    end else begin
      outstanding_q <= outstanding_q + 4'(in_fire) - 4'(out_fire);
      if (in_fire && pick && !picked_q) begin
        picked_q <= 1'b1;
        ahead_q <= outstanding_q - 4'(out_fire);
        exp_illegal_q <= in_illegal;
        exp_result_q <= in_illegal ? 64'd0 : expected(ctrl_i.op, opa_i);
        tracked_a_q <= opa_i;
        tracked_ctrl_q <= ctrl_i;
      end
      if (picked_q && !done_q && out_fire) begin
        if (ahead_q == 0) done_q <= 1'b1;
        else              ahead_q <= ahead_q - 4'd1;
      end
    end
  end

  // ---- Probes of the top's registers (connected by the proof script) --------------------------
  (* keep *) logic              probe_iss_valid, probe_iss_illegal;
  (* keep *) logic              probe_div_issued, probe_div_busy;
  (* keep *) logic [NumRes-1:0] probe_res_valid, probe_res_illegal;
  (* keep *) logic [63:0]       probe_iss_a;
  (* keep *) logic [64*NumRes-1:0] probe_res_result;
  // ExtraStages = 1: the SIMD select bit of result stage 0 and the SIMD unit's register (the
  // stand-in's); unconnected (and unread) at ExtraStages = 0.
  (* keep *) logic              probe_res_simd;
  (* keep *) logic [31:0]       probe_simd_q;
  (* keep *) ptxalu_pkg::ctrl_t probe_iss_ctrl;
  (* keep *) logic [7:0]        probe_iss_unit;

  logic iss_illegal_spec, tracked_illegal_spec;
  spec_decode u_iss_legal (.ctrl_i(probe_iss_ctrl), .illegal_o(iss_illegal_spec));
  spec_decode u_tracked_legal (.ctrl_i(tracked_ctrl_q), .illegal_o(tracked_illegal_spec));

  // The unit an operation goes to, one-hot in the top's numbering (ptxalu_top's Unit*
  // localparams: simd 0, video 1, vmad 2, intalu 3, mult 4, dot 5, bitmanip 6, divider 7).
  function automatic logic [7:0] unit_of(input logic [5:0] op);
    logic [7:0] u;
    if (op >= ptxalu_pkg::OpVadd2 && op <= ptxalu_pkg::OpVset4)         u = 8'd1;
    else if (op == ptxalu_pkg::OpVmad)                                  u = 8'd4;
    else if (op <= ptxalu_pkg::OpVset)                                  u = 8'd2;
    else if (op == ptxalu_pkg::OpAdd || op == ptxalu_pkg::OpSub || op == ptxalu_pkg::OpMin ||
             op == ptxalu_pkg::OpMax || op == ptxalu_pkg::OpAbs || op == ptxalu_pkg::OpNeg ||
             op == ptxalu_pkg::OpSad)                                   u = 8'd8;
    else if (op >= ptxalu_pkg::OpMul && op <= ptxalu_pkg::OpMad24)      u = 8'd16;
    else if (op == ptxalu_pkg::OpDp4a || op == ptxalu_pkg::OpDp2a)      u = 8'd32;
    else if (op == ptxalu_pkg::OpDiv || op == ptxalu_pkg::OpRem)        u = 8'd128;
    else                                                                u = 8'd64;
    unit_of = u;
  endfunction

  // Operations in the result registers, and what result stage 0 passes on.
  logic [3:0]  in_results;
  logic [63:0] stage0_result;
  always_comb begin
    in_results = '0;
    for (int unsigned k = 0; k < NumRes; k++) in_results = in_results + 4'(probe_res_valid[k]);
    stage0_result = probe_res_result[63:0] | ({64{probe_res_simd}} & {32'd0, probe_simd_q});
  end

  always_comb begin
    if (rst_ni) begin
      // Properties. No output without an outstanding input, a zero result for an illegal
      // word and a stalled output holding still are the top's own `ifdef FORMAL` assertions,
      // read with the top (-formal) and proven in this same obligation; their proof at every
      // depth is ctest rtl_handshake_formal_* (formal/README.md). This adds the tracked order.
      if (picked_q && !done_q && out_fire && ahead_q == 0) begin
        assert (result == exp_result_q);
        assert (illegal == exp_illegal_q);
      end
      // Invariants (where the operations are), for the induction step.
      assert (outstanding_q == 4'(probe_iss_valid) + 4'(in_results));
      assert (out_valid == probe_res_valid[NumRes-1]);
      if (probe_iss_valid) assert (probe_iss_illegal == iss_illegal_spec);
      if (probe_iss_valid && probe_iss_illegal) assert (probe_iss_unit == 8'd0);
      if (probe_iss_valid && !probe_iss_illegal)
        assert (probe_iss_unit == unit_of(probe_iss_ctrl.op));
      assert (probe_div_busy == probe_div_issued);
      if (probe_div_busy) assert (probe_iss_valid && probe_iss_unit[7]);
      for (int unsigned k = 0; k < NumRes; k++) begin
        if (probe_res_valid[k] && probe_res_illegal[k]) assert (probe_res_result[64*k +: 64] == 64'd0);
      end
      if (NumRes > 1 && probe_res_simd) begin
        assert (probe_res_valid[0] && !probe_res_illegal[0]);
        assert (probe_res_result[63:0] == 64'd0);
      end
      if (picked_q && !done_q) begin
        assert (ahead_q < outstanding_q);
        assert (exp_illegal_q == tracked_illegal_spec);
        assert (exp_result_q == (exp_illegal_q ? 64'd0 : expected(tracked_ctrl_q.op, tracked_a_q)));
        if (probe_res_valid[NumRes-1] && ahead_q == 0) begin
          assert (probe_res_result[64*(NumRes-1) +: 64] == exp_result_q);
          assert (probe_res_illegal[NumRes-1] == exp_illegal_q);
        end else if (NumRes > 1 && probe_res_valid[0] && ahead_q == 4'(probe_res_valid[NumRes-1])) begin
          // In result stage 0 (ExtraStages = 1): its result, or the SIMD unit's register.
          assert (stage0_result == exp_result_q);
          assert (probe_res_illegal[0] == exp_illegal_q);
        end else begin
          assert (probe_iss_valid);
          assert (ahead_q == 4'(in_results));
          assert (probe_iss_a == tracked_a_q);
          assert (probe_iss_ctrl == tracked_ctrl_q);
          assert (probe_iss_illegal == exp_illegal_q);
        end
      end
    end
  end
endmodule
