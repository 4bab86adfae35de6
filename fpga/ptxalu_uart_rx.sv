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
    RxIdle = 2'd0,
    RxStart,
    RxData,
    RxStop
  } rx_state_e;

  // The receiver's registers, all reset to 0 (RxIdle).
  typedef struct packed {
    rx_state_e           state;
    logic [CntWidth-1:0] cnt;        // clocks left in the current bit time
    logic [2:0]          bit_index;  // data bits received
    logic [7:0]          shift;      // the byte, least significant bit first
    logic                wait_idle;  // after a bad stop bit: wait for the line to go idle
  } rx_regs_t;

  rx_regs_t   q, d;
  logic [1:0] sync_q;
  logic       rx;

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
  assign cnt_done = (q.cnt == '0);

  always_comb begin
    d           = q;
    d.cnt       = (q.state != RxIdle && !cnt_done) ? q.cnt - 1'b1 : q.cnt;
    valid_o     = 1'b0;
    frame_err_o = 1'b0;
    unique case (q.state)
      RxIdle: begin
        if (q.wait_idle) begin
          d.wait_idle = !rx;
        end else if (!rx) begin
          d.state = RxStart;
          d.cnt   = CntWidth'(ClksPerBit / 2);
        end
      end
      RxStart: begin
        if (cnt_done && rx) begin
          d.state = RxIdle;  // a glitch, not a start bit
        end else if (cnt_done) begin
          d.state     = RxData;
          d.cnt       = CntWidth'(ClksPerBit - 1);
          d.bit_index = '0;
        end
      end
      RxData: begin
        if (cnt_done) begin
          d.shift     = {rx, q.shift[7:1]};
          d.cnt       = CntWidth'(ClksPerBit - 1);
          d.bit_index = q.bit_index + 1'b1;
          d.state     = (q.bit_index == 3'd7) ? RxStop : RxData;
        end
      end
      RxStop: begin
        valid_o     = cnt_done;
        frame_err_o = cnt_done && !rx;
        if (cnt_done) begin
          d.wait_idle = !rx;
          d.state     = RxIdle;
        end
      end
      default: d.state = RxIdle;
    endcase
  end

  // The receiver's registers, reset to 0.
  ptxalu_en_reg #(.Width($bits(q)), .Reset(1'b1)) u_regs (.clk_i, .rst_ni, .en_i(1'b1), .d_i(d),
                                                        .q_o(q));

  assign data_o = q.shift;

endmodule
