// Gallery (correct; a held-out-style trial, 2026-11-27): the 65x65 signed core as magnitudes
// multiplied unsigned, each magnitude and the product's sign fixed by XOR with the sign and
// +sign (conditional two's complement; mult_core_signmag negates with `-`).
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  wire sa = a_i[64];
  wire sb = b_i[64];
  wire [64:0] ma = (a_i ^ {65{sa}}) + {64'd0, sa};
  wire [64:0] mb = (b_i ^ {65{sb}}) + {64'd0, sb};
  wire [129:0] m = ma * mb;
  wire neg = sa ^ sb;
  assign product_o = (m ^ {130{neg}}) + {129'd0, neg};
endmodule
