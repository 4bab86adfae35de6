// Gallery (formal/gallery/README.md): ptxalu_intalu written as a user would, independently of
// rtl/ptxalu_intalu.sv (its port list, the PTX text and CLARIFICATIONS only): one always_comb
// for every op. One comparator (a < b by the type's sign: min, max, sad's order) and one shared
// three-input adder (a carry-save row, then one adder whose carry into bit 16 is cut for the
// .x2 types) compute add, sub, neg, abs and sad (c + b - a or c + a - b by the comparison);
// add/sub.sat.s32 clamps by the carry into bit 32 against bit 31; relu zeroes a negative
// result. Combinational (Stages = 0 only).
module ptxalu_intalu #(
  parameter int unsigned Stages = 0
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  output logic [63:0]       result_o
);

  logic unused;
  assign unused = clk_i ^ en_i ^ (Stages != 0);

  logic        sgn, w16, w32, x2, lt, lt_lo, lt_hi, cin, neg_r;
  logic [65:0] ax, bx, cx, p, q, r, s, k, sum, pick;
  logic [16:0] lo;
  logic [31:0] half2;

  always_comb begin
    sgn = (ctrl_i.itype == ptxalu_pkg::ItS16) || (ctrl_i.itype == ptxalu_pkg::ItS32) || (ctrl_i.itype == ptxalu_pkg::ItS64) ||
          (ctrl_i.itype == ptxalu_pkg::ItS16x2);
    w16 = (ctrl_i.itype == ptxalu_pkg::ItU16) || (ctrl_i.itype == ptxalu_pkg::ItS16);
    w32 = (ctrl_i.itype == ptxalu_pkg::ItU32) || (ctrl_i.itype == ptxalu_pkg::ItS32);
    x2  = (ctrl_i.itype == ptxalu_pkg::ItU16x2) || (ctrl_i.itype == ptxalu_pkg::ItS16x2);

    // Operands extended to 66 bits by the type.
    if (w16) begin
      ax = {{50{sgn & a_i[15]}}, a_i[15:0]};
      bx = {{50{sgn & b_i[15]}}, b_i[15:0]};
      cx = {{50{sgn & c_i[15]}}, c_i[15:0]};
    end else if (w32) begin
      ax = {{34{sgn & a_i[31]}}, a_i[31:0]};
      bx = {{34{sgn & b_i[31]}}, b_i[31:0]};
      cx = {{34{sgn & c_i[31]}}, c_i[31:0]};
    end else begin
      ax = {{2{sgn & a_i[63]}}, a_i};
      bx = {{2{sgn & b_i[63]}}, b_i};
      cx = {{2{sgn & c_i[63]}}, c_i};
    end
    lt    = $signed(ax) < $signed(bx);
    lt_lo = $signed({sgn & a_i[15], a_i[15:0]}) < $signed({sgn & b_i[15], b_i[15:0]});
    lt_hi = $signed({sgn & a_i[31], a_i[31:16]}) < $signed({sgn & b_i[31], b_i[31:16]});

    // The shared adder's operands: p + q + r + cin.
    neg_r = 1'b0;
    p    = '0;
    q    = '0;
    r    = '0;
    cin  = 1'b0;
    pick = '0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpAdd: begin
        p = x2 ? {34'd0, a_i[31:0]} : ax;
        q = x2 ? {34'd0, b_i[31:0]} : bx;
      end
      ptxalu_pkg::OpSub: begin
        p   = ax;
        q   = ~bx;
        cin = 1'b1;
      end
      ptxalu_pkg::OpNeg: begin
        q   = ~ax;
        cin = 1'b1;
      end
      ptxalu_pkg::OpAbs: begin
        if (ax[65]) begin
          q   = ~ax;
          cin = 1'b1;
        end else begin
          p = ax;
        end
      end
      ptxalu_pkg::OpSad: begin
        p   = cx;
        q   = lt ? bx : ax;
        r   = lt ? ~ax : ~bx;
        cin = 1'b1;
      end
      ptxalu_pkg::OpMin: pick = lt ? ax : bx;
      ptxalu_pkg::OpMax: pick = lt ? bx : ax;
      default: ;
    endcase

    // Carry-save row, then the adder; .x2 cuts the carry into bit 16.
    s = p ^ q ^ r;
    k = ((p & q) | (p & r) | (q & r)) << 1;
    if (x2) k[16] = 1'b0;
    lo  = {1'b0, s[15:0]} + {1'b0, k[15:0]} + {16'd0, cin};
    sum = {s[65:16] + k[65:16] + {49'd0, lo[16] & ~x2}, lo[15:0]};

    // .x2 min/max per half.
    half2[15:0]  = ((ctrl_i.op == ptxalu_pkg::OpMin) == lt_lo) ? a_i[15:0] : b_i[15:0];
    half2[31:16] = ((ctrl_i.op == ptxalu_pkg::OpMin) == lt_hi) ? a_i[31:16] : b_i[31:16];

    result_o = '0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpAdd, ptxalu_pkg::OpSub, ptxalu_pkg::OpNeg, ptxalu_pkg::OpAbs, ptxalu_pkg::OpSad: begin
        if (x2) begin
          result_o = {32'd0, sum[31:0]};
        end else if (ctrl_i.sat && (sum[32] != sum[31])) begin
          result_o = sum[32] ? 64'h0000_0000_8000_0000 : 64'h0000_0000_7fff_ffff;
        end else begin
          result_o = sum[63:0];
        end
      end
      ptxalu_pkg::OpMin, ptxalu_pkg::OpMax: begin
        if (x2) begin
          if (ctrl_i.relu && sgn && half2[15]) half2[15:0] = '0;
          if (ctrl_i.relu && sgn && half2[31]) half2[31:16] = '0;
          result_o = {32'd0, half2};
        end else begin
          neg_r    = pick[65];
          result_o = (ctrl_i.relu && neg_r) ? '0 : pick[63:0];
        end
      end
      default: ;
    endcase
    if (w16) result_o[63:16] = '0;
    if (w32) result_o[63:32] = '0;
  end

endmodule
