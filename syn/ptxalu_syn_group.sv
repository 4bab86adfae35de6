// One unit group of the FPGA report (syn/README.md: designs video, integer, integer-nomul and
// their naive counterparts, for which the flow reads the formal/spec models in place of the
// units): the units Units of rtl/ptxalu_datapath, with the unit select decoded from the
// operation by ptxalu_top_class as ptxalu_top decodes it (the "datapath" rows take it as an
// input instead). Operands and result are Width bits wide (32 for the video group, whose units
// read no more). The divider's handshake comes from ports so nothing is constant. Not part of
// the design.
module ptxalu_syn_group #(
  parameter logic [ptxalu_pkg::NumUnits-1:0] Units = {ptxalu_pkg::NumUnits{1'b1}},
  parameter int unsigned Width = 64
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [Width-1:0]  a_i,
  input  logic [Width-1:0]  b_i,
  input  logic [Width-1:0]  c_i,
  input  logic [Width-1:0]  d_i,
  input  logic              div_in_valid_i,
  output logic              div_in_ready_o,
  output logic              div_out_valid_o,
  input  logic              div_out_ready_i,
  output logic [Width-1:0]  result_o
);

  logic [ptxalu_pkg::NumUnits-1:0] unit;
  logic [63:0] a, b, c, d, result;
  logic [31:0] simd_late;  // SimdStages = 1, simd_en_i low: 0 (nothing selects it)

  ptxalu_top_class u_class (
    .op_i      (ctrl_i.op),
    .illegal_i (1'b0),
    .unit_o    (unit)
  );

  assign a = 64'(a_i);
  assign b = 64'(b_i);
  assign c = 64'(c_i);
  assign d = 64'(d_i);

  ptxalu_datapath #(
    .SimdStages (1),
    .Units      (Units)
  ) u_datapath (
    .clk_i           (clk_i),
    .rst_ni          (rst_ni),
    .unit_i          (unit),
    .ctrl_i          (ctrl_i),
    .a_i             (a),
    .b_i             (b),
    .c_i             (c),
    .d_i             (d),
    .simd_en_i       (1'b0),
    .div_in_valid_i  (div_in_valid_i),
    .div_in_ready_o  (div_in_ready_o),
    .div_out_valid_o (div_out_valid_o),
    .div_out_ready_i (div_out_ready_i),
    .result_o        (result),
    .simd_result_o   (simd_late)
  );

  assign result_o = result[Width-1:0];

  logic unused_late;
  assign unused_late = ^simd_late;

  if (Width < 64) begin : g_narrow
    logic unused_high;
    assign unused_high = ^result[63:Width];
  end

endmodule
