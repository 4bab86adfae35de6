// Naive counterpart of rtl/ptxalu_datapath (without its divider) for the FPGA report: the
// formal/spec model of each family (spec_simd, spec_video, spec_vmad, spec_intalu, spec_mult,
// spec_dot, spec_bitmanip), each with its own arithmetic, selected by the same one-hot unit_i
// with the same AND-OR mux. Units (default all) names the families built, as ptxalu_datapath's
// Units does (the naive groups of syn/ptxalu_syn_group.sv); there is no naive divider, so its
// bit is ignored. Not part of the design.
module ptxalu_syn_naive_datapath #(
  parameter logic [ptxalu_pkg::NumUnits-1:0] Units = {ptxalu_pkg::NumUnits{1'b1}}
) (
  input  logic [ptxalu_pkg::NumUnits-1:0] unit_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  output logic [63:0]       result_o
);

  logic [ptxalu_pkg::NumUnits-1:0] unit;
  logic [31:0] simd_result, video_result, vmad_result, dot_result;
  logic [63:0] intalu_result, mult_result, bitmanip_result;

  assign unit = unit_i;

  if (Units[ptxalu_pkg::UnitSimd]) begin : g_simd
    spec_simd u_simd (
      .ctrl_i   (ctrl_i),
      .a_i      (a_i[31:0]),
      .b_i      (b_i[31:0]),
      .c_i      (c_i[31:0]),
      .result_o (simd_result)
    );
  end else begin : g_no_simd
    assign simd_result = '0;
  end

  if (Units[ptxalu_pkg::UnitVideo]) begin : g_video
    spec_video u_video (
      .ctrl_i   (ctrl_i),
      .a_i      (a_i[31:0]),
      .b_i      (b_i[31:0]),
      .c_i      (c_i[31:0]),
      .result_o (video_result)
    );
  end else begin : g_no_video
    assign video_result = '0;
  end

  if (Units[ptxalu_pkg::UnitVmad]) begin : g_vmad
    spec_vmad u_vmad (
      .ctrl_i   (ctrl_i),
      .a_i      (a_i[31:0]),
      .b_i      (b_i[31:0]),
      .c_i      (c_i[31:0]),
      .result_o (vmad_result)
    );
  end else begin : g_no_vmad
    assign vmad_result = '0;
  end

  if (Units[ptxalu_pkg::UnitIntalu]) begin : g_intalu
    spec_intalu u_intalu (
      .ctrl_i   (ctrl_i),
      .a_i      (a_i),
      .b_i      (b_i),
      .c_i      (c_i),
      .result_o (intalu_result)
    );
  end else begin : g_no_intalu
    assign intalu_result = '0;
  end

  if (Units[ptxalu_pkg::UnitMult]) begin : g_mult
    spec_mult u_mult (
      .ctrl_i   (ctrl_i),
      .a_i      (a_i),
      .b_i      (b_i),
      .c_i      (c_i),
      .result_o (mult_result)
    );
  end else begin : g_no_mult
    assign mult_result = '0;
  end

  if (Units[ptxalu_pkg::UnitDot]) begin : g_dot
    spec_dot u_dot (
      .ctrl_i   (ctrl_i),
      .a_i      (a_i[31:0]),
      .b_i      (b_i[31:0]),
      .c_i      (c_i[31:0]),
      .result_o (dot_result)
    );
  end else begin : g_no_dot
    assign dot_result = '0;
  end

  if (Units[ptxalu_pkg::UnitBitmanip]) begin : g_bitmanip
    spec_bitmanip u_bitmanip (
      .ctrl_i   (ctrl_i),
      .a_i      (a_i),
      .b_i      (b_i),
      .c_i      (c_i),
      .d_i      (d_i),
      .result_o (bitmanip_result)
    );
  end else begin : g_no_bitmanip
    assign bitmanip_result = '0;
  end

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

  // A subset of the families leaves some inputs unread.
  if (Units != {ptxalu_pkg::NumUnits{1'b1}}) begin : g_subset
    logic unused_inputs;
    assign unused_inputs = ^{a_i, b_i, c_i, d_i, ctrl_i, unit[ptxalu_pkg::UnitDivider]};
  end

endmodule
