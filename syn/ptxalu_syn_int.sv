// Synthesis group "integer" of the FPGA report: intalu, mult (WithMult), dot, bitmanip and
// the divider (WithDiv), the result picked by the one-hot unit select of ptxalu_top_class
// with the top's AND-OR mux. The divider's handshake comes from ports so nothing is constant.
// Not part of the design.
module ptxalu_syn_int #(
  parameter bit WithMult = 1'b1,
  parameter bit WithDiv  = 1'b1
) (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  input  logic              div_in_valid_i,
  output logic              div_in_ready_o,
  output logic              div_out_valid_o,
  input  logic              div_out_ready_i,
  output logic [63:0]       result_o
);

  logic [ptxalu_pkg::NumUnits-1:0] unit;
  logic [31:0] dot_result;
  logic [63:0] intalu_result, mult_result, bitmanip_result, div_result;

  ptxalu_top_class u_class (
    .op_i      (ctrl_i.op),
    .illegal_i (1'b0),
    .unit_o    (unit)
  );

  ptxalu_intalu u_intalu (
    .ctrl_i   (ctrl_i),
    .a_i      (a_i),
    .b_i      (b_i),
    .c_i      (c_i),
    .result_o (intalu_result)
  );

  if (WithMult) begin : g_mult
    ptxalu_mult u_mult (
      .ctrl_i   (ctrl_i),
      .a_i      (a_i),
      .b_i      (b_i),
      .c_i      (c_i),
      .result_o (mult_result)
    );
  end else begin : g_no_mult
    assign mult_result = '0;
  end

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

  if (WithDiv) begin : g_div
    ptxalu_divider u_divider (
      .clk_i       (clk_i),
      .rst_ni      (rst_ni),
      .in_valid_i  (div_in_valid_i & unit[ptxalu_pkg::UnitDivider]),
      .in_ready_o  (div_in_ready_o),
      .ctrl_i      (ctrl_i),
      .a_i         (a_i),
      .b_i         (b_i),
      .out_valid_o (div_out_valid_o),
      .out_ready_i (div_out_ready_i),
      .result_o    (div_result)
    );
  end else begin : g_no_div
    logic unused_div;
    assign unused_div      = clk_i ^ rst_ni ^ div_in_valid_i ^ div_out_ready_i;
    assign div_in_ready_o  = 1'b0;
    assign div_out_valid_o = 1'b0;
    assign div_result      = '0;
  end

  always_comb begin
    result_o = '0;
    result_o |= {64{unit[ptxalu_pkg::UnitIntalu]}}   & intalu_result;
    result_o |= {64{unit[ptxalu_pkg::UnitMult]}}     & mult_result;
    result_o |= {64{unit[ptxalu_pkg::UnitDot]}}      & {32'b0, dot_result};
    result_o |= {64{unit[ptxalu_pkg::UnitBitmanip]}} & bitmanip_result;
    result_o |= {64{unit[ptxalu_pkg::UnitDivider]}}  & div_result;
  end

endmodule
