// Gallery (correct): dp4a/dp2a with sign-magnitude products: each byte or half extended, its
// magnitude multiplied unsigned, the product negated when the two signs differ; summed
// pairwise, c last.
module ptxalu_dot (
  input  logic              clk_i,  // our unit's ports; unused here (combinational,
  input  logic              en_i,   // as ours at its default Stages = 0)
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);
  logic dp2a, hi;
  assign dp2a = ctrl_i.op == ptxalu_pkg::OpDp2a;
  assign hi   = ctrl_i.half == ptxalu_pkg::HalfHi;

  logic signed [8:0]  a0, a1, a2, a3, b0, b1, b2, b3;
  logic signed [16:0] h0, h1;
  assign a0 = {ctrl_i.asigned & a_i[7], a_i[7:0]};
  assign a1 = {ctrl_i.asigned & a_i[15], a_i[15:8]};
  assign a2 = {ctrl_i.asigned & a_i[23], a_i[23:16]};
  assign a3 = {ctrl_i.asigned & a_i[31], a_i[31:24]};
  assign b0 = {ctrl_i.bsigned & b_i[7], b_i[7:0]};
  assign b1 = {ctrl_i.bsigned & b_i[15], b_i[15:8]};
  assign b2 = {ctrl_i.bsigned & b_i[23], b_i[23:16]};
  assign b3 = {ctrl_i.bsigned & b_i[31], b_i[31:24]};
  assign h0 = {ctrl_i.asigned & a_i[15], a_i[15:0]};
  assign h1 = {ctrl_i.asigned & a_i[31], a_i[31:16]};

  // Sign-magnitude products: |x| * |y| unsigned, negated when the signs differ.
  function automatic logic [31:0] smul(input logic signed [16:0] x, input logic signed [8:0] y);
    logic [16:0] mx;
    logic [8:0]  my;
    logic [31:0] m;
    mx = x[16] ? -x : x;
    my = y[8] ? -y : y;
    m  = {15'd0, mx} * {23'd0, my};
    smul = (x[16] ^ y[8]) ? -m : m;
  endfunction

  logic signed [31:0] sum4, sum2;
  assign sum4 = (smul({{8{a3[8]}}, a3}, b3) + smul({{8{a2[8]}}, a2}, b2)) +
                (smul({{8{a1[8]}}, a1}, b1) + smul({{8{a0[8]}}, a0}, b0));
  assign sum2 = smul(h1, hi ? b3 : b1) + smul(h0, hi ? b2 : b0);
  assign result_o = (dp2a ? sum2 : sum4) + c_i;
endmodule
