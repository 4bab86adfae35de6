// formal/gallery/test_seq.py fixture: gold.sv's counter stepping by -15 (the same modulo 16);
// the test plants a bug (a step of 2) and expects a counterexample with a VCD.
/* verilator lint_off DECLFILENAME */
module seq_count (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       en_i,
  output logic [3:0] q_o
);
  logic [3:0] q_q;
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      q_q <= '0;
    end else begin
      q_q <= en_i ? q_q - 4'd15 : q_q;
    end
  end
  assign q_o = q_q;
endmodule
