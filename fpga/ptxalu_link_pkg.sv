// The serial command link between a host and ptxalu_top on a board (fpga/README.md): frame
// layout, check and status bits. The host (sim/frontend/fpga_link.cpp) reads every number here
// through Verilator's export of this package, so this file is the only place they are written.
//
// Request, host to board, LinkReqBytes bytes:
//   LinkReqSync, seq, ctrl (8 bytes), a, b, c, d (8 bytes each), crc (2 bytes)
// Response, board to host, LinkRspBytes bytes:
//   LinkRspSync, seq, status, result (8 bytes), crc (2 bytes)
// Multi-byte fields are little-endian; ctrl holds the packed ptxalu_pkg::ctrl_t in its low
// CtrlWidth bits. crc is CRC-16/CCITT (polynomial LinkCrcPoly, initial value LinkCrcInit, no
// reflection, no final XOR) over every byte after the sync byte and before the crc, sent low
// byte first.
package ptxalu_link_pkg;

  localparam int unsigned LinkReqSync  /*verilator public*/ = 32'hA5;
  localparam int unsigned LinkRspSync  /*verilator public*/ = 32'h5A;
  localparam int unsigned LinkReqBytes /*verilator public*/ = 44;
  localparam int unsigned LinkRspBytes /*verilator public*/ = 13;
  // Byte offsets of the fields (a, b, c, d follow each other from LinkReqOps).
  localparam int unsigned LinkReqSeq    /*verilator public*/ = 1;
  localparam int unsigned LinkReqCtrl   /*verilator public*/ = 2;
  localparam int unsigned LinkReqOps    /*verilator public*/ = 10;
  localparam int unsigned LinkReqCrc    /*verilator public*/ = 42;
  localparam int unsigned LinkRspSeq    /*verilator public*/ = 1;
  localparam int unsigned LinkRspStatus /*verilator public*/ = 2;
  localparam int unsigned LinkRspResult /*verilator public*/ = 3;
  localparam int unsigned LinkRspCrc    /*verilator public*/ = 11;
  localparam int unsigned LinkCrcPoly  /*verilator public*/ = 32'h1021;
  localparam int unsigned LinkCrcInit  /*verilator public*/ = 32'hFFFF;

  // Status byte bits. A request with a bad check or a framing error is not executed: its
  // response has result 0 and the bit set, and the host sends the request again.
  localparam int unsigned LinkStIllegal /*verilator public*/ = 0;  // ptxalu_top's illegal_o
  localparam int unsigned LinkStBadCrc  /*verilator public*/ = 1;  // request check failed
  localparam int unsigned LinkStFraming /*verilator public*/ = 2;  // a byte had no stop bit

  // The board drops a partly received request after this many bit times without a byte, and
  // hunts for the next sync byte (a lost byte costs one request, never a misaligned frame).
  // 1024 bit times are ~9 ms at 115200 baud: far above a USB serial adapter's gaps inside one
  // write, far below the host's 500 ms wait for a response.
  localparam int unsigned LinkIdleBits /*verilator public*/ = 1024;

endpackage
