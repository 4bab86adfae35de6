// ptxalu_mul_family: ptxalu_datapath's multiply family, vmad and mul/mad/mul24/mad24 on the
// 65x65 multiplier they share (ptxalu_mult_share), whose operands come from the unit vmad_i
// selects (vmad and mul never issue in the same cycle). Built three ways:
//   MulStages = 0, default Config: ptxalu_vmad and ptxalu_mult, combinational; their answers
//     on vmad_result_o and mult_result_o.
//   MulStages > 0 (ptxalu_top's deep pipeline, ptxalu_pkg::DeepStages; default Config, both
//     units): ptxalu_mul_deep, the operand selects on the live inputs, the operation delayed
//     alongside the shared multiplier's ShareStages registers and, at MulStages = 3 or 4, a
//     register more between the sums and the answers; mul_result_o answers for the operation of
//     MulStages loads of stage_en_i before (vmad's or mult's by its vmad bit; the caller gates
//     it by its own record of which stages hold a multiply); vmad_result_o, mult_result_o 0.
//   Config = CfgSmall: the multiplier iterative (ptxalu_mult_iter inside ptxalu_mult_share),
//     started and answered through in_*/out_* (ptxalu_divider's handshake, which the caller
//     gates with its own select), adding c itself; vmad's answer registered between its scale
//     and its clamp (ptxalu_vmad_answer's ScaleReg), both answers from registers loaded every
//     cycle, at no cycle's cost: ptxalu_mult_iter's last column (2*Digits) writes no digit an
//     answer reads (vmad's all lie in columns up to 2k = 4 of 8, mult's up to 2k, or 7 at k =
//     Digits), so the registers hold the answer when out_valid_o rises, and keep it while the
//     operation is held. Each unit its own register, so that no select follows their result
//     logic (the UP5K's clock, syn/README.md).
// VmadBuilt/MultBuilt (ptxalu_datapath's Units): the multiplier is shared only when both are
// built; one alone keeps its own, one left out answers 0. in_ready_o/out_valid_o: 0 but at
// CfgSmall.
module ptxalu_mul_family #(
  parameter int unsigned MulStages = 0,  // 0..4 (ptxalu_datapath's)
  parameter int unsigned Config    = ptxalu_pkg::CfgDefault,
  parameter bit          VmadBuilt = 1'b1,
  parameter bit          MultBuilt = 1'b1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              vmad_i,  // the operation is a vmad (its unit bit)
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [3:0]        stage_en_i,
  input  logic              in_valid_i,
  output logic              in_ready_o,
  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [31:0]       vmad_result_o,
  output logic [63:0]       mult_result_o,
  output logic [63:0]       mul_result_o
);

  localparam bit Small = (Config == ptxalu_pkg::CfgSmall);
  localparam bit Share = Small || (VmadBuilt && MultBuilt);
  // The shared multiplier's registers (MulStages, less the sums' register above 2).
  localparam int unsigned ShareStages = (MulStages > 2) ? MulStages - 1 : MulStages;

  logic [32:0]  vmad_mul_a, vmad_mul_b;
  logic [64:0]  mult_mul_a, mult_mul_b;
  logic [129:0] core_product;
  logic [31:0]  vmad_result;
  logic [63:0]  mult_result;

  if (VmadBuilt && MulStages == 0 && Small) begin : g_vmad_small
    // vmad's parts around the product (the iterative multiplier adds c), its answer registered
    // between scale and clamp: ctrl_i and the sum's signedness hold, as the operation is held.
    logic [79:0] sum;
    logic        sum_signed;
    ptxalu_vmad_operands u_operands (.ctrl_i, .a_i(a_i[31:0]), .b_i(b_i[31:0]),
                                     .ta_o(vmad_mul_a), .tb_o(vmad_mul_b));
    ptxalu_vmad_sum #(.AddInProduct(1'b1)) u_sum (.ctrl_i, .c_i(c_i[31:0]),
        .product_i(core_product[65:0]), .sum_o(sum), .signed_o(sum_signed));
    ptxalu_vmad_answer #(.ScaleReg(1'b1)) u_answer (.clk_i, .rst_ni, .en_i(1'b1), .ctrl_i,
        .sum_i(sum), .signed_i(sum_signed), .result_o(vmad_result));
  end else if (VmadBuilt && MulStages == 0) begin : g_vmad
    ptxalu_vmad #(
      .SharedMult (Share)
    ) u_vmad (
      .ctrl_i    (ctrl_i),
      .a_i       (a_i[31:0]),
      .b_i       (b_i[31:0]),
      .c_i       (c_i[31:0]),
      .mul_a_o   (vmad_mul_a),
      .mul_b_o   (vmad_mul_b),
      .product_i (core_product[65:0]),
      .result_o  (vmad_result)
    );
  end else if (MulStages == 0) begin : g_no_vmad
    assign vmad_mul_a  = '0;
    assign vmad_mul_b  = '0;
    assign vmad_result = '0;
  end

  if (MultBuilt && MulStages == 0) begin : g_mult
    ptxalu_mult #(
      .SharedMult   (Share),
      .AddInProduct (Small)
    ) u_mult (
      .ctrl_i    (ctrl_i),
      .a_i       (a_i),
      .b_i       (b_i),
      .c_i       (c_i),
      .mul_a_o   (mult_mul_a),
      .mul_b_o   (mult_mul_b),
      .product_i (core_product),
      .result_o  (mult_result)
    );
  end else if (MulStages == 0) begin : g_no_mult
    assign mult_mul_a  = '0;
    assign mult_mul_b  = '0;
    assign mult_result = '0;
  end

  if (MulStages > 0) begin : g_mul_pipe
    ptxalu_mul_deep #(
      .Stages    (ShareStages),
      .SumReg    (MulStages > ShareStages)
    ) u_mul_deep (
      .clk_i     (clk_i),
      .rst_ni    (rst_ni),
      .en_i      (stage_en_i),
      .vmad_i    (vmad_i),
      .ctrl_i    (ctrl_i),
      .a_i       (a_i),
      .b_i       (b_i),
      .c_i       (c_i),
      .vmad_a_o  (vmad_mul_a),
      .vmad_b_o  (vmad_mul_b),
      .mult_a_o  (mult_mul_a),
      .mult_b_o  (mult_mul_b),
      .product_i (core_product),
      .result_o  (mul_result_o)
    );
    assign vmad_result = '0;
    assign mult_result = '0;
  end else begin : g_mul_comb
    assign mul_result_o = '0;
  end

  if (Small) begin : g_answer_q
    ptxalu_en_reg #(.Width(96)) u_answer_q (.clk_i, .rst_ni, .en_i(1'b1),
        .d_i({vmad_result, mult_result}), .q_o({vmad_result_o, mult_result_o}));
  end else begin : g_answer
    assign {vmad_result_o, mult_result_o} = {vmad_result, mult_result};
  end

  if (Share) begin : g_mult_share
    ptxalu_mult_share #(
      .Iterative (Small),
      .Stages    (ShareStages)
    ) u_mult_share (
      .clk_i      (clk_i),
      .rst_ni     (rst_ni),
      .en_i       (stage_en_i[2:0]),
      .in_valid_i (in_valid_i),
      .in_ready_o (in_ready_o),
      .out_valid_o(out_valid_o),
      .out_ready_i(out_ready_i),
      .vmad_sel_i (vmad_i),
      .ctrl_i     (ctrl_i),
      .c_i        (c_i),
      .vmad_a_i   (vmad_mul_a),
      .vmad_b_i   (vmad_mul_b),
      .mult_a_i   (mult_mul_a),
      .mult_b_i   (mult_mul_b),
      .src_a_i    (a_i),
      .src_b_i    (b_i),
      .product_o  (core_product)
    );
  end else begin : g_no_mult_share
    logic unused_mul_ops;
    assign unused_mul_ops = ^{vmad_mul_a, vmad_mul_b, mult_mul_a, mult_mul_b};
    assign in_ready_o     = 1'b0;
    assign out_valid_o    = 1'b0;
    assign core_product   = '0;
  end

  // Inputs a build leaves unread (the handshake but at CfgSmall, stage_en_i at MulStages = 0,
  // the operands with no unit built).
  logic unused_inputs;
  assign unused_inputs = ^{clk_i, rst_ni, vmad_i, ctrl_i, a_i, b_i, c_i, stage_en_i, in_valid_i,
                           out_ready_i};

endmodule
