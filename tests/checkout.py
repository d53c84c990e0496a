"""This checkout as the tests reach it: the repository root, the files written by real Paddle (tests/fixtures),
real Paddle's own interpreter (.venv-ref, present only where `make ref-venv` has run), and the environment a
child interpreter needs to import this checkout's purepaddle (tests that run `python -m purepaddle`)."""
import os
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
REF_PY = ROOT / ".venv-ref" / "bin" / "python"


def child_env(**extra):
    """os.environ plus `extra`, with this checkout first on PYTHONPATH (so `import purepaddle` finds it)."""
    env = dict(os.environ, **extra)
    env["PYTHONPATH"] = str(ROOT) + os.pathsep + env.get("PYTHONPATH", "")
    return env
