// Formal stand-in for ptxalu_vmad_mult: the 33x33 product is cut (product_cut.svh).
module ptxalu_vmad_mult (input logic [32:0] a_i, b_i, output logic [65:0] product_o);
`include "product_cut.svh"
endmodule
