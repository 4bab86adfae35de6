// Gallery (correct): dp4a/dp2a with the four products and c reduced by 3:2 carry-save
// compressors (sum = x^y^z, carry = majority << 1) to two words and one final adder.
// dp2a feeds the two half products and zeros through the same tree.
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

  // Element products, each sign-extended to 32 bits.
  logic signed [31:0] p0, p1, p2, p3;
  logic signed [16:0] x0, x1;
  logic signed [8:0]  y0, y1;
  always_comb begin
    if (dp2a) begin
      x0 = {ctrl_i.asigned & a_i[15], a_i[15:0]};
      x1 = {ctrl_i.asigned & a_i[31], a_i[31:16]};
      y0 = hi ? {ctrl_i.bsigned & b_i[23], b_i[23:16]} : {ctrl_i.bsigned & b_i[7], b_i[7:0]};
      y1 = hi ? {ctrl_i.bsigned & b_i[31], b_i[31:24]} : {ctrl_i.bsigned & b_i[15], b_i[15:8]};
    end else begin
      x0 = {{9{ctrl_i.asigned & a_i[7]}}, a_i[7:0]};
      x1 = {{9{ctrl_i.asigned & a_i[15]}}, a_i[15:8]};
      y0 = {ctrl_i.bsigned & b_i[7], b_i[7:0]};
      y1 = {ctrl_i.bsigned & b_i[15], b_i[15:8]};
    end
  end
  assign p0 = x0 * y0;
  assign p1 = x1 * y1;
  assign p2 = dp2a ? 32'sd0 : $signed({ctrl_i.asigned & a_i[23], a_i[23:16]}) *
                              $signed({ctrl_i.bsigned & b_i[23], b_i[23:16]});
  assign p3 = dp2a ? 32'sd0 : $signed({ctrl_i.asigned & a_i[31], a_i[31:24]}) *
                              $signed({ctrl_i.bsigned & b_i[31], b_i[31:24]});

  // Three rows of 3:2 compressors: 5 words -> 2.
  logic [31:0] s1, m1, s2, m2, s3, m3;
  assign s1 = p0 ^ p1 ^ p2;
  assign m1 = (p0 & p1) | (p0 & p2) | (p1 & p2);
  assign s2 = s1 ^ {m1[30:0], 1'b0} ^ p3;
  assign m2 = (s1 & {m1[30:0], 1'b0}) | (s1 & p3) | ({m1[30:0], 1'b0} & p3);
  assign s3 = s2 ^ {m2[30:0], 1'b0} ^ c_i;
  assign m3 = (s2 & {m2[30:0], 1'b0}) | (s2 & c_i) | ({m2[30:0], 1'b0} & c_i);
  assign result_o = s3 + {m3[30:0], 1'b0};

  logic unused;
  assign unused = ^{m1[31], m2[31], m3[31], ctrl_i};
endmodule
