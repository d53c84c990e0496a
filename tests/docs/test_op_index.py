"""docs/op_index.md is what docs/make_op_index.py writes from the live op registry (`make op-index` rewrites it).

The page is generated once per run (a few seconds: the script reads every public function's source once) and
compared with the committed page; a few rows are checked by hand so a generator that silently lost its way
(an empty index, a wrong file) fails here too.
"""
import difflib
import importlib.util
import pathlib

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
SCRIPT = ROOT / "docs" / "make_op_index.py"


@pytest.fixture(scope="module")
def generator():
    spec = importlib.util.spec_from_file_location("make_op_index", SCRIPT)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


@pytest.fixture(scope="module")
def index(generator):
    return generator.collect()


def test_committed_page_is_fresh(generator, index):
    committed = (ROOT / "docs" / "op_index.md").read_text(encoding="utf-8")
    fresh = generator.render(index)
    diff = list(difflib.unified_diff(committed.splitlines(), fresh.splitlines(), "committed", "generated", lineterm=""))
    assert not diff, "docs/op_index.md is stale: run `make op-index`\n" + "\n".join(diff[:40])


@pytest.mark.parametrize("op_type, family, path, user", [
    ("softmax", "activation", "purepaddle/ops/activation/softmax.py", "paddle.nn.functional.softmax"),
    ("cumsum", "math", "purepaddle/ops/math/cumulative.py", "paddle.cumsum"),
    ("adam", "optimizer", "purepaddle/ops/optimizer/adam.py", "paddle.optimizer.Adam"),
    ("conv2d", "conv", "purepaddle/ops/conv/conv.py", "paddle.nn.Conv2D"),
    ("while", "static control flow", "purepaddle/static/control_flow.py", "paddle.static.nn.while_loop"),
    ("all_reduce", "distributed collective ops", "purepaddle/distributed/collective_ops.py",
     "paddle.distributed.all_reduce"),
    ("fill_any", "creation", "purepaddle/ops/creation/fill.py", "paddle.Tensor.fill_"),
])
def test_rows(index, op_type, family, path, user):
    got_family, _, got_path, users = index[op_type]
    assert (got_family, got_path) == (family, path)
    assert user in users


def test_every_registered_op_is_listed(index):
    from purepaddle._core.op import OPS
    assert set(index) == {t for t, cls in OPS.items() if cls.__module__.startswith("purepaddle.")}
