// ptxalu_bitmanip_small (the small configuration's bit-serial unit) against the combinational
// ptxalu_bitmanip, by BMC from the reset state (all zero): one operation offered in the first
// cycle with a free legal control word of op Op (parameter, a ptxalu_pkg::op_e value) and free
// operands, which the unit sees held from then on, as ptxalu_top holds its issue register;
// out_ready_i is free. Asserted: the unit is ready in the first cycle and answers exactly
// w + 1 cycles after it accepted (w = 64 for the 64-bit types, else 32), never earlier, then
// with ptxalu_bitmanip's result for the operands it accepted (which the bitmanip/* obligations
// prove equal to spec_bitmanip for every legal word), and holds it while out_ready_i is low.
// The obligations (formal/obligations.py, _bitmanip_small) restrict the types to 32 bits
// (Only32 = 1: the answer is due in cycle 33) so that the unrolled BMC stays within its CPU
// limit; the 64-bit types run the same RTL with a 64-step count, which the unit test simulates.
module miter_bitmanip_small #(
  parameter int unsigned Op     = 40,  // ptxalu_pkg::OpBrev
  parameter bit          Only32 = 1'b1
) (
  input  logic              clk_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  input  logic [63:0]       d_i,
  input  logic              out_ready_i
);
  logic [7:0]        t_q;      // cycles since the start (0: the operation is offered)
  ptxalu_pkg::ctrl_t ctrl_q;
  logic [63:0]       a_q, b_q, c_q, d_q, want_q, result_q;
  logic              taken_q;  // the answer was taken

  ptxalu_pkg::ctrl_t ctrl;
  logic [63:0]       a, b, c, d, want, result;
  logic              in_ready, out_valid;

  // Cycle 0 sees the free inputs; every later cycle the values offered in cycle 0.
  assign ctrl = (t_q == '0) ? ctrl_i : ctrl_q;
  assign a    = (t_q == '0) ? a_i : a_q;
  assign b    = (t_q == '0) ? b_i : b_q;
  assign c    = (t_q == '0) ? c_i : c_q;
  assign d    = (t_q == '0) ? d_i : d_q;

  ptxalu_bitmanip_small u_dut (
    .clk_i       (clk_i),
    .rst_ni      (1'b1),
    .in_valid_i  (t_q == '0),
    .in_ready_o  (in_ready),
    .ctrl_i      (ctrl),
    .a_i         (a),
    .b_i         (b),
    .c_i         (c),
    .d_i         (d),
    .out_valid_o (out_valid),
    .out_ready_i (out_ready_i),
    .result_o    (result)
  );

  // The reference answer for the offered operation, kept from cycle 0: the combinational
  // ptxalu_bitmanip, which the bitmanip/* obligations prove equal to spec_bitmanip for every
  // legal word (spec_bitmanip itself here, unrolled over 36 cycles, gave SAT 25 million
  // variables and ran past 10 minutes on brev alone).
  `ifndef BITMANIP_REF
  `define BITMANIP_REF ptxalu_bitmanip
  `endif
  `BITMANIP_REF u_ref (.ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .c_i(c_i), .d_i(d_i),
                       .result_o(want));

  always_ff @(posedge clk_i) begin
    if (t_q != 8'hff) t_q <= t_q + 8'd1;
    if (t_q == '0) begin
      ctrl_q <= ctrl_i;
      a_q    <= a_i;
      b_q    <= b_i;
      c_q    <= c_i;
      d_q    <= d_i;
      want_q <= want;
    end
    if (out_valid) begin
      result_q <= result;
      taken_q  <= taken_q || out_ready_i;
    end
  end

  logic illegal, is64;
  logic [7:0] due;  // the first cycle with out_valid_o
  spec_decode u_legal (.ctrl_i(ctrl), .illegal_o(illegal));
  assign is64 = ctrl.itype == ptxalu_pkg::ItU64 || ctrl.itype == ptxalu_pkg::ItS64 ||
                ctrl.itype == ptxalu_pkg::ItB64;
  assign due  = is64 ? 8'd65 : 8'd33;

  always_comb begin
    assume (!illegal && ctrl.op == 6'(Op));
    if (Only32) assume (!is64);
    if (t_q == '0) assert (in_ready);
    if (t_q != '0 && t_q < due) assert (!out_valid);
    if (t_q == due) assert (out_valid);
    if (out_valid && !taken_q) begin
      assert (result == want_q);
      if (t_q > due) assert (result == result_q);
    end
  end
endmodule
