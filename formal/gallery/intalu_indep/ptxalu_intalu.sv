// Gallery (correct): a held-out-style trial of 2026-11-29 (helper-93), written from the PTX text,
// CLARIFICATIONS.md and our port list only: each lane as a 66-bit signed value in one function
// (a case on the op, .sat by compares), called for the low lane and the .x2 high half.
module ptxalu_intalu #(
  parameter int unsigned Stages = 0  // 0, 1 or 2
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [63:0]       a_i,
  input  logic [63:0]       b_i,
  input  logic [63:0]       c_i,
  output logic [63:0]       result_o
);

  // One lane of width w (16, 32 or 64): the exact result, truncated to w, zero above.
  function automatic logic [63:0] lane(input ptxalu_pkg::op_e op, input logic sgn,
                                       input logic [1:0] wsel,  // 0: 16, 1: 32, 2: 64
                                       input logic sat, input logic relu,
                                       input logic [63:0] a, input logic [63:0] b,
                                       input logic [63:0] c);
    logic signed [65:0] ea, eb, ec, r, diff;
    logic [63:0] mask;
    case (wsel)
      2'd0: begin
        ea = sgn ? 66'(signed'(a[15:0])) : 66'(a[15:0]);
        eb = sgn ? 66'(signed'(b[15:0])) : 66'(b[15:0]);
        ec = 66'(c[15:0]);
        mask = 64'hffff;
      end
      2'd1: begin
        ea = sgn ? 66'(signed'(a[31:0])) : 66'(a[31:0]);
        eb = sgn ? 66'(signed'(b[31:0])) : 66'(b[31:0]);
        ec = 66'(c[31:0]);
        mask = 64'hffff_ffff;
      end
      default: begin
        ea = sgn ? 66'(signed'(a)) : 66'(a);
        eb = sgn ? 66'(signed'(b)) : 66'(b);
        ec = 66'(c);
        mask = '1;
      end
    endcase
    r = '0;
    case (op)
      ptxalu_pkg::OpAdd: r = ea + eb;
      ptxalu_pkg::OpSub: r = ea - eb;
      ptxalu_pkg::OpAbs: r = (ea < 0) ? -ea : ea;
      ptxalu_pkg::OpNeg: r = -ea;
      ptxalu_pkg::OpMin: r = (ea < eb) ? ea : eb;
      ptxalu_pkg::OpMax: r = (ea > eb) ? ea : eb;
      ptxalu_pkg::OpSad: begin
        diff = (ea < eb) ? eb - ea : ea - eb;
        r = ec + diff;
      end
      default: r = '0;
    endcase
    if (sat) begin
      if (r > 66'sh0_7fff_ffff) r = 66'sh0_7fff_ffff;
      else if (r < -66'sh0_8000_0000) r = -66'sh0_8000_0000;
    end
    if (relu && r < 0) r = '0;
    lane = r[63:0] & mask;
  endfunction

  ptxalu_pkg::op_e op;
  logic sgn, x2;
  logic [1:0] wsel;
  logic [63:0] lo, hi;

  always_comb begin
    op   = ctrl_i.op;
    sgn  = ptxalu_pkg::itype_signed(ctrl_i.itype);
    x2   = ptxalu_pkg::itype_x2(ctrl_i.itype);
    wsel = ptxalu_pkg::itype_w16(ctrl_i.itype) ? 2'd0 :
           ptxalu_pkg::itype_w32(ctrl_i.itype) ? 2'd1 : 2'd2;
    lo = lane(op, sgn, wsel, ctrl_i.sat, ctrl_i.relu, a_i, b_i, c_i);
    hi = lane(op, sgn, 2'd0, 1'b0, ctrl_i.relu, a_i >> 16, b_i >> 16, c_i >> 16);
    result_o = x2 ? {32'd0, hi[15:0], lo[15:0]} : lo;
  end

  logic unused;
  assign unused = clk_i ^ en_i ^ ^Stages;

endmodule
