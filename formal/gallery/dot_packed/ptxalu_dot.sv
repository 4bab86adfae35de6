// Gallery (correct): dp4a/dp2a with two products per multiply. Two elements of a are packed
// into one operand, A = x1 * 2^32 + x0, and two of b in the other order, B = y0 * 2^32 + y1:
// A * B = x1 y0 2^64 + (x1 y1 + x0 y0) 2^32 + x0 y1, so the pair's dot product is bits
// [63:32] of A * B + 2^31 (|x0 y1| < 2^31: the bias keeps its sign from borrowing).
// One multiply per dp2a (the halves with the chosen bytes), two for dp4a (bytes 1,0 and 3,2),
// the same multiplier serving both; c added last.
module ptxalu_dot (
  input  logic              clk_i,  // our unit's ports; unused here (combinational)
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);
  logic dp2a, hi, sa, sb;
  assign dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;
  assign hi   = ctrl_i.half == ptxalu_pkg::HalfHi;
  assign sa   = ctrl_i.asigned;
  assign sb   = ctrl_i.bsigned;

  // Elements as 17-bit (a) and 9-bit (b) two's complement values.
  function automatic logic [16:0] ea(input logic [15:0] x, input logic half);
    ea = half ? {sa & x[15], x} : {{9{sa & x[7]}}, x[7:0]};
  endfunction
  function automatic logic [8:0] eb(input logic [7:0] x);
    eb = {sb & x[7], x};
  endfunction

  logic [16:0] x0, x1, x2, x3;  // lanes of the first (x0, x1) and second (x2, x3) multiply
  logic [8:0]  y0, y1, y2, y3;
  assign x0 = dp2a ? ea(a_i[15:0], 1'b1) : ea({8'd0, a_i[7:0]}, 1'b0);
  assign x1 = dp2a ? ea(a_i[31:16], 1'b1) : ea({8'd0, a_i[15:8]}, 1'b0);
  assign y0 = eb(dp2a && hi ? b_i[23:16] : b_i[7:0]);
  assign y1 = eb(dp2a && hi ? b_i[31:24] : b_i[15:8]);
  assign x2 = dp2a ? 17'd0 : ea({8'd0, a_i[23:16]}, 1'b0);
  assign x3 = dp2a ? 17'd0 : ea({8'd0, a_i[31:24]}, 1'b0);
  assign y2 = eb(b_i[23:16]);
  assign y3 = eb(b_i[31:24]);

  function automatic logic [31:0] pair(input logic [16:0] u0, input logic [16:0] u1,
                                       input logic [8:0] v0, input logic [8:0] v1);
    logic signed [63:0] pa, pb, p;
    pa   = ({{47{u1[16]}}, u1} << 32) + {{47{u0[16]}}, u0};
    pb   = ({{55{v0[8]}}, v0} << 32) + {{55{v1[8]}}, v1};
    p    = pa * pb + 64'sh8000_0000;
    pair = p[63:32];
  endfunction

  assign result_o = pair(x0, x1, y0, y1) + pair(x2, x3, y2, y3) + c_i;

  logic unused;
  assign unused = ^{clk_i, en_i, ctrl_i};
endmodule
