// formal/gallery/test_seq.py fixture: a 4-bit counter with enable and asynchronous reset.
/* verilator lint_off DECLFILENAME */
module seq_count (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       en_i,
  output logic [3:0] q_o
);
  always_ff @(posedge clk_i or negedge rst_ni) begin
    if (!rst_ni) begin
      q_o <= '0;
    end else if (en_i) begin
      q_o <= q_o + 4'd1;
    end
  end
endmodule
