// Gallery (correct; held-out-style trial 5, 2026-11-29): dp4a/dp2a as one behavioural
// always_comb: a for loop over the four lanes picks each lane's a and b elements, extends them
// to 32 bits by atype/btype (sign or zero), multiplies them 32x32 (the product modulo 2^32 is
// all the 32-bit sum needs) and accumulates acc = acc + prod, starting from c.
//   dp4a:     lane i is a.byte[i] * b.byte[i], i = 0..3.
//   dp2a.lo:  lane i is a.half[i] * b.byte[i],   i = 0..1;  .hi: b.byte[i+2]; lanes 2, 3 add 0.
// Combinational (ours at Stages = 0): clk_i and en_i unused.
module ptxalu_dot (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  always_comb begin
    logic [31:0] acc, ea, eb, prod;
    logic [15:0] ha;
    logic [7:0]  ba, bb;
    acc = c_i;
    for (int i = 0; i < 4; i++) begin
      ba = a_i[8*i +: 8];
      bb = b_i[8*i +: 8];
      ha = a_i[16*(i%2) +: 16];
      if (ctrl_i.op == ptxalu_pkg::OpDp2a) begin
        if (ctrl_i.half == ptxalu_pkg::HalfHi) bb = b_i[8*(i%2+2) +: 8];
        else                                   bb = b_i[8*(i%2) +: 8];
        if (i < 2) ea = ctrl_i.asigned ? {{16{ha[15]}}, ha} : {16'd0, ha};
        else       ea = 32'd0;
      end else begin
        ea = ctrl_i.asigned ? {{24{ba[7]}}, ba} : {24'd0, ba};
      end
      eb   = ctrl_i.bsigned ? {{24{bb[7]}}, bb} : {24'd0, bb};
      prod = ea * eb;
      acc  = acc + prod;
    end
    result_o = acc;
  end

  logic unused;
  assign unused = ^{clk_i, en_i, ctrl_i};
endmodule
