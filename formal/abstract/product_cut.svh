// The body of a multiplier's formal stand-in (ptxalu_mult_core_cut.sv, ptxalu_vmad_mult_cut.sv),
// included inside its module: the product is cut. product_o is a free value that the proof ties
// to the spec's own (equally cut) product, while a separate obligation proves that the operands
// reaching the multiplier (a_seen, b_seen) equal the spec's. Together: the logic around the
// multiplier is proven for every product value, and the product is of the right operands.
(* keep *) logic [$bits(a_i)-1:0]       a_seen, b_seen;
(* keep *) logic [$bits(product_o)-1:0] free_product;  // undriven: a free variable of the proof
assign a_seen    = a_i;
assign b_seen    = b_i;
assign product_o = free_product;
