// UART receiver, 8 data bits, no parity, one stop bit, least significant bit first.
//
// The line is synchronized by two flip-flops, a start bit is confirmed at its middle, and each
// data bit and the stop bit are sampled at their middles (ClksPerBit clocks apart). A byte
// whose stop bit is 0 is still delivered, with frame_err_o set; the receiver then waits for the
// line to go idle (1) before it looks for the next start bit.
module ptxalu_uart_rx #(
  parameter int unsigned ClksPerBit = 108
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       rx_i,
  output logic       valid_o,      // one cycle: data_o and frame_err_o are a received byte
  output logic [7:0] data_o,
  output logic       frame_err_o
);

  localparam int unsigned CntWidth = $clog2(ClksPerBit + 1);

  typedef enum logic [1:0] {
    RxIdle,
    RxStart,
    RxData,
    RxStop
  } rx_state_e;

  rx_state_e           state_q, state_d;
  logic [1:0]          sync_q;
  logic [CntWidth-1:0] cnt_q, cnt_d;
  logic [2:0]          bit_q, bit_d;
  logic [7:0]          shift_q, shift_d;
  logic                wait_idle_q, wait_idle_d;
  logic                rx;

  assign rx = sync_q[1];

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      sync_q <= 2'b11;
    end else begin
      sync_q <= {sync_q[0], rx_i};
    end
  end

  // Outside idle the bit-time counter counts down; each state acts when it has reached 0.
  logic cnt_done;
  assign cnt_done = (cnt_q == '0);

  always_comb begin
    state_d     = state_q;
    cnt_d       = (state_q != RxIdle && !cnt_done) ? cnt_q - 1'b1 : cnt_q;
    bit_d       = bit_q;
    shift_d     = shift_q;
    wait_idle_d = wait_idle_q;
    valid_o     = 1'b0;
    frame_err_o = 1'b0;
    unique case (state_q)
      RxIdle: begin
        if (wait_idle_q) begin
          wait_idle_d = !rx;
        end else if (!rx) begin
          state_d = RxStart;
          cnt_d   = CntWidth'(ClksPerBit / 2);
        end
      end
      RxStart: begin
        if (cnt_done && rx) begin
          state_d = RxIdle;  // a glitch, not a start bit
        end else if (cnt_done) begin
          state_d = RxData;
          cnt_d   = CntWidth'(ClksPerBit - 1);
          bit_d   = '0;
        end
      end
      RxData: begin
        if (cnt_done) begin
          shift_d = {rx, shift_q[7:1]};
          cnt_d   = CntWidth'(ClksPerBit - 1);
          bit_d   = bit_q + 1'b1;
          state_d = (bit_q == 3'd7) ? RxStop : RxData;
        end
      end
      RxStop: begin
        valid_o     = cnt_done;
        frame_err_o = cnt_done && !rx;
        if (cnt_done) begin
          wait_idle_d = !rx;
          state_d     = RxIdle;
        end
      end
      default: state_d = RxIdle;
    endcase
  end

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      state_q     <= RxIdle;
      cnt_q       <= '0;
      bit_q       <= '0;
      shift_q     <= '0;
      wait_idle_q <= 1'b0;
    end else begin
      state_q     <= state_d;
      cnt_q       <= cnt_d;
      bit_q       <= bit_d;
      shift_q     <= shift_d;
      wait_idle_q <= wait_idle_d;
    end
  end

  assign data_o = shift_q;

endmodule
