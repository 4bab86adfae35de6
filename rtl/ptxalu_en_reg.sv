// ptxalu_en_reg: a Width-bit register that loads d_i on the rising edge of clk_i when en_i is
// high and holds otherwise. Reset = 1 adds a synchronous active-low reset to ResetValue (rst_ni
// is unused without it). The deep pipeline's registers (ptxalu_mult_pipe, ptxalu_mult_share,
// ptxalu_datapath, the units' cuts at Stages = 1) are this module without a reset: their caller
// tracks which of its stages hold a valid operation.
//
// Bypass = 1: no register, q_o = d_i (clk_i, rst_ni and en_i unused). A unit whose cut is
// optional (ptxalu_dot, ptxalu_intalu, ptxalu_video, ptxalu_bitmanip: Stages = 0 or 1) writes
// its cut once, as this module with Bypass = (Stages == 0).
module ptxalu_en_reg #(
  parameter int unsigned      Width      = 1,
  parameter bit               Reset      = 1'b0,
  parameter logic [Width-1:0] ResetValue = '0,
  parameter bit               Bypass     = 1'b0
) (
  input  logic             clk_i,
  input  logic             rst_ni,
  input  logic             en_i,
  input  logic [Width-1:0] d_i,
  output logic [Width-1:0] q_o
);

  if (Bypass) begin : g_bypass
    assign q_o = d_i;
    logic unused_ctl;
    assign unused_ctl = ^{clk_i, rst_ni, en_i};
  end else if (Reset) begin : g_reset
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        q_o <= ResetValue;
      end else if (en_i) begin
        q_o <= d_i;
      end
    end
  end else begin : g_plain
    always_ff @(posedge clk_i) begin
      if (en_i) begin
        q_o <= d_i;
      end
    end
    logic unused_rst;
    assign unused_rst = rst_ni;
  end

endmodule
