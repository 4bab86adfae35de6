// Carry chains as ripple carry (c[i] = g[i] | p[i] & c[i-1]) instead of Yosys' default
// Brent-Kung $lcu, so that every adder bit becomes a full adder the algebraic engine detects
// (formal/algebra/README.md). Used only for the equivalence flow's AIG, never for synthesis.
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

// Products as an array multiplier: one row per bit of A (B extended to the product width,
// shifted), rows added one after another; for a signed A the last row is subtracted. Each row
// is an adder of full adders, which backward rewriting keeps linear (Yosys' own $macc tree
// sign-extends both operands, and its degenerate adders made the polynomials blow up).
(* techmap_celltype = "$mul" *)
module _80_array_mul (A, B, Y);
  parameter A_SIGNED = 0;
  parameter B_SIGNED = 0;
  parameter A_WIDTH = 1;
  parameter B_WIDTH = 1;
  parameter Y_WIDTH = 1;
  // Constant bits of A (Yosys fills these in): a row whose bit of A is a constant 0 is left out,
  // so that a zero-extended operand declared signed does not leave a subtracted zero row, whose
  // borrow chain the engine cannot see is constant.
  parameter _TECHMAP_CONSTMSK_A_ = 0;
  parameter _TECHMAP_CONSTVAL_A_ = 0;
  (* force_downto *) input [A_WIDTH-1:0] A;
  (* force_downto *) input [B_WIDTH-1:0] B;
  (* force_downto *) output [Y_WIDTH-1:0] Y;
  (* force_downto *) wire [Y_WIDTH-1:0] b_ext;
  genvar j;
  generate
    for (j = 0; j < Y_WIDTH; j = j + 1) begin : g_ext
      if (j < B_WIDTH) begin : g_in
        assign b_ext[j] = B[j];
      end else begin : g_sign
        assign b_ext[j] = B_SIGNED ? B[B_WIDTH-1] : 1'b0;
      end
    end
  endgenerate
  localparam ROWS = A_WIDTH < Y_WIDTH ? A_WIDTH : Y_WIDTH;
  (* force_downto *) wire [(ROWS+1)*Y_WIDTH-1:0] acc;  // row i's partial sum at [i*Y_WIDTH +: Y_WIDTH]
  assign acc[Y_WIDTH-1:0] = {Y_WIDTH{1'b0}};
  genvar i;
  generate
    for (i = 0; i < ROWS; i = i + 1) begin : g_row
      (* force_downto *) wire [Y_WIDTH-1:0] row;
      // bit by bit: `(b_ext << i) & ...` left a $shl per row, each mapped by techmap.v with
      // its own opt_expr run (same AIG, byte for byte; Karatsuba's pair 55 -> 35 s of CPU)
      genvar k;
      for (k = 0; k < Y_WIDTH; k = k + 1) begin : g_bit
        if (k < i) begin : g_low
          assign row[k] = 1'b0;
        end else begin : g_and
          assign row[k] = b_ext[k-i] & A[i];
        end
      end
      if (_TECHMAP_CONSTMSK_A_[i] && !_TECHMAP_CONSTVAL_A_[i]) begin : g_zero
        assign acc[(i+1)*Y_WIDTH +: Y_WIDTH] = acc[i*Y_WIDTH +: Y_WIDTH];
      end else if (A_SIGNED && i == A_WIDTH - 1) begin : g_sub
        assign acc[(i+1)*Y_WIDTH +: Y_WIDTH] = acc[i*Y_WIDTH +: Y_WIDTH] - row;
      end else begin : g_add
        assign acc[(i+1)*Y_WIDTH +: Y_WIDTH] = acc[i*Y_WIDTH +: Y_WIDTH] + row;
      end
    end
  endgenerate
  // A signed A wider than Y: its sign row falls outside the product width.
  assign Y = acc[ROWS*Y_WIDTH +: Y_WIDTH];
endmodule
