// The last steps of the scalar video instructions (CLARIFICATIONS §6, §7, §10), after
// optSaturate (ptxalu_video_sat): the secondary op (.add/.min/.max) against c extended by dtype
// (vset: c unsigned) or the merge at dsel, and the low 32 bits. S, the saturated value, comes in
// ptxalu_video's narrow form:
//   s_i       the low 32 bits of S;
//   s_neg_i   S < 0;
//   s_over_i  S lies outside the 33-bit two's complement range [-2^32, 2^32 - 1]
// (ptxalu_video's header says why that suffices). The secondary op needs one 34-bit adder,
// which the caller owns: it adds sec_x_o + sec_y_o + sec_cin_o and returns the sum on
// sec_sum_i (ptxalu_video on an adder of its own, ptxalu_video_small on its one shared adder).
module ptxalu_video_finish (
  input  ptxalu_pkg::sel_e   dsel_i,
  input  ptxalu_pkg::secop_e secop_i,
  input  logic               dsigned_i,
  input  logic               vset_i,
  input  logic [31:0]        s_i,
  input  logic               s_neg_i,
  input  logic               s_over_i,
  input  logic [31:0]        c_i,
  output logic [33:0]        sec_x_o,
  output logic [33:0]        sec_y_o,
  output logic               sec_cin_o,
  input  logic [33:0]        sec_sum_i,
  output logic [31:0]        result_o
);

  logic        d_byte, d_half, d_upper_half, d_upper_byte;  // what dsel names

  ptxalu_sel_decode u_dsel (.sel_i(dsel_i), .byte_o(d_byte), .half_o(d_half),
                            .upper_half_o(d_upper_half), .upper_byte_o(d_upper_byte));

  // ---- The secondary operation or the merge; the low 32 bits -------------------------------
  // c takes the sign of dtype; vset's result and c are unsigned (§7). One adder: S + c for
  // .add, S - c for .min/.max (both in the 33-bit range: the sign of the 34-bit difference is
  // S < c; an S outside the range is below every c if negative, above every c if not).
  logic        c_signed, sec_sub, s_lt_c;
  logic [32:0] c_x;

  assign c_signed  = dsigned_i & ~vset_i;
  assign c_x       = {c_signed & c_i[31], c_i};
  assign sec_sub   = (secop_i != ptxalu_pkg::SecAdd);
  assign sec_x_o   = {s_neg_i, s_neg_i, s_i};
  assign sec_y_o   = {c_x[32], c_x} ^ {34{sec_sub}};
  assign sec_cin_o = sec_sub;
  assign s_lt_c    = s_over_i ? s_neg_i : sec_sum_i[33];

  // from_s: the result bits that come from S (the rest from c, or the sum for .add);
  // s_placed: S's low byte or half repeated, so the merged one sits at dsel. The merged
  // element's bytes: the byte (upper or lower of its half) or both bytes of the half.
  logic        take_sum;
  logic [31:0] from_s, s_placed;
  logic [1:0]  half_bytes;
  logic [3:0]  elem_bytes;

  assign half_bytes = d_byte ? {d_upper_byte, ~d_upper_byte} : {2{d_half}};
  assign elem_bytes = d_upper_half ? {half_bytes, 2'b00} : {2'b00, half_bytes};
  assign s_placed   = d_byte ? {4{s_i[7:0]}} : d_half ? {2{s_i[15:0]}} : s_i;

  always_comb begin
    take_sum = 1'b0;
    from_s   = '0;
    if (d_byte | d_half) begin
      from_s = {{8{elem_bytes[3]}}, {8{elem_bytes[2]}}, {8{elem_bytes[1]}}, {8{elem_bytes[0]}}};
    end else begin
      // A legal word sets dsel or secop, never both (§10); dsel wins in an illegal one.
      unique case (secop_i)
        ptxalu_pkg::SecAdd: take_sum = 1'b1;
        ptxalu_pkg::SecMin: from_s   = {32{s_lt_c}};   // MIN: S if S < c, else c
        ptxalu_pkg::SecMax: from_s   = {32{~s_lt_c}};  // MAX: c if S < c, else S (or c = S)
        default:            from_s   = '1;
      endcase
    end
  end

  assign result_o = take_sum ? sec_sum_i[31:0] : (s_placed & from_s) | (c_i & ~from_s);

  // Only the secondary sum's sign and low word are read.
  logic unused_sum;
  assign unused_sum = sec_sum_i[32];

endmodule
