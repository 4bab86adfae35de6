#!/bin/sh
# Prove two implementations of a ptxalu unit equivalent; see formal/scripts/ptxalu_equiv.py and
# formal/README.md ("Check your own unit").
#   formal/equiv.sh [--legal] [--seq N] GOLD GATE TOP
#   formal/equiv.sh [--legal] --synth ice40|xilinx GOLD TOP
#   formal/equiv.sh ... --write-sby FILE | --write-eqy FILE | --replay WORK/cex.txt
# Exit 0 equivalent, 1 counterexample, 2 usage or tool error, 3 undecided.
exec python3 "$(dirname "$0")/scripts/ptxalu_equiv.py" "$@"
