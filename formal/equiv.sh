#!/bin/sh
# Prove two implementations of a ptxalu unit equivalent; see formal/scripts/ptxalu_equiv.py.
#   formal/equiv.sh [--legal] GOLD GATE TOP
#   formal/equiv.sh [--legal] --synth ice40|xilinx GOLD TOP
exec python3 "$(dirname "$0")/scripts/ptxalu_equiv.py" "$@"
