// Formal stand-in for ptxalu_mult_core: the 65x65 product is cut (see ptxalu_vmad_mult_cut.sv).
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  (* keep *) logic [64:0]  a_seen, b_seen;
  (* keep *) logic [129:0] free_product;  // undriven: a free variable of the proof
  assign a_seen    = a_i;
  assign b_seen    = b_i;
  assign product_o = free_product;
endmodule
