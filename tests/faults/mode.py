"""Quick or long form of the fault suites, and where their figures go."""
import json
import os
import pathlib

LONG = os.environ.get("PUREPADDLE_FAULTS", "").strip().lower() == "long"
REPORT = pathlib.Path(__file__).resolve().parents[2] / "build" / "faults" / "report.jsonl"


def trials(quick, long):
    """How many trials a suite runs: `quick` under `make test`, `long` under `make faults`."""
    return long if LONG else quick


def report(suite, **figures):
    """Print a suite's figures; in the long form also append them to build/faults/report.jsonl."""
    line = {"suite": suite, **figures}
    print(json.dumps(line))
    if LONG:
        REPORT.parent.mkdir(parents=True, exist_ok=True)
        with open(REPORT, "a") as f:
            f.write(json.dumps(line) + "\n")
