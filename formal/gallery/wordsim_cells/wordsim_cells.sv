// formal/gallery/test_wordsim.py fixture: one output per kind of Yosys word-level cell the
// equivalence flow's word-level simulator evaluates, signed and unsigned, with odd widths.
/* verilator lint_off WIDTH */
module wordsim_cells (
  input  logic [12:0] a_i,
  input  logic [8:0]  b_i,
  input  logic [4:0]  s_i,
  input  logic [2:0]  k_i,
  output logic [95:0] arith_o,
  output logic [63:0] shift_o,
  output logic [31:0] logic_o,
  output logic [15:0] cmp_o,
  output logic [23:0] mux_o
);
  logic signed [12:0] as;
  logic signed [8:0]  bs;
  assign as = a_i;
  assign bs = b_i;

  logic signed [23:0] smul, sadd, ssub;
  logic [23:0]        umul;
  assign smul = as * bs;
  assign umul = a_i * b_i;
  assign sadd = as + bs;
  assign ssub = bs - as;
  assign arith_o = {smul, umul, sadd, ssub};

  logic signed [15:0] sshr_v;
  assign sshr_v = as >>> s_i;
  assign shift_o = {16'(a_i << s_i), 16'(a_i >> k_i), sshr_v, 16'(as <<< k_i)};

  assign logic_o = {16'(~a_i ^ {4'd0, b_i}), 8'(-bs), &b_i[3:0], |a_i, ^b_i, ~^a_i[5:0],
                    !s_i, (s_i != 0) && (k_i != 0), (s_i == 0) || k_i[0], 1'b0};

  assign cmp_o = {as < bs, as <= bs, as > bs, as >= bs, a_i < b_i, a_i <= {4'd0, b_i},
                  a_i > 13'd100, as >= -13'sd7, a_i == 13'd5, as != bs, s_i == k_i,
                  5'b0};

  logic [7:0] sel;
  always_comb begin
    unique case (k_i)
      3'd0:    sel = a_i[7:0];
      3'd1:    sel = b_i[7:0];
      3'd2:    sel = a_i[12:5];
      3'd5:    sel = {s_i, k_i};
      default: sel = 8'hA5;
    endcase
  end
  assign mux_o = {sel, a_i[s_i[3:0] +: 8], s_i[0] ? b_i[7:0] : a_i[7:0]};
endmodule
