// ptxalu_divider end to end against spec_div, bounded: from reset, any sequence of requests
// (free valid/ready on both sides, legal div/rem words restricted to the types the obligation
// allows), every result that leaves equals spec_div of the request it answers. The divider
// holds one request at a time, so the request is recorded when accepted.
module miter_divider_e2e (
  input  logic              clk_i,
  input  logic              rst_ni,
  input  logic              in_valid_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic              out_ready_i
);
  logic        in_ready, out_valid, illegal;
  logic [63:0] result, expected;

  ptxalu_divider u_dut (
    .clk_i(clk_i), .rst_ni(rst_ni), .in_valid_i(in_valid_i), .in_ready_o(in_ready),
    .ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .out_valid_o(out_valid), .out_ready_i(out_ready_i),
    .result_o(result)
  );
  spec_div    u_spec  (.ctrl_i(ctrl_i), .a_i(a_i), .b_i(b_i), .result_o(expected));
  spec_decode u_legal (.ctrl_i(ctrl_i), .illegal_o(illegal));

  logic        pending_q;
  logic [63:0] expected_q;
  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      pending_q <= 1'b0;
      expected_q <= '0;
    end else begin
      if (out_valid && out_ready_i) pending_q <= 1'b0;
      if (in_valid_i && in_ready) begin
        pending_q <= 1'b1;
        expected_q <= expected;
      end
    end
  end

  always_comb begin
    if (in_valid_i) begin
      assume (!illegal && (ctrl_i.op == ptxalu_pkg::OpDiv || ctrl_i.op == ptxalu_pkg::OpRem));
`ifdef DIV_W16
      assume (ctrl_i.itype == ptxalu_pkg::ItU16 || ctrl_i.itype == ptxalu_pkg::ItS16);
`endif
    end
    if (rst_ni && out_valid) begin
      assert (pending_q);
      assert (result == expected_q);
    end
    if (rst_ni && pending_q && !out_valid) assert (!in_ready);
  end
endmodule
