// Every flip-flop as a wire (Q = D), for proofs of a pipeline's function with its registers
// as wires (formal_engines.py engine "equiv", regs_as_wires: ptxalu_mult_pipe, whose caller
// keeps its stages in lockstep). Used after `opt_dff`, so an enable is a port of the cell, not
// a feedback multiplexer (that would be a loop; `check -assert` after the map refuses one).
(* techmap_celltype = "$dff $dffe $sdff $sdffe $sdffce $adff $adffe" *)
module _regs_as_wires (CLK, EN, SRST, ARST, D, Q);
  parameter WIDTH = 1;
  parameter CLK_POLARITY = 1, EN_POLARITY = 1, SRST_POLARITY = 1, ARST_POLARITY = 1;
  parameter SRST_VALUE = 0, ARST_VALUE = 0;
  input CLK, EN, SRST, ARST;
  input [WIDTH-1:0] D;
  output [WIDTH-1:0] Q;
  assign Q = D;
endmodule
