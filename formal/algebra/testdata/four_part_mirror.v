// The mirror of four_part.v (rewrite.cpp try_lift, README "A part of a product beside another
// part's rows"): GATE forms the 33x33 product from four parts, x = xh 2^17 + xl (xh signed 16
// bits, xl unsigned 17: the gallery's vmad_4part), GOLD as one `*`, both operands signed
// elements: a is a sign-extended 16-bit element (ctrl_i[0] = 1) or a full 32-bit word, b an
// 8-bit element (ctrl_i[1] = 1) or a full 32-bit word. With a narrow, ah = -s_a and hl = ah *
// {0, bl} = -s_a bl (one row per bit of ah, each bl & s_a, the last subtracted) and hh = -s_a bh
// lies inside lh's input support at lh's weights; with b narrow, lh = -s_b al beside ll's rows
// (four_part.v). BUG = 1 plants a bug: hl reads bl as signed.
// The AIGs beside this file are Yosys' mapping of it for algebra_forms_test (ripple_lcu.v, as
// the flow maps it):
//   yosys -p "read_verilog -sv four_part_mirror.v; chparam -set BUG B four_part_mirror;
//     hierarchy -top four_part_mirror; flatten; opt_clean;
//     techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit -map four_part_mirror_B.map four_part_mirror_B.aig"     (B = 0, and 1)
module four_part_mirror #(parameter bit BUG = 1'b0) (
  input  logic [59:0] ctrl_i,
  input  logic [31:0] a,
  input  logic [31:0] b,
  output logic [65:0] gold_p,
  output logic [65:0] gate_p
);
  logic signed [32:0] ta, tb;
  assign ta = ctrl_i[0] ? {{17{a[15]}}, a[15:0]} : {a[31], a};
  assign tb = ctrl_i[1] ? {{25{b[7]}}, b[7:0]} : {b[31], b};
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
  assign hl = BUG ? ah * $signed(bl) : ah * $signed({1'b0, bl});
  assign lh = $signed({1'b0, al}) * bh;
  assign ll = al * bl;
  assign gate_p = (66'(hh) <<< 34) + ((66'(hl) + 66'(lh)) <<< 17) + $signed({32'd0, ll});
endmodule
