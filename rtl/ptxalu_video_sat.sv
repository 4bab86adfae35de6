// optSaturate of the scalar video instructions (CLARIFICATIONS §6, §10): P, the primary value,
// clamped to the range of dtype, of the merged byte or half when dsel is set, when .sat is
// given. P comes in and S goes out in ptxalu_video's narrow form (its header says what the low
// word, the sign and the out-of-range flag are, and why they suffice); ptxalu_video_finish takes
// S on (the secondary op or the merge). ptxalu_video runs the two after its cut;
// ptxalu_video_small registers S between them.
module ptxalu_video_sat (
  input  ptxalu_pkg::sel_e dsel_i,
  input  logic             dsigned_i,
  input  logic             sat_i,
  input  logic [31:0]      p_i,
  input  logic             p_neg_i,
  input  logic             p_over_i,
  output logic [31:0]      s_o,
  output logic             s_neg_o,
  output logic             s_over_o
);

  // hi_any: an in-range P >= 0 is above the maximum 2^k - 1 (unsigned or signed);
  // lo_all: an in-range P < 0 is at or above the signed minimum -2^k.
  // Only the low 8/16 bits of a clamped byte/half are ever written, so the clamped value is
  // all ones (maximum) or zeros (minimum), except the dtype's sign bit for a signed dtype:
  // 0x7f / 0x80, 0x7fff / 0x8000, 0x7fffffff / 0x80000000 in the written bits.
  logic        hi_any, lo_all, above_max, below_min;
  logic [31:0] sign_bit;
  logic        d_byte, d_half, d_upper_half, d_upper_byte;  // what dsel names

  ptxalu_sel_decode u_dsel (.sel_i(dsel_i), .byte_o(d_byte), .half_o(d_half),
                            .upper_half_o(d_upper_half), .upper_byte_o(d_upper_byte));

  always_comb begin
    hi_any   = 1'b0;
    lo_all   = 1'b1;
    sign_bit = '0;
    if (d_byte) begin
      hi_any      = dsigned_i ? |p_i[31:7] : |p_i[31:8];
      lo_all      = &p_i[31:7];
      sign_bit[7] = dsigned_i;
    end else if (d_half) begin
      hi_any       = dsigned_i ? |p_i[31:15] : |p_i[31:16];
      lo_all       = &p_i[31:15];
      sign_bit[15] = dsigned_i;
    end else begin
      hi_any       = dsigned_i & p_i[31];
      lo_all       = p_i[31];
      sign_bit[31] = dsigned_i;
    end
  end

  // The unsigned minimum is 0: every negative P is below it.
  assign above_max = sat_i & ~p_neg_i & (p_over_i | hi_any);
  assign below_min = sat_i & p_neg_i & (~dsigned_i | p_over_i | ~lo_all);

  always_comb begin
    s_o      = p_i;
    s_neg_o  = p_neg_i;
    s_over_o = p_over_i;
    if (above_max) begin
      s_o      = ~sign_bit;
      s_neg_o  = 1'b0;
      s_over_o = 1'b0;
    end else if (below_min) begin
      s_o      = sign_bit;
      s_neg_o  = dsigned_i;
      s_over_o = 1'b0;
    end
  end

  logic unused_sel;  // the merge's placement: ptxalu_video_finish's
  assign unused_sel = d_upper_half ^ d_upper_byte;

endmodule
