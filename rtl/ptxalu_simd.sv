// SIMD video unit: vadd2, vsub2, vavrg2, vabsdiff2, vmin2, vmax2, vset2 and their x4 forms.
//
// Three steps, as in the PTX pseudo-code:
//   1. Operand selection. a and b form one pool of 2n elements, a's lanes first (b's start at
//      element n); lane i of Va takes pool element asel[3*i +: 3], Vb likewise with bsel. One
//      function (pick) serves both operands and both forms.
//   2. The lanes. Two 16-bit lanes serve the x2 forms and four 8-bit lanes the x4 forms; each
//      is a ptxalu_simd_lane (extend, operate, saturate) returning t[i] at its full value.
//      Only the lanes of the active form whose mask bit is set run; the others return 0.
//   3. Merge or accumulate, shared by both forms, in an x4-shaped view (one byte or one
//      term per byte lane position):
//      merge:      each enabled byte comes from the lane result, the others from c (§Vc);
//      accumulate: d = c + sum(mask[i] ? t[i] : 0), t[i] sign-extended, modulo 2^32 (§3).
//
// Timing (iCE40 HX8K): each lane has one carry-chain delay (its adders run side by side, see
// ptxalu_simd_lane); the merge is one LUT level after the lanes; the accumulate is one
// carry-save tree and one 32-bit adder after them. With Stages = 1 a register cuts the unit
// after the lanes, the merge and the accumulate terms (122 flip-flops): the first cycle is
// selection, lane and merge, the second the accumulate adder and the result multiplexer.
// Stages = 2 (ptxalu_top's lockstep depth) has two registers, both loaded by en_i (the caller
// moves them together): the lanes' selected operands with ctrl and c, then the same register
// as at 1 but before the merge's OR (the lanes' bytes and c's kept bytes apart: 96 flip-flops
// for merged's 32); the result follows the inputs by two loads.
//
// Why separate 16-bit and 8-bit lanes rather than one splittable 32-bit datapath: a lane is a
// self-contained scalar computation that formal proves against a one-lane spec, at its own
// width; a splittable carry chain would tie the lanes together (avrg rounding, absdiff and
// saturation all look at the lane's own carry-out) and make both the code and the proof about
// lane boundaries rather than about arithmetic. The cost is 32 bits of extra lane logic; what
// the forms can share without blurring the lanes, the selection pool and the merge and
// accumulate stage, they do share.
module ptxalu_simd #(
  // Registers inside the unit: 0 (combinational), 1 (a register after the lanes and the
  // merge: the result follows ctrl_i/a_i/b_i/c_i by one clock cycle with en_i high) or 2 (see
  // above).
  parameter int unsigned Stages = 0
) (
  input  logic              clk_i,   // Stages > 0 only
  input  logic              rst_ni,  // synchronous, active low; Stages > 0 only
  input  logic              en_i,    // the stage register loads; Stages > 0 only
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  localparam int unsigned NumBytes = 4;
  localparam int unsigned NumHalves = 2;

  // Element `index` of the pool {b, a}: byte `index` (0..7, returned in the low byte) or, with
  // `half`, half `index[1:0]` (0..3). Both operands of both forms use it.
  function automatic logic [15:0] pick(input logic [63:0] pool, input logic [2:0] index,
                                       input logic half);
    pick = half ? pool[16*index[1:0] +: 16] : {8'd0, pool[8*index +: 8]};
  endfunction

  logic        is_x2, is_x4;
  logic [63:0] pool;

  // Pool element k is byte k (x4) or half k (x2) of {b, a}.
  assign pool = {b_i, a_i};

  // Stages = 2: ctrl and c after the first register (each lane's operands pass it below).
  ptxalu_pkg::ctrl_t ctrl_m;
  logic [31:0]       c_m;
  ptxalu_en_reg #(.Width($bits(ctrl_i)), .Reset(1'b1), .Bypass(Stages < 2)) u_ctrl_q (
    .clk_i, .rst_ni, .en_i, .d_i(ctrl_i), .q_o(ctrl_m));
  ptxalu_en_reg #(.Width(32), .Reset(1'b1), .Bypass(Stages < 2)) u_c_m (
    .clk_i, .rst_ni, .en_i, .d_i(c_i), .q_o(c_m));

  assign {is_x4, is_x2} = ptxalu_pkg::simd_shape(ctrl_m.op);

  // ---------------------------------------------------------------------------------------
  // Lanes
  // ---------------------------------------------------------------------------------------

  // A lane runs only when its form is active and its mask bit set; any other lane gets an op
  // that is not a SIMD op and so returns 0. With the lanes of the other form and the
  // masked-off lanes at 0, the merge below is an OR rather than a chain of multiplexers.
  logic [NumBytes-1:0]  lane_en4;  // x4 and mask[i]: byte lane i runs
  logic [NumHalves-1:0] lane_en2;  // x2 and mask[i]: half lane i runs

  always_comb begin
    for (int i = 0; i < NumBytes; i++) begin
      lane_en4[i] = is_x4 && ctrl_m.mask[i];
    end
    for (int i = 0; i < NumHalves; i++) begin
      lane_en2[i] = is_x2 && ctrl_m.mask[i];
    end
  end

  logic [10*NumBytes-1:0]  t_byte, exact_byte;  // t[i] of the x4 lanes, 10 bits each
  logic [18*NumHalves-1:0] t_half, exact_half;  // t[i] of the x2 lanes, 18 bits each

  // Lanes 0..3 are the byte lanes (x4), lanes 4 and 5 the half lanes (x2) 0 and 1. An x2
  // selector digit is 0..3: bit 2 of each lane's field is zero in a legal word and the half
  // lanes ignore it (the byte lanes read it for the x4 forms).
  for (genvar l = 0; l < NumBytes + NumHalves; l++) begin : g_lane
    localparam bit          Half  = l >= NumBytes;
    localparam int unsigned I     = Half ? l - NumBytes : l;  // the lane within its form
    localparam int unsigned Width = Half ? 16 : 8;
    logic [15:0]      va, vb;
    logic [Width-1:0] va_m, vb_m;  // after the Stages = 2 register
    logic [Width+1:0] exact, t;
    ptxalu_pkg::op_e  op;
    assign va = pick(pool, ctrl_i.asel[3*I +: 3], Half);
    assign vb = pick(pool, ctrl_i.bsel[3*I +: 3], Half);
    ptxalu_en_reg #(.Width(2*Width), .Reset(1'b1), .Bypass(Stages < 2)) u_operands_q (
      .clk_i, .rst_ni, .en_i, .d_i({va[Width-1:0], vb[Width-1:0]}), .q_o({va_m, vb_m}));
    assign op = (Half ? lane_en2[I] : lane_en4[I]) ? ctrl_m.op : ptxalu_pkg::OpVadd;

    ptxalu_simd_lane #(.Width(Width)) u_lane (
      .op_i      (op),
      .dsigned_i (ctrl_m.dsigned),
      .asigned_i (ctrl_m.asigned),
      .bsigned_i (ctrl_m.bsigned),
      .sat_i     (ctrl_m.sat),
      .cmp_i     (ctrl_m.cmp),
      .a_i       (va_m),
      .b_i       (vb_m),
      .exact_o   (exact),
      .t_o       (t)
    );

    if (Half) begin : g_half
      assign exact_half[18*I +: 18] = exact;
      assign t_half[18*I +: 18]     = t;
    end else begin : g_byte
      assign exact_byte[10*I +: 10] = exact;
      assign t_byte[10*I +: 10]     = t;
      logic [7:0] unused_high;
      assign unused_high = va[15:8] ^ vb[15:8];
    end
  end

  // ---------------------------------------------------------------------------------------
  // Merge, and the accumulate terms, in an x4-shaped view of whichever form is active
  // ---------------------------------------------------------------------------------------

  // A legal .add has no .sat (§5), so the accumulate terms take the lanes' unsaturated values,
  // which are ready before the saturated ones. Lanes that do not run are 0 (see above).
  logic [NumBytes-1:0] keep_c;         // bytes of d that come from c
  logic [31:0]         lane_bytes;     // the x4 lanes' results (0 where a lane does not run)
  logic [31:0]         lane_halves;    // the x2 lanes' results, likewise
  logic [31:0]         c_kept;         // c's bytes that d keeps, 0 elsewhere
  logic [31:0]         merged;         // each enabled byte from its lane, the others from c
  logic [17:0]         term0, term1;   // mask[i] ? t[i] : 0 for lanes 0, 1 (either form)
  logic [9:0]          term2, term3;   // the same for lanes 2, 3 (x4 only)
  logic                accumulate, simd_op;

  always_comb begin
    for (int i = 0; i < NumBytes; i++) begin
      keep_c[i]            = !lane_en4[i] && !lane_en2[i/2];
      lane_bytes[8*i +: 8]  = t_byte[10*i +: 8];
      lane_halves[8*i +: 8] = t_half[18*(i/2) + 8*(i%2) +: 8];
      c_kept[8*i +: 8]      = keep_c[i] ? c_m[8*i +: 8] : 8'd0;
    end
  end

  // The merge's OR, after the stage register at Stages = 2 (its three words then registered).
  logic [31:0] bytes_m, halves_m, kept_m;
  ptxalu_en_reg #(.Width(96), .Reset(1'b1), .Bypass(Stages < 2)) u_parts_q (
    .clk_i, .rst_ni, .en_i, .d_i({lane_bytes, lane_halves, c_kept}),
    .q_o({bytes_m, halves_m, kept_m}));
  assign merged = bytes_m | halves_m | kept_m;

  assign term0 = {{8{exact_byte[9]}}, exact_byte[9:0]} | exact_half[17:0];
  assign term1 = {{8{exact_byte[19]}}, exact_byte[19:10]} | exact_half[35:18];
  assign term2 = exact_byte[29:20];
  assign term3 = exact_byte[39:30];

  assign accumulate = (ctrl_m.secop == ptxalu_pkg::SecAdd);
  assign simd_op    = is_x2 || is_x4;

  // ---------------------------------------------------------------------------------------
  // Stage register (Stages > 0): everything the accumulate and the result need
  // ---------------------------------------------------------------------------------------

  logic [31:0] merged_q, c_q;
  logic [17:0] term0_q, term1_q;
  logic [9:0]  term2_q, term3_q;
  logic        accumulate_q, simd_op_q;

  ptxalu_en_reg #(.Width(32), .Reset(1'b1), .Bypass(Stages != 1)) u_merged_q (
    .clk_i, .rst_ni, .en_i, .d_i(merged), .q_o(merged_q));

  if (Stages > 0) begin : g_stage
    always_ff @(posedge clk_i) begin
      if (!rst_ni) begin
        c_q          <= '0;
        term0_q      <= '0;
        term1_q      <= '0;
        term2_q      <= '0;
        term3_q      <= '0;
        accumulate_q <= 1'b0;
        simd_op_q    <= 1'b0;
      end else if (en_i) begin
        c_q          <= c_m;
        term0_q      <= term0;
        term1_q      <= term1;
        term2_q      <= term2;
        term3_q      <= term3;
        accumulate_q <= accumulate;
        simd_op_q    <= simd_op;
      end
    end
  end else begin : g_no_stage
    // No register: the *_q names are the same wires.
    assign c_q          = c_m;
    assign term0_q      = term0;
    assign term1_q      = term1;
    assign term2_q      = term2;
    assign term3_q      = term3;
    assign accumulate_q = accumulate;
    assign simd_op_q    = simd_op;
    logic unused_clk;
    assign unused_clk = clk_i ^ rst_ni ^ en_i;
  end

  // ---------------------------------------------------------------------------------------
  // Accumulate: d = c + sum(mask[i] ? t[i] : 0), t[i] sign-extended, modulo 2^32 (§3)
  // ---------------------------------------------------------------------------------------

  logic [32*NumBytes-1:0] addend;  // the four terms sign-extended to 32 bits
  logic [31:0]            accumulated;

  assign addend = {{22{term3_q[9]}}, term3_q, {22{term2_q[9]}}, term2_q,
                   {14{term1_q[17]}}, term1_q, {14{term0_q[17]}}, term0_q};

  // Written as the plain sum: synthesis (alumacc) builds one carry-save tree and one adder
  // from it, and the proofs see the spec's order of additions.
  assign accumulated = c_q + addend[0 +: 32] + addend[32 +: 32] + addend[64 +: 32]
                           + addend[96 +: 32];

  always_comb begin
    result_o = '0;
    if (simd_op_q) begin
      result_o = accumulate_q ? accumulated : merged_q;
    end
  end

  // Fields no SIMD form uses (zero in a legal word). asel/bsel/mask are read in full above,
  // asel/bsel from ctrl_i (before the Stages = 2 register).
  logic unused_ctrl;
  assign unused_ctrl = ^{ctrl_m.itype, ctrl_m.dsel, ctrl_m.half, ctrl_m.wrap, ctrl_m.scale,
                         ctrl_m.po, ctrl_m.neg_prod, ctrl_m.neg_c, ctrl_m.relu,
                         ctrl_m.shiftamt, ctrl_m.asel, ctrl_m.bsel};

endmodule
