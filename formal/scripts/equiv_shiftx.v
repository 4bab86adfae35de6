// A variable part-select's out-of-range bits (equiv_elab.full_script, before any other pass):
// a `$shiftx` reads 'x where its index leaves A. Yosys' own map of the cell writes those bits
// as 'x constants only in techmap, after `setundef -anyseq` has made GATE's own 'x free: a
// reachable one stopped the flow ("Design contains 'x' or 'z' bits"). Here each output bit is
// A's bit where the index is in range (the mask: all-ones shifted alike, zeros fill), else
// - in GATE, a free bit (an `$anyseq`, one per output bit, fresh each cycle): an 'x of GATE is
//   any value (formal/README.md, "Check your own unit");
// - in GOLD (-D EQUIV_GOLD), 0, as the word-level simulation reads it (equiv_wordsim.py).
(* techmap_celltype = "$shiftx" *)
module _equiv_shiftx (A, B, Y);
  parameter A_SIGNED = 0, B_SIGNED = 0;
  parameter A_WIDTH = 1, B_WIDTH = 1, Y_WIDTH = 1;
  input [A_WIDTH-1:0] A;
  input [B_WIDTH-1:0] B;
  output [Y_WIDTH-1:0] Y;
  wire [Y_WIDTH-1:0] data;
  \$shift #(.A_SIGNED(0), .B_SIGNED(B_SIGNED), .A_WIDTH(A_WIDTH), .B_WIDTH(B_WIDTH),
            .Y_WIDTH(Y_WIDTH)) u_data (.A(A), .B(B), .Y(data));
`ifdef EQUIV_GOLD
  assign Y = data;
`else
  wire [Y_WIDTH-1:0] in_range, free;
  \$shift #(.A_SIGNED(0), .B_SIGNED(B_SIGNED), .A_WIDTH(A_WIDTH), .B_WIDTH(B_WIDTH),
            .Y_WIDTH(Y_WIDTH)) u_in_range (.A({A_WIDTH{1'b1}}), .B(B), .Y(in_range));
  \$anyseq #(.WIDTH(Y_WIDTH)) u_free (.Y(free));
  assign Y = (data & in_range) | (free & ~in_range);
`endif
endmodule
