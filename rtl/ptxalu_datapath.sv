// ptxalu_datapath: every unit of ptxalu_top and its result select, with no handshake of its
// own. ptxalu_top drives it from its issue register and wraps it in the valid/ready pipeline;
// the FPGA flow (syn/README.md) synthesizes it as it is: design "datapath" without the divider
// for the comparison with the naive design, which has none, and its unit groups (video,
// integer) as subsets of Units through syn/ptxalu_syn_group.sv.
//
// Ports
//   clk_i, rst_ni        clock and synchronous active-low reset (the SIMD stage, the divider).
//   unit_i               one-hot unit select, ptxalu_pkg::UnitX (ptxalu_top_class); all zero
//                        for an illegal word, whose result is then 0.
//   ctrl_i, a_i .. d_i   the operation, held for as long as the caller wants its answer.
//   simd_en_i            SimdStages = 1: load the SIMD unit's register (its answer leaves on
//                        simd_result_o the cycle after); ignored at SimdStages = 0, and at 2,
//                        where the unit's two registers load with stage_en_i[0] (the answer two
//                        loads after).
//   div_*                the sequential units' handshake (ptxalu_divider's): the divider's,
//                        at CfgSmall also those of the units below; the caller starts it once
//                        per operation of a unit in ptxalu_pkg::SeqUnits*, holds its inputs and
//                        takes the answer on result_o while out_valid_o is high.
//   result_o             the selected unit's answer, combinational on the inputs (the SIMD
//                        unit's only at SimdStages = 0; the divider's while it answers).
//   simd_result_o        SimdStages = 1 (2): the SIMD answer of the operation loaded one (two)
//                        loads before; SimdStages = 0: 0.
//   stage_en_i           MulStages > 0 or LateUnits: the caller's result stage k loads
//                        (bit k); the multiply family's registers and the late units' move so.
//   mul_result_o         MulStages > 0: see ptxalu_mul_family; else 0.
//   late_result_o        the LateUnits unit's answer (by its unit_i bit) to the operation loaded
//                        LateStages loads before, else 0; the caller gates it by its own record.
//
// vmad and mul/mad/mul24/mad24 share one 65x65 multiplier (ptxalu_mul_family). The result
// select is an AND-OR over unit_i.
// Config = ptxalu_pkg::CfgSmall builds the sequential units that ptxalu_pkg's CfgSmall names
// instead (that multiplier iterative), each started and answered through div_*.
//
// Units (default all): the units built, one bit per ptxalu_pkg::UnitX (one left out answers 0).
// vmad and mult share the multiplier only when both are built; one alone keeps its own.
module ptxalu_datapath #(
  parameter int unsigned SimdStages = 1,    // ptxalu_simd's Stages (0, 1 or 2)
  parameter int unsigned MulStages  = 0,    // 0..4: the multiply family's registers (see below)
  parameter int unsigned DivSteps   = ptxalu_pkg::DivStepsPerCycle,  // the divider's, default Config
  parameter bit          DivEarly   = 1'b1,  // the divider's EarlyStart, default Config
  parameter int unsigned Config     = ptxalu_pkg::CfgDefault,
  // Units cut by a register of their own (loaded with stage_en_i[0]) that answer on
  // late_result_o (ptxalu_top's deep pipeline: ptxalu_pkg::LateUnitsDeep); default Config only.
  parameter logic [ptxalu_pkg::NumUnits-1:0] LateUnits = '0,
  // 1 .. 4, the late units' registers, their answer LateStages loads later: 1, the unit's
  // cut (Stages = 1); 2, a second one (Stages = 2; dot: before its multipliers); 3, also a
  // register of the unit's own on its inputs (the operation, loaded with stage_en_i[0]); 4, also
  // one on its answer. Above 1 every stage_en_i bit must be alike (ptxalu_pkg::LockstepStages).
  parameter int unsigned LateStages = 1,
  parameter logic [ptxalu_pkg::NumUnits-1:0] Units = {ptxalu_pkg::NumUnits{1'b1}}  // built units
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic [ptxalu_pkg::NumUnits-1:0] unit_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  input  logic              simd_en_i,
  input  logic [3:0]        stage_en_i,
  input  logic              div_in_valid_i,
  output logic              div_in_ready_o,
  output logic              div_out_valid_o,
  input  logic              div_out_ready_i,
  output logic [63:0]       result_o,
  output logic [31:0]       simd_result_o,
  output logic [63:0]       mul_result_o,
  output logic [63:0]       late_result_o
);

  logic [31:0] simd_result, video_result, vmad_result, dot_result;
  logic [63:0] intalu_result, mult_result, bitmanip_result, div_result;

  localparam bit Small = (Config == ptxalu_pkg::CfgSmall);

  logic sm_sel, sm_in_ready, sm_out_valid;  // the handshake of the one-lane SIMD unit (Small)
  // The operation as the sequential units of CfgSmall read it: the fields of
  // ptxalu_pkg::seq_req_t after its in_valid and out_ready.
  localparam int unsigned OpW = ptxalu_pkg::CtrlWidth + 256;
  logic [OpW-1:0] seq_op;
  assign seq_op = {ctrl_i, a_i, b_i, c_i, d_i};
  if (!Small) begin : g_no_seq
    logic unused_seq_op;
    assign unused_seq_op = ^seq_op;
  end

  // The late units' registers (LateStages): their own Stages, then a register on the operation
  // each reads (LateIn, before the unit) and on its answer (LateOut, after it).
  localparam int unsigned UnitStages = (LateStages > 2) ? 2 : LateStages;
  localparam bit          LateIn     = (LateStages > 2);
  localparam bit          LateOut    = (LateStages > 3);
  // The units with a register on their inputs: the late ones with LateIn.
  localparam logic [ptxalu_pkg::NumUnits-1:0] InReg = LateIn ? LateUnits : '0;
  // unit_op[OpW*u +: OpW]: seq_op as unit u reads it; for a unit of InReg after that register,
  // loaded with stage_en_i[0] for the unit's own operations (a register of its own: the same
  // enable for every unit's copy and Yosys would merge them into one). Their own registers then
  // load with late_en.
  logic [OpW*ptxalu_pkg::NumUnits-1:0] unit_op;
  logic                                late_en;
  assign late_en = stage_en_i[LateIn ? 1 : 0];
  for (genvar u = 0; u < ptxalu_pkg::NumUnits; u++) begin : g_unit_op
    ptxalu_en_reg #(.Width(OpW), .Bypass(!InReg[u])) u_op_q (
      .clk_i, .rst_ni, .en_i(stage_en_i[0] && unit_i[u]), .d_i(seq_op),
      .q_o(unit_op[OpW*u +: OpW]));
  end
  ptxalu_pkg::ctrl_t sd_ctrl, vi_ctrl, ia_ctrl, dt_ctrl, bm_ctrl;
  logic [63:0] sd_a, sd_b, sd_c, sd_d, vi_a, vi_b, vi_c, vi_d, ia_a, ia_b, ia_c, ia_d;
  logic [63:0] dt_a, dt_b, dt_c, dt_d, bm_a, bm_b, bm_c, bm_d;
  assign {sd_ctrl, sd_a, sd_b, sd_c, sd_d} = unit_op[OpW*ptxalu_pkg::UnitSimd +: OpW];
  assign {vi_ctrl, vi_a, vi_b, vi_c, vi_d} = unit_op[OpW*ptxalu_pkg::UnitVideo +: OpW];
  assign {ia_ctrl, ia_a, ia_b, ia_c, ia_d} = unit_op[OpW*ptxalu_pkg::UnitIntalu +: OpW];
  assign {dt_ctrl, dt_a, dt_b, dt_c, dt_d} = unit_op[OpW*ptxalu_pkg::UnitDot +: OpW];
  assign {bm_ctrl, bm_a, bm_b, bm_c, bm_d} = unit_op[OpW*ptxalu_pkg::UnitBitmanip +: OpW];
  logic unused_unit_op;  // the other units' (and at CfgSmall all), the operand bits not read
  assign unused_unit_op = ^{unit_op, late_en, sd_ctrl, sd_a, sd_b, sd_c, sd_d, vi_ctrl, vi_a,
                            vi_b, vi_c, vi_d, ia_ctrl, ia_a, ia_b, ia_c, ia_d, dt_ctrl, dt_a,
                            dt_b, dt_c, dt_d, bm_ctrl, bm_a, bm_b, bm_c, bm_d};

  // SIMD answers on simd_result_o SimdStages cycles after simd_en_i (SimdStages > 0, default
  // Config) or on result_o (SimdStages = 0, and the one-lane unit through the handshake).
  localparam bit SimdLate = (SimdStages > 0) && !Small;

  if (Units[ptxalu_pkg::UnitSimd] && !Small) begin : g_simd
    ptxalu_simd #(
      .Stages (SimdStages)
    ) u_simd (
      .clk_i    (clk_i),
      .rst_ni   (rst_ni),
      .en_i     (SimdStages > 1 ? stage_en_i[0] : simd_en_i),
      .ctrl_i   (sd_ctrl),
      .a_i      (sd_a[31:0]),
      .b_i      (sd_b[31:0]),
      .c_i      (sd_c[31:0]),
      .result_o (simd_result)
    );
    assign sm_in_ready  = 1'b0;
    assign sm_out_valid = 1'b0;
  end else if (Units[ptxalu_pkg::UnitSimd]) begin : g_simd_small
    logic [31:0] simd_high;  // zero
    ptxalu_simd_small u_simd (.clk_i, .rst_ni,
                              .req_i({div_in_valid_i && sm_sel, div_out_ready_i && sm_sel, seq_op}),
                              .rsp_o({sm_in_ready, sm_out_valid, simd_high, simd_result}));
    logic unused_simd_en;
    assign unused_simd_en = ^{simd_en_i, simd_high};
  end else begin : g_no_simd
    logic unused_simd;
    assign unused_simd  = simd_en_i;
    assign simd_result  = '0;
    assign sm_in_ready  = 1'b0;
    assign sm_out_valid = 1'b0;
  end

  logic vi_sel, vi_in_ready, vi_out_valid;  // the handshake of ptxalu_video_small (Small)
  if (Units[ptxalu_pkg::UnitVideo] && Small) begin : g_video_small
    // CfgSmall: one 34-bit adder for the primary and the secondary op, shifts a bit a cycle.
    logic [63:0] answer;
    ptxalu_video_small u_video (.clk_i, .rst_ni,
                                .req_i({div_in_valid_i && vi_sel, div_out_ready_i && vi_sel,
                                        seq_op}),
                                .rsp_o({vi_in_ready, vi_out_valid, answer}));
    assign video_result = answer[31:0];
    logic unused_video;
    assign unused_video = ^answer[63:32];
  end else if (Units[ptxalu_pkg::UnitVideo]) begin : g_video
    ptxalu_video #(.Stages(LateUnits[ptxalu_pkg::UnitVideo] ? UnitStages : 0)) u_video (
      .clk_i, .en_i(late_en), .ctrl_i(vi_ctrl), .a_i(vi_a[31:0]), .b_i(vi_b[31:0]),
      .c_i(vi_c[31:0]), .result_o(video_result));
    assign vi_in_ready  = 1'b0;
    assign vi_out_valid = 1'b0;
  end else begin : g_no_video
    assign video_result = '0;
    assign vi_in_ready  = 1'b0;
    assign vi_out_valid = 1'b0;
  end

  logic ia_sel, ia_in_ready, ia_out_valid;  // the handshake of ptxalu_intalu_small (Small)
  if (Units[ptxalu_pkg::UnitIntalu] && Small) begin : g_intalu_small
    // CfgSmall: one 32-bit adder; 16/32-bit forms answer in the cycle they start.
    ptxalu_intalu_small u_intalu (.clk_i, .rst_ni,
                                  .req_i({div_in_valid_i && ia_sel, div_out_ready_i && ia_sel,
                                          seq_op}),
                                  .rsp_o({ia_in_ready, ia_out_valid, intalu_result}));
  end else if (Units[ptxalu_pkg::UnitIntalu]) begin : g_intalu
    ptxalu_intalu #(.Stages(LateUnits[ptxalu_pkg::UnitIntalu] ? UnitStages : 0)) u_intalu (
      .clk_i, .en_i(late_en), .ctrl_i(ia_ctrl), .a_i(ia_a), .b_i(ia_b), .c_i(ia_c),
      .result_o(intalu_result));
    assign ia_in_ready  = 1'b0;
    assign ia_out_valid = 1'b0;
  end else begin : g_no_intalu
    assign intalu_result = '0;
    assign ia_in_ready   = 1'b0;
    assign ia_out_valid  = 1'b0;
  end

  // Which sequential unit the handshake is for (the small configuration's, or the divider).
  logic mul_sel, div_sel, bm_sel;
  logic dt_sel, dt_in_ready, dt_out_valid;  // the handshake of ptxalu_dot_small (Small)
  logic mul_in_ready, mul_out_valid, dv_in_ready, dv_out_valid, bm_in_ready, bm_out_valid;
  assign mul_sel = Small && (unit_i[ptxalu_pkg::UnitVmad] || unit_i[ptxalu_pkg::UnitMult]);
  assign bm_sel  = Small && unit_i[ptxalu_pkg::UnitBitmanip];
  assign sm_sel  = Small && unit_i[ptxalu_pkg::UnitSimd];
  assign ia_sel  = Small && unit_i[ptxalu_pkg::UnitIntalu];
  assign vi_sel  = Small && unit_i[ptxalu_pkg::UnitVideo];
  assign dt_sel  = Small && unit_i[ptxalu_pkg::UnitDot];
  assign div_sel = unit_i[ptxalu_pkg::UnitDivider];
  assign div_in_ready_o  = mul_sel ? mul_in_ready : bm_sel ? bm_in_ready :
                           sm_sel ? sm_in_ready : ia_sel ? ia_in_ready :
                           vi_sel ? vi_in_ready : dt_sel ? dt_in_ready : dv_in_ready;
  // Small: only the selected unit is ever out of idle (it starts when selected, and the issue
  // stage holds it selected until its answer is taken), so the answer's valid is the OR of the
  // units': no select chain on the top's handshake (out_valid -> in_ready_o, the UP5K's clock).
  if (Small) begin : g_out_valid_or
    assign div_out_valid_o = mul_out_valid || bm_out_valid || sm_out_valid || ia_out_valid ||
                             vi_out_valid || dt_out_valid || dv_out_valid;
  end else begin : g_out_valid_sel
    assign div_out_valid_o = mul_sel ? mul_out_valid : bm_sel ? bm_out_valid :
                             sm_sel ? sm_out_valid : ia_sel ? ia_out_valid :
                             vi_sel ? vi_out_valid : dt_sel ? dt_out_valid : dv_out_valid;
  end

  // ---- The multiply family (ptxalu_mul_family): vmad and mult on their shared multiplier,
  // combinational, the deep pipeline's (MulStages > 0: on mul_result_o, and the result select
  // below leaves both units out; needs both units and the default Config) or CfgSmall's
  // iterative one (through the handshake, its answers from registers of their own).
  ptxalu_mul_family #(
    .MulStages (MulStages),
    .Config    (Config),
    .VmadBuilt (Units[ptxalu_pkg::UnitVmad]),
    .MultBuilt (Units[ptxalu_pkg::UnitMult])
  ) u_mul_family (
    .clk_i         (clk_i),
    .rst_ni        (rst_ni),
    .vmad_i        (unit_i[ptxalu_pkg::UnitVmad]),
    .ctrl_i        (ctrl_i),
    .a_i           (a_i),
    .b_i           (b_i),
    .c_i           (c_i),
    .stage_en_i    (stage_en_i),
    .in_valid_i    (div_in_valid_i && mul_sel),
    .in_ready_o    (mul_in_ready),
    .out_valid_o   (mul_out_valid),
    .out_ready_i   (div_out_ready_i && mul_sel),
    .vmad_result_o (vmad_result),
    .mult_result_o (mult_result),
    .mul_result_o  (mul_result_o)
  );

  if (Units[ptxalu_pkg::UnitDot] && Small) begin : g_dot_small
    // CfgSmall: the products and the sum each registered (two cycles).
    logic [31:0] dot_high;  // zero
    ptxalu_dot_small u_dot (.clk_i, .rst_ni,
                            .req_i({div_in_valid_i && dt_sel, div_out_ready_i && dt_sel, seq_op}),
                            .rsp_o({dt_in_ready, dt_out_valid, dot_high, dot_result}));
    logic unused_dot;
    assign unused_dot = ^dot_high;
  end else if (Units[ptxalu_pkg::UnitDot]) begin : g_dot
    ptxalu_dot #(
      .Stages (LateUnits[ptxalu_pkg::UnitDot] ? UnitStages : 0)
    ) u_dot (
      .clk_i    (clk_i),
      .en_i     (late_en),
      .ctrl_i   (dt_ctrl),
      .a_i      (dt_a[31:0]),
      .b_i      (dt_b[31:0]),
      .c_i      (dt_c[31:0]),
      .result_o (dot_result)
    );
    assign dt_in_ready  = 1'b0;
    assign dt_out_valid = 1'b0;
  end else begin : g_no_dot
    assign dot_result   = '0;
    assign dt_in_ready  = 1'b0;
    assign dt_out_valid = 1'b0;
  end

  // CfgSmall: the bit-serial unit, started and answered through the handshake like the divider.
  if (Units[ptxalu_pkg::UnitBitmanip] && Small) begin : g_bitmanip_small
    ptxalu_bitmanip_small u_bitmanip (.clk_i, .rst_ni,
                                      .req_i({div_in_valid_i && bm_sel, div_out_ready_i && bm_sel,
                                              seq_op}),
                                      .rsp_o({bm_in_ready, bm_out_valid, bitmanip_result}));
  end else if (Units[ptxalu_pkg::UnitBitmanip]) begin : g_bitmanip
    ptxalu_bitmanip #(.Stages(LateUnits[ptxalu_pkg::UnitBitmanip] ? UnitStages : 0)) u_bitmanip (
      .clk_i, .en_i(late_en), .ctrl_i(bm_ctrl), .a_i(bm_a), .b_i(bm_b), .c_i(bm_c), .d_i(bm_d),
      .result_o(bitmanip_result));
    assign bm_in_ready  = 1'b0;
    assign bm_out_valid = 1'b0;
  end else begin : g_no_bitmanip
    assign bitmanip_result = '0;
    assign bm_in_ready     = 1'b0;
    assign bm_out_valid    = 1'b0;
  end

  // The divider: ptxalu_divider, or at CfgSmall ptxalu_divider_small (one step per cycle
  // without the early start, the same latency, on one shared adder); the same ports.
  if (Units[ptxalu_pkg::UnitDivider]) begin : g_div
    logic go, take;
    assign go   = div_in_valid_i && div_sel;
    assign take = div_out_ready_i && div_sel;
    if (Small) begin : g_small
      ptxalu_divider_small u_divider (.clk_i, .rst_ni, .req_i({go, take, seq_op}),
                                      .rsp_o({dv_in_ready, dv_out_valid, div_result}));
    end else begin : g_full
      ptxalu_divider #(.StepsPerCycle(DivSteps), .EarlyStart(DivEarly)) u_divider (
          .clk_i, .rst_ni, .in_valid_i(go), .in_ready_o(dv_in_ready), .ctrl_i, .a_i, .b_i,
          .out_valid_o(dv_out_valid), .out_ready_i(take), .result_o(div_result));
    end
  end else begin : g_no_div
    logic unused_div;
    assign unused_div   = div_sel;
    assign dv_in_ready  = 1'b0;
    assign dv_out_valid = 1'b0;
    assign div_result   = '0;
  end

  // ---- Result select: AND-OR over the one-hot unit select ------------------------------------
  // Every unit's answer, by unit bit; the late units' come from the unit select of the
  // operation their register holds (late_sel_q), the others' from unit_i.
  logic [64*ptxalu_pkg::NumUnits-1:0] answers;
  logic [ptxalu_pkg::NumUnits-1:0]    early_sel, late_sel_q;
  always_comb begin
    answers = '0;
    answers[64*ptxalu_pkg::UnitSimd     +: 64] = {32'b0, simd_result};
    answers[64*ptxalu_pkg::UnitVideo    +: 64] = {32'b0, video_result};
    answers[64*ptxalu_pkg::UnitVmad     +: 64] = {32'b0, vmad_result};
    answers[64*ptxalu_pkg::UnitIntalu   +: 64] = intalu_result;
    answers[64*ptxalu_pkg::UnitMult     +: 64] = mult_result;
    answers[64*ptxalu_pkg::UnitDot      +: 64] = {32'b0, dot_result};
    answers[64*ptxalu_pkg::UnitBitmanip +: 64] = bitmanip_result;
    answers[64*ptxalu_pkg::UnitDivider  +: 64] = div_result;
  end

  // Units answering elsewhere: SIMD on simd_result_o (SimdLate), the multiply family on
  // mul_result_o (MulStages > 0), LateUnits on late_result_o.
  localparam logic [ptxalu_pkg::NumUnits-1:0] NotEarly =
      LateUnits | (SimdLate ? ptxalu_pkg::NumUnits'(1) << ptxalu_pkg::UnitSimd : '0) |
      (MulStages > 0 ? (ptxalu_pkg::NumUnits'(1) << ptxalu_pkg::UnitVmad) |
                       (ptxalu_pkg::NumUnits'(1) << ptxalu_pkg::UnitMult) : '0);
  assign early_sel = unit_i & ~NotEarly;

  // late_sel_q: the unit select of the operation whose answer the late units give, unit_i after
  // as many loads as the units' registers before their answer (LateStages less LateOut's);
  // LateOut's register takes each answer gated by it, so late_result_o is their OR.
  logic [64*ptxalu_pkg::NumUnits-1:0] late_answers;
  if (LateUnits != '0) begin : g_late_sel_q
    localparam int unsigned NU = ptxalu_pkg::NumUnits;
    logic [5*NU-1:0] sel;  // sel[k]: after k loads (Bypass: as after k-1)
    assign sel[0 +: NU] = unit_i & LateUnits;
    for (genvar k = 0; k < 4; k++) begin : g_sel_q
      ptxalu_en_reg #(.Width(NU), .Bypass(k + (LateOut ? 1 : 0) >= LateStages)) u_sel_q (
        .clk_i, .rst_ni, .en_i(stage_en_i[k]), .d_i(sel[NU*k +: NU]), .q_o(sel[NU*(k+1) +: NU]));
    end
    assign late_sel_q = sel[NU*4 +: NU];
  end else begin : g_no_late
    assign late_sel_q = '0;
  end
  for (genvar u = 0; u < ptxalu_pkg::NumUnits; u++) begin : g_late_answer
    ptxalu_en_reg #(.Width(64), .Bypass(!(LateOut && LateUnits[u]))) u_answer_q (
      .clk_i, .rst_ni, .en_i(stage_en_i[LateStages-1]),
      .d_i({64{late_sel_q[u]}} & answers[64*u +: 64]), .q_o(late_answers[64*u +: 64]));
  end

  always_comb begin
    result_o      = '0;
    late_result_o = '0;
    for (int unsigned u = 0; u < ptxalu_pkg::NumUnits; u++) begin
      result_o      |= {64{early_sel[u]}} & answers[64*u +: 64];
      late_result_o |= late_answers[64*u +: 64];
    end
  end

  assign simd_result_o = SimdLate ? simd_result : '0;

  // A subset of the units leaves some inputs unread.
  if (Units != {ptxalu_pkg::NumUnits{1'b1}}) begin : g_subset
    logic unused_inputs;
    assign unused_inputs = ^{clk_i, rst_ni, a_i, b_i, c_i, d_i, ctrl_i, simd_en_i, div_in_valid_i,
                             div_out_ready_i, seq_op};
  end

endmodule
