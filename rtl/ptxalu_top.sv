// ptxalu_top: the PTX video/integer ALU as a valid/ready pipeline.
//
// One idea makes it simple: every operation except div/rem takes the same path through the
// same number of registers, so results leave in issue order without a reorder buffer; div/rem
// hold the issue register until the divider answers, which stalls the operations behind them.
//
// Ports
//   clk_i, rst_ni              clock; synchronous active-low reset (clears every stage and
//                              the divider; an operation in flight is dropped).
//   in_valid_i, in_ready_o     input handshake: an operation is accepted on a rising edge
//                              with both high. in_ready_o depends combinationally on
//                              out_ready_i (a stage frees when the one after it moves).
//   ctrl_i                     ptxalu_pkg::ctrl_t, the decoded instruction.
//   opa_i, opb_i, opc_i, opd_i sources a, b, c, d by position (video uses bits 31:0).
//   out_valid_o, out_ready_i   output handshake: a result leaves on a rising edge with both
//                              high; while out_valid_o && !out_ready_i the outputs hold.
//   result_o                   destination value, zero above the destination width;
//                              0 when illegal_o.
//   illegal_o                  ctrl_i was not a canonical legal form (ptxalu_decode); the
//                              operation reached no unit's state (the divider never starts).
//
// Latency L: an operation accepted in cycle n (in_valid_i && in_ready_o at the end of cycle n)
// has out_valid_o high in cycle n + L when nothing stalls it. N = ExtraStages.
//   every op but div/rem, and every illegal word   L = 2 + N
//   div, rem                                       L = 2 + N + D, D = ptxalu_divider's latency
//                                                  (w / steps per cycle + 1, less the digits
//                                                  its early start skips; 1 for b = 0) at the
//                                                  steps and early start of depth N (DivSteps,
//                                                  DivEarly below: ptxalu_pkg's constants)
// Throughput: one operation per cycle, except that div/rem occupy the issue stage for D + 1
// cycles (the ops behind them wait at the input; the ops ahead of them drain).
// Config = CfgSmall: div/rem, vmad/mul/mad/mul24/mad24, popc .. szext, the SIMD and scalar
// video ops, the integer ops and dp4a/dp2a hold the issue stage for M cycles
// (ptxalu_pkg::SeqUnitsSmall), L = 2 + N + M; each op's M: the README's table, "Small
// configuration" (tb/common/*_latency.hpp state them for the tests).
//
// Block diagram:
//
//   ctrl_i --+--> ptxalu_decode --illegal--> ptxalu_top_class --> one-hot unit select
//            |                                                         |
//   op?_i ---+---------------------------------------------------------+
//            v                                                         v
//   +-----------------------------------------------------------------------------+
//   | issue register: valid, ctrl, a, b, c, d, illegal, unit        (in_ready_o)  |
//   +-----------------------------------------------------------------------------+
//        |         |         |         |         |         |         |          |
//        v         v         v         v         v         v         v          v
//     ptxalu_   ptxalu_   ptxalu_   ptxalu_   ptxalu_   ptxalu_   ptxalu_    ptxalu_divider
//     simd      video     vmad      intalu    mult      dot       bitmanip   (sequential,
//        |         |         |         |         |         |         |      started once;
//        |    combinational, on the registered operands    |         |      its answer
//        v         v         v         v         v         v         v      completes the
//   +-------------------------------------------------------------------+   issue stage)
//   | AND-OR result mux on the one-hot select (none set if illegal: 0)  |<------+
//   +-------------------------------------------------------------------+
//                                     |
//                  N x result register (ExtraStages, default 1)
//                                     |    with N > 0 the SIMD unit's own register (after
//                                     |    its lanes and merge) stands for the first of
//                                     |    them, and its result joins the chain after it
//                                     |
//                  output register --> out_valid_o, result_o, illegal_o  (out_ready_i)
//
// The units and the result mux (the boxes between the issue register and the result registers)
// are ptxalu_datapath, which the FPGA flow also synthesizes on its own.
// vmad and mult have no multiplier of their own here: they share one 65x65 multiplier
// (ptxalu_mul_family), whose operands come from the unit the issue stage selects.
//
// Every stage moves when it is empty or the stage after it moves (bubbles collapse), so a
// stall on out_ready_i backs up stage by stage to in_ready_o.
//
// ExtraStages trades latency for Fmax. With N > 0 the SIMD unit is built with Stages = 1: its
// register cuts it after the lanes and the merge (63.0 MHz on iCE40 HX8K against 42.9 MHz
// combinational, see README), loads when result stage 0 takes a SIMD operation, and its
// accumulate adder runs in the next cycle, so SIMD keeps L = 2 + N. The other extra registers
// sit right after the result mux: by themselves they take only the output register's load path
// off the unit paths; a retiming synthesis (synth_ice40 -retime, abc -dff) can move them back
// into the units (the multiplier is the long path). The default N = 1 is the depth at which
// the SIMD unit meets 60 MHz.
//
// The deep pipeline, N >= ptxalu_pkg::DeepStages: the multiply family (vmad, mul, mad,
// mul24, mad24) is cut inside. ptxalu_datapath registers the shared multiplier's 16 partial
// products (18x18 digit products, ptxalu_mult_pipe) and their 130-bit sum (MulStages = 2; at
// N >= 3 also vmad's and mult's sums before their answers, MulStages = 3, ptxalu_mul_deep),
// moving them with result stages 0 .. MulStages-1 (stage_en), and its result joins the chain
// after result stage MulStages-1 (g_mul_late, as the SIMD result does after stage 0), so every
// op keeps L = 2 + N; the units
// of ptxalu_pkg::LateUnitsDeep (bit manipulation, scalar video, intalu, dot) have a register
// inside that loads with result stage 0, and their result joins the chain after it (g_late); the
// divider runs DivStepsPerCycleDeep steps per cycle without the early start
// (DivEarlyStartDeep). From N = ptxalu_pkg::LockstepStages every result stage moves
// together (Lockstep), bitmanip, video and intalu hold two registers each, every late unit
// reads its operation from a register of its own and its answer passes one, so they join after
// stage 3 (LateStages = 4), the SIMD unit registers its selected operands (then its lanes) and
// joins after stage 1 (SimdStages = 2), and the multiplier's selected operands are registered
// before its partial products (MulStages = 4), and the divider runs DivStepsPerCycleLockstep
// steps per cycle. syn/README.md has each depth's Fmax on ECP5.
// tb/rtl simulates and proves ExtraStages = 0 .. 4.
module ptxalu_top #(
  parameter int unsigned ExtraStages = 1,
  // ptxalu_pkg::CfgDefault, or CfgSmall (iCE40 UP5K): the units of ptxalu_pkg::SeqUnitsSmall
  // hold the issue stage like div/rem do by default, for the cycles syn/README.md lists.
  parameter int unsigned Config      = ptxalu_pkg::CfgDefault
) (
  input  logic              clk_i,
  input  logic              rst_ni,

  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       opa_i,
  input  logic [63:0]       opb_i,
  input  logic [63:0]       opc_i,
  input  logic [63:0]       opd_i,

  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [63:0]       result_o,
  output logic              illegal_o
);

  // Result registers: ExtraStages of them, then the output register.
  localparam int unsigned NumResStages = ExtraStages + 1;

  // ---- Decode, at the input so the issue stage holds a ready-made unit select ----------------

  logic                in_illegal;
  logic [ptxalu_pkg::NumUnits-1:0] in_unit;

  ptxalu_decode u_decode (
    .ctrl_i    (ctrl_i),
    .illegal_o (in_illegal)
  );

  ptxalu_top_class u_class (
    .op_i      (ctrl_i.op),
    .illegal_i (in_illegal),
    .unit_o    (in_unit)
  );

  // ---- Issue register: the inputs, registered --------------------------------------------------

  logic                iss_valid_q;
  ptxalu_pkg::ctrl_t   iss_ctrl_q;
  logic [63:0]         iss_a_q, iss_b_q, iss_c_q, iss_d_q;
  logic                iss_illegal_q;
  logic [ptxalu_pkg::NumUnits-1:0] iss_unit_q;
  logic                div_issued_q, div_issued_d;

  logic iss_done;  // the issue stage's result is available this cycle
  logic iss_fire;  // ... and moves into the first result register
  logic [NumResStages-1:0] res_ready;

  assign in_ready_o = !iss_valid_q || iss_fire;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      iss_valid_q   <= 1'b0;
      iss_ctrl_q    <= '0;
      iss_illegal_q <= 1'b0;
      iss_unit_q    <= '0;
    end else if (in_ready_o) begin
      iss_valid_q <= in_valid_i;
      if (in_valid_i) begin
        iss_ctrl_q    <= ctrl_i;
        iss_illegal_q <= in_illegal;
        iss_unit_q    <= in_unit;
      end
    end
  end

  // Operands need no reset: nothing reads them unless iss_unit_q selects a unit.
  always_ff @(posedge clk_i) begin
    if (in_ready_o && in_valid_i) begin
      iss_a_q <= opa_i;
      iss_b_q <= opb_i;
      iss_c_q <= opc_i;
      iss_d_q <= opd_i;
    end
  end

  // ---- Datapath: the units and their result select (ptxalu_datapath) -------------------------

  // With ExtraStages > 0 the SIMD unit's own register (after its lanes and merge) is the first
  // result register of the SIMD path: it loads when result stage 0 takes a SIMD operation, and
  // its output joins the chain after result stage 0 (g_simd_late), so every op keeps L = 2 + N.
  // From N = ptxalu_pkg::LockstepStages a register of its selected operands comes first
  // (SimdStages = 2, both loading with stage 0) and it joins after result stage 1.
  // (CfgSmall: the SIMD unit is sequential, SeqUnitsSmall, and answers like the divider.)
  localparam int unsigned SimdStages =
      (ExtraStages == 0 || Config == ptxalu_pkg::CfgSmall) ? 0 :
      (ExtraStages >= ptxalu_pkg::LockstepStages) ? 2 : 1;
  localparam int unsigned SimdJoin = (SimdStages > 0) ? SimdStages - 1 : 0;
  logic        simd_en;
  logic [31:0] simd_result;
  logic [63:0] unit_result;

  // The deep pipeline (ExtraStages >= ptxalu_pkg::DeepStages): the multiply family (vmad,
  // mul/mad/mul24/mad24) runs MulStages cycles through registers of its own that move with
  // result stages 0 .. MulStages-1 (stage_en), and its result joins the chain after result
  // stage MulStages-1 (g_mul_late); the divider takes fewer steps per cycle.
  localparam bit          Deep      = (ExtraStages >= ptxalu_pkg::DeepStages);
  localparam int unsigned MulStages = !Deep ? 0 : (ExtraStages >= ptxalu_pkg::LockstepStages) ?
                                      ptxalu_pkg::DeepStages + 2 :
                                      (ExtraStages > ptxalu_pkg::DeepStages) ?
                                      ptxalu_pkg::DeepStages + 1 : ptxalu_pkg::DeepStages;
  localparam int unsigned DivSteps  = (ExtraStages >= ptxalu_pkg::LockstepStages) ?
                                      ptxalu_pkg::DivStepsPerCycleLockstep :
                                      Deep ? ptxalu_pkg::DivStepsPerCycleDeep :
                                             ptxalu_pkg::DivStepsPerCycle;
  localparam bit          DivEarly  = Deep ? (ptxalu_pkg::DivEarlyStartDeep != 0) : 1'b1;
  localparam int unsigned MulJoin   = (MulStages > 0) ? MulStages - 1 : 0;
  // ... and the units of LateUnits answer from a register of their own, joining the chain
  // after result stage 0 (g_late) like the SIMD result.
  localparam logic [ptxalu_pkg::NumUnits-1:0] LateUnits = Deep ? ptxalu_pkg::LateUnitsDeep : '0;
  // From N = ptxalu_pkg::LockstepStages every result stage moves together (res_ready), so the
  // late units hold LockstepStages registers each (ptxalu_datapath's LateStages) and join after
  // result stage LockstepStages-1, as the multiply family does.
  localparam bit          Lockstep   = (ExtraStages >= ptxalu_pkg::LockstepStages);
  localparam int unsigned LateStages = Lockstep ? ptxalu_pkg::LockstepStages : 1;
  logic [3:0]  stage_en;
  logic [63:0] mul_result, late_unit_result;
  logic [3:0]  res_mul;  // bit k: result stage k holds a multiply (k < MulStages), g_mul_late
  logic        unused_res_mul;  // read by the formal properties only
  assign unused_res_mul = ^res_mul;

  // The sequential units (the divider; at Config = CfgSmall all of SeqUnitsSmall)
  // starts once per operation of a unit in SeqUnits (div_issued_q) and its answer completes the
  // issue stage; an illegal word has no unit bit set and never gets here.
  localparam logic [ptxalu_pkg::NumUnits-1:0] SeqUnits =
      (Config == ptxalu_pkg::CfgSmall) ? ptxalu_pkg::SeqUnitsSmall : ptxalu_pkg::SeqUnitsDefault;
  logic iss_seq;     // the issue stage's operation goes to a sequential unit
  logic iss_is_div;  // ... and is valid
  logic div_in_valid, div_in_ready, div_out_valid, div_out_ready;

  assign iss_seq       = |(iss_unit_q & SeqUnits);
  assign iss_is_div    = iss_valid_q && iss_seq;
  assign div_in_valid  = iss_is_div && !div_issued_q;
  assign div_out_ready = iss_is_div && res_ready[0];

  ptxalu_datapath #(
    .SimdStages (SimdStages),
    .MulStages  (MulStages),
    .DivSteps   (DivSteps),
    .DivEarly   (DivEarly),
    .Config     (Config),
    .LateUnits  (LateUnits),
    .LateStages (LateStages)
  ) u_datapath (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .unit_i          (iss_unit_q),
    .ctrl_i          (iss_ctrl_q),
    .a_i             (iss_a_q),
    .b_i             (iss_b_q),
    .c_i             (iss_c_q),
    .d_i             (iss_d_q),
    .simd_en_i       (simd_en),
    .stage_en_i      (stage_en),
    .div_in_valid_i  (div_in_valid),
    .div_in_ready_o  (div_in_ready),
    .div_out_valid_o (div_out_valid),
    .div_out_ready_i (div_out_ready),
    .result_o        (unit_result),
    .simd_result_o   (simd_result),
    .mul_result_o    (mul_result),
    .late_result_o   (late_unit_result)
  );

  always_comb begin
    div_issued_d = div_issued_q;
    if (iss_fire) begin
      div_issued_d = 1'b0;
    end else if (div_in_valid && div_in_ready) begin
      div_issued_d = 1'b1;
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      div_issued_q <= 1'b0;
    end else begin
      div_issued_q <= div_issued_d;
    end
  end

  assign iss_done = !iss_seq || div_out_valid;
  assign iss_fire = iss_valid_q && iss_done && res_ready[0];

  // ---- Result registers ----------------------------------------------------------------------------

  // Stage k of the chain takes chain_*[k] and holds chain_*[k+1]; the last one is the output.
  logic [NumResStages-1:0]    res_valid_q, res_illegal_q;
  logic [64*NumResStages-1:0] res_result_q;
  logic [NumResStages:0]      chain_valid, chain_illegal;
  logic [64*NumResStages+63:0] chain_result;
  logic [2:0]                  simd_q;      // SimdStages > 0: [k] stage k-1 has SIMD, g_simd_late
  logic [64*NumResStages-1:0]  late_result; // units answering after result stage k: chain k+1
  logic [63:0]                 simd_late, mul_late, unit_late;
  logic [4:0]                  late_q;      // LateUnits: [k] stage k-1 has a late unit's, g_late

  assign chain_valid   = {res_valid_q, iss_valid_q && iss_done};
  assign chain_illegal = {res_illegal_q, iss_illegal_q};
  assign simd_en       = res_ready[0] && iss_valid_q && iss_unit_q[ptxalu_pkg::UnitSimd];

  if (SimdStages > 0) begin : g_simd_late
    // simd_q[SimdStages]: result stage SimdStages-1 holds a SIMD operation, whose result is the
    // unit's output now (its registers loaded with stages 0 ..); that stage's own result is 0.
    // simd_q[k]: after k loads (Bypass: as after k-1).
    assign simd_q[0] = iss_valid_q && iss_unit_q[ptxalu_pkg::UnitSimd];
    for (genvar k = 0; k < 2; k++) begin : g_res_simd_q
      ptxalu_en_reg #(.Reset(1'b1), .Bypass(k >= SimdStages)) u_res_simd_q (.clk_i, .rst_ni,
        .en_i(stage_en[k]), .d_i(simd_q[k]), .q_o(simd_q[k+1]));
    end
    assign simd_late = {64{simd_q[2]}} & {32'b0, simd_result};
  end else begin : g_simd_early
    assign simd_q     = '0;
    assign simd_late  = '0;
    logic unused_res_simd;  // simd_q: read by the formal properties only; simd_result: 0
    assign unused_res_simd = ^{simd_q, simd_result};
  end

  if (LateUnits != '0) begin : g_late
    // late_q[4]: result stage LateStages-1 holds an operation of a unit in LateUnits, whose
    // result is the datapath's late_result_o now (the unit's registers loaded with stages 0..).
    // late_q[k]: after k loads (Bypass: as after k-1).
    assign late_q[0] = iss_valid_q && iss_done && |(iss_unit_q & LateUnits);
    for (genvar k = 0; k < 4; k++) begin : g_res_late_q
      ptxalu_en_reg #(.Reset(1'b1), .Bypass(k >= LateStages)) u_res_late_q (.clk_i, .rst_ni,
        .en_i(stage_en[k]), .d_i(late_q[k]), .q_o(late_q[k+1]));
    end
  end else begin : g_no_late
    assign late_q = '0;  // and late_unit_result is 0
  end
  assign unit_late = {64{late_q[4]}} & late_unit_result;
  logic unused_late_q;  // late_q[3:0]: read by the formal properties only
  assign unused_late_q = ^late_q[3:0];

  // Result stage k's register moves with stage_en[k]; so do the multiply family's registers.
  always_comb begin
    stage_en = '0;
    for (int unsigned k = 0; k < 4 && k < NumResStages; k++) begin
      stage_en[k] = res_ready[k];
    end
  end

  if (MulStages > 0) begin : g_mul_late
    // res_mul_q[k]: result stage k holds a multiply-family operation, whose result comes from
    // the datapath's registers (stage k's own result is 0); the last one's joins the chain.
    logic [MulStages-1:0] res_mul_q;
    logic                 iss_mul;
    assign iss_mul = iss_valid_q && iss_done &&
                     (iss_unit_q[ptxalu_pkg::UnitVmad] || iss_unit_q[ptxalu_pkg::UnitMult]);
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        res_mul_q <= '0;
      end else begin
        for (int unsigned k = 0; k < MulStages; k++) begin
          if (res_ready[k]) begin
            res_mul_q[k] <= (k == 0) ? iss_mul : res_mul_q[k == 0 ? 0 : k-1];
          end
        end
      end
    end
    assign mul_late = {64{res_mul_q[MulStages-1]}} & mul_result;
    assign res_mul  = 4'(res_mul_q);
  end else begin : g_mul_early
    assign mul_late = '0;
    assign res_mul  = '0;
    logic unused_mul;  // 0: the datapath's result select has the multiply family
    assign unused_mul = ^mul_result;
  end

  always_comb begin
    late_result = '0;
    late_result[64*SimdJoin +: 64] = simd_late;
    late_result[64*(LateStages-1) +: 64] = late_result[64*(LateStages-1) +: 64] | unit_late;
    late_result[64*MulJoin +: 64] = late_result[64*MulJoin +: 64] | mul_late;
  end

  assign chain_result = {res_result_q | late_result, unit_result};

  // A stage is ready when it is empty or the stage after it moves (Lockstep: when the output
  // register is).
  always_comb begin
    res_ready = '0;
    res_ready[NumResStages-1] = !res_valid_q[NumResStages-1] || out_ready_i;
    for (int unsigned i = 1; i < NumResStages; i++) begin
      res_ready[NumResStages-1-i] = Lockstep ? res_ready[NumResStages-1] :
                                    !res_valid_q[NumResStages-1-i] || res_ready[NumResStages-i];
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      res_valid_q   <= '0;
      res_illegal_q <= '0;
      res_result_q  <= '0;
    end else begin
      for (int unsigned k = 0; k < NumResStages; k++) begin
        if (res_ready[k]) begin
          res_valid_q[k] <= chain_valid[k];
          if (chain_valid[k]) begin
            res_illegal_q[k]         <= chain_illegal[k];
            res_result_q[64*k +: 64] <= chain_result[64*k +: 64];
          end
        end
      end
    end
  end

  assign out_valid_o = chain_valid[NumResStages];
  assign illegal_o   = chain_illegal[NumResStages];
  assign result_o    = chain_result[64*NumResStages +: 64];

`ifdef FORMAL
  // Handshake properties, for yosys `sat -tempinduct` (with the datapath units as they are or
  // black-boxed). f_outstanding counts accepted minus delivered operations.
  // f_past_valid: a reset has been applied and released since time 0, so the pipeline and
  // f_outstanding are defined; the properties hold from there whatever the initial state.
  logic       f_past_valid, f_reset_seen;
  logic [7:0] f_outstanding;
  logic [7:0] f_in_flight;

  initial f_past_valid = 1'b0;
  initial f_reset_seen = 1'b0;
  always @(posedge clk_i) begin
    if (!rst_ni) begin
      f_reset_seen <= 1'b1;
    end
    f_past_valid <= f_reset_seen && rst_ni;
    if (!rst_ni) begin
      f_outstanding <= '0;
    end else begin
      f_outstanding <= f_outstanding + 8'(in_valid_i && in_ready_o)
                                     - 8'(out_valid_o && out_ready_i);
    end
  end

  always_comb begin
    f_in_flight = 8'(iss_valid_q);
    for (int unsigned k = 0; k < NumResStages; k++) begin
      f_in_flight = f_in_flight + 8'(res_valid_q[k]);
    end
  end

  always @(posedge clk_i) begin
    if (f_past_valid && $past(rst_ni) && rst_ni) begin
      // Every operation in the pipe was accepted and not yet delivered, and vice versa: no
      // output without a matching input, none lost or duplicated.
      assert (f_outstanding == f_in_flight);
      assert (!out_valid_o || f_outstanding != '0);
      // A stalled output holds still.
      if ($past(out_valid_o && !out_ready_i)) begin
        assert (out_valid_o);
        assert (result_o == $past(result_o));
        assert (illegal_o == $past(illegal_o));
      end
    end
  end

  always_comb begin
    if (f_reset_seen) begin
      // An illegal word selects no unit, so its result is zero in every stage it passes.
      if (iss_valid_q && iss_illegal_q) begin
        assert (iss_unit_q == '0);
      end
      for (int unsigned k = 0; k < NumResStages; k++) begin
        if (res_valid_q[k] && res_illegal_q[k]) begin
          assert (res_result_q[64*k +: 64] == '0);
        end
      end
      if (out_valid_o && illegal_o) begin
        assert (result_o == '0);
      end
      // The SIMD result joins after stage SimdJoin only for the legal SIMD operation there, and
      // so does a late unit's (deep pipeline), and a multiply-family result, for the operation
      // in its stage; each record of them says so in every stage before too.
      for (int unsigned k = 1; k <= SimdStages; k++) begin
        if (simd_q[k]) assert (res_valid_q[k-1] && !res_illegal_q[k-1]);
      end
      for (int unsigned k = 1; k <= LateStages; k++) begin
        if (late_q[k]) assert (res_valid_q[k-1] && !res_illegal_q[k-1]);
      end
      for (int unsigned k = 0; k < MulStages; k++) begin
        if (res_mul[k]) begin
          assert (res_valid_q[k] && !res_illegal_q[k]);
        end
      end
      // A sequential unit is only ever started for the operation in the issue stage.
      if (div_issued_q) begin
        assert (iss_is_div);
      end
    end
  end
`endif

endmodule
