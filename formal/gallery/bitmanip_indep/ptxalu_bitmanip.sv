// An independent implementation of the ptxalu bit-manipulation unit (popc, clz, bfind, fns,
// brev, bfe, bfi, bmsk, szext), written from the PTX ISA text (9.7.1.14-22) and
// CLARIFICATIONS.md only. Combinational; Stages, clk_i and en_i are accepted and ignored.
//
// Structure:
//   popc   pairwise adder tree (2-bit, 3-bit, ... 7-bit partial counts over aligned blocks)
//   clz    six-step binary search over a 64-bit word (32-bit types padded with a stop bit)
//   bfind  for-loop priority encoder (last set bit wins), then msb - d for .shiftamt
//   fns    running-count loops (one upward from base, one downward), the n-th match wins
//   brev   per-bit loop
//   bfe    per-bit loop following the pseudo-code (a[pos+i] or the sign bit)
//   bfi    per-position loop: bit i takes a[i-pos] inside [pos, pos+len)
//   bmsk   per-bit from the pseudo-code's mask0 / mask1
//   szext  from the pseudo-code
// Operands of 32-bit types are read in bits 31:0 only; results are zero above the destination
// width.
module ptxalu_bitmanip #(
  parameter int unsigned Stages = 0
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  output logic [63:0]       result_o
);

  localparam logic [63:0] NF = 64'h0000_0000_ffff_ffff;

  // ---------------------------------------------------------------- type decode (own)
  logic [3:0] it;
  logic       w64;   // 64-bit type
  logic       sgn;   // signed type (bfind, szext use .s; bfe: everything but .u)
  logic       bfe_u; // bfe's zero sign bit (.u32/.u64)
  assign it    = ctrl_i.itype;
  assign w64   = (it == 4'd3) || (it == 4'd6) || (it == 4'd10);  // u64 s64 b64
  assign sgn   = (it == 4'd5) || (it == 4'd6);                   // s32 s64
  assign bfe_u = (it == 4'd2) || (it == 4'd3) || (it == 4'd9) || (it == 4'd10);  // u32 u64 b32 b64 (README: unsigned)

  logic [63:0] av;  // a in its width
  assign av = w64 ? a_i : {32'd0, a_i[31:0]};

  // ---------------------------------------------------------------- popc: adder tree
  function automatic logic [6:0] popc_tree(input logic [63:0] x);
    logic [63:0]  l1;  // 32 x 2 bits
    logic [47:0]  l2;  // 16 x 3
    logic [31:0]  l3;  //  8 x 4
    logic [19:0]  l4;  //  4 x 5
    logic [11:0]  l5;  //  2 x 6
    for (int j = 0; j < 32; j++) l1[2*j +: 2] = {1'b0, x[2*j]} + {1'b0, x[2*j+1]};
    for (int j = 0; j < 16; j++) l2[3*j +: 3] = {1'b0, l1[4*j +: 2]} + {1'b0, l1[4*j+2 +: 2]};
    for (int j = 0; j < 8; j++)  l3[4*j +: 4] = {1'b0, l2[6*j +: 3]} + {1'b0, l2[6*j+3 +: 3]};
    for (int j = 0; j < 4; j++)  l4[5*j +: 5] = {1'b0, l3[8*j +: 4]} + {1'b0, l3[8*j+4 +: 4]};
    for (int j = 0; j < 2; j++)  l5[6*j +: 6] = {1'b0, l4[10*j +: 5]} + {1'b0, l4[10*j+5 +: 5]};
    popc_tree = {1'b0, l5[5:0]} + {1'b0, l5[11:6]};
  endfunction

  // ---------------------------------------------------------------- clz: binary search
  function automatic logic [6:0] clz_search(input logic [63:0] x0);
    logic [63:0] x;
    logic [6:0]  n;
    x = x0;
    n = 7'd0;
    if (x[63:32] == 32'd0) begin n = n + 7'd32; x = x << 32; end
    if (x[63:48] == 16'd0) begin n = n + 7'd16; x = x << 16; end
    if (x[63:56] == 8'd0)  begin n = n + 7'd8;  x = x << 8;  end
    if (x[63:60] == 4'd0)  begin n = n + 7'd4;  x = x << 4;  end
    if (x[63:62] == 2'd0)  begin n = n + 7'd2;  x = x << 2;  end
    if (x[63] == 1'b0)     begin n = n + 7'd1;  x = x << 1;  end
    if (x[63] == 1'b0)     begin n = n + 7'd1;               end
    clz_search = n;
  endfunction

  // ---------------------------------------------------------------- bfind: priority loop
  function automatic logic [63:0] bfind_loop(input logic [63:0] x, input logic is64,
                                             input logic shamt);
    logic [5:0] msb;
    logic [5:0] pos;
    logic       found;
    msb   = is64 ? 6'd63 : 6'd31;
    pos   = 6'd0;
    found = 1'b0;
    for (int i = 0; i < 64; i++) begin
      if (x[i]) begin
        pos   = 6'(i);
        found = 1'b1;
      end
    end
    if (!found)     bfind_loop = NF;
    else if (shamt) bfind_loop = {58'd0, msb - pos};
    else            bfind_loop = {58'd0, pos};
  endfunction

  // ---------------------------------------------------------------- fns: counting loops
  function automatic logic [63:0] fns_count(input logic [31:0] mask, input logic [31:0] base,
                                            input logic [31:0] offset);
    logic [32:0] n;     // |offset|, 1 .. 2^31
    logic [5:0]  cnt;
    logic [63:0] r;
    r = NF;
    if (base > 32'd31) begin
      r = NF;
    end else if (offset == 32'd0) begin
      if (mask[base[4:0]]) r = {59'd0, base[4:0]};
    end else if (!offset[31]) begin
      n   = {1'b0, offset};
      cnt = 6'd0;
      for (int i = 0; i < 32; i++) begin
        if ((32'(i) >= base) && mask[i]) begin
          cnt = cnt + 6'd1;
          if ({27'd0, cnt} == n) r = 64'(i);
        end
      end
    end else begin
      n   = 33'd0 - {offset[31], offset};
      cnt = 6'd0;
      for (int i = 31; i >= 0; i--) begin
        if ((32'(i) <= base) && mask[i]) begin
          cnt = cnt + 6'd1;
          if ({27'd0, cnt} == n) r = 64'(i);
        end
      end
    end
    fns_count = r;
  endfunction

  // ---------------------------------------------------------------- brev
  function automatic logic [63:0] brev_bits(input logic [63:0] x, input logic is64);
    logic [63:0] r;
    r = 64'd0;
    for (int i = 0; i < 64; i++) begin
      if (is64) r[i] = x[63 - i];
      else if (i < 32) r[i] = x[31 - i];
    end
    brev_bits = r;
  endfunction

  // ---------------------------------------------------------------- bfe
  function automatic logic [63:0] bfe_bits(input logic [63:0] x, input logic [7:0] pos,
                                           input logic [7:0] len, input logic is64,
                                           input logic zero_sign);
    logic [9:0]  msb;
    logic [9:0]  top;   // pos + len - 1
    logic [9:0]  sidx;
    logic        sbit;
    logic [63:0] r;
    msb  = is64 ? 10'd63 : 10'd31;
    top  = {2'd0, pos} + {2'd0, len} - 10'd1;
    sidx = (top < msb) ? top : msb;
    sbit = (zero_sign || len == 8'd0) ? 1'b0 : x[sidx[5:0]];
    r = 64'd0;
    for (int i = 0; i < 64; i++) begin
      if (10'(i) <= msb) begin
        if ((10'(i) < {2'd0, len}) && ({2'd0, pos} + 10'(i) <= msb))
          r[i] = x[6'(pos + 8'(i))];
        else
          r[i] = sbit;
      end
    end
    bfe_bits = r;
  endfunction

  // ---------------------------------------------------------------- bfi
  function automatic logic [63:0] bfi_bits(input logic [63:0] x, input logic [63:0] y,
                                           input logic [7:0] pos, input logic [7:0] len,
                                           input logic is64);
    logic [9:0]  msb;
    logic [9:0]  fin;   // pos + len
    logic [63:0] r;
    msb = is64 ? 10'd63 : 10'd31;
    fin = {2'd0, pos} + {2'd0, len};
    r = 64'd0;
    for (int i = 0; i < 64; i++) begin
      if (10'(i) <= msb) begin
        if ((10'(i) >= {2'd0, pos}) && (10'(i) < fin))
          r[i] = x[6'(10'(i) - {2'd0, pos})];
        else
          r[i] = y[i];
      end
    end
    bfi_bits = r;
  endfunction

  // ---------------------------------------------------------------- bmsk
  function automatic logic [63:0] bmsk_bits(input logic [31:0] a, input logic [31:0] b,
                                            input logic wrap);
    logic [4:0]  a1;
    logic [4:0]  b1;
    logic [5:0]  sum;
    logic        posovf;
    logic        widovf;
    logic        sumovf;
    logic [31:0] m0;
    logic [31:0] m1;
    a1     = a[4:0];
    b1     = b[4:0];
    sum    = {1'b0, a1} + {1'b0, b1};
    sumovf = sum[5];
    posovf = !wrap && (a >= 32'd32);
    widovf = !wrap && (b >= 32'd32);
    for (int i = 0; i < 32; i++) begin
      m0[i] = !posovf && (6'(i) >= {1'b0, a1});
      if (sumovf || posovf || widovf) m1[i] = 1'b0;
      else if (b1 == 5'd0)            m1[i] = 1'b1;
      else                            m1[i] = (6'(i) >= sum);
    end
    bmsk_bits = {32'd0, m0 & ~m1};
  endfunction

  // ---------------------------------------------------------------- szext
  function automatic logic [63:0] szext_bits(input logic [31:0] a, input logic [31:0] b,
                                             input logic wrap, input logic is_s);
    logic [4:0]  b1;
    logic        too_large;
    logic [31:0] mask;
    logic [4:0]  sign_pos;
    logic        sign_bit;
    b1        = b[4:0];
    too_large = (b >= 32'd32) && !wrap;
    mask      = too_large ? 32'd0 : (32'hffff_ffff << b1);
    sign_pos  = b1 - 5'd1;
    sign_bit  = (b1 == 5'd0 || too_large || !is_s) ? 1'b0 : a[sign_pos];
    szext_bits = {32'd0, (a & ~mask) | (sign_bit ? mask : 32'd0)};
  endfunction

  // ---------------------------------------------------------------- select
  logic [63:0] bfind_in;
  logic        neg;
  assign neg      = sgn && (w64 ? a_i[63] : a_i[31]);
  assign bfind_in = neg ? (w64 ? ~a_i : {32'd0, ~a_i[31:0]}) : av;

  always_comb begin
    result_o = 64'd0;
    case (ctrl_i.op)
      ptxalu_pkg::OpPopc:  result_o = {57'd0, popc_tree(av)};
      ptxalu_pkg::OpClz:   result_o = {57'd0, clz_search(w64 ? a_i : {a_i[31:0], 1'b1, 31'd0})};
      ptxalu_pkg::OpBfind: result_o = bfind_loop(bfind_in, w64, ctrl_i.shiftamt);
      ptxalu_pkg::OpFns:   result_o = fns_count(a_i[31:0], b_i[31:0], c_i[31:0]);
      ptxalu_pkg::OpBrev:  result_o = brev_bits(av, w64);
      ptxalu_pkg::OpBfe:   result_o = bfe_bits(av, b_i[7:0], c_i[7:0], w64, bfe_u);
      ptxalu_pkg::OpBfi:   result_o = bfi_bits(av, w64 ? b_i : {32'd0, b_i[31:0]}, c_i[7:0],
                                               d_i[7:0], w64);
      ptxalu_pkg::OpBmsk:  result_o = bmsk_bits(a_i[31:0], b_i[31:0], ctrl_i.wrap);
      ptxalu_pkg::OpSzext: result_o = szext_bits(a_i[31:0], b_i[31:0], ctrl_i.wrap, sgn);
      default:             result_o = 64'd0;
    endcase
  end

endmodule
