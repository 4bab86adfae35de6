// A sign-magnitude product as gallery vmad_signmag forms it in a form with a negated product,
// a zero-extended and b sign-extended: |b| (b negated when negative), the magnitudes'
// unsigned product, negated when b is not negative (~x + 1 of the zero-extended product),
// sign-extended to 3N bits, plus c: -(a * b) + c. BUG = 1 plants a bug: the negation without
// its +1. The AIGs beside this file are Yosys' mapping of it for algebra_signed_test
// (ripple_lcu.v, as the flow maps it):
//   yosys -p "read_verilog -sv signmag_product.v; chparam -set BUG B signmag_product;
//     hierarchy -top signmag_product; flatten; opt_clean;
//     techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit signmag_product_B.aig"                          (B = 0, and 1)
module signmag_product #(parameter bit BUG = 1'b0, parameter int N = 6) (
  input  logic [N-1:0]   a,
  input  logic [N-1:0]   b,
  input  logic [N-1:0]   c,
  output logic [3*N-1:0] w
);
  logic [N-1:0]   mag_b;
  logic [2*N-1:0] mag;
  logic [2*N:0]   sp;
  assign mag_b = b[N-1] ? -b : b;
  assign mag   = a * mag_b;
  assign sp    = !b[N-1] ? (BUG ? ~{1'b0, mag} : -{1'b0, mag}) : {1'b0, mag};
  assign w     = {{(N-1){sp[2*N]}}, sp} + {{(2*N){1'b0}}, c};
endmodule
