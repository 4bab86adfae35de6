// A bit-level netlist as a user writes one (a small Braun array of explicit full adders, as
// mult_core_array): before opt_expr its light netlist (equiv_elab.py) holds gates with constant
// operands (x ^ 0, x ^ 1, x & 0, x | 0), which the simulator folds (equiv_wordsim.py's _alias).
module wordsim_bitlevel (
  input  logic [5:0]  a_i,
  input  logic [5:0]  b_i,
  output logic [11:0] y_o
);
  localparam int N = 6;
  logic [2*N-1:0] s [N+1];
  logic [2*N-1:0] c [N+1];
  assign s[0] = '0;
  assign c[0] = (12'd1 << N) | (12'd1 << (2 * N - 1));
  for (genvar i = 0; i < N; i++) begin : g_row
    logic [2*N-1:0] pp;
    logic [2*N-1:0] maj;
    for (genvar k = 0; k < 2 * N; k++) begin : g_fa
      // Baugh-Wooley: a product bit with one sign bit complemented
      if (k >= i && k < i + N) begin : g_pp
        assign pp[k] = (a_i[k-i] & b_i[i]) ^ ((k - i == N - 1) != (i == N - 1));
      end else begin : g_zero
        assign pp[k] = 1'b0;
      end
      assign s[i+1][k] = s[i][k] ^ c[i][k] ^ pp[k];
      assign maj[k] = (s[i][k] & c[i][k]) | (pp[k] & (s[i][k] ^ c[i][k]));
    end
    assign c[i+1] = {maj[2*N-2:0], 1'b0};
  end
  logic [2*N:0] r;
  assign r[0] = 1'b0;
  for (genvar k = 0; k < 2 * N; k++) begin : g_ripple
    assign y_o[k] = s[N][k] ^ c[N][k] ^ (k == 2 * N - 1 ? r[k] | 1'b0 : r[k] & 1'b1);
    assign r[k+1] = (s[N][k] & c[N][k]) | (r[k] & (s[N][k] ^ c[N][k]));
  end
endmodule
