// Icarus Verilog testbench of the perf report: streams stim.hex through ptxalu_top with the
// protocol of RtlEngine::execute_stream (inputs with the clock low, settle, sample both
// handshakes, rising edge) and counts results that differ from expect.hex (the golden model).
// Icarus 11 cannot read rtl/ itself (see bench/perf_report.py), so the DUT is Yosys's
// Verilog-2005 translation of the same RTL. Plusargs: +n=N instructions (0: reset only).
`timescale 1ns / 1ps
module ptxalu_icarus_tb;
  parameter integer MaxN = 20000;

  reg          clk = 1'b0;
  reg          rst_n = 1'b0;
  reg          in_valid = 1'b0;
  reg          out_ready = 1'b0;
  reg  [59:0]  ctrl = 60'd0;
  reg  [63:0]  opa = 64'd0, opb = 64'd0, opc = 64'd0, opd = 64'd0;
  wire         in_ready, out_valid, illegal;
  wire [63:0]  result;

  ptxalu_top dut (
    .clk_i       (clk),
    .rst_ni      (rst_n),
    .in_valid_i  (in_valid),
    .in_ready_o  (in_ready),
    .ctrl_i      (ctrl),
    .opa_i       (opa),
    .opb_i       (opb),
    .opc_i       (opc),
    .opd_i       (opd),
    .out_valid_o (out_valid),
    .out_ready_i (out_ready),
    .result_o    (result),
    .illegal_o   (illegal)
  );

  reg [315:0] stim [0:MaxN-1];
  reg [63:0]  expect_mem [0:MaxN-1];
  integer n, next, got, mismatches, cycles;
  reg accepted;

  task settle;
    begin
      clk = 1'b0;
      #1;
    end
  endtask

  task rising_edge;
    begin
      clk = 1'b1;
      #1;
      cycles = cycles + 1;
    end
  endtask

  initial begin
    if (!$value$plusargs("n=%d", n)) n = 0;
    if (n > MaxN) n = MaxN;
    if (n > 0) begin
      $readmemh("stim.hex", stim, 0, n - 1);
      $readmemh("expect.hex", expect_mem, 0, n - 1);
    end
    next = 0; got = 0; mismatches = 0; cycles = 0;
    settle; rising_edge;
    settle; rising_edge;
    rst_n = 1'b1;
    out_ready = 1'b1;
    while (got < n) begin
      in_valid = next < n;
      if (next < n) {ctrl, opa, opb, opc, opd} = stim[next];
      settle;
      accepted = in_valid && in_ready;
      if (out_valid) begin
        if (illegal || result !== expect_mem[got]) mismatches = mismatches + 1;
        got = got + 1;
      end
      if (accepted) next = next + 1;
      rising_edge;
    end
    $display("icarus: n=%0d mismatches=%0d cycles=%0d", n, mismatches, cycles);
    $finish;
  end
endmodule
