// A variable part-select's out-of-range bits (equiv_elab.full_script, before any other pass):
// a `$shiftx` reads 'x where its index leaves A. Yosys' own map of the cell writes those bits
// as 'x constants only in techmap, after `setundef -anyseq` has made GATE's own 'x free: a
// reachable one stopped the flow ("Design contains 'x' or 'z' bits"). Here each output bit is
// A's bit where the index is in range, else
// - in GATE, a free bit (an `$anyseq`, one per output bit, fresh each cycle): an 'x of GATE is
//   any value (formal/README.md, "Check your own unit");
// - in GOLD (-D EQUIV_GOLD), 0, as the word-level simulation reads it (equiv_wordsim.py).
// A cell whose widths keep every index in range is a plain `$shift`. Otherwise each bit's range
// is a compare with constants, not a shift of all-ones: the flow's constant folding reduces
// the compare where the index has constant bits (`{sel, 3'b000}`), the shift's multiplexers
// of equal constants it cannot (they stay as gates, and the free bits in the engine's cone).
(* techmap_celltype = "$shiftx" *)
module _equiv_shiftx (A, B, Y);
  parameter A_SIGNED = 0, B_SIGNED = 0;
  parameter A_WIDTH = 1, B_WIDTH = 1, Y_WIDTH = 1;
  input [A_WIDTH-1:0] A;
  input [B_WIDTH-1:0] B;
  output [Y_WIDTH-1:0] Y;
  // the highest index read, B all ones, stays inside A
  localparam ALWAYS_IN_RANGE = !B_SIGNED && B_WIDTH < 31 && (1 << B_WIDTH) - 1 + Y_WIDTH <= A_WIDTH;
  localparam integer A_INT = A_WIDTH;  // signed: the cell's parameters come unsigned
  wire [Y_WIDTH-1:0] data;
  \$shift #(.A_SIGNED(0), .B_SIGNED(B_SIGNED), .A_WIDTH(A_WIDTH), .B_WIDTH(B_WIDTH),
            .Y_WIDTH(Y_WIDTH)) u_data (.A(A), .B(B), .Y(data));
`ifdef EQUIV_GOLD
  assign Y = data;
`else
  if (ALWAYS_IN_RANGE) begin : g_in_range
    assign Y = data;
  end else begin : g_range
    wire [Y_WIDTH-1:0] in_range, free;
    genvar i;
    for (i = 0; i < Y_WIDTH; i = i + 1) begin : g_bit  // bit i reads A[B + i]
      if (B_SIGNED) begin : g_signed
        assign in_range[i] = $signed(B) >= -i && $signed(B) < A_INT - i;
      end else if (i >= A_WIDTH) begin : g_past
        assign in_range[i] = 1'b0;
      end else begin : g_unsigned
        assign in_range[i] = B < A_WIDTH - i;
      end
    end
    \$anyseq #(.WIDTH(Y_WIDTH)) u_free (.Y(free));
    assign Y = (data & in_range) | (free & ~in_range);
  end
`endif
endmodule
