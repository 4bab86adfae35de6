// Gallery (correct): the signed 65x65 product by a Wallace tree. The partial products are in
// the modified Baugh-Wooley form: a_i[i] & b_i[j] at weight 2^(i+j), inverted where exactly
// one of i, j is the sign position 64 (those products have negative weight), and the constant
// 2^65 + 2^129 that the inversions owe, as a 66th row. Each level of the tree groups its rows
// in threes into a row of full adders: the sums, and the carries shifted up by one; rows left
// over pass to the next level (two rows from three: 66 -> 44 -> ... -> 2 in ten levels). One
// final adder sums the last two rows.
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  localparam int unsigned Rows = 66;

  // Rows left after `level` levels of 3:2 reduction.
  function automatic int unsigned rows_at(int unsigned level);
    rows_at = Rows;
    for (int unsigned l = 0; l < level; l++) rows_at = 2 * (rows_at / 3) + rows_at % 3;
  endfunction

  function automatic int unsigned levels();
    levels = 0;
    while (rows_at(levels) > 2) levels++;
  endfunction

  localparam int unsigned Levels = levels();

  // Row r of a level is bits [r * 130 +: 130].
  logic [Rows*130-1:0] rows0;

  for (genvar i = 0; i < 65; i++) begin : g_pp
    logic [129:0] pp;
    always_comb begin
      pp = '0;
      for (int j = 0; j < 65; j++) begin
        if ((i == 64) != (j == 64)) pp[i + j] = ~(a_i[i] & b_i[j]);
        else                        pp[i + j] = a_i[i] & b_i[j];
      end
    end
    assign rows0[i * 130 +: 130] = pp;
  end
  assign rows0[65 * 130 +: 130] = (130'd1 << 129) | (130'd1 << 65);

  for (genvar l = 0; l < Levels; l++) begin : g_level
    localparam int unsigned N = rows_at(l);
    localparam int unsigned Groups = N / 3;
    localparam int unsigned Next = rows_at(l + 1);
    logic [N*130-1:0]    cur;
    logic [Next*130-1:0] next;
    if (l == 0) begin : g_first
      assign cur = rows0;
    end else begin : g_later
      assign cur = g_level[l - 1].next;
    end
    for (genvar g = 0; g < Groups; g++) begin : g_csa
      logic [129:0] x, y, z, carry;
      assign x     = cur[(3 * g) * 130 +: 130];
      assign y     = cur[(3 * g + 1) * 130 +: 130];
      assign z     = cur[(3 * g + 2) * 130 +: 130];
      assign carry = (x & y) | (x & z) | (y & z);
      assign next[(2 * g) * 130 +: 130]     = x ^ y ^ z;
      assign next[(2 * g + 1) * 130 +: 130] = {carry[128:0], 1'b0};
      logic unused_carry_out;  // weight 2^130: outside the product
      assign unused_carry_out = carry[129];
    end
    for (genvar r = 3 * Groups; r < N; r++) begin : g_pass
      assign next[(2 * Groups + r - 3 * Groups) * 130 +: 130] = cur[r * 130 +: 130];
    end
  end

  assign product_o = g_level[Levels - 1].next[129:0] + g_level[Levels - 1].next[259:130];
endmodule
