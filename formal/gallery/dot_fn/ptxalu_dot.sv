// Gallery (correct; a held-out-style trial, 2026-11-27): dp4a/dp2a with one 9x9 signed
// multiply per lane written as a function; dp2a's 16-bit halves split into a high byte
// (signed by atype) and a low byte (unsigned), each through the same 9x9 function, by a
// generate loop; no 17-bit element anywhere.
module ptxalu_dot (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);
  function automatic logic signed [17:0] mul9(input logic signed [8:0] x,
                                              input logic signed [8:0] y);
    mul9 = x * y;
  endfunction

  wire dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;
  wire hi   = ctrl_i.half == ptxalu_pkg::HalfHi;

  // dp4a: lane i = a.byte[i] * b.byte[i]
  logic signed [31:0] lane4 [4];
  for (genvar i = 0; i < 4; i++) begin : g_dp4a
    wire signed [8:0] x = {ctrl_i.asigned & a_i[8*i+7], a_i[8*i +: 8]};
    wire signed [8:0] y = {ctrl_i.bsigned & b_i[8*i+7], b_i[8*i +: 8]};
    assign lane4[i] = mul9(x, y);
  end

  // dp2a: half j of a times byte (j or j+2) of b; the half as hi*256 + lo.
  logic signed [31:0] lane2 [2];
  for (genvar j = 0; j < 2; j++) begin : g_dp2a
    wire [7:0] bb = hi ? b_i[8*(j+2) +: 8] : b_i[8*j +: 8];
    wire signed [8:0] y  = {ctrl_i.bsigned & bb[7], bb};
    wire signed [8:0] xh = {ctrl_i.asigned & a_i[16*j+15], a_i[16*j+8 +: 8]};
    wire signed [8:0] xl = {1'b0, a_i[16*j +: 8]};
    assign lane2[j] = (mul9(xh, y) <<< 8) + mul9(xl, y);
  end

  logic [31:0] s4, s2;
  assign s4 = lane4[0] + lane4[1] + lane4[2] + lane4[3];
  assign s2 = lane2[0] + lane2[1];
  assign result_o = c_i + (dp2a ? s2 : s4);

  logic unused;
  assign unused = ^{clk_i, en_i, ctrl_i};
endmodule
