"""examples/demo.py (make demo) in a reduced run: one epoch, the save/load check, the printed lines."""
import importlib.util
import re

from tests.checkout import ROOT

DEMO = ROOT / "examples" / "demo.py"


def load_demo():
    spec = importlib.util.spec_from_file_location("purepaddle_demo", DEMO)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_demo_one_epoch(capsys):
    demo = load_demo()
    assert demo.main(["--epochs", "1", "--min-accuracy", "0.5", "--verbose", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0].startswith("purepaddle 3.3.1: LeNet on handwritten digits") and "1500 for training" in out[0]
    assert "Epoch 1/1" in out
    assert any(re.fullmatch(r"step 24/24 - loss: \d\.\d{4} - acc: \d\.\d{4} - \d+ms/step", ln) for ln in out)
    acc = re.search(r"trained 1 epochs in [\d.]+ s: test accuracy (\d\.\d{4}) \((\d+)/297 digits right\)",
                    "\n".join(out))
    assert acc and float(acc.group(1)) >= 0.5
    assert any(re.fullmatch(r"saved lenet.pdparams \(\d+ KB\) and lenet.pdopt with paddle.save", ln) for ln in out)
    assert f"reloaded into a fresh LeNet: test accuracy {acc.group(1)}, predictions identical: True" in out
