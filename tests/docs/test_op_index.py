"""docs/op_index.md is what docs/make_op_index.py writes from the live op registry (`make op-index` rewrites it).

The freshness check runs the script in a child interpreter: the index must read what importing purepaddle
registers, not what earlier tests left in this process (the static builder registers an op on first use).
A few rows are then checked by hand on the committed page, so a generator that silently lost its way (an empty
index, a wrong file) fails here too.
"""
import importlib.util
import subprocess
import sys

import pytest

from tests.checkout import ROOT, child_env

SCRIPT = ROOT / "docs" / "make_op_index.py"


@pytest.fixture(scope="module")
def generator():
    spec = importlib.util.spec_from_file_location("make_op_index", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def committed(generator):
    return generator.parse((ROOT / "docs" / "op_index.md").read_text(encoding="utf-8"))


def test_committed_page_is_fresh():
    run = subprocess.run([sys.executable, str(SCRIPT), "--check"], env=child_env(), capture_output=True, text=True,
                         timeout=120)
    assert run.returncode == 0, run.stderr[-6000:]


@pytest.mark.parametrize("op_type, family, path, user", [
    ("softmax", "activation", "purepaddle/ops/activation/softmax.py", "paddle.nn.functional.softmax"),
    ("softmax", "activation", "purepaddle/ops/activation/softmax.py", "paddle.nn.Softmax"),
    ("cumsum", "math", "purepaddle/ops/math/cumulative.py", "paddle.cumsum"),
    ("adam", "optimizer", "purepaddle/ops/optimizer/adam.py", "paddle.optimizer.Adam"),
    ("conv2d", "conv", "purepaddle/ops/conv/conv.py", "paddle.nn.Conv2D"),
    ("while", "static control flow", "purepaddle/static/control_flow.py", "paddle.static.nn.while_loop"),
    ("all_reduce", "distributed collective ops", "purepaddle/distributed/collective_ops.py",
     "paddle.distributed.all_reduce"),
    ("fill_any", "creation", "purepaddle/ops/creation/fill.py", "paddle.Tensor.fill_"),
    ("truncated_gaussian_random", "random", "purepaddle/ops/random.py", "paddle.nn.initializer.TruncatedNormal"),
])
def test_rows(committed, op_type, family, path, user):
    got_family, got_path, users = committed[op_type]
    assert (got_family, got_path) == (family, path)
    assert user in users

