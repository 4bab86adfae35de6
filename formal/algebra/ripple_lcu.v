// Carry chains as ripple carry (c[i] = g[i] | p[i] & c[i-1]) instead of Yosys' default
// Brent-Kung $lcu, so that every adder bit becomes a full adder the algebraic engine detects
// (formal/algebra/README.md). Used only for the equivalence flow's AIG, never for synthesis.
// Products ($mul) are gates before this map: formal/scripts/equiv_mulmap.py.
(* techmap_celltype = "$lcu" *)
module _80_ripple_lcu (P, G, CI, CO);
  parameter WIDTH = 2;
  (* force_downto *) input [WIDTH-1:0] P, G;
  input CI;
  (* force_downto *) output [WIDTH-1:0] CO;
  genvar i;
  generate
    for (i = 0; i < WIDTH; i = i + 1) begin : g_bit
      if (i == 0) begin : first
        assign CO[0] = G[0] | (P[0] & CI);
      end else begin : next
        assign CO[i] = G[i] | (P[i] & CO[i-1]);
      end
    end
  endgenerate
endmodule
