// ctrl: ctrl_i with its op fixed to the constant FixedOp (as in the generated unit miters), so
// that Yosys prunes every other op's logic before the solver sees it; illegal: spec_decode's
// verdict on ctrl. Included by the hand-written miters of one op after they define FixedOp.
ptxalu_pkg::ctrl_t ctrl;
always_comb begin
  ctrl    = ctrl_i;
  ctrl.op = FixedOp;
end

logic illegal;
spec_decode u_legal (.ctrl_i(ctrl), .illegal_o(illegal));
