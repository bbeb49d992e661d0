"""Leave-one-domain-out: does a change to the decision layer help on the domains it was not chosen on?

    PYTHONPATH=src python benchmarks/helpcenter/run.py --json before.json   # (on the tree before the change)
    PYTHONPATH=src python benchmarks/helpcenter/run.py --json after.json
    PYTHONPATH=src python benchmarks/helpcenter/domains.py before.json after.json

The help-center suite has six domains. For each domain held out, the change's effect is read on that domain alone
(faults caught and faithful claims flagged, before -> after), next to its effect on the other five, where a rule
would have been chosen. A change whose gain shows only on the domains it was chosen on and not on held-out ones is
not accepted. With no fitted parameter (a rule, not a threshold), the held-out figure of a domain is simply the
change's effect on it; the table prints every rotation, and the pooled held-out balanced accuracy (each domain
scored once, when it is held out) beside the all-domain figure.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path


def _load(path: str) -> dict:
    data = json.loads(Path(path).read_text(encoding="utf-8"))
    if "by_domain" not in data:
        raise SystemExit(f"{path} has no by_domain figures: rerun benchmarks/helpcenter/run.py --json")
    return data["by_domain"]


def _bacc(faults: tuple[int, int], flagged: tuple[int, int]) -> float:
    caught = faults[0] / faults[1] if faults[1] else 1.0
    kept = 1 - flagged[0] / flagged[1] if flagged[1] else 1.0
    return 100 * (caught + kept) / 2


def main(argv: list[str]) -> int:
    if len(argv) != 2:
        raise SystemExit(__doc__)
    before, after = _load(argv[0]), _load(argv[1])
    print(f"{'held out':<12} {'faults caught':>16} {'faithful flagged':>18} | rest: faults, flagged")
    total = {"b": [0, 0, 0, 0], "a": [0, 0, 0, 0]}
    for name in sorted(before):
        b, a = before[name], after[name]
        rest_b = [sum(before[d]["faults"]["k"] for d in before if d != name),
                  sum(before[d]["faithful_flagged"]["k"] for d in before if d != name)]
        rest_a = [sum(after[d]["faults"]["k"] for d in after if d != name),
                  sum(after[d]["faithful_flagged"]["k"] for d in after if d != name)]
        print(f"{name:<12} {b['faults']['k']:>5} -> {a['faults']['k']:<3}/{a['faults']['n']:<4}"
              f" {b['faithful_flagged']['k']:>6} -> {a['faithful_flagged']['k']:<3}/{a['faithful_flagged']['n']:<4}"
              f" | {rest_b[0]} -> {rest_a[0]}, {rest_b[1]} -> {rest_a[1]}")
        for key, side in (("b", b), ("a", a)):
            total[key][0] += side["faults"]["k"]
            total[key][1] += side["faults"]["n"]
            total[key][2] += side["faithful_flagged"]["k"]
            total[key][3] += side["faithful_flagged"]["n"]
    for key, label in (("b", "before"), ("a", "after")):
        f, n, g, m = total[key]
        print(f"pooled held-out {label}: faults {f}/{n}, flagged {g}/{m}, "
              f"balanced accuracy {_bacc((f, n), (g, m)):.1f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
