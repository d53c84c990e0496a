"""paddle.callbacks.VisualDL (through a stand-in `visualdl` module) and purepaddle's TensorBoard event files."""
import os
import struct
import sys
import types

import pytest

from purepaddle.hapi.event_file import EventFileWriter, crc32c, read_scalars
from tests.hapi.test_model import DS, make_model

import purepaddle as paddle


def test_crc32c_check_value():
    assert crc32c(b"123456789") == 0xE3069283  # the standard CRC-32C check value


def test_event_file_framing(tmp_path):
    w = EventFileWriter(str(tmp_path))
    for step in range(3):
        w.add_scalar("train/loss", 1.0 / (step + 1), step)
    w.close()
    assert os.path.basename(w.path).startswith("events.out.tfevents.")
    got = read_scalars(w.path)
    assert [(t, s) for t, s, _ in got] == [("train/loss", 0), ("train/loss", 1), ("train/loss", 2)]
    assert got[1][2] == pytest.approx(0.5)
    data = bytearray(open(w.path, "rb").read())
    (n,) = struct.unpack("<Q", data[:8])
    data[12] ^= 1  # damage the first record: the reader notices
    open(w.path, "wb").write(bytes(data))
    with pytest.raises(ValueError, match="corrupt"):
        read_scalars(w.path)
    assert n > 0


def test_tensorboard_callback_logs_train_and_eval(tmp_path):
    model = make_model()
    cb = paddle.callbacks.TensorBoard(log_dir=str(tmp_path))
    model.fit(DS(20), DS(10), batch_size=10, epochs=2, verbose=0, callbacks=[cb])
    (name,) = os.listdir(tmp_path)
    got = read_scalars(str(tmp_path / name))
    train = [(s, v) for t, s, v in got if t == "train/loss"]
    assert [s for s, _ in train] == [1, 2, 3, 4]
    assert {t for t, _, _ in got} >= {"train/loss", "eval/loss"}  # plus the metric names (acc_top1 ...)
    assert [s for t, s, _ in got if t == "eval/loss"] == [0, 1]


def test_visualdl_writes_through_visualdl(tmp_path, monkeypatch):
    calls = []

    class LogWriter:
        def __init__(self, logdir):
            calls.append(("open", logdir))

        def add_scalar(self, tag, step, value):
            calls.append((tag, step, float(value)))

        def close(self):
            calls.append(("close",))

    monkeypatch.setitem(sys.modules, "visualdl", types.SimpleNamespace(LogWriter=LogWriter))
    model = make_model()
    model.fit(DS(20), batch_size=10, epochs=1, verbose=0, callbacks=[paddle.callbacks.VisualDL(str(tmp_path))])
    assert calls[0] == ("open", str(tmp_path)) and calls[-1] == ("close",)
    assert [c[1] for c in calls if c[0] == "train/loss"] == [1, 2]


def test_visualdl_without_package_says_what_to_install(tmp_path, monkeypatch):
    monkeypatch.setitem(sys.modules, "visualdl", None)
    model = make_model()
    with pytest.raises(ImportError, match="pip install visualdl"):
        model.fit(DS(20), batch_size=10, epochs=1, verbose=0, callbacks=[paddle.callbacks.VisualDL(str(tmp_path))])
