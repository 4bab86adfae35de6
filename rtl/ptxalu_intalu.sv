// Integer add, sub, min, max, abs, neg and sad: 16/32/64-bit scalars and .u16x2/.s16x2.
//
// Operands are extended by their type's sign to 66 bits, so one adder/subtractor gives the
// exact a+b, a-b or 0-a with no overflow: its sign is the min/max comparison, its value
// clamps for .sat.s32 and feeds the |a-b| of sad. The result is that exact value truncated to
// the type's width (abs/neg of MIN wrap to MIN, §13; sad is modulo 2^w, §16).
//
// The x2 types run their low half through the same scalar path as a 16-bit type and their
// high half through a second, 16-bit add/compare lane (x2 exists for add/min/max only, §19).
//
// Stages = 1 (ptxalu_top's deep pipeline, ptxalu_pkg::LateUnitsDeep) cuts the unit after the
// first adder with one register loaded by en_i: every op's value but sad's, and sad's terms;
// sad's second adder, .relu and the width run in the next cycle, so result_o answers for the
// inputs of the last load. Stages = 2 (ExtraStages >= ptxalu_pkg::LockstepStages) adds a
// register before the first adder (its operands, the x2 lane's value, ctrl), also loaded by
// en_i: result_o answers for the inputs of two loads before (the caller moves both registers
// together). No reset (the caller tracks what they hold). Stages = 0: combinational, clk_i
// and en_i unused.
module ptxalu_intalu #(
  parameter int unsigned Stages = 0  // 0, 1 or 2
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  output logic [63:0]       result_o
);

  // ---------------------------------------------------------------------------------------
  // Type: width, signedness, x2
  // ---------------------------------------------------------------------------------------
  logic        is_signed;
  logic        is_w16;
  logic        is_w32;
  logic        is_x2;
  logic [63:0] width_mask;  // ones in the low w bits

  assign is_signed = ptxalu_pkg::itype_signed(ctrl_i.itype);
  assign is_w16    = ptxalu_pkg::itype_w16(ctrl_i.itype);
  assign is_w32    = ptxalu_pkg::itype_w32(ctrl_i.itype);
  assign is_x2     = ptxalu_pkg::itype_x2(ctrl_m.itype);

  assign width_mask = ptxalu_pkg::itype_mask(ctrl_m.itype);

  // The low w bits of x as a 66-bit two's complement value (sign- or zero-extended).
  function automatic logic [65:0] extend(input logic [63:0] x, input logic w16,
                                         input logic w32, input logic sgn);
    logic [65:0] ext;
    if (w16) begin
      ext = {{50{sgn & x[15]}}, x[15:0]};
    end else if (w32) begin
      ext = {{34{sgn & x[31]}}, x[31:0]};
    end else begin
      ext = {{2{sgn & x[63]}}, x};
    end
    extend = ext;
  endfunction

  logic [65:0] a_ext0, b_ext0;
  assign a_ext0 = extend(a_i, is_w16, is_w32, is_signed);
  assign b_ext0 = extend(b_i, is_w16, is_w32, is_signed);

  // ---------------------------------------------------------------------------------------
  // The shared adder: x + y, or x - y when subtracting
  // ---------------------------------------------------------------------------------------
  logic [65:0] add_x0, add_y0, exact_d;
  logic        add_sub0;

  always_comb begin
    add_x0   = a_ext0;
    add_y0   = b_ext0;
    add_sub0 = 1'b1;  // sub, min, max, sad all need a - b
    unique case (ctrl_i.op)
      ptxalu_pkg::OpAdd: add_sub0 = 1'b0;
      ptxalu_pkg::OpAbs,
      ptxalu_pkg::OpNeg: begin
        add_x0 = '0;
        add_y0 = a_ext0;
      end
      default: ;
    endcase
  end

  // ---- Stages = 2: the register before the adder (Stages < 2: wires); after it the names
  // without 0 and ctrl_m.
  typedef struct packed {
    logic [65:0] x, y, a, b, c;
    logic [15:0] hi;
    logic        sub;
  } pre_t;
  pre_t              pre_d, pre_q;
  ptxalu_pkg::ctrl_t ctrl_m;
  logic [65:0]       add_x, add_y, a_ext, b_ext, c_ext_d;
  logic              add_sub;
  logic [15:0]       hi_val0, hi_val;

  always_comb begin
    pre_d.x   = add_x0;
    pre_d.y   = add_y0;
    pre_d.a   = a_ext0;
    pre_d.b   = b_ext0;
    pre_d.c   = extend(c_i, is_w16, is_w32, is_signed);
    pre_d.hi  = hi_val0;
    pre_d.sub = add_sub0;
  end

  ptxalu_en_reg #(.Width($bits(pre_d)), .Bypass(Stages < 2)) u_pre_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(pre_d), .q_o(pre_q));
  ptxalu_en_reg #(.Width($bits(ctrl_i)), .Bypass(Stages < 2)) u_ctrl_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(ctrl_i), .q_o(ctrl_m));
  assign {add_x, add_y, a_ext, b_ext, c_ext_d, hi_val, add_sub} = pre_q;

  assign exact_d = add_x + (add_y ^ {66{add_sub}}) + {65'd0, add_sub};

  // min/max: the sign of the exact a - b is a < b (signed or unsigned alike once extended).
  logic        a_lt_b_d;
  logic [65:0] min_val, max_val;
  assign a_lt_b_d = exact_d[65];
  assign min_val = a_lt_b_d ? a_ext : b_ext;
  assign max_val = a_lt_b_d ? b_ext : a_ext;

  // .sat.s32: the exact value outside [-2^31, 2^31-1] clamps to the nearer bound.
  logic        s32_overflow;
  logic [65:0] sat_val;
  assign s32_overflow = (exact_d[65:31] != '0) && (exact_d[65:31] != '1);
  assign sat_val      = !s32_overflow ? exact_d :
                        exact_d[65]   ? {{34{1'b1}}, ptxalu_pkg::S32Min} : {34'd0, ptxalu_pkg::S32Max};

  // ---------------------------------------------------------------------------------------
  // Scalar result (and the low half of x2): every op's value but sad's (first_val)
  // ---------------------------------------------------------------------------------------
  logic [65:0] first_val;

  always_comb begin
    first_val = '0;
    unique case (ctrl_m.op)
      ptxalu_pkg::OpAdd,
      ptxalu_pkg::OpSub: first_val = ctrl_m.sat ? sat_val : exact_d;
      ptxalu_pkg::OpMin: first_val = min_val;
      ptxalu_pkg::OpMax: first_val = max_val;
      ptxalu_pkg::OpAbs: first_val = a_ext[65] ? exact_d : a_ext;
      ptxalu_pkg::OpNeg: first_val = exact_d;
      default:           first_val = '0;  // sad (below) and other units' ops
    endcase
  end

  // ---------------------------------------------------------------------------------------
  // High half of x2: a 16-bit lane of add, min, max (+relu)
  // ---------------------------------------------------------------------------------------
  logic [16:0] a_hi, b_hi;
  logic [17:0] hi_diff;

  assign a_hi    = {is_signed & a_i[31], a_i[31:16]};
  assign b_hi    = {is_signed & b_i[31], b_i[31:16]};
  assign hi_diff = {a_hi[16], a_hi} - {b_hi[16], b_hi};

  always_comb begin
    hi_val0 = '0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpAdd: hi_val0 = a_i[31:16] + b_i[31:16];
      ptxalu_pkg::OpMin: hi_val0 = hi_diff[17] ? a_i[31:16] : b_i[31:16];
      ptxalu_pkg::OpMax: hi_val0 = hi_diff[17] ? b_i[31:16] : a_i[31:16];
      default:           hi_val0 = '0;
    endcase
    if (ctrl_i.relu && is_signed && hi_val0[15]) begin
      hi_val0 = '0;
    end
  end

  // ---- The cut (Stages = 1; Stages = 0: wires): sad's terms keep their names after it -------
  typedef struct packed {
    logic [65:0] first;   // every op's value but sad's
    logic [65:0] exact;   // sad's a - b, c and a < b
    logic [65:0] c_ext;
    logic [15:0] hi;      // x2's high half
    logic [63:0] mask;
    logic        a_lt_b;
    logic        is_sad;
    logic        relu;
    logic        is_x2;
  } cut_t;
  cut_t        cut_d, cut_q;
  logic [65:0] exact, c_ext;
  logic        a_lt_b;

  always_comb begin
    cut_d.first  = first_val;
    cut_d.exact  = exact_d;
    cut_d.c_ext  = c_ext_d;
    cut_d.hi     = hi_val;
    cut_d.mask   = width_mask;
    cut_d.a_lt_b = a_lt_b_d;
    cut_d.is_sad = (ctrl_m.op == ptxalu_pkg::OpSad);
    cut_d.relu   = ctrl_m.relu;
    cut_d.is_x2  = is_x2;
  end

  ptxalu_en_reg #(.Width($bits(cut_d)), .Bypass(Stages == 0)) u_cut_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(cut_d), .q_o(cut_q));
  assign exact  = cut_q.exact;
  assign c_ext  = cut_q.c_ext;
  assign a_lt_b = cut_q.a_lt_b;

  // sad: c + |a - b|; subtracting the negative difference instead of negating it first.
  // .relu: a negative min/max becomes 0.
  logic [65:0] sad_val, lo_val;
  assign sad_val = c_ext + (exact ^ {66{a_lt_b}}) + {65'd0, a_lt_b};

  always_comb begin
    lo_val = cut_q.is_sad ? sad_val : cut_q.first;
    if (cut_q.relu && lo_val[65]) begin
      lo_val = '0;
    end
  end

  assign result_o = cut_q.is_x2 ? {32'd0, cut_q.hi, lo_val[15:0]} : (lo_val[63:0] & cut_q.mask);

  // Fields this unit's ops never set (legal words hold zero there), and bits above w.
  logic unused_bits;
  assign unused_bits = ^{ctrl_i.dsigned, ctrl_i.asigned, ctrl_i.bsigned, ctrl_i.asel,
                         ctrl_i.bsel, ctrl_i.dsel, ctrl_i.mask, ctrl_i.secop, ctrl_i.cmp,
                         ctrl_i.half, ctrl_i.wrap, ctrl_i.scale, ctrl_i.po, ctrl_i.neg_prod,
                         ctrl_i.neg_c, ctrl_i.shiftamt, hi_diff[16:0], sad_val[65:64],
                         lo_val[64], clk_i, en_i, ctrl_m};

endmodule
