"""paddle.amp.debugging.compare_accuracy over two TensorChecker dumps; the workbook goes through a stand-in
xlsxwriter (the package is optional, as in Paddle)."""
import sys
import types

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.amp import accuracy_compare as AC


def _dump(path, dtype):
    cfg = paddle.amp.debugging.TensorCheckerConfig(enable=True, debug_mode=paddle.amp.debugging.DebugMode.CHECK_ALL,
                                                   output_dir=str(path))
    paddle.amp.debugging.enable_tensor_checker(cfg)
    try:
        with np.errstate(over="ignore"):  # 70000 overflows float16 on purpose
            x = paddle.to_tensor(np.array([0.5, 1.0, 70000.0], dtype=dtype))
        paddle.log(x)
        paddle.exp(x / 1000)
    finally:
        paddle.amp.debugging.disable_tensor_checker()


class _Book:
    def __init__(self, path):
        self.path, self.sheets, self.closed = path, {}, False

    def add_format(self, spec):
        return spec

    def add_worksheet(self, name):
        cells = self.sheets[name] = {}
        return types.SimpleNamespace(write=lambda r, c, v, fmt=None: cells.__setitem__((r, c), v))

    def close(self):
        self.closed = True


def test_compare_accuracy_pairs_the_runs(tmp_path, monkeypatch):
    _dump(tmp_path / "fp32", "float32")
    _dump(tmp_path / "fp16", "float16")
    books = []
    monkeypatch.setitem(sys.modules, "xlsxwriter", types.SimpleNamespace(
        Workbook=lambda path: books.append(_Book(path)) or books[-1]))
    paddle.amp.debugging.compare_accuracy(str(tmp_path / "fp32"), str(tmp_path / "fp16"), str(tmp_path / "c.xlsx"))
    (book,) = books
    assert book.closed and len(book.sheets) == 1
    (cells,) = book.sheets.values()
    ops = [cells[(r, 0)] for r in range(1, 1 + sum(1 for (r, c) in cells if c == 0 and r > 0))]
    assert "log" in ops and "exp" in ops
    rows = {cells[(r, 0)]: r for r in range(1, len(ops) + 1)}
    assert cells[(rows["log"], 4)] == "fp32" and cells[(rows["log"], 11)] == "fp16"
    assert cells[(rows["log"], 3)] == "abnormal"  # 70000 is not finite in float16 -> its log input overflowed


def test_compare_accuracy_needs_xlsxwriter(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "xlsxwriter", None)
    with pytest.raises(ImportError, match="xlsxwriter"):
        paddle.amp.debugging.compare_accuracy(str(tmp_path), str(tmp_path), str(tmp_path / "c.xlsx"))


def test_record_parsing():
    rec = AC.TensorRecord("[PRECISION] in [device=cpu, op=log, tensor=x.GRAD, dtype=fp32], numel=3, num_zero=1, "
                          "max=2.000000e+00, min=-1.000000e+00, mean=5.000000e-01")
    assert (rec.op_type, rec.tensor_name, rec.numel, rec.max_value, rec.num_zero) == ("log", "x.GRAD", 3, 2.0, 1)
    pair = AC.TensorPair(rec, None, 0, grad_scale=4.0)
    assert pair.scaled_max == 8.0 and pair.is_normal
