// Gallery (correct): a 65x65 signed product tiled onto 17x17 signed multipliers (an FPGA's DSP
// blocks).
// a = a3*2^48 + a2*2^32 + a1*2^16 + a0: a3 = a[64:48] signed (17 bits), a0..a2 unsigned 16-bit
// chunks (zero-extended to 17 signed bits); the 16 tile products accumulated in a loop.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  logic signed [16:0] ta [4];
  logic signed [16:0] tb [4];
  always_comb begin
    for (int i = 0; i < 3; i++) begin
      ta[i] = {1'b0, a_i[16*i +: 16]};
      tb[i] = {1'b0, b_i[16*i +: 16]};
    end
    ta[3] = a_i[64:48];
    tb[3] = b_i[64:48];
  end
  logic signed [33:0] tile [16];
  for (genvar i = 0; i < 4; i++) begin : g_i
    for (genvar j = 0; j < 4; j++) begin : g_j
      assign tile[4*i+j] = ta[i] * tb[j];
    end
  end
  logic signed [129:0] acc;
  always_comb begin
    acc = '0;
    for (int i = 0; i < 4; i++)
      for (int j = 0; j < 4; j++)
        acc = acc + (130'(signed'(tile[4*i+j])) <<< (16 * (i + j)));
  end
  assign product_o = acc;
endmodule
