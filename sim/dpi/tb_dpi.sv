// A plain SystemVerilog testbench of ptxalu_top that checks every result against the golden
// model through DPI-C (libptxalu_dpi.so). It uses nothing Verilator-specific: the same file runs
// under any simulator that loads the library (-sv_lib ptxalu_dpi).
//
// Stimulus: random legal control words (and one in ten illegal ones) with corner-biased
// operands, random input gaps and random output back-pressure, all from one seeded generator.
// Plusargs: +n=<operations> (default 10000), +seed=<N> (default $PTXALU_SEED, else random).
// The seed is printed first; the run ends with "tb_dpi: PASS ..." or "tb_dpi: FAIL ...".
module tb_dpi;
  `include "ptxalu_dpi.svh"

  logic        clk_i = 1'b0;
  logic        rst_ni = 1'b0;
  logic        in_valid_i = 1'b0;
  logic        in_ready_o;
  logic [59:0] ctrl_i = '0;
  logic [63:0] opa_i = '0, opb_i = '0, opc_i = '0, opd_i = '0;
  logic        out_valid_o;
  logic        out_ready_i = 1'b0;
  logic [63:0] result_o;
  logic        illegal_o;

  always #5 clk_i = ~clk_i;

  ptxalu_top u_dut (.*);

  // Scoreboard: what each accepted operation must produce, in issue order.
  longint unsigned exp_value_q[$];
  bit              exp_illegal_q[$];
  longint unsigned exp_ctrl_q[$];

  longint unsigned seed;
  int unsigned     num_ops = 10000;
  int unsigned     issued = 0;
  int unsigned     checked = 0;
  int unsigned     errors = 0;
  int unsigned     illegal_seen = 0;
  int unsigned     cycles = 0;

  task automatic new_operation();
    // Nonblocking: the DUT samples the previous values on this same edge.
    if (ptxalu_random_below(10) == 0) begin
      ctrl_i <= 60'(ptxalu_random_illegal_ctrl());
    end else begin
      ctrl_i <= 60'(ptxalu_random_ctrl());
    end
    opa_i <= ptxalu_random_operand();
    opb_i <= ptxalu_random_operand();
    opc_i <= ptxalu_random_operand();
    opd_i <= ptxalu_random_operand();
  endtask

  initial begin
    seed = ptxalu_default_seed();
    void'($value$plusargs("seed=%d", seed));
    void'($value$plusargs("n=%d", num_ops));
    $display("seed=%0d n=%0d", seed, num_ops);
    ptxalu_random_seed(seed);
    repeat (3) @(posedge clk_i);
    rst_ni <= 1'b1;
  end

  always @(posedge clk_i) begin
    if (rst_ni) begin
      cycles <= cycles + 1;
      // Output side: a result leaves on this edge.
      if (out_valid_o && out_ready_i) begin
        if (exp_value_q.size() == 0) begin
          $display("MISMATCH: result %h with no operation outstanding", result_o);
          errors = errors + 1;
        end else begin
          if (result_o !== exp_value_q[0] || illegal_o !== exp_illegal_q[0]) begin
            $display("MISMATCH: op #%0d ctrl=%h: rtl result=%h illegal=%b, model %h illegal=%b",
                     checked, exp_ctrl_q[0], result_o, illegal_o, exp_value_q[0], exp_illegal_q[0]);
            errors = errors + 1;
          end
          if (illegal_o) illegal_seen = illegal_seen + 1;
          void'(exp_value_q.pop_front());
          void'(exp_illegal_q.pop_front());
          void'(exp_ctrl_q.pop_front());
        end
        checked = checked + 1;
      end
      // Input side: an operation is accepted on this edge; the model says what it must give.
      if (in_valid_i && in_ready_o) begin
        exp_value_q.push_back(ptxalu_model_execute(64'(ctrl_i), opa_i, opb_i, opc_i, opd_i));
        exp_illegal_q.push_back(ptxalu_model_is_legal(64'(ctrl_i)) == 0);
        exp_ctrl_q.push_back(64'(ctrl_i));
        issued = issued + 1;
      end
      // A pending operation stays on the inputs until accepted; then maybe a gap.
      if (!in_valid_i || in_ready_o) begin
        if (issued < num_ops && ptxalu_random_below(4) != 0) begin
          new_operation();
          in_valid_i <= 1'b1;
        end else begin
          in_valid_i <= 1'b0;
        end
      end
      // Back-pressure while operations are issued; always ready while draining.
      out_ready_i <= (issued >= num_ops) || (ptxalu_random_below(3) != 0);

      if (issued >= num_ops && checked >= num_ops) begin
        if (errors == 0) begin
          $display("tb_dpi: PASS %0d operations (%0d illegal), %0d cycles, seed=%0d", checked,
                   illegal_seen, cycles, seed);
        end else begin
          $display("tb_dpi: FAIL %0d errors in %0d operations, seed=%0d", errors, checked, seed);
        end
        $finish;
      end
      if (cycles > 100 * num_ops + 1000) begin
        $display("tb_dpi: FAIL timeout: %0d issued, %0d results, seed=%0d", issued, checked,
                 seed);
        $finish;
      end
    end
  end
endmodule
