// A sequential unit of the small configuration against the combinational unit it stands in
// for, by BMC from the reset state (all zero): one operation offered in the first cycle with a
// free legal control word of op Op (parameter, a ptxalu_pkg::op_e value) and free operands,
// which the unit sees held from then on, as ptxalu_top holds its issue register; out_ready_i
// is free. Asserted: the unit is ready in the first cycle and answers exactly at its documented
// latency after it accepted, never earlier, then with the reference's result for the operands
// it accepted (the reference's own obligations prove it equal to its spec for every legal
// word), and holds it while out_ready_i is low. Which unit (a define):
//   default           ptxalu_bitmanip_small against ptxalu_bitmanip: due w + 1 (w = 64 for the
//                     64-bit types, else 32). The obligations restrict the types to 32 bits
//                     (Only32 = 1: due in cycle 33) so that the unrolled BMC stays within its
//                     CPU limit; the 64-bit types run the same RTL with a 64-step count, which
//                     the unit test simulates.
//   MITER_SIMD_SMALL  ptxalu_simd_small against ptxalu_simd (Stages = 0): due lanes + 2 (6 for
//                     the x4 forms, 4 for the x2 forms); Only32 is moot.
//   MITER_INTALU_SMALL ptxalu_intalu_small against ptxalu_intalu (Stages = 0): due 2 for the
//                     16/32-bit and x2 forms but sad, 3 for 64-bit add/sub/abs/neg/min/max,
//                     4 for 16/32-bit sad, 6 for 64-bit sad; every type (its obligations set
//                     Only32 = 0).
//   MITER_DOT_SMALL   ptxalu_dot_small against ptxalu_dot (Stages = 0): due 2, every form.
//   MITER_VIDEO_SMALL ptxalu_video_small against ptxalu_video (Stages = 0): due 5 for vadd,
//                     vsub, vset, 6 for vabsdiff, vmin, vmax, 4 + s for vshl/vshr (s: b's part
//                     named by bsel, unsigned, capped at 32 or taken mod 32 by .wrap), s at
//                     most MaxShift (the BMC's depth grows with it); Only32 is moot.
module miter_small_unit #(
  parameter int unsigned Op     = 40,  // ptxalu_pkg::OpBrev
  parameter bit          Only32 = 1'b1,
  parameter bit          Accumulate = 1'b0, // MITER_SIMD_SMALL: the .add forms, else the merge
  parameter int unsigned MaxShift   = 32    // MITER_VIDEO_SMALL: shift amounts up to this
) (
  input  logic              clk_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i, b_i, c_i, d_i,
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

  // The unit under proof (MITER_DUT), on the small units' ports (ptxalu_pkg::seq_req_t,
  // seq_rsp_t), and the combinational unit it stands in for, on the free inputs.
`ifdef MITER_SIMD_SMALL
  `define MITER_DUT ptxalu_simd_small
  ptxalu_simd #(.Stages(0)) u_ref (.clk_i(clk_i), .rst_ni(1'b1), .en_i(1'b0), .ctrl_i(ctrl_i),
                                   .a_i(a_i[31:0]), .b_i(b_i[31:0]), .c_i(c_i[31:0]),
                                   .result_o(want[31:0]));
  assign want[63:32] = '0;
`elsif MITER_INTALU_SMALL
  `define MITER_DUT ptxalu_intalu_small
  ptxalu_intalu #(.Stages(0)) u_ref (.clk_i(clk_i), .en_i(1'b0), .ctrl_i(ctrl_i), .a_i(a_i),
                                     .b_i(b_i), .c_i(c_i), .result_o(want));
`elsif MITER_DOT_SMALL
  `define MITER_DUT ptxalu_dot_small
  // On the held operands (in cycle 0 the free ones): then the reference's products and the
  // unit's are the same cells after Yosys' opt_merge, and SAT proves the registers and the
  // handshake around them (with the free inputs, two copies of the 17x9 products ran past
  // 120 s of CPU).
  ptxalu_dot #(.Stages(0)) u_ref (.clk_i(clk_i), .en_i(1'b0), .ctrl_i(ctrl),
                                  .a_i(a[31:0]), .b_i(b[31:0]), .c_i(c[31:0]),
                                  .result_o(want[31:0]));
  assign want[63:32] = '0;
