// ptxalu_mult_iter against the exact signed product and its addend, at a reduced size
// (DigitWidth, Digits parameters; the RTL is the same module the small configuration builds at
// 16 and 4).
//
// Every input is free in every cycle (reset, in_valid_i, out_ready_i, the operands and the
// addend inputs while the unit is idle); from the cycle an operation is accepted, the inputs the
// unit sees are held at the accepted values, as ptxalu_top holds its issue register. Asserted:
// whenever out_valid_o is high the product is (neg ? ~(a*b) : a*b) + add * 2^(DigitWidth *
// shift) + cin of the accepted inputs, modulo 2^(2*OpWidth); the unit is
// never ready and answering at once; it answers within the documented latency, (Digits+1)^2 +
// 1 cycles at most. Checked by BMC from the all-zero state (the unit's reset state) for
// `steps` cycles, enough for the first operation at every digit count and a second one.
// Addend = 0 ties the addend inputs to zero (the product alone), 1 leaves them free. Window
// (below 2*Digits + 1, as the small top builds it) checks the low Window*DigitWidth bits of that
// sum shifted right by DigitWidth * shift, and zero above them. KInput = 1 gives the unit a
// free k_i (1 .. Digits, held) and operands whose digits k .. Digits-1 are free: each stands for
// its low k digits under its top bit (the sign).
module miter_mult_iter #(
  parameter int unsigned DigitWidth = 4,
  parameter int unsigned Digits     = 4,
  parameter bit          Addend     = 1'b1,
  parameter int unsigned Window     = 2 * Digits + 1,
  parameter bit          KInput     = 1'b0
) (
  input  logic                         clk_i, rst_ni, in_valid_i, out_ready_i,
  input  logic [Digits*DigitWidth:0]   a_i, b_i, add_i,
  input  logic [$clog2(Digits+1)-1:0]  add_shift_i, k_i,
  input  logic                         neg_i, cin_i
);
  localparam int unsigned W = Digits * DigitWidth + 1;
  localparam int unsigned S = $clog2(Digits + 1);

  logic         in_ready, out_valid;
  logic [W-1:0] a_q, b_q, a_dut, b_dut, add_q, add_dut;
  logic [S-1:0] shift_q, shift_dut, k_q, k_dut;
  logic         neg_q, cin_q, neg_dut, cin_dut;
  logic [2*W-1:0] product;
  logic         busy_q;
  logic [7:0]   wait_q;

  assign a_dut = busy_q ? a_q : a_i;
  assign b_dut = busy_q ? b_q : b_i;
  assign k_dut = busy_q ? k_q : k_i;
  assign {add_dut, shift_dut, neg_dut, cin_dut} =
      !Addend ? '0 : busy_q ? {add_q, shift_q, neg_q, cin_q} : {add_i, add_shift_i, neg_i, cin_i};

  ptxalu_mult_iter #(
    .DigitWidth(DigitWidth), .Digits(Digits), .Window(Window), .KInput(KInput)
  ) u_dut (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (in_valid_i),
    .in_ready_o  (in_ready),
    .a_i         (a_dut),
    .b_i         (b_dut),
    .k_i         (k_dut),
    .add_i       (add_dut),
    .add_shift_i (shift_dut),
    .neg_i       (neg_dut),
    .cin_i       (cin_dut),
    .out_valid_o (out_valid),
    .out_ready_i (out_ready_i),
    .product_o   (product)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      busy_q <= 1'b0;
      wait_q <= '0;
      a_q    <= '0;
      b_q    <= '0;
      k_q    <= '0;
      {add_q, shift_q, neg_q, cin_q} <= '0;
    end else if (in_valid_i && in_ready) begin
      busy_q <= 1'b1;
      wait_q <= 8'd1;
      a_q    <= a_i;
      b_q    <= b_i;
      k_q    <= k_i;
      {add_q, shift_q, neg_q, cin_q} <= Addend ? {add_i, add_shift_i, neg_i, cin_i} : '0;
    end else if (out_valid && out_ready_i) begin
      busy_q <= 1'b0;
      wait_q <= '0;
    end else if (busy_q && !out_valid) begin
      wait_q <= wait_q + 8'd1;
    end
  end

  // KInput: the value an operand stands for, its digits k and up replaced by its sign.
  function automatic logic [W-1:0] value_of(input logic [W-1:0] x, input logic [S-1:0] k);
    logic [W-1:0] high;
    high     = {W{1'b1}} << (DigitWidth * k);
    value_of = KInput ? ((x & ~high) | (high & {W{x[W-1]}})) : x;
  endfunction

  logic signed [2*W-1:0] exact, add_ext, expected;
  assign exact    = $signed(value_of(a_q, k_q)) * $signed(value_of(b_q, k_q));
  assign add_ext  = (2*W)'($signed(add_q)) << (DigitWidth * shift_q);
  assign expected = (neg_q ? ~exact : exact) + add_ext + (2*W)'(cin_q);

  // The window: the sum from the addend's digit up, Window digits (all of it when not cut).
  localparam int unsigned WinBits = (Window < 2 * Digits + 1) ? Window * DigitWidth : 2 * W;
  logic [2*W-1:0] want, win_mask;
  assign win_mask = (2*W)'({WinBits{1'b1}});
  assign want     = (Window < 2 * Digits + 1) ? ((expected >> (DigitWidth * shift_q)) & win_mask) :
                                                 expected;

  // A cut window lies within the product's digits (add_shift_i + Window <= 2*Digits + 1).
  always_comb begin
    if (Window < 2 * Digits + 1) assume (32'(shift_dut) + Window <= 2 * Digits + 1);
    if (KInput) assume (k_dut >= S'(1) && 32'(k_dut) <= Digits);
  end

  always_comb begin
    if (rst_ni) begin
      assert (!(in_ready && out_valid));
      assert (in_ready == !busy_q);
      if (out_valid) begin
        assert (product == want);
        assert (wait_q <= 8'((Digits + 1) * (Digits + 1) + 1));
      end
      if (busy_q && !out_valid) begin
        assert (wait_q < 8'((Digits + 1) * (Digits + 1) + 1));
      end
    end
  end
endmodule
