"""The FPGA flow behind syn/fpga_flow.py (syn/README.md), in parts:

  designs  targets, devices and the designs of the report (unit sets from rtl/ptxalu_pkg.sv,
           op lists from the instruction table sim/isa/instructions.json)
  common   sources, tool runs with the run's hard limit, the result cache, area counts
  jobs     one design: elaboration, the I/O wrapper, synthesis and place and route per target
  report   report.json, report.txt, FPGA_TABLE.md and the plot
"""
