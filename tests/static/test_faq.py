"""The FAQ's static-gradient script (seed 000: fc name='fc', mean, Print, SGD, fetch by '@GRAD' names,
scope.find_var) runs unchanged under `python -m purepaddle` and prints what real Paddle prints.

Fixtures: tests/fixtures/static/ (tests/fixtures/make_static_fixtures.py, run with real Paddle).
"""
import json
import re
import subprocess
import sys

import pytest

import purepaddle as paddle
from tests.checkout import FIXTURES, child_env

FIX = FIXTURES / "static"
sys.path.insert(0, str(FIX))
import cases  # noqa: E402
from cases import SEEDED  # noqa: E402  (the same preamble the fixture ran with)

EXPECTED = json.loads((FIX / "expected.json").read_text())


def run_purepaddle(args):
    env = child_env(PYTHONUNBUFFERED="1")
    r = subprocess.run([sys.executable, "-u", "-m", "purepaddle"] + args, cwd=FIX, env=env, capture_output=True,
                       text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    return r.stdout


def records(text):
    """{'RUN k': [one printed tensor per entry]} (a record ends with its '  - data:' line)."""
    runs, cur, buf = {}, None, []
    for line in text.splitlines():
        if line.startswith("RUN "):
            cur = line
            runs[cur] = []
            continue
        buf.append(line)
        if line.startswith("  - data:"):
            runs[cur].append("\n".join(buf))
            buf = []
    return runs


def test_faq_script_prints_what_paddle_prints():
    # fixed data and weights (the preamble) make every printed number reproducible
    got = run_purepaddle(["-c", SEEDED.format(path="faq_grad.py")])
    assert got == (FIX / "faq_grad.stdout").read_text()


def test_faq_script_unchanged():
    out = run_purepaddle(["faq_grad.py"])
    lines = out.splitlines()
    assert lines[0] == "Variable: mean_0.tmp_0" and lines[7] == "Variable: print_0.tmp_0@GRAD"
    assert lines[13] == "  - data: [1.000000]"  # d(loss)/d(loss), printed by the Print op's grad op
    loss, loss_g, bias_g = re.fullmatch(r"(\S+) (\S+) \[(\S+)\]", lines[14]).groups()
    assert float(lines[6][len("  - data: ["):-1]) == pytest.approx(float(loss), abs=1e-6)
    assert (loss_g, bias_g) == ("1.0", "1.")
    assert lines[15:] == ["  - shape: [1]", "  - layout: NCHW", "  - place: Place(cpu)", "  - dtype: float32",
                          "  - data: [-0.01]"]  # fc.b_0 after one SGD(0.01) step with gradient 1


def test_faq_program_structure():
    got = json.loads(json.dumps(cases.faq_structure(paddle)))
    exp = EXPECTED["faq_structure"]
    for key in ("forward_ops", "print_attrs", "grad_print", "startup_ops", "params", "loss"):
        assert got[key] == exp[key], key
    assert got["forward_ops"] == ["mul", "elementwise_add", "reduce_mean", "print"]
    # every forward and gradient variable Paddle declares, in its order (learning_rate_N counts globally)
    strip = [n for n in got["vars"] if not n.startswith("learning_rate_")]
    assert [n for n in strip if "@GRAD" in n or "." not in n or n.startswith(("fc.", "mean", "print"))] == \
        [n for n in exp["vars"] if not n.startswith("learning_rate_")]


def test_print_formats_match_paddle():
    got = records(run_purepaddle(["print_formats.py"]))
    exp = records((FIX / "print_formats.stdout").read_text())
    assert list(got) == list(exp) == ["RUN 0", "RUN 1", "RUN 2"]
    assert got["RUN 0"] == exp["RUN 0"]  # program order, as Paddle's first run
    for run in exp:  # later runs: Paddle's executor reorders independent ops; the same tensors print
        assert sorted(got[run]) == sorted(exp[run])
    assert len(exp["RUN 2"]) == len(exp["RUN 1"]) - 1  # first_n=2 stopped one print


def test_print_in_process(capsys):
    paddle.enable_static()
    main = paddle.static.Program()
    with paddle.static.program_guard(main, paddle.static.Program()):
        x = paddle.static.data("x", [2], "int64")
        out = paddle.static.Print(x, message="m", summarize=1, print_tensor_lod=False, print_tensor_layout=False)
    assert out.name == "print_0.tmp_0" and main.global_block().ops[-1].type == "print"
    (got,) = paddle.static.Executor().run(main, feed={"x": [7, 8]}, fetch_list=[out])
    assert got.tolist() == [7, 8]
    assert capsys.readouterr().out == ("Variable: x\n  - message: m\n  - place: Place(cpu)\n  - shape: [2]\n"
                                       "  - dtype: int64\n  - data: [7.000000]\n")


def test_print_errors():
    with pytest.raises(AssertionError, match="'Print\\(\\)' is only supported in static graph mode"):
        paddle.static.Print(paddle.ones([2]))
    paddle.enable_static()
    with paddle.static.program_guard(paddle.static.Program(), paddle.static.Program()):
        x = paddle.static.data("x", [2])
        with pytest.raises(ValueError, match="print_phase"):
            paddle.static.Print(x, print_phase="sideways")
        with pytest.raises(TypeError, match="paddle.static.Print"):
            paddle.static.Print([1.0])
