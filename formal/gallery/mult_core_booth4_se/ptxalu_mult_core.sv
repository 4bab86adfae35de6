// Gallery (correct): the signed 65x65 product by radix-4 Booth recoding without sign
// extension. Row i is d_i * b for the digit d_i = -2 a[2i+1] + a[2i] + a[2i-1], formed as a
// 67-bit word r_i = (0, b or 2b), inverted when the digit is negative, with the +1 of the
// negation as a separate bit at the row's LSB. Instead of sign-extending r_i to 130 bits, its
// sign s_i is inverted in place (r_i = r_i[65:0] + 2^66 ~s_i - 2^66) and the 33 rows' -2^66
// terms are one constant K = -sum_i 2^(66+2i) (mod 2^130) added once: the "1 1 ... ~s" trick.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  function automatic logic [129:0] correction();
    logic [129:0] k;
    k = '0;
    for (int i = 0; i < 33; i++) k = k - (130'd1 << (66 + 2 * i));
    correction = k;
  endfunction
  localparam logic [129:0] K = correction();

  logic [66:0] a3;  // a3[k] = a[k-1], a3[0] = 0
  logic [66:0] b1, b2;
  assign a3 = {a_i[64], a_i, 1'b0};
  assign b1 = {{2{b_i[64]}}, b_i};
  assign b2 = {b_i[64], b_i, 1'b0};

  logic [129:0] rows [33];
  logic [32:0]  neg;
  for (genvar i = 0; i < 33; i++) begin : g_row
    logic [2:0]  d;
    logic [66:0] mag, r;
    assign d = a3[2*i +: 3];
    always_comb begin
      unique case (d)
        3'b001, 3'b010, 3'b101, 3'b110: mag = b1;
        3'b011, 3'b100:                 mag = b2;
        default:                        mag = '0;
      endcase
    end
    assign neg[i]  = d[2] & ~(d[1] & d[0]);
    assign r       = neg[i] ? ~mag : mag;
    assign rows[i] = {63'd0, ~r[66], r[65:0]} << (2 * i);
  end

  logic [129:0] negs;
  always_comb begin
    negs = '0;
    for (int i = 0; i < 33; i++) negs[2 * i] = neg[i];
  end

  always_comb begin
    product_o = K + negs;
    for (int i = 0; i < 33; i++) product_o = product_o + rows[i];
  end
endmodule
