// div / rem in magnitude form (PTX 9.7.1.8-9; §11, §12), for the divider's decomposed proof.
//
// Operand side: the low w bits of a and b read by the type's sign, their signs and magnitudes
// (|MIN| = 2^(w-1) fits in 64 bits).
// Result side: given the magnitudes of the quotient and remainder (q_mag_i = |a| / |b|,
// r_mag_i = |a| % |b|, computed elsewhere), the result is the quotient, negative iff the operand
// signs differ, or the remainder with the dividend's sign; truncated to w bits, zero above;
// all ones of the width when b is zero (§11). MIN / -1: |MIN| / 1 = 2^(w-1), negated modulo
// 2^w is MIN again (§12: the wrapped quotient), the remainder 0.
module spec_div_mag (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i, q_mag_i, r_mag_i,
  output logic [63:0]       result_o,
  // the operand reading, for the load proof
  output logic [6:0]        width_o,
  output logic              a_neg_o, b_neg_o,
  output logic [63:0]       a_mag_o, b_mag_o
);

  logic        sgn;
  logic [63:0] ones;        // the low w bits set
  logic [63:0] a_val, b_val; // the operands as w-bit values, sign- or zero-extended to 64
  logic [64:0] q_signed, r_signed;

`include "spec_common.svh"

  always_comb begin
    width_o = spec_type_width(ctrl_i.itype);
    sgn     = spec_type_signed(ctrl_i.itype);
    ones = (width_o == 7'd64) ? 64'hffff_ffff_ffff_ffff : ((64'd1 << width_o) - 64'd1);
    // Sign bit w-1; the bits above w do not take part.
    a_neg_o = sgn && a_i[width_o - 7'd1];
    b_neg_o = sgn && b_i[width_o - 7'd1];
    a_val   = a_neg_o ? (a_i | ~ones) : (a_i & ones);
    b_val   = b_neg_o ? (b_i | ~ones) : (b_i & ones);
    a_mag_o = a_neg_o ? 64'd0 - a_val : a_val;
    b_mag_o = b_neg_o ? 64'd0 - b_val : b_val;

    // Signs put back on 65-bit two's-complement values, then truncated to the width.
    q_signed = (a_neg_o != b_neg_o) ? 65'd0 - {1'b0, q_mag_i} : {1'b0, q_mag_i};
    r_signed = a_neg_o ? 65'd0 - {1'b0, r_mag_i} : {1'b0, r_mag_i};
    if (b_mag_o == 64'd0) begin
      result_o = ones;  // §11, div and rem alike
    end else if (ctrl_i.op == ptxalu_pkg::OpRem) begin
      result_o = r_signed[63:0] & ones;
    end else begin
      result_o = q_signed[63:0] & ones;
    end
  end

endmodule
