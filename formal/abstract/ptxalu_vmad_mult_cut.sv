// Formal stand-in for ptxalu_vmad_mult: the product is cut. product_o is a free value that the
// proof ties to the spec's own (equally cut) product, while a separate obligation proves that
// the operands reaching this multiplier equal the spec's ta and tb. Together: the logic around
// the multiplier is proven for every product value, and the product is of the right operands.
module ptxalu_vmad_mult (
  input  logic [32:0] a_i,
  input  logic [32:0] b_i,
  output logic [65:0] product_o
);
  (* keep *) logic [32:0] a_seen, b_seen;
  (* keep *) logic [65:0] free_product;  // undriven: a free variable of the proof
  assign a_seen    = a_i;
  assign b_seen    = b_i;
  assign product_o = free_product;
endmodule
