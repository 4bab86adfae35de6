// Splits a control word into its fields. Verilating it exports ptxalu_pkg's encodings to C++
// (the header every C++ file reads them from), and a test drives it to check that the field
// positions published in the package match the struct.
module ptxalu_ctrl_fields (
  input  ptxalu_pkg::ctrl_t ctrl_i,
  output logic [5:0]        op_o,
  output logic [3:0]        itype_o,
  output logic              dsigned_o,
  output logic              asigned_o,
  output logic              bsigned_o,
  output logic [11:0]       asel_o,
  output logic [11:0]       bsel_o,
  output logic [2:0]        dsel_o,
  output logic [3:0]        mask_o,
  output logic [1:0]        secop_o,
  output logic              sat_o,
  output logic [2:0]        cmp_o,
  output logic [1:0]        half_o,
  output logic              wrap_o,
  output logic [1:0]        scale_o,
  output logic              po_o,
  output logic              neg_prod_o,
  output logic              neg_c_o,
  output logic              relu_o,
  output logic              shiftamt_o
);
  assign op_o       = ctrl_i.op;
  assign itype_o    = ctrl_i.itype;
  assign dsigned_o  = ctrl_i.dsigned;
  assign asigned_o  = ctrl_i.asigned;
  assign bsigned_o  = ctrl_i.bsigned;
  assign asel_o     = ctrl_i.asel;
  assign bsel_o     = ctrl_i.bsel;
  assign dsel_o     = ctrl_i.dsel;
  assign mask_o     = ctrl_i.mask;
  assign secop_o    = ctrl_i.secop;
  assign sat_o      = ctrl_i.sat;
  assign cmp_o      = ctrl_i.cmp;
  assign half_o     = ctrl_i.half;
  assign wrap_o     = ctrl_i.wrap;
  assign scale_o    = ctrl_i.scale;
  assign po_o       = ctrl_i.po;
  assign neg_prod_o = ctrl_i.neg_prod;
  assign neg_c_o    = ctrl_i.neg_c;
  assign relu_o     = ctrl_i.relu;
  assign shiftamt_o = ctrl_i.shiftamt;
endmodule
