// ptxalu_simd #(.Stages(Stages)) (1 or 2) against the combinational ptxalu_simd Stages en_i
// cycles earlier: after Stages cycles with en_i high, the staged result is the combinational
// result of the inputs of the first of them; it holds while en_i is low, and reads 0 after
// reset. Every input (reset and en_i included) is free in every cycle; k-induction proves it
// for every reachable state at Stages = 1 (at 2: bounded, formal/obligations.py).
module miter_simd_stages #(
  parameter int unsigned Stages = 1
) (
  input  logic              clk_i, rst_ni, en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i, b_i, c_i
);
  logic [31:0] comb_result, staged_result, expect1_q, expect2_q;

  ptxalu_simd #(.Stages(0)) u_comb (
    .clk_i(clk_i), .rst_ni(rst_ni), .en_i(en_i), .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i),
    .c_i(c_i), .result_o(comb_result));

  ptxalu_simd #(.Stages(Stages)) u_staged (
    .clk_i(clk_i), .rst_ni(rst_ni), .en_i(en_i), .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i),
    .c_i(c_i), .result_o(staged_result));

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      expect1_q <= '0;
      expect2_q <= '0;
    end else if (en_i) begin
      expect1_q <= comb_result;
      expect2_q <= expect1_q;
    end
  end

  always_comb assert (staged_result == (Stages > 1 ? expect2_q : expect1_q));
endmodule
