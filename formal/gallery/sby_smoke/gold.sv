// formal/gallery/test_sby.py fixture: a 16-bit a + b + carry-in, as a word-level add.
/* verilator lint_off DECLFILENAME */
module smoke_add (
  input  logic [15:0] a_i,
  input  logic [15:0] b_i,
  input  logic        ci_i,
  output logic [16:0] sum_o
);
  assign sum_o = {1'b0, a_i} + {1'b0, b_i} + {16'd0, ci_i};
endmodule
