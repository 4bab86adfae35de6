// Gallery (correct; held-out-style trial 5, 2026-11-29): the signed 65x65 product by radix-4
// Booth rows in the textbook layout, a Wallace tree of 3:2 carry-save adders over whole rows,
// and a carry-skip (carry-bypass) final adder.
//
// Rows: b is read in 33 overlapping windows (b[2i+1], b[2i], b[2i-1]), b[-1] = 0, b[65] = b[64].
// Row i holds digit_i * a in one's complement, 66 bits (sign s_i = bit 65), at bit 2i; the
// negation's +1 goes into the empty bit 2i of row i+1 (the last one's into a row of its own).
// Sign extension by the usual prefix: row 0 carries {~s, s, s} at bits 67..65, every other row
// {1, ~s} above its 66 bits (dropped where it would pass bit 129).
// Wallace tree: at each level, every three rows become a sum row and a carry row.
// Final adder: carry-skip in blocks of 8 bits (ripple inside; when every bit of a block
// propagates, the block's carry out is its carry in).
module ptxalu_mult_core (
  input  logic [64:0]  a_i,
  input  logic [64:0]  b_i,
  output logic [129:0] product_o
);
  localparam int W      = 130;
  localparam int NRows  = 34;   // 33 Booth rows + the last +1
  localparam int NLvl   = 8;    // 34 -> 23 -> 16 -> 11 -> 8 -> 6 -> 4 -> 3 -> 2
  localparam int Block  = 8;

  // Rows left after l levels of 3:2 reduction starting from NRows.
  function automatic int rows_left(input int l);
    int n;
    n = NRows;
    for (int k = 0; k < l; k++) n = n - n / 3;
    rows_left = n;
  endfunction

  // ---- Booth rows ----------------------------------------------------------------------
  logic [66:0] b_ext;  // {b[64], b, 0}: bit j+1 holds b[j]
  assign b_ext = {b_i[64], b_i, 1'b0};

  logic [W-1:0] rows [NRows];
  always_comb begin
    logic [65:0] mag, pp;
    logic        one, two, neg, s;
    for (int r = 0; r < NRows; r++) rows[r] = '0;
    for (int i = 0; i < 33; i++) begin
      // window (b[2i+1], b[2i], b[2i-1]) = b_ext[2i+2 : 2i]
      one = b_ext[2*i+1] ^ b_ext[2*i];
      two = (b_ext[2*i+2] & ~b_ext[2*i+1] & ~b_ext[2*i]) |
            (~b_ext[2*i+2] & b_ext[2*i+1] & b_ext[2*i]);
      neg = b_ext[2*i+2] & ~(b_ext[2*i+1] & b_ext[2*i]);
      mag = one ? {a_i[64], a_i} : (two ? {a_i, 1'b0} : 66'd0);
      pp  = mag ^ {66{neg}};
      s   = pp[65];
      for (int j = 0; j < 65; j++) rows[i][2*i+j] = pp[j];
      if (i == 0) begin
        rows[0][65] = s;
        rows[0][66] = s;
        rows[0][67] = ~s;
      end else begin
        rows[i][2*i+65] = ~s;
        if (2 * i + 66 < W) rows[i][2*i+66] = 1'b1;
      end
      // the +1 of a negative digit, at bit 2i of the next row
      rows[i+1][2*i] = neg;
    end
  end

  // ---- Wallace tree of 3:2 row adders --------------------------------------------------
  // lv[l*NRows + k]: row k at level l.
  /* verilator lint_off UNOPTFLAT */  // one array for all levels; no level reads its own
  logic [W-1:0] lv [(NLvl+1)*NRows];
  /* verilator lint_on UNOPTFLAT */
  for (genvar k = 0; k < NRows; k++) begin : g_l0
    assign lv[k] = rows[k];
  end
  for (genvar l = 0; l < NLvl; l++) begin : g_lvl
    localparam int N  = rows_left(l);
    localparam int NT = N / 3;
    for (genvar t = 0; t < NT; t++) begin : g_csa
      localparam int X = l*NRows + 3*t;
      assign lv[(l+1)*NRows + 2*t]     = lv[X] ^ lv[X+1] ^ lv[X+2];
      assign lv[(l+1)*NRows + 2*t + 1] = ((lv[X] & lv[X+1]) | (lv[X] & lv[X+2]) |
                                          (lv[X+1] & lv[X+2])) << 1;
    end
    for (genvar k = 3 * NT; k < N; k++) begin : g_pass
      assign lv[(l+1)*NRows + 2*NT + k - 3*NT] = lv[l*NRows + k];
    end
    for (genvar k = N - NT; k < NRows; k++) begin : g_zero
      assign lv[(l+1)*NRows + k] = '0;
    end
  end

  logic [W-1:0] opx, opy;
  assign opx = lv[NLvl*NRows];
  assign opy = lv[NLvl*NRows + 1];

  // ---- carry-skip adder ------------------------------------------------------------------
  logic [W-1:0] sum;
  always_comb begin
    logic [W-1:0] g, p;
    logic         cin, cr, bp;
    g   = opx & opy;
    p   = opx ^ opy;
    cin = 1'b0;
    sum = '0;
    for (int blk = 0; blk < (W + Block - 1) / Block; blk++) begin
      cr = cin;
      bp = 1'b1;
      for (int k = 0; k < Block; k++) begin
        if (blk * Block + k < W) begin
          sum[blk*Block+k] = p[blk*Block+k] ^ cr;
          cr = g[blk*Block+k] | (p[blk*Block+k] & cr);
          bp = bp & p[blk*Block+k];
        end
      end
      cin = bp ? cin : cr;
    end
  end

  assign product_o = sum;
endmodule
