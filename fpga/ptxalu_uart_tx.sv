// UART transmitter, 8 data bits, no parity, one stop bit, least significant bit first.
// A byte is taken when valid_i && ready_o; the line idles at 1.
module ptxalu_uart_tx #(
  parameter int unsigned ClksPerBit = 108
) (
  input  logic       clk_i,
  input  logic       rst_ni,
  input  logic       valid_i,
  output logic       ready_o,
  input  logic [7:0] data_i,
  output logic       tx_o
);

  localparam int unsigned CntWidth = $clog2(ClksPerBit + 1);

  // shift_q holds the frame still to send (start bit first); bits_q counts what is left: the
  // ten bits, then one more bit time so that the stop bit lasts a whole bit.
  logic [9:0]          shift_q;
  logic [3:0]          bits_q;
  logic [CntWidth-1:0] cnt_q;
  logic                tx_q;

  assign ready_o = (bits_q == '0);
  assign tx_o    = tx_q;

  always_ff @(posedge clk_i) begin
    if (!rst_ni) begin
      shift_q <= '1;
      bits_q  <= '0;
      cnt_q   <= '0;
      tx_q    <= 1'b1;
    end else if (bits_q == '0) begin
      if (valid_i) begin
        shift_q <= {1'b1, data_i, 1'b0};
        bits_q  <= 4'd11;
        cnt_q   <= '0;
      end
    end else if (cnt_q != '0) begin
      cnt_q <= cnt_q - 1'b1;
    end else begin
      tx_q    <= shift_q[0];
      shift_q <= {1'b1, shift_q[9:1]};
      bits_q  <= bits_q - 1'b1;
      cnt_q   <= CntWidth'(ClksPerBit - 1);
    end
  end

endmodule
