// Formal stand-in for ptxalu_mult_core: the 65x65 product is cut (product_cut.svh).
module ptxalu_mult_core (input logic [64:0] a_i, b_i, output logic [129:0] product_o);
`include "product_cut.svh"
endmodule
