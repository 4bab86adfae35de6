// SIMD video unit: vadd2, vsub2, vavrg2, vabsdiff2, vmin2, vmax2, vset2 and their x4 forms.
//
// Three steps, as in the PTX pseudo-code:
//   1. Operand selection. a and b form one pool of 2n elements, a's lanes first (b's start at
//      element n); lane i of Va takes pool element asel[3*i +: 3], Vb likewise with bsel.
//   2. The lanes. Two 16-bit lanes serve the x2 forms and four 8-bit lanes the x4 forms; each
//      is a ptxalu_simd_lane (extend, operate, saturate) returning t[i] at its full value.
//   3. Merge or accumulate, shared by both forms. The active lanes are first brought into one
//      x4-shaped view (a byte-enable per byte and one addend per lane), then
//      merge:      each enabled byte comes from the lane result, the others from c (§Vc);
//      accumulate: d = c + sum(mask[i] ? t[i] : 0), t[i] sign-extended, modulo 2^32 (§3).
//
// Why separate 16-bit and 8-bit lanes rather than one splittable 32-bit datapath: a lane is a
// self-contained scalar computation that formal proves against a one-lane spec, at its own
// width; a splittable carry chain would tie the lanes together (avrg rounding, absdiff and
// saturation all look at the lane's own carry-out) and make both the code and the proof about
// lane boundaries rather than about arithmetic. The cost is 32 bits of extra lane logic; what
// the forms can share without blurring the lanes, the selection pool and the merge and
// accumulate stage, they do share.
module ptxalu_simd (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  localparam int unsigned NumBytes = 4;
  localparam int unsigned NumHalves = 2;

  logic        is_x2, is_x4;
  logic [63:0] pool;

  always_comb begin
    is_x2 = 1'b0;
    is_x4 = 1'b0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpVadd2, ptxalu_pkg::OpVsub2, ptxalu_pkg::OpVavrg2, ptxalu_pkg::OpVabsdiff2,
      ptxalu_pkg::OpVmin2, ptxalu_pkg::OpVmax2, ptxalu_pkg::OpVset2: is_x2 = 1'b1;
      ptxalu_pkg::OpVadd4, ptxalu_pkg::OpVsub4, ptxalu_pkg::OpVavrg4, ptxalu_pkg::OpVabsdiff4,
      ptxalu_pkg::OpVmin4, ptxalu_pkg::OpVmax4, ptxalu_pkg::OpVset4: is_x4 = 1'b1;
      default: ;
    endcase
  end

  // Pool element k is byte k (x4) or half k (x2) of {b, a}.
  assign pool = {b_i, a_i};

  // ---------------------------------------------------------------------------------------
  // Lanes
  // ---------------------------------------------------------------------------------------

  logic [10*NumBytes-1:0]  t_byte;  // t[i] of the x4 lanes, 10 bits each
  logic [18*NumHalves-1:0] t_half;  // t[i] of the x2 lanes, 18 bits each

  for (genvar i = 0; i < NumBytes; i++) begin : g_byte_lane
    logic [2:0] a_pick, b_pick;
    assign a_pick = ctrl_i.asel[3*i +: 3];
    assign b_pick = ctrl_i.bsel[3*i +: 3];

    ptxalu_simd_lane #(.Width(8)) u_lane (
      .op_i      (ctrl_i.op),
      .dsigned_i (ctrl_i.dsigned),
      .asigned_i (ctrl_i.asigned),
      .bsigned_i (ctrl_i.bsigned),
      .sat_i     (ctrl_i.sat),
      .cmp_i     (ctrl_i.cmp),
      .a_i       (pool[8*a_pick +: 8]),
      .b_i       (pool[8*b_pick +: 8]),
      .t_o       (t_byte[10*i +: 10])
    );
  end

  // An x2 selector digit is 0..3: bit 2 of each lane's field is zero in a legal word and the
  // half lanes ignore it (the byte lanes read it for the x4 forms).
  for (genvar i = 0; i < NumHalves; i++) begin : g_half_lane
    logic [1:0] a_pick, b_pick;
    assign a_pick = ctrl_i.asel[3*i +: 2];
    assign b_pick = ctrl_i.bsel[3*i +: 2];

    ptxalu_simd_lane #(.Width(16)) u_lane (
      .op_i      (ctrl_i.op),
      .dsigned_i (ctrl_i.dsigned),
      .asigned_i (ctrl_i.asigned),
      .bsigned_i (ctrl_i.bsigned),
      .sat_i     (ctrl_i.sat),
      .cmp_i     (ctrl_i.cmp),
      .a_i       (pool[16*a_pick +: 16]),
      .b_i       (pool[16*b_pick +: 16]),
      .t_o       (t_half[18*i +: 18])
    );
  end

  // ---------------------------------------------------------------------------------------
  // Merge and accumulate, in an x4-shaped view of whichever form is active
  // ---------------------------------------------------------------------------------------

  logic [31:0]          lane_bits;  // the lane results truncated to their lane, in place
  logic [NumBytes-1:0]  byte_en;    // bytes of d that take lane_bits rather than c
  logic [32*NumBytes-1:0] addend;   // mask[i] ? sext32(t[i]) : 0, one slot per lane
  logic [31:0]          merged, accumulated;

  always_comb begin
    lane_bits = '0;
    byte_en   = '0;
    addend    = '0;
    if (is_x4) begin
      for (int i = 0; i < NumBytes; i++) begin
        lane_bits[8*i +: 8] = t_byte[10*i +: 8];
        byte_en[i]          = ctrl_i.mask[i];
        if (ctrl_i.mask[i]) begin
          addend[32*i +: 32] = {{22{t_byte[10*i+9]}}, t_byte[10*i +: 10]};
        end
      end
    end else if (is_x2) begin
      for (int i = 0; i < NumHalves; i++) begin
        lane_bits[16*i +: 16] = t_half[18*i +: 16];
        byte_en[2*i +: 2]     = {2{ctrl_i.mask[i]}};
        if (ctrl_i.mask[i]) begin
          addend[32*i +: 32] = {{14{t_half[18*i+17]}}, t_half[18*i +: 18]};
        end
      end
    end
  end

  always_comb begin
    for (int i = 0; i < NumBytes; i++) begin
      merged[8*i +: 8] = byte_en[i] ? lane_bits[8*i +: 8] : c_i[8*i +: 8];
    end
  end

  assign accumulated = c_i + addend[0 +: 32] + addend[32 +: 32] + addend[64 +: 32]
                           + addend[96 +: 32];

  always_comb begin
    result_o = '0;
    if (is_x2 || is_x4) begin
      unique case (ctrl_i.secop)
        ptxalu_pkg::SecAdd: result_o = accumulated;
        default:            result_o = merged;
      endcase
    end
  end

  // Fields no SIMD form uses (zero in a legal word). asel/bsel/mask are read in full above.
  logic unused_ctrl;
  assign unused_ctrl = ^{ctrl_i.itype, ctrl_i.dsel, ctrl_i.half, ctrl_i.wrap, ctrl_i.scale,
                         ctrl_i.po, ctrl_i.neg_prod, ctrl_i.neg_c, ctrl_i.relu,
                         ctrl_i.shiftamt};

endmodule
