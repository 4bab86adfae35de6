// dp4a and dp2a: d = c + sum of element products, modulo 2^32.
//
// Four lanes, each a signed 17x9 product: dp4a puts a's bytes and b's bytes in lanes 0..3;
// dp2a puts a's two halves in lanes 0..1 with b's bytes 0,1 (.lo) or 2,3 (.hi), and zeros in
// lanes 2..3. Elements are extended by atype/btype (asigned/bsigned), so every product is
// exact; the sum wraps at 32 bits whatever the signedness of c.
//
// Stages = 1 (ptxalu_top's deep pipeline, ptxalu_pkg::LateUnitsDeep) registers the four
// products and c (loaded by en_i) before the sum: result_o answers for the inputs of the last
// load. No reset (the caller tracks what it holds). Stages = 2 (ExtraStages >=
// ptxalu_pkg::LockstepStages) also registers the four lanes' elements and c (loaded by en_i)
// before the multipliers, so the element select and the multipliers are in different cycles;
// result_o answers for the inputs of two loads before (ptxalu_datapath puts no register on its
// answer then). Stages = 0: combinational, clk_i and en_i unused.
module ptxalu_dot #(
  parameter int unsigned Stages = 0  // 0, 1 or 2
) (
  input  logic              clk_i,
  input  logic              en_i,
  input  ptxalu_pkg::ctrl_t ctrl_i,
  input  logic [31:0]       a_i,
  input  logic [31:0]       b_i,
  input  logic [31:0]       c_i,
  output logic [31:0]       result_o
);

  logic is_dp2a;
  logic b_hi;  // dp2a.hi: b's bytes 2 and 3

  assign is_dp2a = (ctrl_i.op == ptxalu_pkg::OpDp2a);
  assign b_hi    = (ctrl_i.half == ptxalu_pkg::HalfHi);

  logic [127:0] lane_products;  // lane i's product, sign-extended, in [32*i +: 32]

  for (genvar i = 0; i < 4; i++) begin : g_lane
    logic signed [16:0] elem_a;
    logic signed [8:0]  elem_b;
    logic signed [25:0] product;
    logic [7:0]         byte_b;

    always_comb begin
      elem_a = {{9{ctrl_i.asigned & a_i[8*i+7]}}, a_i[8*i +: 8]};
      byte_b = b_i[8*i +: 8];
      if (is_dp2a) begin
        byte_b = b_i[8*((i % 2) + (b_hi ? 2 : 0)) +: 8];
        if (i < 2) begin
          elem_a = {ctrl_i.asigned & a_i[16*(i%2)+15], a_i[16*(i%2) +: 16]};
        end else begin
          elem_a = '0;
        end
      end
      elem_b = {ctrl_i.bsigned & byte_b[7], byte_b};
    end

    // Stages = 2: the elements' register (Stages < 2: none, the same netlist as without it).
    logic signed [16:0] mul_a;
    logic signed [8:0]  mul_b;
    if (Stages == 2) begin : g_elem_q
      ptxalu_en_reg #(.Width(26)) u_elem_q (
        .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i({elem_a, elem_b}), .q_o({mul_a, mul_b}));
    end else begin : g_elem
      assign mul_a = elem_a;
      assign mul_b = elem_b;
    end

    assign product = mul_a * mul_b;
    assign lane_products[32*i +: 32] = {{6{product[25]}}, product};
  end

  // The cut (Stages = 1; Stages = 0: wires) is two registers, the products and c, not one of
  // the two concatenated: with one, the dot/dp2a proof (ABC &cec) of the Stages = 0 unit ran
  // past 120 s of CPU instead of 5 s (ca18423).
  logic [127:0] products_q;
  logic [31:0]  c_q;
  ptxalu_en_reg #(.Width(128), .Bypass(Stages == 0)) u_products_q (
    .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(lane_products), .q_o(products_q));
  // Stages = 2: c passes the elements' register too. Written apart from the Stages < 2 register
  // (not c_i through a wire that is c_i there): that alias alone made the dot/dp2a proof of the
  // Stages = 0 unit run past its 30 s of CPU (1.6 s; see syn/README.md, 2026-11-28).
  if (Stages == 2) begin : g_c_q2
    logic [31:0] c_m;
    ptxalu_en_reg #(.Width(32)) u_c_m (
      .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(c_i), .q_o(c_m));
    ptxalu_en_reg #(.Width(32)) u_c_q (
      .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(c_m), .q_o(c_q));
  end else begin : g_c_q
    ptxalu_en_reg #(.Width(32), .Bypass(Stages == 0)) u_c_q (
      .clk_i(clk_i), .rst_ni(1'b1), .en_i(en_i), .d_i(c_i), .q_o(c_q));
  end

  assign result_o = c_q + products_q[31:0] + products_q[63:32] + products_q[95:64]
                  + products_q[127:96];

  // Fields dp4a/dp2a never set (legal words hold zero there).
  logic unused_ctrl;
  assign unused_ctrl = ^{ctrl_i.itype, ctrl_i.dsigned, ctrl_i.asel, ctrl_i.bsel, ctrl_i.dsel,
                         ctrl_i.mask, ctrl_i.secop, ctrl_i.sat, ctrl_i.cmp, ctrl_i.wrap,
                         ctrl_i.scale, ctrl_i.po, ctrl_i.neg_prod, ctrl_i.neg_c, ctrl_i.relu,
                         ctrl_i.shiftamt, clk_i, en_i};

endmodule
