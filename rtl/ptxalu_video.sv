// Scalar video unit: vadd, vsub, vabsdiff, vmin, vmax, vshl, vshr, vset (vmad has its own).
//
// The stages of the PTX text, on exact values (CLARIFICATIONS §6):
//   1. extract a and b (byte, half or word per asel/bsel) and extend by atype/btype to 33 bits;
//   2. the primary op on ExactWidth = 65-bit two's complement, wide enough that nothing wraps:
//      add/sub/absdiff need 34 bits, but vshl's ta << tb with a 33-bit ta and tb up to 32
//      needs 33 + 32 = 65 (§6: the exact product by 2^tb);
//   3. optSaturate: clamp to the range of dtype, narrowed to a byte or half when dsel merges;
//   4. the secondary op (.add/.min/.max) against c extended by dtype (vset: c unsigned, §7),
//      or the merge of the low byte/half into c at dsel;
//   5. the low 32 bits are the result.
// Keeping the intermediate exact makes every stage a direct transcription of the pseudo-code:
// saturation and min/max are compares of true values, with no overflow flags to get right.
module ptxalu_video (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  localparam int unsigned ExactWidth = 65;

  logic is_video, is_shift, is_vset;

  always_comb begin
    is_video = 1'b0;
    is_shift = 1'b0;
    is_vset  = 1'b0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpVadd, ptxalu_pkg::OpVsub, ptxalu_pkg::OpVabsdiff, ptxalu_pkg::OpVmin,
      ptxalu_pkg::OpVmax: is_video = 1'b1;
      ptxalu_pkg::OpVshl, ptxalu_pkg::OpVshr: begin
        is_video = 1'b1;
        is_shift = 1'b1;
      end
      ptxalu_pkg::OpVset: begin
        is_video = 1'b1;
        is_vset  = 1'b1;
      end
      default: ;
    endcase
  end

  // ---------------------------------------------------------------------------------------
  // 1. Extract and extend
  // ---------------------------------------------------------------------------------------

  logic [32:0] ta, tb;

  ptxalu_video_extract u_extract_a (
    .word_i   (a_i),
    .sel_i    (ctrl_i.asel[2:0]),
    .signed_i (ctrl_i.asigned),
    .value_o  (ta)
  );

  // The shift amount is always read as .u32 (§8), whatever bsigned says.
  ptxalu_video_extract u_extract_b (
    .word_i   (b_i),
    .sel_i    (ctrl_i.bsel[2:0]),
    .signed_i (ctrl_i.bsigned & ~is_shift),
    .value_o  (tb)
  );

  logic signed [ExactWidth-1:0] ta_x, tb_x;
  assign ta_x = $signed({{(ExactWidth-33){ta[32]}}, ta});
  assign tb_x = $signed({{(ExactWidth-33){tb[32]}}, tb});

  // .clamp caps the amount at 32, .wrap takes it modulo 32 (§8).
  logic [5:0] shamt;
  always_comb begin
    if (ctrl_i.wrap) begin
      shamt = {1'b0, tb[4:0]};
    end else if (tb[31:0] > 32'd32) begin
      shamt = 6'd32;
    end else begin
      shamt = tb[5:0];
    end
  end

  // ---------------------------------------------------------------------------------------
  // 2. Primary operation, exact
  // ---------------------------------------------------------------------------------------

  logic signed [ExactWidth-1:0] diff, primary;
  logic                         cmp_true;

  assign diff = ta_x - tb_x;

  always_comb begin
    cmp_true = 1'b0;
    unique case (ctrl_i.cmp)
      ptxalu_pkg::CmpEq: cmp_true = (ta_x == tb_x);
      ptxalu_pkg::CmpNe: cmp_true = (ta_x != tb_x);
      ptxalu_pkg::CmpLt: cmp_true = (ta_x <  tb_x);
      ptxalu_pkg::CmpLe: cmp_true = (ta_x <= tb_x);
      ptxalu_pkg::CmpGt: cmp_true = (ta_x >  tb_x);
      ptxalu_pkg::CmpGe: cmp_true = (ta_x >= tb_x);
      default:           cmp_true = 1'b0;
    endcase
  end

  always_comb begin
    primary = '0;
    unique case (ctrl_i.op)
      ptxalu_pkg::OpVadd:     primary = ta_x + tb_x;
      ptxalu_pkg::OpVsub:     primary = diff;
      ptxalu_pkg::OpVabsdiff: primary = (diff < 0) ? -diff : diff;
      ptxalu_pkg::OpVmin:     primary = (ta_x < tb_x) ? ta_x : tb_x;
      ptxalu_pkg::OpVmax:     primary = (ta_x > tb_x) ? ta_x : tb_x;
      ptxalu_pkg::OpVshl:     primary = ta_x <<< shamt;  // |ta| < 2^33, shamt <= 32: exact
      ptxalu_pkg::OpVshr:     primary = ta_x >>> shamt;  // arithmetic: ta carries its sign
      ptxalu_pkg::OpVset:     primary = {{(ExactWidth-1){1'b0}}, cmp_true};
      default:                primary = '0;
    endcase
  end

  // ---------------------------------------------------------------------------------------
  // 3. optSaturate: the range of dtype, of the merged byte/half when dsel is set
  // ---------------------------------------------------------------------------------------

  logic signed [ExactWidth-1:0] sat_max, sat_min, saturated;

  always_comb begin
    sat_max = $signed({{(ExactWidth-32){1'b0}}, 32'hffff_ffff});
    sat_min = '0;
    unique case (ctrl_i.dsel)
      ptxalu_pkg::SelB0, ptxalu_pkg::SelB1, ptxalu_pkg::SelB2, ptxalu_pkg::SelB3: begin
        sat_max = ctrl_i.dsigned ? ExactWidth'(127) : ExactWidth'(255);
        sat_min = ctrl_i.dsigned ? -(ExactWidth'(128)) : '0;
      end
      ptxalu_pkg::SelH0, ptxalu_pkg::SelH1: begin
        sat_max = ctrl_i.dsigned ? ExactWidth'(32767) : ExactWidth'(65535);
        sat_min = ctrl_i.dsigned ? -(ExactWidth'(32768)) : '0;
      end
      default: begin
        if (ctrl_i.dsigned) begin
          sat_max = $signed({{(ExactWidth-31){1'b0}}, {31{1'b1}}});
          sat_min = $signed({{(ExactWidth-31){1'b1}}, {31{1'b0}}});
        end
      end
    endcase
  end

  always_comb begin
    saturated = primary;
    if (ctrl_i.sat) begin
      if (primary > sat_max) begin
        saturated = sat_max;
      end else if (primary < sat_min) begin
        saturated = sat_min;
      end
    end
  end

  // ---------------------------------------------------------------------------------------
  // 4. Secondary operation or merge; 5. the low 32 bits
  // ---------------------------------------------------------------------------------------

  logic                         c_signed;
  logic signed [ExactWidth-1:0] c_x, secondary;
  logic [31:0]                  merged;

  // c takes the sign of dtype; vset's result and c are unsigned (§7).
  assign c_signed = ctrl_i.dsigned & ~is_vset;
  assign c_x = $signed({{(ExactWidth-32){c_signed & c_i[31]}}, c_i});

  always_comb begin
    secondary = saturated;
    unique case (ctrl_i.secop)
      ptxalu_pkg::SecAdd: secondary = saturated + c_x;
      ptxalu_pkg::SecMin: secondary = (saturated < c_x) ? saturated : c_x;
      ptxalu_pkg::SecMax: secondary = (saturated > c_x) ? saturated : c_x;
      default:            secondary = saturated;
    endcase
  end

  always_comb begin
    merged = c_i;
    unique case (ctrl_i.dsel)
      ptxalu_pkg::SelB0: merged[7:0]   = saturated[7:0];
      ptxalu_pkg::SelB1: merged[15:8]  = saturated[7:0];
      ptxalu_pkg::SelB2: merged[23:16] = saturated[7:0];
      ptxalu_pkg::SelB3: merged[31:24] = saturated[7:0];
      ptxalu_pkg::SelH0: merged[15:0]  = saturated[15:0];
      ptxalu_pkg::SelH1: merged[31:16] = saturated[15:0];
      default:           merged = c_i;
    endcase
  end

  // A legal word sets dsel or secop, never both (§10); dsel wins in an illegal one.
  always_comb begin
    result_o = '0;
    if (is_video) begin
      if (ctrl_i.dsel != ptxalu_pkg::SelNone) begin
        result_o = merged;
      end else begin
        result_o = secondary[31:0];
      end
    end
  end

  // Fields no scalar video form uses (zero in a legal word), the selectors' high bits, and the
  // bits above 32 of the secondary result (only its low word is written).
  logic unused_ctrl;
  assign unused_ctrl = ^{ctrl_i.itype, ctrl_i.asel[11:3], ctrl_i.bsel[11:3], ctrl_i.mask,
                         ctrl_i.half, ctrl_i.scale, ctrl_i.po, ctrl_i.neg_prod, ctrl_i.neg_c,
                         ctrl_i.relu, ctrl_i.shiftamt, secondary[ExactWidth-1:32]};

endmodule
