// Puts every field of a control word back at the position ptxalu_pkg publishes for it
// (Ctrl*Lsb, which the C++ side packs and unpacks by): word_o equals ctrl_i for every word iff
// those positions are the struct's. Verilating it also exports ptxalu_pkg's encodings to C++
// (the header every C++ file reads them from); tb/common/ctrl_fields_test drives it.
module ptxalu_ctrl_fields (
  input  ptxalu_pkg::ctrl_t                   ctrl_i,
  output logic [ptxalu_pkg::CtrlWidth-1:0] word_o
);
  always_comb begin
    word_o = '0;
    word_o[ptxalu_pkg::CtrlOpLsb       +: $bits(ctrl_i.op)]       = ctrl_i.op;
    word_o[ptxalu_pkg::CtrlItypeLsb    +: $bits(ctrl_i.itype)]    = ctrl_i.itype;
    word_o[ptxalu_pkg::CtrlDsignedLsb  +: $bits(ctrl_i.dsigned)]  = ctrl_i.dsigned;
    word_o[ptxalu_pkg::CtrlAsignedLsb  +: $bits(ctrl_i.asigned)]  = ctrl_i.asigned;
    word_o[ptxalu_pkg::CtrlBsignedLsb  +: $bits(ctrl_i.bsigned)]  = ctrl_i.bsigned;
    word_o[ptxalu_pkg::CtrlAselLsb     +: $bits(ctrl_i.asel)]     = ctrl_i.asel;
    word_o[ptxalu_pkg::CtrlBselLsb     +: $bits(ctrl_i.bsel)]     = ctrl_i.bsel;
    word_o[ptxalu_pkg::CtrlDselLsb     +: $bits(ctrl_i.dsel)]     = ctrl_i.dsel;
    word_o[ptxalu_pkg::CtrlMaskLsb     +: $bits(ctrl_i.mask)]     = ctrl_i.mask;
    word_o[ptxalu_pkg::CtrlSecopLsb    +: $bits(ctrl_i.secop)]    = ctrl_i.secop;
    word_o[ptxalu_pkg::CtrlSatLsb      +: $bits(ctrl_i.sat)]      = ctrl_i.sat;
    word_o[ptxalu_pkg::CtrlCmpLsb      +: $bits(ctrl_i.cmp)]      = ctrl_i.cmp;
    word_o[ptxalu_pkg::CtrlHalfLsb     +: $bits(ctrl_i.half)]     = ctrl_i.half;
    word_o[ptxalu_pkg::CtrlWrapLsb     +: $bits(ctrl_i.wrap)]     = ctrl_i.wrap;
    word_o[ptxalu_pkg::CtrlScaleLsb    +: $bits(ctrl_i.scale)]    = ctrl_i.scale;
    word_o[ptxalu_pkg::CtrlPoLsb       +: $bits(ctrl_i.po)]       = ctrl_i.po;
    word_o[ptxalu_pkg::CtrlNegProdLsb  +: $bits(ctrl_i.neg_prod)] = ctrl_i.neg_prod;
    word_o[ptxalu_pkg::CtrlNegCLsb     +: $bits(ctrl_i.neg_c)]    = ctrl_i.neg_c;
    word_o[ptxalu_pkg::CtrlReluLsb     +: $bits(ctrl_i.relu)]     = ctrl_i.relu;
    word_o[ptxalu_pkg::CtrlShiftamtLsb +: $bits(ctrl_i.shiftamt)] = ctrl_i.shiftamt;
  end
endmodule
