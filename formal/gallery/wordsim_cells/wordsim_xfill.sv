// Word-level simulator fixture: 'x and 'z constants, which the flow reads as "any value" and
// simulates with those bits 0 and again with them 1 (formal/scripts/equiv_wordsim.py, `fill`);
// test_wordsim.py compares both against Yosys' `eval` after `setundef -zero` / `-one`.
module wordsim_xfill (
  input  logic [7:0] a_i,
  input  logic [2:0] s_i,
  output logic [7:0] y_o,
  output logic [7:0] z_o,
  output logic [5:0] w_o
);
  always_comb begin
    unique case (s_i)
      3'd0:    y_o = a_i;
      3'd1:    y_o = ~a_i;
      3'd2:    y_o = a_i + 8'd1;
      default: y_o = 'x;  // the cases a user leaves open
    endcase
  end
  assign z_o = (a_i & 8'bx1x0_1x01) | {4'bz0x1, a_i[7:4]};
  assign w_o = {a_i[1:0], 2'bzx, 2'b1x} + {2'b00, a_i[7:4]};
endmodule
