// ptxalu_simd #(.Stages(1)) against the combinational ptxalu_simd one en_i cycle earlier:
// after a cycle with en_i high, the staged result is the combinational result of that cycle's
// inputs; it holds while en_i is low, and reads 0 after reset. Every input (reset and en_i
// included) is free in every cycle; k-induction proves it for every reachable state.
module miter_simd_stages (
  input  logic              clk_i, rst_ni, en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i, b_i, c_i
);
  logic [31:0] comb_result, staged_result, expect_q;

  ptxalu_simd #(.Stages(0)) u_comb (
    .clk_i(clk_i), .rst_ni(rst_ni), .en_i(en_i), .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i),
    .c_i(c_i), .result_o(comb_result));

  ptxalu_simd #(.Stages(1)) u_staged (
    .clk_i(clk_i), .rst_ni(rst_ni), .en_i(en_i), .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i),
    .c_i(c_i), .result_o(staged_result));

  always_ff @(posedge clk_i) begin
    if (!rst_ni)   expect_q <= '0;
    else if (en_i) expect_q <= comb_result;
  end

  always_comb assert (staged_result == expect_q);
endmodule
