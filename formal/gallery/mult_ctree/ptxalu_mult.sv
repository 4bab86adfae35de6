// Gallery (correct): ptxalu_mult with c folded into its product tree. The operands are
// extended to 65 bits as ours are, the product is formed by radix-4 Booth recoding (33 rows),
// and for mad/mad24 c is one more row of the same tree, placed at the bit the result is read
// from (0 for .lo/.wide, 16/32/64 for .hi, 16 for mad24.hi) and sign-extended from bit 31 for
// the 32-bit forms. The tree is summed in a chain starting from c's row, so no word of it is
// the product alone or c plus the selected product bits: the result is a slice of the tree,
// and mad.hi.sat.s32 / mad24.hi.sat.s32 clamp the tree's bits [off+33:off], which equal the
// exact sum of the two signed 32-bit values.
module ptxalu_mult (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  output logic [64:0]       mul_a_o,
  output logic [64:0]       mul_b_o,
  input  logic [129:0]      product_i,
  output logic [63:0]       result_o
);
  logic w16, w32, sgn, is24, mad, hi, wide;
  assign w16  = ptxalu_pkg::itype_w16(ctrl_i.itype);
  assign w32  = ptxalu_pkg::itype_w32(ctrl_i.itype);
  assign sgn  = ptxalu_pkg::itype_signed(ctrl_i.itype);
  assign is24 = ctrl_i.op == ptxalu_pkg::OpMul24 || ctrl_i.op == ptxalu_pkg::OpMad24;
  assign mad  = ctrl_i.op == ptxalu_pkg::OpMad || ctrl_i.op == ptxalu_pkg::OpMad24;
  assign hi   = ctrl_i.half == ptxalu_pkg::HalfHi;
  assign wide = ctrl_i.half == ptxalu_pkg::HalfWide;

  function automatic logic [64:0] ext(input logic [63:0] x, input logic s);
    if (is24)     ext = {{41{s & x[23]}}, x[23:0]};
    else if (w16) ext = {{49{s & x[15]}}, x[15:0]};
    else if (w32) ext = {{33{s & x[31]}}, x[31:0]};
    else          ext = {s & x[63], x};
  endfunction

  logic [64:0] ea, eb;
  assign ea      = ext(a_i, sgn);
  assign eb      = ext(b_i, sgn);
  assign mul_a_o = ea;
  assign mul_b_o = eb;

  // Where the result is read from, and c's row.
  logic [6:0] off;
  assign off = !hi ? 7'd0 : (is24 || w16) ? 7'd16 : w32 ? 7'd32 : 7'd64;

  logic [129:0] c_val, c_row;
  assign c_val = ((w32 && !wide) || is24) ? {{98{c_i[31]}}, c_i[31:0]} : {66'd0, c_i};
  assign c_row = mad ? c_val << off : '0;

  // Booth rows: digit i of a is -2 a[2i+1] + a[2i] + a[2i-1].
  logic [66:0]  a3;
  logic [129:0] bx;
  assign a3 = {ea[64], ea, 1'b0};
  assign bx = {{65{eb[64]}}, eb};

  logic [129:0] rows [33];
  for (genvar i = 0; i < 33; i++) begin : g_row
    logic [129:0] pick;
    always_comb begin
      unique case (a3[2*i +: 3])
        3'b001, 3'b010: pick = bx;
        3'b011:         pick = bx << 1;
        3'b100:         pick = -(bx << 1);
        3'b101, 3'b110: pick = -bx;
        default:        pick = '0;
      endcase
    end
    assign rows[i] = pick << (2 * i);
  end

  logic [129:0] tree;
  always_comb begin
    tree = c_row;
    for (int i = 0; i < 33; i++) tree = tree + rows[i];
  end

  logic [129:0] slice;
  assign slice = tree >> off;

  logic [63:0] mask;
  assign mask = is24 ? 64'hffff_ffff : wide ? (w16 ? 64'hffff_ffff : '1) :
                w16 ? 64'hffff : w32 ? 64'hffff_ffff : '1;

  logic [31:0] clamped;
  always_comb begin
    clamped = slice[31:0];
    if (slice[33] && slice[33:31] != 3'b111) clamped = 32'h8000_0000;
    if (!slice[33] && slice[33:31] != 3'b000) clamped = 32'h7fff_ffff;
  end

  assign result_o = ctrl_i.sat ? {32'd0, clamped} : slice[63:0] & mask;

  logic unused;
  assign unused = ^{product_i, ctrl_i, slice[129:64]};
endmodule
