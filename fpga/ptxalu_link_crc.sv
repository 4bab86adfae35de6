// One byte into the link's CRC-16/CCITT (ptxalu_link_pkg: polynomial LinkCrcPoly, most
// significant bit first). Verilating this module also exports ptxalu_link_pkg to the host's
// C++ (fpga/CMakeLists.txt).
module ptxalu_link_crc (
  input  logic [15:0] crc_i,
  input  logic [7:0]  data_i,
  output logic [15:0] crc_o
);

  always_comb begin
    crc_o = crc_i ^ {data_i, 8'h00};
    for (int i = 0; i < 8; i++) begin
      crc_o = crc_o[15] ? ((crc_o << 1) ^ 16'(ptxalu_link_pkg::LinkCrcPoly)) : (crc_o << 1);
    end
  end

endmodule
