// dp4a / dp2a spec (PTX 9.7.1.23-24): d = c + sum(Va[i] * Vb[i]) modulo 2^32, the elements
// sign- or zero-extended by atype/btype; dp2a takes a's two halves and b's bytes 0,1 (.lo)
// or 2,3 (.hi).
module spec_dot (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i, b_i, c_i,
  output logic [31:0]       result_o
);

  logic signed [31:0] va, vb, d;
  integer             i, b_select;

  always_comb begin
    d = $signed(c_i);
    va = '0;
    vb = '0;
    b_select = (ctrl_i.half == ptxalu_pkg::HalfHi) ? 2 : 0;
    if (ctrl_i.op == ptxalu_pkg::OpDp4a) begin
      for (i = 0; i < 4; i = i + 1) begin
        va = $signed({{24{ctrl_i.asigned & a_i[8*i+7]}}, a_i[8*i +: 8]});
        vb = $signed({{24{ctrl_i.bsigned & b_i[8*i+7]}}, b_i[8*i +: 8]});
        d = d + va * vb;
      end
    end else begin
      for (i = 0; i < 2; i = i + 1) begin
        va = $signed({{16{ctrl_i.asigned & a_i[16*i+15]}}, a_i[16*i +: 16]});
        vb = $signed({{24{ctrl_i.bsigned & b_i[8*(b_select+i)+7]}}, b_i[8*(b_select+i) +: 8]});
        d = d + va * vb;
      end
    end
    result_o = d;
  end

endmodule
