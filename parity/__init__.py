"""Differential parity harness: purepaddle against real Paddle 3.3.1, case by case (issue 12).

- table.py: the case table (one Api row per function, method, operator or indexing form)
- cases.py, inputs.py: seeded expansion of a row into JSON case specs (dtypes x input kinds x samples)
- worker.py: one side's worker process (runs specs, answers JSON lines); payload.py: arrays as JSON
- runner.py: worker processes per side, restarted after a crash or hang
- compare.py: NaN-aware comparison and the verdict of a case; deliberate.py: documented differences
- report.py: build/parity/report.json and report.md; run.py: the driver; __main__.py: the CLI
- script.py: one case as a standalone Python script (--script), to reproduce it outside the harness
"""
