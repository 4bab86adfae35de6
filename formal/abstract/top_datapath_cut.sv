// Datapath stand-ins for the handshake proof of ptxalu_top: every unit is replaced by a
// distinct, cheap function of its a operand (result = a ^ the unit's tag), so the sequential
// proof stays small and still sees which unit answered for which operation. The units
// themselves are proven combinationally against their specs.
//
// The tags are distinct per unit and nonzero in every byte; formal/miter/miter_top.sv holds
// the same table (it predicts the result of a tracked operation).

// The SIMD unit keeps its timing: with Stages = 1 it answers from a register loaded with en_i.
module ptxalu_simd #(parameter int unsigned Stages = 0) (
  input logic clk_i, input logic rst_ni, input logic en_i,
  input ptxalu_pkg::ctrl_t ctrl_i, input logic [31:0] a_i, input logic [31:0] b_i,
  input logic [31:0] c_i, output logic [31:0] result_o);
  if (Stages > 0) begin : g_stage
    logic [31:0] result_q;
    always_ff @(posedge clk_i) begin
      if (!rst_ni)   result_q <= '0;
      else if (en_i) result_q <= a_i ^ 32'h1111_1111;
    end
    assign result_o = result_q;
  end else begin : g_comb
    assign result_o = a_i ^ 32'h1111_1111;
  end
endmodule

// A unit that answers a_i ^ TAG at once, whatever its Stages (its clock and enable unused).
`define PTXALU_CUT_UNIT(NAME, W, TAG) \
  module NAME #(parameter int unsigned Stages = 0) ( \
    input logic clk_i, input logic en_i, input ptxalu_pkg::ctrl_t ctrl_i, \
    input logic [W-1:0] a_i, input logic [W-1:0] b_i, input logic [W-1:0] c_i, \
    output logic [W-1:0] result_o); \
    assign result_o = a_i ^ TAG; \
  endmodule

`PTXALU_CUT_UNIT(ptxalu_video, 32, 32'h2222_2222)

// vmad and mult ignore the shared product (ptxalu_mult_core below answers 0): W-bit operands,
// MW-bit multiplier operands (0), a PW-bit product.
`define PTXALU_CUT_MULT_UNIT(NAME, W, MW, PW, TAG) \
  module NAME #(parameter bit SharedMult = 1'b0, parameter bit AddInProduct = 1'b0) ( \
    input ptxalu_pkg::ctrl_t ctrl_i, input logic [W-1:0] a_i, input logic [W-1:0] b_i, \
    input logic [W-1:0] c_i, output logic [MW-1:0] mul_a_o, output logic [MW-1:0] mul_b_o, \
    input logic [PW-1:0] product_i, output logic [W-1:0] result_o); \
    assign mul_a_o  = '0; \
    assign mul_b_o  = '0; \
    assign result_o = a_i ^ TAG; \
  endmodule

`PTXALU_CUT_MULT_UNIT(ptxalu_vmad, 32, 33, 66, 32'h3333_3333)

`PTXALU_CUT_UNIT(ptxalu_intalu, 64, 64'h4444_4444_4444_4444)

`PTXALU_CUT_MULT_UNIT(ptxalu_mult, 64, 65, 130, 64'h5555_5555_5555_5555)

module ptxalu_mult_core (
  input logic [64:0] a_i, input logic [64:0] b_i, output logic [129:0] product_o);
  assign product_o = '0;
endmodule

`PTXALU_CUT_UNIT(ptxalu_dot, 32, 32'h6666_6666)

module ptxalu_bitmanip #(parameter int unsigned Stages = 0) (
  input logic clk_i, input logic en_i, input ptxalu_pkg::ctrl_t ctrl_i,
  input logic [63:0] a_i, input logic [63:0] b_i,
  input logic [63:0] c_i, input logic [63:0] d_i, output logic [63:0] result_o);
  assign result_o = a_i ^ 64'h7777_7777_7777_7777;
endmodule

// The divider: accepts one operation when idle, answers after a free number of cycles
// (`finish` is chosen by the solver every busy cycle), holds its answer until taken. It checks
// that the top starts it only with a legal div/rem word ("nothing else written"), and keeps
// the invariant that the top holds its operands while it is busy.
// (Its parameters are the real divider's, so that every configuration elaborates; unused.)
module ptxalu_divider #(
  parameter int unsigned StepsPerCycle = 4,
  parameter bit          EarlyStart    = 1'b1
) (
  input  logic              clk_i, rst_ni, in_valid_i,
  output logic              in_ready_o,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [63:0]       result_o
);
  (* anyseq *) logic finish;
  (* keep *) logic busy_q;  // busy or holding its answer (the top's proof probes it)
  logic [63:0] res_q;
  logic        illegal, start;

  spec_decode u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));

  // The real divider's handshake (rtl/ptxalu_hold_reg.sv), its last step when `finish`.
  ptxalu_hold_reg u_hold (.clk_i, .rst_ni, .in_valid_i, .in_ready_o, .skip_i(1'b0),
                          .last_i(finish), .start_o(start), .busy_o(), .out_valid_o,
                          .out_ready_i);

  assign busy_q   = !in_ready_o;
  assign result_o = res_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      res_q <= '0;
    end else if (start) begin
      res_q <= a_i ^ 64'h8888_8888_8888_8888;
    end
  end

  always_comb begin
    if (rst_ni && in_valid_i && in_ready_o) begin
      assert (!illegal && (ctrl_i.op == ptxalu_pkg::OpDiv || ctrl_i.op == ptxalu_pkg::OpRem));
    end
    if (busy_q) begin
      assert (res_q == (a_i ^ 64'h8888_8888_8888_8888));
    end
  end
endmodule

`undef PTXALU_CUT_UNIT
`undef PTXALU_CUT_MULT_UNIT
