// The word lift's truncated word (rewrite.cpp, README "A sign-extended part of a product"):
// GATE forms the 33x33 product of vmad's operands from four parts, x = xh 2^17 + xl (xh signed
// 16 bits, xl unsigned 17: the gallery's vmad_4part), GOLD as one `*`. a is zero-extended, b a
// sign-extended element of 16 bits (ctrl_i[0] = 0) or 8 bits (ctrl_i[0] = 1): b's high part is
// then its sign s in every bit, and the part lh = {0, al} * bh = -s al, whose 34-bit word's top
// bit is read at every weight above it, has its bit 0 (al_0 & s) at the weight of two rows
// al_j & s of ll = al * bl (bl's top bits are s too). BUG = 1 plants a bug: ll sign-extended.
// The AIGs beside this file are Yosys' mapping of it for algebra_forms_test (ripple_lcu.v, as
// the flow maps it):
//   yosys -p "read_verilog -sv four_part.v; chparam -set BUG B four_part;
//     hierarchy -top four_part; flatten; opt_clean;
//     techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit -map four_part_B.map four_part_B.aig"         (B = 0, and 1)
module four_part #(parameter bit BUG = 1'b0) (
  input  logic [59:0] ctrl_i,
  input  logic [31:0] a,
  input  logic [15:0] b,
  output logic [65:0] gold_p,
  output logic [65:0] gate_p
);
  logic signed [32:0] ta, tb;
  assign ta = {1'b0, a};
  assign tb = ctrl_i[0] ? {{25{b[7]}}, b[7:0]} : {{17{b[15]}}, b};
  assign gold_p = ta * tb;
  logic signed [15:0] ah, bh;
  logic        [16:0] al, bl;
  assign ah = ta[32:17];
  assign bh = tb[32:17];
  assign al = ta[16:0];
  assign bl = tb[16:0];
  logic signed [31:0] hh;
  logic signed [33:0] hl, lh;
  logic        [33:0] ll;
  assign hh = ah * bh;
  assign hl = ah * $signed({1'b0, bl});
  assign lh = $signed({1'b0, al}) * bh;
  assign ll = al * bl;
  logic signed [65:0] low;
  assign low = BUG ? 66'($signed(ll)) : $signed({32'd0, ll});
  assign gate_p = (66'(hh) <<< 34) + ((66'(hl) + 66'(lh)) <<< 17) + low;
endmodule
