// ptxalu_top behind a serial command link (ptxalu_link_pkg: frames, check, status bits).
//
// One request at a time: the link hunts for the request sync byte, collects the rest of the
// frame, checks it (stop bits and CRC-16), issues the operation to ptxalu_top, waits for the
// result and sends the response. A request that fails its check is not executed; its response
// says why (status bits) and the host sends it again. A request that stops arriving for
// LinkIdleBits bit times (a dropped byte, a host that gave up) is dropped without a response
// and the link hunts for the next sync byte; bytes that arrive while a request executes or its
// response is sent are ignored (the host sends nothing then). Reset drops whatever is in
// flight; the host sees no response and sends again.
//
// The board top (ptxalu_board_ulx3s) adds the pins, the clock and the reset; the verilated
// board simulation (fpga/sim) drives this module directly.
module ptxalu_board_link #(
  parameter int unsigned ClksPerBit  = 108,  // clock frequency / baud rate
  parameter int unsigned ExtraStages = 1     // ptxalu_top's pipeline depth
) (
  input  logic clk_i,
  input  logic rst_ni,
  input  logic uart_rx_i,
  output logic uart_tx_o,
  output logic frame_ok_o,    // one cycle per executed request
  output logic frame_err_o    // one cycle per rejected or dropped request
);

  localparam int unsigned ReqBits   = 8 * ptxalu_link_pkg::LinkReqBytes;
  localparam int unsigned IdleClks  = ptxalu_link_pkg::LinkIdleBits * ClksPerBit;
  localparam int unsigned IdleWidth = $clog2(IdleClks + 1);
  localparam int unsigned CtrlW     = ptxalu_pkg::CtrlWidth;
  localparam int unsigned ReqSeq    = ptxalu_link_pkg::LinkReqSeq;
  localparam int unsigned ReqCtrl   = ptxalu_link_pkg::LinkReqCtrl;
  localparam int unsigned ReqA      = ptxalu_link_pkg::LinkReqOps;
  localparam int unsigned ReqB      = ReqA + 8;
  localparam int unsigned ReqC      = ReqA + 16;
  localparam int unsigned ReqD      = ReqA + 24;
  localparam int unsigned ReqCrc    = ptxalu_link_pkg::LinkReqCrc;
  localparam int unsigned RspSeq    = ptxalu_link_pkg::LinkRspSeq;
  localparam int unsigned RspStatus = ptxalu_link_pkg::LinkRspStatus;
  localparam int unsigned RspResult = ptxalu_link_pkg::LinkRspResult;
  localparam int unsigned RspCrc    = ptxalu_link_pkg::LinkRspCrc;

  typedef enum logic [2:0] {
    LinkHunt,
    LinkRecv,
    LinkCheck,
    LinkIssue,
    LinkWait,
    LinkSend
  } link_state_e;

  // ---- UART --------------------------------------------------------------------------------

  logic       rx_valid, rx_frame_err;
  logic [7:0] rx_data;
  logic       tx_valid, tx_ready;
  logic [7:0] tx_data;

  ptxalu_uart_rx #(
    .ClksPerBit (ClksPerBit)
  ) u_rx (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .rx_i        (uart_rx_i),
    .valid_o     (rx_valid),
    .data_o      (rx_data),
    .frame_err_o (rx_frame_err)
  );

  ptxalu_uart_tx #(
    .ClksPerBit (ClksPerBit)
  ) u_tx (
    .clk_i   (clk_i),
    .rst_ni  (rst_ni),
    .valid_i (tx_valid),
    .ready_o (tx_ready),
    .data_i  (tx_data),
    .tx_o    (uart_tx_o)
  );

  // ---- State -------------------------------------------------------------------------------

  // The link's registers, all reset to 0 (LinkHunt); the request bytes (req_q) need no reset.
  typedef struct packed {
    link_state_e          state;
    logic [5:0]           idx;       // next request byte / next response byte
    logic [15:0]          crc;
    logic                 bad_stop;  // a request byte had a bad stop bit
    logic [IdleWidth-1:0] idle;      // clocks since the last request byte
    logic [7:0]           status;
    logic [63:0]          result;
  } link_regs_t;

  link_regs_t         q, d;
  logic [ReqBits-1:0] req_q, req_d;  // the request, byte k at [8*k +: 8]

  // ---- ptxalu_top ----------------------------------------------------------------------------

  logic        alu_in_valid, alu_in_ready, alu_out_valid, alu_illegal;
  logic [63:0] alu_result;

  ptxalu_top #(
    .ExtraStages (ExtraStages)
  ) u_top (
    .clk_i       (clk_i),
    .rst_ni      (rst_ni),
    .in_valid_i  (alu_in_valid),
    .in_ready_o  (alu_in_ready),
    .ctrl_i      (req_q[8*ReqCtrl +: CtrlW]),
    .opa_i       (req_q[8*ReqA +: 64]),
    .opb_i       (req_q[8*ReqB +: 64]),
    .opc_i       (req_q[8*ReqC +: 64]),
    .opd_i       (req_q[8*ReqD +: 64]),
    .out_valid_o (alu_out_valid),
    .out_ready_i (1'b1),
    .result_o    (alu_result),
    .illegal_o   (alu_illegal)
  );

  assign alu_in_valid = (q.state == LinkIssue);

  // The control word's bytes above CtrlWidth must be 0: a request that sets them is answered
  // as illegal without reaching the ALU.
  logic ctrl_pad_set;
  assign ctrl_pad_set = |req_q[8*ReqCtrl + CtrlW +: 64 - CtrlW];

  // ---- Response bytes ------------------------------------------------------------------------

  logic [7:0] rsp_byte;
  always_comb begin
    rsp_byte = '0;
    if (q.idx == 6'd0) begin
      rsp_byte = 8'(ptxalu_link_pkg::LinkRspSync);
    end else if (q.idx == 6'(RspSeq)) begin
      rsp_byte = req_q[8*ReqSeq +: 8];
    end else if (q.idx == 6'(RspStatus)) begin
      rsp_byte = q.status;
    end else if (q.idx < 6'(RspCrc)) begin
      rsp_byte = q.result[8*(q.idx - 6'(RspResult)) +: 8];
    end else if (q.idx == 6'(RspCrc)) begin
      rsp_byte = q.crc[7:0];
    end else begin
      rsp_byte = q.crc[15:8];
    end
  end

  assign tx_data  = rsp_byte;
  assign tx_valid = (q.state == LinkSend);

  // The CRC of the request while it arrives, of the response while it leaves.
  logic [15:0] crc_next;

  ptxalu_link_crc u_crc (
    .crc_i  (q.crc),
    .data_i ((q.state == LinkSend) ? rsp_byte : rx_data),
    .crc_o  (crc_next)
  );

  // ---- Control -------------------------------------------------------------------------------

  always_comb begin
    d           = q;
    req_d       = req_q;
    frame_ok_o  = 1'b0;
    frame_err_o = 1'b0;
    unique case (q.state)
      LinkHunt: begin
        if (rx_valid && !rx_frame_err && rx_data == 8'(ptxalu_link_pkg::LinkReqSync)) begin
          d.state    = LinkRecv;
          d.idx      = 6'd1;
          d.crc      = 16'(ptxalu_link_pkg::LinkCrcInit);
          d.bad_stop = 1'b0;
          d.idle     = '0;
        end
      end
      LinkRecv: begin
        if (rx_valid) begin
          req_d[8*q.idx +: 8] = rx_data;
          d.bad_stop = q.bad_stop | rx_frame_err;
          d.idle     = '0;
          d.idx      = q.idx + 1'b1;
          if (q.idx < 6'(ReqCrc)) begin
            d.crc = crc_next;
          end
          if (q.idx == 6'(ptxalu_link_pkg::LinkReqBytes - 1)) begin
            d.state = LinkCheck;
          end
        end else if (q.idle == IdleWidth'(IdleClks)) begin
          d.state     = LinkHunt;  // the rest of the request never came
          frame_err_o = 1'b1;
        end else begin
          d.idle = q.idle + 1'b1;
        end
      end
      LinkCheck: begin
        d.result = '0;
        d.status = '0;
        d.idx    = '0;
        if (q.bad_stop) begin
          d.status[ptxalu_link_pkg::LinkStFraming] = 1'b1;
          d.state = LinkSend;
        end else if (q.crc != req_q[8*ReqCrc +: 16]) begin
          d.status[ptxalu_link_pkg::LinkStBadCrc] = 1'b1;
          d.state = LinkSend;
        end else if (ctrl_pad_set) begin
          d.status[ptxalu_link_pkg::LinkStIllegal] = 1'b1;
          d.state = LinkSend;
        end else begin
          d.state = LinkIssue;
        end
        d.crc = 16'(ptxalu_link_pkg::LinkCrcInit);
      end
      LinkIssue: begin
        if (alu_in_ready) begin
          d.state = LinkWait;
        end
      end
      LinkWait: begin
        if (alu_out_valid) begin
          d.result = alu_result;
          d.status[ptxalu_link_pkg::LinkStIllegal] = alu_illegal;
          d.state  = LinkSend;
        end
      end
      LinkSend: begin
        if (tx_ready) begin
          d.idx = q.idx + 1'b1;
          if (q.idx != 6'd0 && q.idx < 6'(RspCrc)) begin
            d.crc = crc_next;
          end
          if (q.idx == 6'(ptxalu_link_pkg::LinkRspBytes - 1)) begin
            d.state = LinkHunt;
            if (q.status[ptxalu_link_pkg::LinkStBadCrc] ||
                q.status[ptxalu_link_pkg::LinkStFraming]) begin
              frame_err_o = 1'b1;
            end else begin
              frame_ok_o = 1'b1;
            end
          end
        end
      end
      default: d.state = LinkHunt;
    endcase
  end

  // The link's registers, reset to 0.
  ptxalu_en_reg #(.Width($bits(q)), .Reset(1'b1)) u_regs (.clk_i, .rst_ni, .en_i(1'b1), .d_i(d),
                                                        .q_o(q));

  // The request bytes need no reset: only a complete, checked request is read.
  always_ff @(posedge clk_i) begin
    req_q <= req_d;
  end

  logic [7:0] unused_sync;
  assign unused_sync = req_q[7:0];

endmodule
