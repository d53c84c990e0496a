"""Multi-file saves land as a set (purepaddle/_core/storage.py): a failing member leaves the old set and raises;
temporaries of writers that are gone are removed by the next save or load in the directory; a committed
journal is completed by the next reader. The kill loops are in tests/faults/test_kill_during_save.py."""
import json
import os
import subprocess
import sys
import textwrap
import time

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core import storage
from tests.checkout import ROOT


def _temps(d):
    return [f for f in os.listdir(d) if storage.is_temporary(f)]


def test_a_set_lands_together(tmp_path):
    a, b = tmp_path / "m.pdparams", tmp_path / "m.pdopt"
    with storage.file_set():
        storage.write_atomic(a, lambda f: f.write(b"new-a"))
        assert not a.exists()  # staged only, until the set commits
        storage.write_atomic(b, lambda f: f.write(b"new-b"))
    assert a.read_bytes() == b"new-a" and b.read_bytes() == b"new-b" and _temps(tmp_path) == []


def test_an_error_inside_the_set_keeps_the_old_set(tmp_path):
    a, b = tmp_path / "m.pdparams", tmp_path / "m.pdopt"
    a.write_bytes(b"old-a")
    b.write_bytes(b"old-b")

    def fail(f):
        f.write(b"partial")
        raise OSError(28, "No space left on device")
    with pytest.raises(OSError, match="No space"):
        with storage.file_set():
            storage.write_atomic(a, lambda f: f.write(b"new-a"))
            storage.write_atomic(b, fail)
    assert a.read_bytes() == b"old-a" and b.read_bytes() == b"old-b" and _temps(tmp_path) == []


_DISK_FULL = textwrap.dedent("""
    import os, resource, signal, sys
    import numpy as np
    import purepaddle as paddle
    d = sys.argv[1]
    model = paddle.Model(paddle.nn.Linear(512, 256))
    model.prepare(paddle.optimizer.Adam(parameters=model.parameters()), paddle.nn.MSELoss())
    model.train_batch([np.ones((1, 512), "float32")], [np.zeros((1, 256), "float32")])
    model.save(os.path.join(d, "m"))
    old = {f: open(os.path.join(d, f), "rb").read() for f in os.listdir(d)}
    for p in model.parameters():
        p.set_value(np.full(p.shape, 7, "float32"))
    # files larger than 600 kB fail: .pdparams (~520 kB) is written, .pdopt (~1 MB) is not
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    resource.setrlimit(resource.RLIMIT_FSIZE, (600_000, resource.RLIM_INFINITY))
    try:
        model.save(os.path.join(d, "m"))
    except OSError as e:
        print("raised", e.errno)
    else:
        print("no error")
    now = {f: open(os.path.join(d, f), "rb").read() for f in os.listdir(d)}
    print("unchanged" if now == old else "changed: " + repr(sorted(now)))
""")


def test_disk_full_on_the_second_file_leaves_the_old_set_and_raises(tmp_path):
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    out = subprocess.run([sys.executable, "-c", _DISK_FULL, str(tmp_path)], capture_output=True, text=True,
                         env=env, timeout=120)
    assert out.returncode == 0, out.stderr
    assert out.stdout.split("\n")[:2] == ["raised 27", "unchanged"], out.stdout + out.stderr


def test_temporaries_of_a_dead_writer_are_removed(tmp_path):
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    pid = int(dead.stdout)
    stale = tmp_path / f".m.pdparams.~pp{storage._HOST}-{pid}.0.deadbeef.tmp"
    stale.write_bytes(b"x" * 1000)
    mine = tmp_path / f".m.pdopt.~pp{storage._HOST}-{os.getpid()}.{storage._START}.cafe0000.tmp"
    other_host = tmp_path / f".m.pdopt.~pp{'0' * 8 if storage._HOST != '0' * 8 else '1' * 8}-{pid}.0.cafe0001.tmp"
    other_host.write_bytes(b"a writer on another host sharing this directory")
    mine.write_bytes(b"in progress")  # a live writer's (this process's) temporary stays
    paddle.save({"w": paddle.ones([2])}, str(tmp_path / "other.pdparams"))
    assert not stale.exists() and mine.exists() and other_host.exists()
    os.utime(other_host, (time.time() - 2 * 86400,) * 2)  # two days old: abandoned
    mine.unlink()
    stale.write_bytes(b"x")
    paddle.load(str(tmp_path / "other.pdparams"))  # a load cleans up too
    assert not stale.exists() and not other_host.exists()


