// The multiplier of vmad, kept apart so that formal can abstract it (wide multipliers are out
// of reach of equivalence checking, RECIPES.md) and synthesis can map it onto DSP blocks: the
// exact signed product of two 33-bit two's complement values (sign- or zero-extended 32-bit
// sources), which always fits in 66 bits.
module ptxalu_vmad_mult (
  input  logic [32:0] a_i,
  input  logic [32:0] b_i,
  output logic [65:0] product_o
);

  // Both operands are signed, so the 66-bit context sign-extends them before multiplying.
  assign product_o = $signed(a_i) * $signed(b_i);

endmodule
