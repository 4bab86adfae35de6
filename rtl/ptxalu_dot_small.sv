// dp4a and dp2a in the small configuration (ptxalu_pkg::CfgSmall): ptxalu_dot with its cut
// (Stages = 1: the four products and c registered, loaded at the accept) and the sum
// registered a cycle later, so no path runs from the issue register through the SB_MAC16s
// and the sum into the result select (2026-11-27: 57.9 ns, the UP5K's critical path).
// Latency (from the accepting edge to the first cycle with out_valid_o): 2, every form.
//
// Handshake (through ptxalu_hold_reg) and ports: ptxalu_pkg::seq_req_t and seq_rsp_t, the
// small units' contract; it reads ctrl, a, b and c (their low 32 bits) of the request.
module ptxalu_dot_small (
  input  logic                 clk_i,
  input  logic                 rst_ni,
  input  ptxalu_pkg::seq_req_t req_i,
  output ptxalu_pkg::seq_rsp_t rsp_o
);

  logic idle, start, busy, answer;

  ptxalu_hold_reg u_hold (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (req_i.in_valid),
    .in_ready_o  (idle),
    .skip_i      (1'b0),
    .last_i      (1'b1),  // one busy cycle: the sum
    .start_o     (start),
    .busy_o      (busy),
    .out_valid_o (answer),
    .out_ready_i (req_i.out_ready)
  );

  logic [31:0] sum, result_q;

  ptxalu_dot #(.Stages(1)) u_dot (
    .clk_i    (clk_i),
    .en_i     (start),
    .ctrl_i   (req_i.ctrl),
    .a_i      (req_i.a[31:0]),
    .b_i      (req_i.b[31:0]),
    .c_i      (req_i.c[31:0]),
    .result_o (sum)
  );

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      result_q <= '0;
    end else if (busy) begin
      result_q <= sum;
    end
  end

  assign rsp_o.in_ready  = idle;
  assign rsp_o.out_valid = answer;
  assign rsp_o.result    = {32'd0, result_q};

  // The sources' high halves and d: dp4a and dp2a read 32-bit a, b, c.
  logic unused_req;
  assign unused_req = ^{req_i.a[63:32], req_i.b[63:32], req_i.c[63:32], req_i.d};

endmodule
