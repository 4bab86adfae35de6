// Iterative div and rem (u16/u32/u64, s16/s32/s64): StepsPerCycle restoring radix-2 steps per
// cycle (default ptxalu_pkg::DivStepsPerCycle = 4; 2 trades latency for a shorter critical
// path). 2 and 4 are tested and proven; 1 and 8 elaborate and lint clean but are not verified.
//
// The dividend's magnitude is left-aligned in a 64-bit shift register; each step shifts its
// top bit into the partial remainder, subtracts the divisor's magnitude where it fits and
// shifts the quotient bit in at the bottom. After w steps the register holds |a| / |b| and
// the partial remainder |a| % |b|; the signs are applied on the way out (the quotient
// negative iff the signs differ, the remainder takes the dividend's sign, §12). MIN / -1
// needs no special case: |MIN| / 1 = 2^(w-1), negated and truncated, is MIN again, and the
// remainder is 0. Division by zero skips the iterations and returns all ones of the width
// for div and rem alike (§11).
//
// Early start: while the dividend bits shifted in so far, read as a number A_k, stay below the
// divisor D, a step only moves one more bit into the remainder and a 0 into the quotient. The
// load does the first k = S*j such steps at once (R = A_k, the dividend register shifted left
// by k). A_k < D holds for every k <= lz + len - 1, where lz is the dividend magnitude's
// leading zeros within w bits and len the divisor magnitude's bit length (A_k < 2^(k - lz),
// D >= 2^(len - 1)). Both counts are taken on the operands before negation, as lower bounds,
// so that they run beside the negation: for a negative x, |x| = ~x + 1 is at least ~x and has
// at most one leading zero fewer. j = min((lz + len - 1) / S, w / S) digits are skipped.
//
// EarlyStart = 0 leaves the early start out (j = 0).
//
// Latency, counted from the cycle in which in_valid_i && in_ready_o to the first cycle with
// out_valid_o high: w/StepsPerCycle - j + 1 cycles, so 1..5 (16-bit), 1..9 (32-bit), 1..17
// (64-bit) at the default StepsPerCycle = 4 (1 when |a| < |b| by a digit's margin, the full
// count for a large dividend over a divisor of 1); division by zero: 1 cycle. in_ready_o is
// high only while idle (no combinational path from out_ready_i), so back-to-back operations
// start one cycle after the previous result is taken.
//
// Critical path: StepsPerCycle chained 65-bit subtract-and-select stages (the remainder
// register back to itself). The load path (negation beside two leading-zero counts, then a
// shift by a multiple of S) is shorter.
module ptxalu_divider #(
  parameter int unsigned StepsPerCycle = ptxalu_pkg::DivStepsPerCycle, // 2 or 4 (divides 16)
  // 1: the early start (the default). 0: no digit skipped, latency w/S + 1 for every nonzero
  // divisor, and no leading-zero counters or load shifter (about 800 LUT4 less on iCE40).
  parameter bit          EarlyStart    = 1'b1
) (
  input  logic              clk_i,
  input  logic              rst_ni,

  input  logic              in_valid_i,
  output logic              in_ready_o,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,

  output logic              out_valid_o,
  input  logic              out_ready_i,
  output logic [63:0]       result_o
);

  // Iterations of StepsPerCycle steps: w / StepsPerCycle, at most 64 / StepsPerCycle.
  localparam int unsigned CountWidth = $clog2(64 / StepsPerCycle);
  localparam logic [CountWidth-1:0] LastIter16 = CountWidth'(16 / StepsPerCycle - 1);
  localparam logic [CountWidth-1:0] LastIter32 = CountWidth'(32 / StepsPerCycle - 1);
  localparam logic [CountWidth-1:0] LastIter64 = CountWidth'(64 / StepsPerCycle - 1);

  logic [CountWidth-1:0] count_q, count_d;  // iterations left after this one
  logic [63:0] quotient_q, quotient_d;  // dividend bits still to shift out, quotient bits in
  logic [63:0] remainder_q, remainder_d;
  logic [63:0] divisor_q, divisor_d;
  logic        is_w16_q, is_w16_d;         // operation width: 16, 32, else 64
  logic        is_w32_q, is_w32_d;
  logic        is_rem_q, is_rem_d;
  logic        neg_quotient_q, neg_quotient_d;
  logic        neg_remainder_q, neg_remainder_d;
  logic        div_by_zero_q, div_by_zero_d;

  // ---------------------------------------------------------------------------------------
  // Operand decode: width, signs and magnitudes
  // ---------------------------------------------------------------------------------------
  logic        is_signed;
  logic        is_w16;
  logic        is_w32;
  logic [63:0] a_ext, b_ext;    // the low w bits, sign- or zero-extended to 64
  logic        a_neg, b_neg;
  logic [63:0] a_mag, b_mag;
  logic [63:0] a_aligned;       // |a| shifted so that its bit w-1 is bit 63
  logic [CountWidth-1:0] first_count;  // w / StepsPerCycle - 1

  // Div/rem types are u16/u32/u64/s16/s32/s64; neither width flag set means 64 bits.
  assign is_signed = ptxalu_pkg::itype_signed(ctrl_i.itype);
  assign is_w16    = ptxalu_pkg::itype_w16(ctrl_i.itype);
  assign is_w32    = ptxalu_pkg::itype_w32(ctrl_i.itype);

  always_comb begin
    if (is_w16) begin
      a_ext       = {{48{is_signed & a_i[15]}}, a_i[15:0]};
      b_ext       = {{48{is_signed & b_i[15]}}, b_i[15:0]};
      first_count = LastIter16;
    end else if (is_w32) begin
      a_ext       = {{32{is_signed & a_i[31]}}, a_i[31:0]};
      b_ext       = {{32{is_signed & b_i[31]}}, b_i[31:0]};
      first_count = LastIter32;
    end else begin
      a_ext       = a_i;
      b_ext       = b_i;
      first_count = LastIter64;
    end
  end

  assign a_neg     = is_signed & a_ext[63];
  assign b_neg     = is_signed & b_ext[63];
  assign a_mag     = a_neg ? 64'd0 - a_ext : a_ext;
  assign b_mag     = b_neg ? 64'd0 - b_ext : b_ext;
  assign a_aligned = is_w16 ? {a_mag[15:0], 48'd0} :
                     is_w32 ? {a_mag[31:0], 32'd0} : a_mag;

  // ---------------------------------------------------------------------------------------
  // Early start: digits the load skips (see the header)
  // ---------------------------------------------------------------------------------------
  localparam int unsigned DigitShift = $clog2(StepsPerCycle);

  logic [63:0]         a_ones, b_ones;   // the operand, complemented if negative
  logic [63:0]         a_lead, b_lead;   // its low w bits at the top, ones below
  logic [6:0]          a_lz, b_lz;       // leading zeros of those: 0..w
  logic [7:0]          width;            // w
  logic [7:0]          skip_bound;       // lower bound of lz(|a|) + len(|b|): 0..2w
  logic [7:0]          skip_digits_raw;  // (skip_bound - 1) / S
  logic [CountWidth:0] skip_digits;      // j: 0..w/S
  logic [6:0]          skip_bits;        // k = S*j: 0..64
  logic                skip_all;         // j = w/S: no iteration left

  assign a_ones = a_neg ? ~a_ext : a_ext;
  assign b_ones = b_neg ? ~b_ext : b_ext;
  assign a_lead = is_w16 ? {a_ones[15:0], 48'hffff_ffff_ffff} :
                  is_w32 ? {a_ones[31:0], 32'hffff_ffff} : a_ones;
  assign b_lead = is_w16 ? {b_ones[15:0], 48'hffff_ffff_ffff} :
                  is_w32 ? {b_ones[31:0], 32'hffff_ffff} : b_ones;
  assign a_lz   = ptxalu_pkg::lzc64(a_lead);
  assign b_lz   = ptxalu_pkg::lzc64(b_lead);
  assign width  = is_w16 ? 8'd16 : is_w32 ? 8'd32 : 8'd64;

  // A negative a has its sign bit clear in a_ones, so a_lz >= 1 and the subtraction stays >= 0.
  assign skip_bound      = {1'b0, a_lz} - {7'd0, a_neg} + width - {1'b0, b_lz};
  assign skip_digits_raw = (skip_bound == '0) ? '0 : (skip_bound - 8'd1) >> DigitShift;

  always_comb begin
    skip_digits = '0;
    skip_all    = 1'b0;
    if (EarlyStart) begin
      if (skip_digits_raw >= (width >> DigitShift)) begin
        skip_digits = (CountWidth+1)'(width >> DigitShift);
        skip_all    = 1'b1;
      end else begin
        skip_digits = skip_digits_raw[CountWidth:0];
      end
    end
  end
  assign skip_bits = 7'(skip_digits) << DigitShift;

  // ---------------------------------------------------------------------------------------
  // StepsPerCycle restoring steps
  // ---------------------------------------------------------------------------------------
  logic [63:0] step_quotient, step_remainder;
`ifdef FORMAL
  // Observation only: the registers after 0..StepsPerCycle steps, so that the formal step
  // proof checks each step on its own (kept out of simulation: wide vectors cost Verilator time).
  /* verilator lint_off UNUSEDSIGNAL */  // read by the proof's probes only
  logic [64*(StepsPerCycle+1)-1:0] stage_quotient, stage_remainder;
  /* verilator lint_on UNUSEDSIGNAL */
`endif

  always_comb begin
    logic [64:0] shifted;  // partial remainder with the next dividend bit shifted in
    logic [64:0] trial;    // low 64 bits of shifted minus the divisor, bit 64 the borrow
    logic        fits;     // divisor <= shifted
    step_quotient  = quotient_q;
    step_remainder = remainder_q;
`ifdef FORMAL
    stage_quotient        = '0;
    stage_remainder       = '0;
    stage_quotient[63:0]  = quotient_q;
    stage_remainder[63:0] = remainder_q;
`endif
    for (int unsigned s = 0; s < StepsPerCycle; s++) begin
      shifted = {step_remainder, step_quotient[63]};
      trial   = {1'b0, shifted[63:0]} - {1'b0, divisor_q};
      fits    = shifted[64] || !trial[64];
      step_quotient  = {step_quotient[62:0], fits};
      // A fitting difference is below the divisor, so 64 bits hold it.
      step_remainder = fits ? trial[63:0] : shifted[63:0];
`ifdef FORMAL
      stage_quotient[64*(s+1) +: 64]  = step_quotient;
      stage_remainder[64*(s+1) +: 64] = step_remainder;
`endif
    end
  end

  // ---------------------------------------------------------------------------------------
  // Control: idle, busy, answer held (ptxalu_hold_reg); the registers load on start, step
  // while busy
  // ---------------------------------------------------------------------------------------
  logic start, busy, skip, last;
  // Division by zero, read on b itself (|b| = 0 iff b = 0: no negation's carry chain before
  // the handshake), or every digit skipped.
  logic b_zero;
  assign b_zero = (b_ext == '0);
  assign skip   = (b_zero || skip_all);
  assign last = (count_q == '0);

  ptxalu_hold_reg u_hold (.clk_i, .rst_ni, .in_valid_i, .in_ready_o, .skip_i(skip), .last_i(last),
                          .start_o(start), .busy_o(busy), .out_valid_o, .out_ready_i);

  always_comb begin
    count_d         = count_q;
    quotient_d      = quotient_q;
    remainder_d     = remainder_q;
    divisor_d       = divisor_q;
    is_w16_d        = is_w16_q;
    is_w32_d        = is_w32_q;
    is_rem_d        = is_rem_q;
    neg_quotient_d  = neg_quotient_q;
    neg_remainder_d = neg_remainder_q;
    div_by_zero_d   = div_by_zero_q;
    if (start) begin
      // Shifts of 64 give 0: no digit skipped leaves R = 0, all skipped leaves Q = 0.
      count_d         = first_count - skip_digits[CountWidth-1:0];
      quotient_d      = a_aligned << skip_bits;
      remainder_d     = a_aligned >> (7'd64 - skip_bits);
      divisor_d       = b_mag;
      is_w16_d        = is_w16;
      is_w32_d        = is_w32;
      is_rem_d        = (ctrl_i.op == ptxalu_pkg::OpRem);
      neg_quotient_d  = a_neg ^ b_neg;
      neg_remainder_d = a_neg;
      div_by_zero_d   = b_zero;
    end else if (busy) begin
      quotient_d  = step_quotient;
      remainder_d = step_remainder;
      count_d     = count_q - CountWidth'(1);
    end
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      count_q         <= '0;
      quotient_q      <= '0;
      remainder_q     <= '0;
      divisor_q       <= '0;
      is_w16_q        <= 1'b0;
      is_w32_q        <= 1'b0;
      is_rem_q        <= 1'b0;
      neg_quotient_q  <= 1'b0;
      neg_remainder_q <= 1'b0;
      div_by_zero_q   <= 1'b0;
    end else begin
      count_q         <= count_d;
      quotient_q      <= quotient_d;
      remainder_q     <= remainder_d;
      divisor_q       <= divisor_d;
      is_w16_q        <= is_w16_d;
      is_w32_q        <= is_w32_d;
      is_rem_q        <= is_rem_d;
      neg_quotient_q  <= neg_quotient_d;
      neg_remainder_q <= neg_remainder_d;
      div_by_zero_q   <= div_by_zero_d;
    end
  end

  // ---------------------------------------------------------------------------------------
  // Result: signs applied, truncated to the width
  // ---------------------------------------------------------------------------------------
  logic [63:0] magnitude;
  logic        negate;
  logic [63:0] width_mask;

  assign magnitude  = is_rem_q ? remainder_q : quotient_q;
  assign negate     = is_rem_q ? neg_remainder_q : neg_quotient_q;
  assign width_mask = is_w16_q ? 64'h0000_0000_0000_ffff :
                      is_w32_q ? 64'h0000_0000_ffff_ffff : '1;
  assign result_o   = div_by_zero_q ? width_mask
                                    : ((negate ? 64'd0 - magnitude : magnitude) & width_mask);

  // Fields div/rem never set (legal words hold zero there).
  logic unused_bits;
  assign unused_bits = ^{ctrl_i.dsigned, ctrl_i.asigned, ctrl_i.bsigned, ctrl_i.asel,
                         ctrl_i.bsel, ctrl_i.dsel, ctrl_i.mask, ctrl_i.secop, ctrl_i.sat,
                         ctrl_i.cmp, ctrl_i.half, ctrl_i.wrap, ctrl_i.scale, ctrl_i.po,
                         ctrl_i.neg_prod, ctrl_i.neg_c, ctrl_i.relu, ctrl_i.shiftamt};

endmodule
