"""Where the tests find things: the repository root, the files written by real Paddle (tests/fixtures), and real
Paddle's own interpreter (.venv-ref, present only where `make ref-venv` has run)."""
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FIXTURES = ROOT / "tests" / "fixtures"
REF_PY = ROOT / ".venv-ref" / "bin" / "python"