def test_a_committed_journal_is_completed_by_the_next_reader(tmp_path):
    paddle.save({"w": paddle.full([3], 1.0)}, str(tmp_path / "m.pdparams"))
    paddle.save({"m": paddle.full([3], 1.0)}, str(tmp_path / "m.pdopt"))
    dead = int(subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                              text=True).stdout)
    tag = f"~pp{storage._HOST}-{dead}.0"
    new_p = f".m.pdparams.{tag}.00000001.tmp"
    new_o = f".m.pdopt.{tag}.00000002.tmp"
    paddle.save({"w": paddle.full([3], 2.0)}, str(tmp_path / "staging.pdparams"))
    paddle.save({"m": paddle.full([3], 2.0)}, str(tmp_path / "staging.pdopt"))
    os.replace(tmp_path / "staging.pdparams", tmp_path / new_p)
    os.replace(tmp_path / "staging.pdopt", tmp_path / new_o)
    # the writer died after its journal landed and after renaming the first member only
    (tmp_path / f".model.{tag}.0000000f.fileset").write_text(
        json.dumps({"files": [[new_p, "m.pdparams"], [new_o, "m.pdopt"]]}))
    os.replace(tmp_path / new_p, tmp_path / "m.pdparams")
    assert paddle.load(str(tmp_path / "m.pdparams"))["w"].numpy().tolist() == [2.0] * 3
    assert paddle.load(str(tmp_path / "m.pdopt"))["m"].numpy().tolist() == [2.0] * 3
    assert _temps(tmp_path) == []


def test_a_planted_journal_cannot_rename_other_files(tmp_path):
    (tmp_path / "secret").write_text("s")
    (tmp_path / f".x.~pp{storage._HOST}-1.0.00000001.fileset").write_text(json.dumps({"files": [["secret", "../moved"]]}))
    with pytest.raises(RuntimeError, match="journal"):
        paddle.load(str(tmp_path / "secret"))
    assert (tmp_path / "secret").exists()


def test_single_file_saves_keep_mode_and_leave_nothing(tmp_path):
    p = tmp_path / "w.pdparams"
    paddle.save({"w": paddle.ones([2])}, str(p))
    os.chmod(p, 0o640)
    paddle.save({"w": paddle.zeros([2])}, str(p))
    assert (os.stat(p).st_mode & 0o777) == 0o640 and _temps(tmp_path) == []
    np.testing.assert_array_equal(paddle.load(str(p))["w"].numpy(), [0, 0])


def test_keyboard_interrupt_inside_a_set_removes_its_temporaries(tmp_path):
    (tmp_path / "m.pdparams").write_bytes(b"old")

    def interrupted(f):
        f.write(b"half")
        raise KeyboardInterrupt
    with pytest.raises(KeyboardInterrupt):
        with storage.file_set():
            storage.write_atomic(tmp_path / "m.pdmodel", lambda f: f.write(b"new"))
            storage.write_atomic(tmp_path / "m.pdparams", interrupted)
    assert sorted(os.listdir(tmp_path)) == ["m.pdparams"] and (tmp_path / "m.pdparams").read_bytes() == b"old"


def test_a_set_lists_each_directory_once(tmp_path, monkeypatch):
    calls = []
    real = storage._sweep
    monkeypatch.setattr(storage, "_sweep", lambda d: (calls.append(d), real(d)))
    with storage.file_set():
        for i in range(50):
            storage.write_atomic(tmp_path / f"v{i}", lambda f: f.write(b"x"))
    assert len(os.listdir(tmp_path)) == 50 and len(calls) == 1


def test_a_failure_after_the_commit_point_is_completed_by_the_next_reader(tmp_path, monkeypatch):
    paddle.save({"w": paddle.full([2], 1.0)}, str(tmp_path / "m.pdparams"))
    real = storage._roll_forward
    monkeypatch.setattr(storage, "_roll_forward", lambda journal, pairs: (_ for _ in ()).throw(OSError(5, "EIO")))
    with pytest.raises(OSError):
        with storage.file_set():
            paddle.save({"w": paddle.full([2], 2.0)}, str(tmp_path / "m.pdparams"))
            paddle.save({"m": paddle.full([2], 2.0)}, str(tmp_path / "m.pdopt"))
    monkeypatch.setattr(storage, "_roll_forward", real)
    assert [f for f in os.listdir(tmp_path) if f.endswith(".fileset")] and len(_temps(tmp_path)) == 3
    assert paddle.load(str(tmp_path / "m.pdparams"))["w"].numpy().tolist() == [2.0, 2.0]
    assert paddle.load(str(tmp_path / "m.pdopt"))["m"].numpy().tolist() == [2.0, 2.0]
    assert _temps(tmp_path) == []
