// ptxalu_top on the ULX3S board (Lattice LFE5U-45F-6BG381C), reached over the board's USB
// serial port (FT231X) at 115200 baud, 8N1: fpga/README.md, pins in fpga/ulx3s.lpf.
//
// Clock: the board's 25 MHz oscillator (pin G2) into the ECP5 PLL (EHXPLLL), which makes the
// core clock CoreMHz = 25 * ClkFbDiv / ClkInDiv; the PLL's VCO runs at CoreMHz * ClkOpDiv,
// which must lie in 400..800 MHz. nextpnr derives the core clock's constraint from the
// input's FREQUENCY in the .lpf, so every clock here is constrained.
// Reset: the power button (BTN_PWRn, active low) or a PLL out of lock; released in step with
// the core clock after two flip-flops.
// LEDs: 0 PLL locked, 1 toggles on every executed request, 2 toggles on every rejected or
// dropped request.
module ptxalu_board_ulx3s #(
  // 25 MHz * 1 / 2 = 12.5 MHz core clock, VCO 600 MHz (LFE5U-45F-6: fpga/README.md has the
  // measured Fmax of the board build).
  parameter int unsigned ClkInDiv   = 2,
  parameter int unsigned ClkFbDiv   = 1,
  parameter int unsigned ClkOpDiv   = 48,
  parameter int unsigned ClksPerBit = 108  // 12.5 MHz / 115200 baud, 0.5% slow
) (
  input  logic       clk_25mhz,
  input  logic       btn_pwr_n,
  input  logic       ftdi_txd,   // host to board
  output logic       ftdi_rxd,   // board to host
  output logic [7:0] led
);

  logic clk_core, pll_lock;

  (* keep *)
  EHXPLLL #(
    .PLLRST_ENA       ("DISABLED"),
    .INTFB_WAKE       ("DISABLED"),
    .STDBY_ENABLE     ("DISABLED"),
    .DPHASE_SOURCE    ("DISABLED"),
    .OUTDIVIDER_MUXA  ("DIVA"),
    .OUTDIVIDER_MUXB  ("DIVB"),
    .OUTDIVIDER_MUXC  ("DIVC"),
    .OUTDIVIDER_MUXD  ("DIVD"),
    .CLKI_DIV         (ClkInDiv),
    .CLKOP_ENABLE     ("ENABLED"),
    .CLKOP_DIV        (ClkOpDiv),
    .CLKOP_CPHASE     (ClkOpDiv / 2 - 1),
    .CLKOP_FPHASE     (0),
    .FEEDBK_PATH      ("CLKOP"),
    .CLKFB_DIV        (ClkFbDiv)
  ) u_pll (
    .RST          (1'b0),
    .STDBY        (1'b0),
    .CLKI         (clk_25mhz),
    .CLKOP        (clk_core),
    .CLKFB        (clk_core),
    .CLKINTFB     (),
    .PHASESEL0    (1'b0),
    .PHASESEL1    (1'b0),
    .PHASEDIR     (1'b1),
    .PHASESTEP    (1'b1),
    .PHASELOADREG (1'b1),
    .PLLWAKESYNC  (1'b0),
    .ENCLKOP      (1'b0),
    .LOCK         (pll_lock)
  );

  // Reset: asserted at once, released after two core-clock edges.
  logic [1:0] rst_sync_q;
  logic       rst_n;

  always_ff @(posedge clk_core or negedge pll_lock) begin
    if (!pll_lock) begin
      rst_sync_q <= '0;
    end else begin
      rst_sync_q <= {rst_sync_q[0], btn_pwr_n};
    end
  end
  assign rst_n = rst_sync_q[1];

  logic frame_ok, frame_err;

  ptxalu_board_link #(
    .ClksPerBit (ClksPerBit)
  ) u_link (
    .clk_i       (clk_core),
    .rst_ni      (rst_n),
    .uart_rx_i   (ftdi_txd),
    .uart_tx_o   (ftdi_rxd),
    .frame_ok_o  (frame_ok),
    .frame_err_o (frame_err)
  );

  logic ok_led_q, err_led_q;
  always_ff @(posedge clk_core) begin
    if (!rst_n) begin
      ok_led_q  <= 1'b0;
      err_led_q <= 1'b0;
    end else begin
      ok_led_q  <= ok_led_q ^ frame_ok;
      err_led_q <= err_led_q ^ frame_err;
    end
  end

  assign led = {5'b0, err_led_q, ok_led_q, pll_lock};

endmodule
