// Gallery (correct): the signed 65x65 product by radix-4 Booth recoding. a is extended to 66
// bits; partial product i is b times the digit -2*a[2i+1] + a[2i] + a[2i-1] (a[-1] = 0), one
// of 0, +-b, +-2b, sign-extended to 130 bits and shifted by 2i; the 33 partial products are
// summed in a chain.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  logic [66:0]  a_ext;  // a_ext[k] = a[k-1], a_ext[0] = 0
  logic [129:0] b_ext;
  assign a_ext = {a_i[64], a_i, 1'b0};
  assign b_ext = {{65{b_i[64]}}, b_i};

  logic [129:0] pp [33];
  for (genvar i = 0; i < 33; i++) begin : g_pp
    logic [2:0]   digit;
    logic [129:0] sel;
    assign digit = a_ext[2*i +: 3];
    always_comb begin
      unique case (digit)
        3'b001, 3'b010: sel = b_ext;
        3'b011:         sel = b_ext << 1;
        3'b100:         sel = -(b_ext << 1);
        3'b101, 3'b110: sel = -b_ext;
        default:        sel = '0;
      endcase
    end
    assign pp[i] = sel << (2 * i);
  end

  always_comb begin
    product_o = '0;
    for (int i = 0; i < 33; i++) product_o = product_o + pp[i];
  end
endmodule
