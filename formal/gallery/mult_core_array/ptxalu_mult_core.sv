// A user's 65x65 signed core as a textbook array multiplier: Baugh-Wooley partial products
// (the terms with exactly one sign bit complemented, constants 2^65 and 2^129), added row by row
// in a carry-save array (one row of full adders per partial product, the carries passed down
// to the next row one column left), then a ripple-carry adder of explicit full adders.
// Linear depth, no tree: the shape of Braun's array multiplier.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);

  localparam int unsigned N = 65;
  localparam int unsigned W = 2 * N;

  // Baugh-Wooley row i: a's bits times b[i], at columns i .. i + N - 1.
  function automatic logic [W-1:0] bw_row(input logic [N-1:0] a, input logic [N-1:0] b,
                                          input int unsigned i);
    logic [W-1:0] row;
    row = '0;
    for (int unsigned j = 0; j < N; j++) begin
      // exactly one of the two bits a sign bit: complemented
      row[i + j] = (a[j] & b[i]) ^ ((j == N - 1) != (i == N - 1));
    end
    bw_row = row;
  endfunction

  logic [W-1:0] sum_row [N+1];
  logic [W-1:0] carry_row [N+1];

  // Row 0 is the first partial product; the constants ride in the carry row.
  assign sum_row[0] = bw_row(a_i, b_i, 0);
  always_comb begin
    carry_row[0]        = '0;
    carry_row[0][N]     = 1'b1;
    carry_row[0][W - 1] = 1'b1;
  end

  for (genvar i = 1; i <= N; i++) begin : g_rows
    logic [W-1:0] pp;
    logic [W-1:0] maj;
    // Row N adds nothing but lets the constants' row settle into sum/carry form.
    assign pp = (i < N) ? bw_row(a_i, b_i, i) : '0;
    for (genvar k = 0; k < W; k++) begin : g_fa
      assign sum_row[i][k] = sum_row[i-1][k] ^ carry_row[i-1][k] ^ pp[k];
      assign maj[k] = (sum_row[i-1][k] & carry_row[i-1][k]) | (pp[k] & (sum_row[i-1][k] ^ carry_row[i-1][k]));
    end
    assign carry_row[i] = {maj[W-2:0], 1'b0};
  end

  // Final ripple-carry adder.
  logic [W:0] ripple;
  assign ripple[0] = 1'b0;
  for (genvar k = 0; k < W; k++) begin : g_ripple
    assign product_o[k] = sum_row[N][k] ^ carry_row[N][k] ^ ripple[k];
    assign ripple[k+1]  = (sum_row[N][k] & carry_row[N][k]) | (ripple[k] & (sum_row[N][k] ^ carry_row[N][k]));
  end

endmodule
