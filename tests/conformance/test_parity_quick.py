"""The quick differential parity run (parity/, `python -m parity --quick`) against real Paddle: no disagreement
beyond the committed known list (parity/known.json), so fixes shrink the list and a regression fails here."""
import subprocess
import sys

from tests.checkout import ROOT, child_env


def test_no_new_disagreements_with_real_paddle(ref_python, tmp_path):
    proc = subprocess.run([sys.executable, "-m", "parity", "--quick", "-j", "2", "--check-known",
                           "--ref-python", str(ref_python), "--report", str(tmp_path)],
                          cwd=ROOT, env=child_env(), capture_output=True, text=True, timeout=300)
    assert proc.returncode == 0, proc.stdout[-6000:] + proc.stderr[-2000:]
    assert "no new disagreements" in proc.stdout
