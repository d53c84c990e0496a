"""The run's report: build/parity/report.json (every case's verdict) and report.md (per API: cases, agree,
disagree with the first few summaries, crashes on each side, no-kernel, excluded, skipped)."""
import collections
import json
import os

STATUSES = ("agree", "disagree", "no-kernel", "paddle-crash", "skip", "excluded")


def summarize(cases, verdicts):
    """Per-API counts and first disagreements, plus totals and disagreement classes."""
    per = collections.OrderedDict()
    classes = collections.Counter()
    class_apis = collections.defaultdict(set)
    for case in cases:
        v = verdicts[case["id"]]
        row = per.setdefault(case["api"], {"cases": 0, **{s: 0 for s in STATUSES}, "pp_crash": 0,
                                           "examples": [], "notes": collections.Counter()})
        row["cases"] += 1
        row[v["status"]] += 1
        if v["status"] == "disagree":
            classes[v["what"]] += 1
            class_apis[v["what"]].add(case["api"])
            if v["what"] in ("crash", "hang"):
                row["pp_crash"] += 1
            if len(row["examples"]) < 3:
                row["examples"].append({"label": case["label"], "what": v["what"], "why": v["why"],
                                        "id": case["id"]})
        if v.get("note"):
            row["notes"][v["note"]] += 1
    totals = collections.Counter()
    for row in per.values():
        for s in STATUSES:
            totals[s] += row[s]
        totals["cases"] += row["cases"]
    return per, totals, classes, class_apis


def write(report_dir, cases, verdicts, results, meta, skipped):
    """Write report.json and report.md; return (totals, classes)."""
    os.makedirs(report_dir, exist_ok=True)
    per, totals, classes, class_apis = summarize(cases, verdicts)
    apis_disagree = sorted(a for a, r in per.items() if r["disagree"])
    doc = {"meta": meta, "totals": dict(totals), "classes": dict(classes),
           "class_apis": {k: sorted(v) for k, v in class_apis.items()}, "skipped": skipped,
           "apis": {a: {**{k: v for k, v in r.items() if k != "notes"}, "notes": dict(r["notes"])}
                    for a, r in per.items()},
           "cases": [{"id": c["id"], "api": c["api"], "label": c["label"], **verdicts[c["id"]]} for c in cases]}
    with open(os.path.join(report_dir, "report.json"), "w") as f:
        json.dump(doc, f, indent=1)
    with open(os.path.join(report_dir, "cases.jsonl"), "w") as f:
        for c in cases:
            f.write(json.dumps(c) + "\n")
    lines = ["# Differential parity: purepaddle vs real Paddle", "",
             f"seed {meta['seed']}, {'quick' if meta['quick'] else 'full'} run, {len(per)} APIs, "
             f"{totals['cases']} cases, {meta['seconds']:.0f} s", "",
             "| status | cases |", "|---|---|"]
    lines += [f"| {s} | {totals[s]} |" for s in STATUSES]
    compared = totals["agree"] + totals["disagree"]
    if compared:
        lines += ["", f"agreement: {100.0 * totals['agree'] / compared:.1f}% of {compared} compared cases; "
                      f"{len(apis_disagree)} of {len(per)} APIs disagree somewhere"]
    lines += ["", "## Disagreement classes", "", "| class | cases | APIs |", "|---|---|---|"]
    for cls, n in classes.most_common():
        apis = sorted(class_apis[cls])
        lines.append(f"| {cls} | {n} | {len(apis)}: {', '.join(apis[:12])}{' ...' if len(apis) > 12 else ''} |")
    lines += ["", "## Per API", "",
              "| API | cases | agree | disagree | no-kernel | paddle crash/hang | purepaddle crash/hang | "
              "skip | excluded |", "|---|---|---|---|---|---|---|---|---|"]
    for api, r in per.items():
        lines.append(f"| {api} | {r['cases']} | {r['agree']} | {r['disagree']} | {r['no-kernel']} | "
                     f"{r['paddle-crash']} | {r['pp_crash']} | {r['skip']} | {r['excluded']} |")
    lines += ["", "## First disagreements per API", "",
              f"Reproduce one case: `python -m parity --seed {meta['seed']} --show 'API|LABEL'` (the spec and both "
              f"sides' raw answers) or `--script 'API|LABEL' > case.py` (a standalone script: run it with "
              "`.venv-ref/bin/python case.py` and `.venv/bin/python -m purepaddle case.py`).", ""]
    for api in apis_disagree:
        lines.append(f"### {api}")
        for e in per[api]["examples"]:
            lines.append(f"- `{api}|{e['label']}` [{e['what']}] {e['why']}")
        for note, n in per[api]["notes"].most_common(2):
            lines.append(f"- note ({n}x): {note}")
        lines.append("")
    lines += ["## Not generated", ""] + [f"- {k}: {v}" for k, v in skipped.items()]
    with open(os.path.join(report_dir, "report.md"), "w") as f:
        f.write("\n".join(lines) + "\n")
    return totals, classes
