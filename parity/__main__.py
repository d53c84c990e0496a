"""python -m parity [--apis PATTERN] [--quick] [-j N] [--seed S] [--report DIR] [--show KEY] ...

Compares purepaddle with real Paddle 3.3.1 case by case (see parity/__init__.py); exits 1 when --check-known
finds disagreements that parity/known.json does not list."""
import argparse
import json
import os
import sys

from parity import run as driver


def main(argv=None):
    ap = argparse.ArgumentParser(prog="python -m parity", description=__doc__.splitlines()[2])
    ap.add_argument("--apis", help="comma-separated fnmatch patterns of API names (paddle.sum, *pool*, F names "
                                   "match without the prefix)")
    ap.add_argument("--labels", help="comma-separated fnmatch patterns of case labels (float32/special/*)")
    ap.add_argument("--quick", action="store_true", help="the small subset `make test` runs")
    ap.add_argument("-j", "--jobs", type=int, default=1, help="workers per side")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--report", default=os.path.join(driver.ROOT, "build", "parity"), help="report folder")
    ap.add_argument("--timeout", type=float, default=10.0, help="seconds per case before a worker counts as hung")
    ap.add_argument("--ref-python", help="real Paddle's interpreter (default .venv-ref/bin/python)")
    ap.add_argument("--pp-python", help="purepaddle's interpreter (default .venv/bin/python)")
    ap.add_argument("--ref-module", default="paddle", help="module the reference side imports (purepaddle "
                                                            "compares purepaddle with itself)")
    ap.add_argument("--write-known", action="store_true", help="write the disagreements to parity/known.json")
    ap.add_argument("--check-known", action="store_true", help="exit 1 on disagreements known.json lacks")
    ap.add_argument("--show", metavar="KEY", help="print one case (API|label) and both sides' answers")
    ap.add_argument("--script", metavar="KEY", help="print one case (API|label) as a standalone Python script")
    ap.add_argument("--list", action="store_true", help="list the selected APIs and their case counts")
    ap.add_argument("--rejudge", action="store_true", help="judge the run saved in --report again (after a "
                                                            "change to compare.py or deliberate.py)")
    args = ap.parse_args(argv)

    if args.show:
        api, _, label = args.show.partition("|")
        args.apis, args.labels = api, label or None
    if args.script:
        from parity.script import script
        api, _, label = args.script.partition("|")
        for c in driver.generate(api, False, args.seed, label or None):
            print(script(c))
        return 0
    if args.list:
        cases = driver.generate(args.apis, args.quick, args.seed, args.labels)
        counts = {}
        for c in cases:
            counts[c["api"]] = counts.get(c["api"], 0) + 1
        for api, n in counts.items():
            print(f"{api}: {n}")
        print(f"{len(counts)} APIs, {len(cases)} cases")
        return 0
    if args.rejudge:
        cases, verdicts, totals, classes = driver.rejudge(args.report)
    else:
        cases, verdicts, totals, classes = driver.run(
            args.apis, args.quick, args.jobs, args.seed, None if args.show else args.report, args.timeout,
            args.labels, args.pp_python, args.ref_python, args.ref_module, progress=not args.show)
    if args.show:
        _show(cases, verdicts, args)
        return 0
    compared = totals["agree"] + totals["disagree"]
    print(f"{totals['cases']} cases: {totals['agree']} agree, {totals['disagree']} disagree, "
          f"{totals['no-kernel']} no-kernel, {totals['paddle-crash']} paddle crash/hang, {totals['skip']} skip, "
          f"{totals['excluded']} excluded ({100.0 * totals['agree'] / max(compared, 1):.1f}% agree)")
    print("classes: " + ", ".join(f"{k} {v}" for k, v in classes.most_common()))
    print(f"report: {os.path.join(args.report, 'report.md')}")
    found = set(driver.disagreements(cases, verdicts))
    if args.write_known:
        driver.write_known(found)
        print(f"wrote {len(found)} known disagreements to {driver.KNOWN}")
    if args.check_known:
        new = sorted(found - driver.read_known())
        if new:
            print(f"{len(new)} new disagreements (not in parity/known.json):")
            for c in cases:
                if driver.key(c) in new:
                    print(f"  {driver.key(c)}: {verdicts[c['id']]['why']}")
            return 1
        print("no new disagreements")
    return 0


def _show(cases, verdicts, args):
    from parity import runner
    for c in cases:
        print(json.dumps({k: v for k, v in c.items()}, indent=None)[:4000])
        print("verdict:", verdicts[c["id"]])
        for side in driver.sides(args.pp_python, args.ref_python, args.ref_module):
            w = runner.Worker(side, args.timeout)
            try:
                print(f"{side.name}:", json.dumps(w.call(c))[:4000])
            finally:
                w.close()


if __name__ == "__main__":
    sys.exit(main())