`elsif MITER_VIDEO_SMALL
  `define MITER_DUT ptxalu_video_small
  ptxalu_video #(.Stages(0)) u_ref (.clk_i(clk_i), .en_i(1'b0), .ctrl_i(ctrl_i),
                                    .a_i(a_i[31:0]), .b_i(b_i[31:0]), .c_i(c_i[31:0]),
                                    .result_o(want[31:0]));
  assign want[63:32] = '0;
`else
  `define MITER_DUT ptxalu_bitmanip_small
  // The reference: the combinational ptxalu_bitmanip, which the bitmanip/* obligations prove
  // equal to spec_bitmanip for every legal word (spec_bitmanip itself here, unrolled over 36
  // cycles, gave SAT 25 million variables and ran past 10 minutes on brev alone).
  ptxalu_bitmanip u_ref (.ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .c_i(c_i), .d_i(d_i),
                         .result_o(want));
`endif
  `MITER_DUT u_dut (.clk_i(clk_i), .rst_ni(1'b1),
                    .req_i({t_q == '0, out_ready_i, ctrl, a, b, c, d}),
                    .rsp_o({in_ready, out_valid, result}));
  `undef MITER_DUT

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
`ifdef MITER_SIMD_SMALL
  assign due  = (ctrl.op >= ptxalu_pkg::OpVadd4) ? 8'd6 : 8'd4;
`elsif MITER_INTALU_SMALL
  assign due  = (ctrl.op == ptxalu_pkg::OpSad) ? (is64 ? 8'd6 : 8'd4) : is64 ? 8'd3 : 8'd2;
`elsif MITER_DOT_SMALL
  assign due  = 8'd2;
`elsif MITER_VIDEO_SMALL
  // The shift amount: b's byte, half or word by bsel, unsigned (§8).
  logic [31:0] amount;
  always_comb begin
    unique case (ctrl.bsel[2:0])
      ptxalu_pkg::SelB0: amount = {24'd0, b[7:0]};
      ptxalu_pkg::SelB1: amount = {24'd0, b[15:8]};
      ptxalu_pkg::SelB2: amount = {24'd0, b[23:16]};
      ptxalu_pkg::SelB3: amount = {24'd0, b[31:24]};
      ptxalu_pkg::SelH0: amount = {16'd0, b[15:0]};
      ptxalu_pkg::SelH1: amount = {16'd0, b[31:16]};
      default:           amount = b[31:0];
    endcase
  end
  assign due  = (ctrl.op == ptxalu_pkg::OpVabsdiff || ctrl.op == ptxalu_pkg::OpVmin ||
                 ctrl.op == ptxalu_pkg::OpVmax) ? 8'd6 :
                (ctrl.op != ptxalu_pkg::OpVshl && ctrl.op != ptxalu_pkg::OpVshr) ? 8'd5 :
                ctrl.wrap ? 8'd4 + 8'(amount[4:0]) : (amount > 32'd32) ? 8'd36 : 8'd4 + amount[7:0];
`else
  assign due  = is64 ? 8'd65 : 8'd33;
`endif
  // The answer due: the reference's, registered in cycle 0 (every unit answers later).
  logic [63:0] want_due;
  assign want_due = want_q;

  always_comb begin
    assume (!illegal && ctrl.op == 6'(Op));
`ifdef MITER_SIMD_SMALL
    assume ((ctrl.secop == ptxalu_pkg::SecAdd) == Accumulate);
`elsif MITER_VIDEO_SMALL
    assume (due <= 8'(MaxShift + 4));
`endif
    if (Only32) assume (!is64);
    if (t_q == '0) assert (in_ready);
    if (t_q < due) assert (!out_valid);
    if (t_q == due) assert (out_valid);
    if (out_valid && !taken_q) begin
      assert (result == want_due);
      if (t_q > due) assert (result == result_q);
    end
  end
endmodule
