// One iteration of ptxalu_divider (two restoring steps) against the division invariant, at
// the full 64-bit width, for every register content (the registers are free variables of a
// combinational proof; the probes are tied to them by the proof script):
//   busy, R < D   ==>   4R + 2*Q[63] + Q[62] == (2*q1 + q0) * D + R',  R' < D,
//                       Q' = {Q[61:0], q1, q0},  D' = D,  count' = count - 1
// where R/Q/D are remainder/quotient(-and-dividend) registers and ' the next values. By
// induction over the w/2 iterations this gives |a| = q*|b| + r with r < |b|, i.e. q = |a|/|b|.
// Also the load (idle, a request): Q' = |a| aligned to bit 63, R' = 0, D' = |b|, count' = w/2-1,
// straight to done on a zero divisor.
module miter_divider_step (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic              out_ready_i
);
  // Kept so that the divider's registers survive until the probes are tied to them.
  (* keep *) logic        in_ready, out_valid;
  (* keep *) logic [63:0] result;

  (* keep *) ptxalu_divider u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i), .in_ready_o(in_ready),
    .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .out_valid_o(out_valid), .out_ready_i(out_ready_i),
    .result_o(result)
  );

  (* keep *) logic [1:0]  probe_state, probe_state_d;
  (* keep *) logic [4:0]  probe_count, probe_count_d;
  (* keep *) logic [63:0] probe_q, probe_r, probe_d, probe_q_d, probe_r_d, probe_d_d;

  logic [67:0] lhs, rhs;
  assign lhs = {2'b00, probe_r, probe_q[63:62]};
  assign rhs = ({4'd0, probe_d} << 1) * probe_q_d[1] + {4'd0, probe_d} * probe_q_d[0]
             + {4'd0, probe_r_d};

  // The load, from the spec's reading of the operands.
  logic        illegal, sgn;
  integer      w;
  logic [63:0] a_val, b_val, a_mag, b_mag, a_aligned;
  spec_decode u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));
  always_comb begin
    w = 64; sgn = 1'b0;
    unique case (ctrl_i.itype)
      ptxalu_pkg::ItU16: w = 16;
      ptxalu_pkg::ItU32: w = 32;
      ptxalu_pkg::ItS16: begin w = 16; sgn = 1'b1; end
      ptxalu_pkg::ItS32: begin w = 32; sgn = 1'b1; end
      ptxalu_pkg::ItS64: sgn = 1'b1;
      default:           w = 64;
    endcase
    if (w == 16)      begin a_val = {{48{sgn & a_i[15]}}, a_i[15:0]}; b_val = {{48{sgn & b_i[15]}}, b_i[15:0]}; end
    else if (w == 32) begin a_val = {{32{sgn & a_i[31]}}, a_i[31:0]}; b_val = {{32{sgn & b_i[31]}}, b_i[31:0]}; end
    else              begin a_val = a_i; b_val = b_i; end
    a_mag = (sgn && a_val[63]) ? -a_val : a_val;
    b_mag = (sgn && b_val[63]) ? -b_val : b_val;
    a_aligned = a_mag << (64 - w);
  end

  always_comb begin
    if (rst_ni && probe_state == 2'd1 && probe_r < probe_d) begin  // StBusy
      assert (probe_r_d < probe_d);
      assert (lhs == rhs);
      assert (probe_q_d[63:2] == probe_q[61:0]);
      assert (probe_d_d == probe_d);
      assert (probe_count_d == probe_count - 5'd1);
      assert (probe_state_d == ((probe_count == 5'd0) ? 2'd2 : 2'd1));
    end
    if (rst_ni && probe_state == 2'd0 && in_valid_i && !illegal &&
        (ctrl_i.op == ptxalu_pkg::OpDiv || ctrl_i.op == ptxalu_pkg::OpRem)) begin  // StIdle
      assert (probe_q_d == a_aligned);
      assert (probe_r_d == 64'd0);
      assert (probe_d_d == b_mag);
      assert (probe_count_d == 5'(w / 2 - 1));
      assert (probe_state_d == ((b_mag == 64'd0) ? 2'd2 : 2'd1));
    end
  end
endmodule
