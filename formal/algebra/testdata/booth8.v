// A 17x17 signed radix-8 Booth multiplier whose hard multiple m3 = a + 2a is one adder's word
// read by every row (as in the gallery's mult_core_booth8; rows summed by +), for
// algebra_booth8_test. BUG = 1 plants m3 = a + 4a (5a), BUG = 2 flips bit 5 of m3. The AIGs
// beside this file are Yosys' mapping of it (ripple_lcu.v, as formal/scripts/equiv_build.py
// maps the pair), written by
//   yosys -p "read_verilog -sv booth8.v; chparam -set BUG B booth8; prep -top booth8; flatten;
//     opt_clean; techmap -map ../ripple_lcu.v -map +/techmap.v; opt_expr; aigmap;
//     write_aiger -zinit booth8_B.aig"                                       (B = 0, 1, 2)
module booth8 #(parameter int BUG = 0) (
  input  logic [16:0] a,
  input  logic [16:0] b,
  output logic [33:0] p
);
  logic [33:0] m1, m2, m3, m4, sum;
  assign m1 = {{17{a[16]}}, a};
  assign m2 = m1 << 1;
  assign m4 = m1 << 2;
  assign m3 = BUG == 1 ? m1 + m4 : BUG == 2 ? (m1 + m2) ^ 34'h20 : m1 + m2;
  logic [18:0] bx;  // b with a 0 below and its sign above: windows bx[3i+3:3i]
  assign bx = {b[16], b, 1'b0};
  always_comb begin
    sum = '0;
    for (int i = 0; i < 6; i++) begin
      logic [3:0] win;
      logic [33:0] mag;
      logic neg;
      win = bx[3 * i +: 4];
      neg = win[3] && win != 4'b1111;
      case (win)
        4'b0001, 4'b0010, 4'b1101, 4'b1110: mag = m1;
        4'b0011, 4'b0100, 4'b1011, 4'b1100: mag = m2;
        4'b0101, 4'b0110, 4'b1001, 4'b1010: mag = m3;
        4'b0111, 4'b1000: mag = m4;
        default: mag = '0;
      endcase
      sum = sum + ((neg ? ~mag : mag) << (3 * i)) + ({33'd0, neg} << (3 * i));
    end
  end
  assign p = sum;
endmodule
