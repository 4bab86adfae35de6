// formal/gallery/test_sby.py fixture: smoke_add as a ripple of full adders (gold.sv's sum);
// the test also plants a bug in it (one carry dropped) and expects the .sby to fail.
/* verilator lint_off DECLFILENAME */
/* verilator lint_off UNOPTFLAT */
module smoke_add (
  input  logic [15:0] a_i,
  input  logic [15:0] b_i,
  input  logic        ci_i,
  output logic [16:0] sum_o
);
  logic [16:0] c;
  assign c[0] = ci_i;
  for (genvar i = 0; i < 16; i++) begin : g_fa
    assign sum_o[i] = a_i[i] ^ b_i[i] ^ c[i];
    assign c[i+1]   = (a_i[i] & b_i[i]) | (c[i] & (a_i[i] ^ b_i[i]));
  end
  assign sum_o[16] = c[16];
endmodule
