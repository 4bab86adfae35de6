# ctest helper: lint or synthesise everything in rtl/ with ptxalu_top as the top.
#   cmake -DTOOL=verilator|yosys -DRTL_DIR=... -DEXE=... -P rtl_check.cmake
# The file list is taken when the test runs (package first), so new units are covered
# without reconfiguring.
file(GLOB files ${RTL_DIR}/*.sv)
list(SORT files)
set(pkg ${RTL_DIR}/ptxalu_pkg.sv)
list(REMOVE_ITEM files ${pkg})
list(PREPEND files ${pkg})
if(TOOL STREQUAL "verilator")
  execute_process(COMMAND ${EXE} --lint-only -Wall --top-module ptxalu_top ${files}
                  RESULT_VARIABLE rc)
elseif(TOOL STREQUAL "yosys")
  list(JOIN files " " file_list)
  # check -assert fails on latches, combinational loops, multiple drivers, undriven bits.
  execute_process(COMMAND ${EXE} -q -p
                  "read_verilog -sv ${file_list}; synth -top ptxalu_top; check -assert; stat"
                  RESULT_VARIABLE rc)
else()
  message(FATAL_ERROR "TOOL must be verilator or yosys")
endif()
if(NOT rc EQUAL 0)
  message(FATAL_ERROR "${TOOL} failed on rtl/ (exit ${rc})")
endif()
