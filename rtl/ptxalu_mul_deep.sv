// ptxalu_mul_deep: the multiply family's (vmad, mul/mad/mul24/mad24) operand selects and result
// logic in ptxalu_top's deep pipeline (ptxalu_datapath at MulStages > 0; ptxalu_pkg::DeepStages).
//
// The shared multiplier (ptxalu_mult_share) registers Stages times (at 3: its operands,
// partial products, sum), fed by this module's operand selects on the live inputs (u_vmad_ops,
// u_mult_ops: ptxalu_vmad_operands, ptxalu_mult_operands). The operation moves with it (op_q:
// ctrl and c; flags_q: the vmad bit and mul24/mad24, registers of their own so that a proof
// cutting the units drops op_q), and vmad's and mult's result logic works on the delayed
// operation and product, in the two parts the units themselves compose (ptxalu_vmad,
// ptxalu_mult): the sums (ptxalu_vmad_sum, ptxalu_mult_sum), then the scale/.sat answers
// (ptxalu_vmad_answer, ptxalu_mult_answer). SumReg registers between the two (ptxalu_top at
// depth >= 3: the sums' adders and the answers' range tests and selects were one path).
// Stage k's registers load with en_i[k], as the caller's result stage k does; result_o answers
// for the operation of Stages + SumReg loads before (vmad's answer if it was a vmad, else
// mult's, whatever the operation was: the caller gates it with its own record of which stages
// hold a multiply). The registers have no reset.
module ptxalu_mul_deep #(
  parameter int unsigned Stages    = 1,     // 1..3: ptxalu_mult_share's Stages
  parameter bit          SumReg    = 1'b0
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic [3:0]        en_i,
  input  logic              vmad_i,     // the operation is a vmad (its unit bit)
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  output logic [32:0]       vmad_a_o,   // vmad's and mult's operands of the product
  output logic [32:0]       vmad_b_o,
  output logic [64:0]       mult_a_o,
  output logic [64:0]       mult_b_o,
  input  logic [129:0]      product_i,  // the product of the operands of Stages loads before
  output logic [63:0]       result_o
);

  // The result logic reads ctrl and c (a and b only for the operands, which u_*_ops give).
  localparam int unsigned OpW = ptxalu_pkg::CtrlWidth + 64;
  logic                      mult_is_24;  // ptxalu_mult_operands' (mul24/mad24)
  logic [(Stages+1)*OpW-1:0] op_q;    // stage k's at [(k+1)*OpW +: OpW], 0: the input
  logic [2*Stages+1:0]       flags_q;  // {is_24, vmad}: stage k's at [2*k+2 +: 2], 0: the input
  assign op_q[OpW-1:0] = {ctrl_i, c_i};
  assign flags_q[1:0]   = {mult_is_24, vmad_i};
  for (genvar k = 0; k < Stages; k++) begin : g_op_q
    ptxalu_en_reg #(
      .Width (OpW)
    ) u_op_q (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .en_i   (en_i[k]),
      .d_i    (op_q[k*OpW +: OpW]),
      .q_o    (op_q[(k+1)*OpW +: OpW])
    );
    ptxalu_en_reg #(
      .Width (2)
    ) u_flags_q (
      .clk_i  (clk_i),
      .rst_ni (rst_ni),
      .en_i   (en_i[k]),
      .d_i    (flags_q[2*k +: 2]),
      .q_o    (flags_q[2*k+2 +: 2])
    );
  end

  ptxalu_pkg::ctrl_t mul_ctrl;
  logic [63:0]       mul_c;
  assign {mul_ctrl, mul_c} = op_q[Stages*OpW +: OpW];

  ptxalu_vmad_operands u_vmad_ops (
    .ctrl_i (ctrl_i),
    .a_i    (a_i[31:0]),
    .b_i    (b_i[31:0]),
    .ta_o   (vmad_a_o),
    .tb_o   (vmad_b_o)
  );
  ptxalu_mult_operands u_mult_ops (
    .ctrl_i  (ctrl_i),
    .a_i     (a_i),
    .b_i     (b_i),
    .is_24_o (mult_is_24),
    .mul_a_o (mult_a_o),
    .mul_b_o (mult_b_o)
  );

  // vmad's and mult's sums of the delayed operation and product (ptxalu_vmad_sum,
  // ptxalu_mult_sum), SumReg: registered with en_i[Stages], then their answers
  // (ptxalu_vmad_answer, ptxalu_mult_answer) and the pick by the vmad bit.
  // What crosses the register: the operation, its vmad bit, vmad's sum and signedness, mult's
  // two sums (plain vectors: Yosys 0.23 takes no package type inside a local struct).
  localparam int unsigned SumsW = ptxalu_pkg::CtrlWidth + 1 + 80 + 1 + 64 + 34;
  ptxalu_pkg::ctrl_t ans_ctrl;
  logic              ans_vmad, vmad_signed, ans_vmad_signed;
  logic [79:0]       vmad_sum, ans_vmad_sum;
  logic [63:0]       mult_sum, ans_mult_sum;
  logic [33:0]       mult_sum_s32, ans_mult_sum_s32;

  ptxalu_vmad_sum u_vmad_sum (
    .ctrl_i    (mul_ctrl),
    .c_i       (mul_c[31:0]),
    .product_i (product_i[65:0]),
    .sum_o     (vmad_sum),
    .signed_o  (vmad_signed)
  );
  ptxalu_mult_sum u_mult_sum (
    .ctrl_i    (mul_ctrl),
    .is_24_i   (flags_q[2*Stages+1]),
    .c_i       (mul_c),
    .product_i (product_i),
    .sum_o     (mult_sum),
    .sum_s32_o (mult_sum_s32)
  );

  ptxalu_en_reg #(
    .Width  (SumsW),
    .Bypass (!SumReg)
  ) u_sums_q (
    .clk_i  (clk_i),
    .rst_ni (rst_ni),
    .en_i   (en_i[Stages]),
    .d_i    ({mul_ctrl, flags_q[2*Stages], vmad_sum, vmad_signed, mult_sum, mult_sum_s32}),
    .q_o    ({ans_ctrl, ans_vmad, ans_vmad_sum, ans_vmad_signed, ans_mult_sum, ans_mult_sum_s32})
  );

  logic [31:0] vmad_result;
  logic [63:0] mult_result;
  ptxalu_vmad_answer u_vmad_answer (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .en_i     (1'b0),  // combinational (ScaleReg = 0): the sums' register is u_sums_q
    .ctrl_i   (ans_ctrl),
    .sum_i    (ans_vmad_sum),
    .signed_i (ans_vmad_signed),
    .result_o (vmad_result)
  );
  ptxalu_mult_answer u_mult_answer (
    .ctrl_i    (ans_ctrl),
    .sum_i     (ans_mult_sum),
    .sum_s32_i (ans_mult_sum_s32),
    .result_o  (mult_result)
  );

  assign result_o = ans_vmad ? {32'b0, vmad_result} : mult_result;

  logic unused_en;
  assign unused_en = ^en_i;

endmodule
