// A bit-level net wider than Python's compiler can take as one flat chain of ORs: each of the
// output's 4096 bits comes from its own one-bit cell (as in a gate netlist of a Wallace tree),
// so the simulator gathers the output from 4096 sources (equiv_wordsim.py's _or_tree).
module wordsim_wide (
  input  logic [63:0]   a_i,
  input  logic [63:0]   b_i,
  output logic [4095:0] y_o
);
  for (genvar i = 0; i < 4096; i++) begin : g_bit
    assign y_o[i] = (i % 3 == 0) ? a_i[i % 64] & b_i[(i / 64) % 64]
                  : (i % 3 == 1) ? a_i[(i / 64) % 64] ^ b_i[i % 64]
                                 : a_i[i % 64] | b_i[(7 * i) % 64];
  end
endmodule
