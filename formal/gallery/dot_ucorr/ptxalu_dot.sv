// Gallery (correct; a held-out-style trial, 2026-11-29): every product as an unsigned multiply
// of the raw bits, then the two's-complement corrections (an n-bit x is xu - 2^n xt, xt its
// sign bit when signed): x*y = xu*yu - 2^n xt*yu - 2^8 yt*xu + 2^(n+8) xt*yt, in a function.
module ptxalu_dot (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);
  function automatic logic [31:0] smul(input logic [15:0] x, input logic [7:0] y,
                                       input int unsigned n, input logic xs, input logic ys);
    logic [31:0] xu, yu, p;
    logic xt, yt;
    xu = (n == 8) ? {24'd0, x[7:0]} : {16'd0, x};
    yu = {24'd0, y};
    xt = xs & ((n == 8) ? x[7] : x[15]);
    yt = ys & y[7];
    p = xu * yu;
    if (xt) p = p - (yu << n);
    if (yt) p = p - (xu << 8);
    if (xt && yt) p = p + (32'd1 << (n + 8));
    smul = p;
  endfunction

  logic dp2a, hi, as, bs;
  assign dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;
  assign hi   = ctrl_i.half == ptxalu_pkg::HalfHi;
  assign as   = ctrl_i.asigned;
  assign bs   = ctrl_i.bsigned;

  logic [31:0] p0, p1, p2, p3, q0, q1;
  assign p0 = smul({8'd0, a_i[7:0]},   b_i[7:0],   8, as, bs);
  assign p1 = smul({8'd0, a_i[15:8]},  b_i[15:8],  8, as, bs);
  assign p2 = smul({8'd0, a_i[23:16]}, b_i[23:16], 8, as, bs);
  assign p3 = smul({8'd0, a_i[31:24]}, b_i[31:24], 8, as, bs);
  assign q0 = smul(a_i[15:0],  hi ? b_i[23:16] : b_i[7:0],  16, as, bs);
  assign q1 = smul(a_i[31:16], hi ? b_i[31:24] : b_i[15:8], 16, as, bs);
  assign result_o = c_i + (dp2a ? q0 + q1 : ((p0 + p1) + (p2 + p3)));
endmodule
