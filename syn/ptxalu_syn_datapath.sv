// Synthesis group "datapath" of the FPGA report: every unit of ptxalu_top but the divider, as
// the top builds them at its default depth: the SIMD unit with its register (Stages = 1), vmad
// and mult sharing one multiplier (ptxalu_mult_share), the result picked by the one-hot unit
// select of ptxalu_top_class with the top's AND-OR mux. No pipeline registers, no divider (the naive
// design has no sequential divider to compare with). Not part of the design.
module ptxalu_syn_datapath (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              simd_en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  output logic [63:0]       result_o
);

  logic [ptxalu_pkg::NumUnits-1:0] unit;
  logic [31:0]  simd_result, video_result, vmad_result, dot_result;
  logic [63:0]  intalu_result, mult_result, bitmanip_result;
  logic [32:0]  vmad_mul_a, vmad_mul_b;
  logic [64:0]  mult_mul_a, mult_mul_b;
  logic [129:0] core_product;

  ptxalu_top_class u_class (
    .op_i      (ctrl_i.op),
    .illegal_i (1'b0),
    .unit_o    (unit)
  );

  ptxalu_simd #(
    .Stages (1)
  ) u_simd (
    .clk_i    (clk_i),
    .rst_ni   (rst_ni),
    .en_i     (simd_en_i),
    .ctrl_i   (ctrl_i),
    .a_i      (a_i[31:0]),
    .b_i      (b_i[31:0]),
    .c_i      (c_i[31:0]),
    .result_o (simd_result)
  );

  ptxalu_video u_video (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i[31:0]),
    .b_i      (b_i[31:0]),
    .c_i      (c_i[31:0]),
    .result_o (video_result)
  );

  ptxalu_vmad #(
    .SharedMult (1'b1)
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

  ptxalu_intalu u_intalu (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (intalu_result)
  );

  ptxalu_mult #(
    .SharedMult (1'b1)
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

  ptxalu_mult_share u_mult_share (
    .vmad_sel_i (unit[ptxalu_pkg::UnitVmad]),
    .vmad_a_i   (vmad_mul_a),
    .vmad_b_i   (vmad_mul_b),
    .mult_a_i   (mult_mul_a),
    .mult_b_i   (mult_mul_b),
    .product_o  (core_product)
  );

  ptxalu_dot u_dot (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i[31:0]),
    .b_i      (b_i[31:0]),
    .c_i      (c_i[31:0]),
    .result_o (dot_result)
  );

  ptxalu_bitmanip u_bitmanip (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .d_i      (d_i),
    .result_o (bitmanip_result)
  );

  always_comb begin
    result_o = '0;
    result_o |= {64{unit[ptxalu_pkg::UnitSimd]}}     & {32'b0, simd_result};
    result_o |= {64{unit[ptxalu_pkg::UnitVideo]}}    & {32'b0, video_result};
    result_o |= {64{unit[ptxalu_pkg::UnitVmad]}}     & {32'b0, vmad_result};
    result_o |= {64{unit[ptxalu_pkg::UnitIntalu]}}   & intalu_result;
    result_o |= {64{unit[ptxalu_pkg::UnitMult]}}     & mult_result;
    result_o |= {64{unit[ptxalu_pkg::UnitDot]}}      & {32'b0, dot_result};
    result_o |= {64{unit[ptxalu_pkg::UnitBitmanip]}} & bitmanip_result;
  end

endmodule
