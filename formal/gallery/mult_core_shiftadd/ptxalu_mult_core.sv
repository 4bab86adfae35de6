// Gallery (correct; a held-out-style trial, 2026-11-29): a 65x65 signed product written
// behaviourally, shift and add in a loop: a sign-extended to 130 bits, added at weight 2^i for
// each set bit b[i] below the top, subtracted for b[64].
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  logic [129:0] a_ext, acc;
  assign a_ext = {{65{a_i[64]}}, a_i};
  always_comb begin
    acc = '0;
    for (int i = 0; i < 64; i++) begin
      if (b_i[i]) acc = acc + (a_ext << i);
    end
    if (b_i[64]) acc = acc - (a_ext << 64);
  end
  assign product_o = acc;
endmodule
