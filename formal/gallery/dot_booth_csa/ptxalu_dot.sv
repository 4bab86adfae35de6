// Gallery (formal/gallery/README.md): ptxalu_dot written as a user would, independently of
// rtl/ptxalu_dot.sv (its port list and the PTX text only). Every product is a set of radix-4
// Booth rows: the multiplicand is a's element (a byte, or for dp2a a 16-bit half) extended to
// 17 bits, the multiplier b's byte extended to 10 bits (5 digits in -2..2). The 20 rows
// (inverted for a negative digit), the 4 rows of negation bits and c are 25 rows of 32 bits,
// all reduced together by a Wallace tree of 3:2 carry-save adders to two rows, then one adder.
// Combinational (Stages = 0 only).
module ptxalu_dot #(
  parameter int unsigned Stages = 0
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  localparam int unsigned Rows = 25;
  localparam int unsigned Levels = 7;

  logic unused;
  assign unused = clk_i ^ en_i ^ (Stages != 0);

  logic is_dp2a, sa, sb;
  logic [1:0] bsel;  // first byte of b for lane 0
  assign is_dp2a = (ctrl_i.op == ptxalu_pkg::OpDp2a);
  assign sa      = ctrl_i.asigned;
  assign sb      = ctrl_i.bsigned;
  assign bsel    = (is_dp2a && ctrl_i.half == ptxalu_pkg::HalfHi) ? 2'd2 : 2'd0;

  logic [16:0] x [4];  // multiplicands
  logic [9:0]  y [4];  // multipliers

  always_comb begin
    for (int i = 0; i < 4; i++) begin
      logic [7:0] yb;
      logic [1:0] byte_idx;
      byte_idx = 2'(i) + bsel;  // dp2a reads bytes bsel and bsel + 1 only
      yb   = b_i[8 * byte_idx +: 8];
      y[i] = {{2{sb & yb[7]}}, yb};
      if (is_dp2a) begin
        x[i] = (i < 2) ? {sa & a_i[16 * i + 15], a_i[16 * i +: 16]} : 17'd0;
      end else begin
        x[i] = {{9{sa & a_i[8 * i + 7]}}, a_i[8 * i +: 8]};
      end
    end
  end

  logic [Rows*32-1:0] rows;  // row r in [32*r +: 32]

  always_comb begin
    rows = '0;
    for (int i = 0; i < 4; i++) begin
      logic [31:0] xe, negs;
      xe   = {{15{x[i][16]}}, x[i]};
      negs = '0;
      for (int j = 0; j < 5; j++) begin
        logic [2:0]  win;
        logic [31:0] mag;
        win = (j == 0) ? {y[i][1:0], 1'b0} : y[i][2 * j - 1 +: 3];
        unique case (win)
          3'b001, 3'b010, 3'b101, 3'b110: mag = xe;
          3'b011, 3'b100:                 mag = xe << 1;
          default:                        mag = '0;
        endcase
        if (win[2] && win != 3'b111) begin
          rows[32 * (5 * i + j) +: 32] = ~mag << (2 * j);
          negs[2 * j] = 1'b1;
        end else begin
          rows[32 * (5 * i + j) +: 32] = mag << (2 * j);
        end
      end
      rows[32 * (20 + i) +: 32] = negs;
    end
    rows[32 * 24 +: 32] = c_i;
  end

  // Wallace tree: each level adds its rows in groups of three (sum, carry), the rest passed on.
  function automatic int unsigned count(int unsigned level);
    int unsigned n;
    n = Rows;
    for (int unsigned l = 0; l < level; l++) n = (n / 3) * 2 + n % 3;
    count = n;
  endfunction

  logic [(Levels+1)*Rows*32-1:0] tree;  // level l, row r in [32*(Rows*l + r) +: 32]
  assign tree[0 +: Rows * 32] = rows;

  for (genvar l = 0; l < Levels; l++) begin : g_level
    localparam int unsigned N = count(l);
    localparam int unsigned G = N / 3;
    localparam int unsigned Base = Rows * l;
    localparam int unsigned Next = Rows * (l + 1);
    for (genvar g = 0; g < G; g++) begin : g_csa
      logic [31:0] p, q, r;
      assign p = tree[32 * (Base + 3 * g) +: 32];
      assign q = tree[32 * (Base + 3 * g + 1) +: 32];
      assign r = tree[32 * (Base + 3 * g + 2) +: 32];
      assign tree[32 * (Next + 2 * g) +: 32]     = p ^ q ^ r;
      assign tree[32 * (Next + 2 * g + 1) +: 32] = ((p & q) | (p & r) | (q & r)) << 1;
    end
    for (genvar k = 3 * G; k < N; k++) begin : g_pass
      assign tree[32 * (Next + 2 * G + k - 3 * G) +: 32] = tree[32 * (Base + k) +: 32];
    end
    if (2 * G + N - 3 * G < Rows) begin : g_zero
      assign tree[32 * (Next + 2 * G + N - 3 * G) +: 32 * (Rows - (2 * G + N - 3 * G))] = '0;
    end
  end

  assign result_o = tree[32 * Rows * Levels +: 32] + tree[32 * (Rows * Levels + 1) +: 32];

endmodule
