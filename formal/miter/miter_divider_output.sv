// ptxalu_divider's output logic (sign fix-up, §11, width mask) at the full 64-bit width, for
// every register content: the registers are free variables of a one-cycle proof, tied to the
// probes by the proof script. Given the flags that the load obligation proves the divider
// stores for a request (ctrl_i, a_i, b_i: any legal div/rem) and any magnitudes Q, R in the
// quotient and remainder registers, the result equals spec_div_mag: the quotient negative iff
// the signs differ, the remainder with the dividend's sign, truncated to w bits and zero above,
// all ones of the width for a zero divisor. Together with the iteration and load obligations
// (Q = |a| / |b|, R = |a| % |b| when done) this is div/rem end to end (formal/README.md).
module miter_divider_output (
  input  logic              clk_i, rst_ni, in_valid_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i,
  input  logic              out_ready_i
);
  // The divider at its default StepsPerCycle and early start (the output logic does not depend
  // on them); its inputs are unrelated to the request whose results are in the registers.
  localparam int unsigned S          = ptxalu_pkg::DivStepsPerCycle;
  localparam int unsigned CW         = $clog2(64 / S);
  localparam bit          EarlyStart = 1'b1;
`include "divider_probes.svh"

  // The request whose quotient and remainder magnitudes are in the registers.
  logic              illegal;
  logic [6:0]        w;
  logic              a_neg, b_neg;
  logic [63:0]       a_mag, b_mag, expected;
  spec_decode  u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));
  spec_div_mag u_spec (
    .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .q_mag_i(probe_q), .r_mag_i(probe_r),
    .result_o(expected), .width_o(w), .a_neg_o(a_neg), .b_neg_o(b_neg), .a_mag_o(a_mag),
    .b_mag_o(b_mag)
  );

  always_comb begin
    if (rst_ni && !illegal &&
        (ctrl_i.op == ptxalu_pkg::OpDiv || ctrl_i.op == ptxalu_pkg::OpRem) &&
        probe_flags == {w == 7'd16, w == 7'd32, ctrl_i.op == ptxalu_pkg::OpRem,
                        a_neg != b_neg, a_neg, b_mag == 64'd0}) begin
      assert (!out_valid || result == expected);
    end
  end
endmodule
