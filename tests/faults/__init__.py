"""Fault suites (issue 13): kill, interrupt and starve the process while it works, then check what it left.

Each suite is a test module here. `make test` runs them in their quick form; `make faults` runs this package
in its long form (PUREPADDLE_FAULTS=long) and collects each suite's figures in build/faults/report.jsonl
(docs/reliability.md quotes them). A suite sizes itself with `mode.trials(quick, long)` and reports with
`mode.report(...)`."""
