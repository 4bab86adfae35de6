// The shared signed 65x65 -> 130-bit multiplier of ptxalu_top's deep pipeline
// (ptxalu_mult_share at Stages >= 2), in two register stages cut where the FPGA's multiplier
// blocks end:
//   en_i[0] loads the 16 partial products of 18x18 signed digits (one ECP5 MULT18X18D or
//           DSP block each, straight from the operands),
//   en_i[1] loads their sum, which product_o shows: a_i * b_i of two loads before.
// Each operand is split into Digits digits of DigitW bits, the low ones unsigned (zero-extended
// to 18 bits), the top one signed: a = sum_i a_dig[i] * 2^(DigitW*i) exactly. The partial
// products are registered with their sign bit inverted, which makes each a non-negative
// number (p + 2^(PpW-1)); the sum takes the total of those offsets back in one constant
// (Offset), so the adder tree sums narrow non-negative terms instead of 130-bit sign
// extensions. The registers have no reset: ptxalu_top tracks which stages hold a multiply.
module ptxalu_mult_pipe (
  input  logic         clk_i,
  input  logic [1:0]   en_i,
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);

  localparam int unsigned DigitW = 17;               // MULT18X18D: 17 bits and a sign
  localparam int unsigned Digits = 4;                // 3 x 17 unsigned + 14 signed = 65
  localparam int unsigned TopW   = 65 - DigitW * (Digits - 1);
  localparam int unsigned DW     = DigitW + 1;       // a digit as an 18-bit signed number
  localparam int unsigned PpW    = 2 * DW;           // an 18x18 signed product

  // The offsets the inverted sign bits add: sum over (i, j) of 2^(PpW-1 + DigitW*(i+j)).
  function automatic logic [129:0] offset_sum(input int unsigned digit_w);
    offset_sum = '0;
    for (int unsigned i = 0; i < Digits; i++) begin
      for (int unsigned j = 0; j < Digits; j++) begin
        offset_sum = offset_sum + (130'(1) << (PpW - 1 + digit_w * (i + j)));
      end
    end
  endfunction
  localparam logic [129:0] Offset = offset_sum(DigitW);

  logic [Digits*DW-1:0] a_dig, b_dig;                 // digit i: bits DW*i +: DW
  for (genvar i = 0; i < Digits; i++) begin : g_digit
    if (i < Digits - 1) begin : g_low
      assign a_dig[DW*i +: DW] = {1'b0, a_i[DigitW*i +: DigitW]};
      assign b_dig[DW*i +: DW] = {1'b0, b_i[DigitW*i +: DigitW]};
    end else begin : g_top
      assign a_dig[DW*i +: DW] = DW'($signed(a_i[64 -: TopW]));
      assign b_dig[DW*i +: DW] = DW'($signed(b_i[64 -: TopW]));
    end
  end

  // Stage 1: the partial products, sign bit inverted.
  logic [Digits*Digits*PpW-1:0] pp_d, pp_q;          // product (i, j): bits PpW*(Digits*i+j) +: PpW
  for (genvar i = 0; i < Digits; i++) begin : g_pp_a
    for (genvar j = 0; j < Digits; j++) begin : g_pp_b
      logic signed [PpW-1:0] pp;
      assign pp = $signed(a_dig[DW*i +: DW]) * $signed(b_dig[DW*j +: DW]);
      assign pp_d[PpW*(Digits*i + j) +: PpW] = {~pp[PpW-1], pp[PpW-2:0]};
    end
  end

  ptxalu_en_reg #(
    .Width (Digits*Digits*PpW)
  ) u_pp_q (
    .clk_i  (clk_i),
    .rst_ni (1'b1),
    .en_i   (en_i[0]),
    .d_i    (pp_d),
    .q_o    (pp_q)
  );

  // Stage 2: the sum.
  logic [129:0] sum;
  always_comb begin
    sum = -Offset;
    for (int unsigned i = 0; i < Digits; i++) begin
      for (int unsigned j = 0; j < Digits; j++) begin
        sum = sum + (130'(pp_q[PpW*(Digits*i + j) +: PpW]) << (DigitW * (i + j)));
      end
    end
  end

  ptxalu_en_reg #(
    .Width (130)
  ) u_product_q (
    .clk_i  (clk_i),
    .rst_ni (1'b1),
    .en_i   (en_i[1]),
    .d_i    (sum),
    .q_o    (product_o)
  );

endmodule
