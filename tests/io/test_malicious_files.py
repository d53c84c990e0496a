"""Every loader of a file refuses hostile content: nothing runs, nothing huge is allocated, and the error names
the file (issue 13, "Security"). Each payload goes to every loader: paddle.load, jit.load (.pdiparams.info),
static.load, static.load_program_state, static.load_inference_model, hapi Model.load, inference predictors."""
import io
import os
import pickle
import shutil
import struct
import time
import tracemalloc

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core import pickle_safe
from purepaddle.static.tensor_record import tensor_record
from tests.model_format import legacy_model_files


# -- payloads: each would create MARKER when run --------------------------------------------------------------
def _reduce(fn, args):
    class P:
        def __reduce__(self):
            return fn, args
    return P()


def payloads(marker):
    """name -> pickle bytes; every one creates `marker` if anything in it runs."""
    m = str(marker)
    out = {
        "os.system": pickle.dumps(_reduce(os.system, (f"touch {m}",)), protocol=2),
        "eval": pickle.dumps(_reduce(eval, (f"open({m!r}, 'w')",)), protocol=4),
        "exec": pickle.dumps(_reduce(exec, (f"open({m!r}, 'w')",)), protocol=4),
        # builtins getattr chain, protocol 0 text: getattr(__import__('os'), 'system')('touch m')
        "getattr chain": (b"cbuiltins\ngetattr\n(cbuiltins\n__import__\n(Vos\ntRVsystem\ntR(V"
                          + f"touch {m}".encode() + b"\ntR."),
        "nested in a dict": pickle.dumps({"w": np.ones(2, "float32"),
                                          "opt": {"deep": [_reduce(os.system, (f"touch {m}",))]}}, protocol=4),
        # allowlisted callables with hostile arguments
        "eval in the DenseTensor form": pickle.dumps(_reduce(eval, ("data", {"data": np.ones(2), "x": 1})), 4),
        "eval of code with the data key": pickle.dumps(_reduce(eval, (f"open({m!r}, 'w')", {"data": np.ones(1)})), 4),
        "_codecs.encode zlib": pickle.dumps(_reduce(__import__("_codecs").encode, (b"x", "zlib")), 4),
        "Tensor rebuild of a non-array": pickle.dumps(_reduce(paddle.Tensor.__reduce__(paddle.ones([1]))[0],
                                                               ([1, 2], True, "t")), 4),
        "an object array": pickle.dumps({"w": np.array([1, "a"], dtype=object)}, 4),
        "INST opcode": b"(S'" + f"touch {m}".encode() + b"'\nios\nsystem\n.",
    }
    return out


# -- a small model in every format -----------------------------------------------------------------------------
@pytest.fixture(scope="module")
def models(tmp_path_factory):
    with legacy_model_files():  # the legacy files: .pdmodel and the pickled .pdiparams.info
        return _models(tmp_path_factory)


def _models(tmp_path_factory):
    d = tmp_path_factory.mktemp("models")
    net = paddle.nn.Linear(4, 3)
    paddle.jit.save(net, str(d / "jit" / "m"), input_spec=[paddle.static.InputSpec([None, 4], "float32", "x")])
    model = paddle.Model(paddle.nn.Linear(4, 3))
    model.prepare(paddle.optimizer.Adam(parameters=model.parameters()), paddle.nn.MSELoss())
    model.train_batch([np.ones((2, 4), "float32")], [np.zeros((2, 3), "float32")])  # so .pdopt has moments
    model.save(str(d / "hapi" / "m"))
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 4], "float32")
            y = paddle.static.nn.fc(x, 3)
            paddle.optimizer.Adam(0.01).minimize(paddle.mean(y))  # .pdopt holds its moments
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        paddle.static.save(main, str(d / "static" / "m"))
        paddle.static.save_inference_model(str(d / "inf" / "m"), [x], [y], exe, program=main)
    finally:
        paddle.disable_static()
    return d, main


def _copy(models, kind, tmp_path):
    src, _ = models
    dst = tmp_path / kind
    shutil.copytree(src / kind, dst)
    return dst


def _static(fn):
    paddle.enable_static()
    try:
        return fn()
    finally:
        paddle.disable_static()


def loaders(models, tmp_path):
    """(loader name, file to overwrite, call that loads it) for every loader of a pickled file."""
    _, main = models
    exe = paddle.static.Executor(paddle.CPUPlace())
    st, hp, jt = (_copy(models, k, tmp_path) for k in ("static", "hapi", "jit"))
    model = paddle.Model(paddle.nn.Linear(4, 3))
    return [
        ("paddle.load", st / "m.pdparams", lambda: paddle.load(str(st / "m.pdparams"))),
        ("paddle.load of a jit prefix", jt / "m.pdiparams.info", lambda: paddle.load(str(jt / "m"))),
        ("jit.load", jt / "m.pdiparams.info", lambda: paddle.jit.load(str(jt / "m"))),
        ("static.load", st / "m.pdparams", lambda: _static(lambda: paddle.static.load(main, str(st / "m"), exe))),
        ("static.load (.pdopt)", st / "m.pdopt", lambda: _static(lambda: paddle.static.load(main, str(st / "m"), exe))),
        ("static.load_program_state", st / "m.pdparams", lambda: paddle.static.load_program_state(str(st / "m"))),
        ("Model.load", hp / "m.pdparams", lambda: model.load(str(hp / "m"))),
        ("Model.load (.pdopt)", hp / "m.pdopt", lambda: model.load(str(hp / "m"))),
    ]


def test_no_payload_runs_in_any_pickle_loader(models, tmp_path, monkeypatch):
    monkeypatch.delenv(pickle_safe.ENV_TRUSTED, raising=False)
    marker = tmp_path / "PWNED"
    count = 0
    for loader, target, call in loaders(models, tmp_path):
        original = target.read_bytes()
        for name, data in payloads(marker).items():
            target.write_bytes(data)
            with pytest.raises(Exception) as err:
                call()
            assert not marker.exists(), f"{loader} ran the payload '{name}'"
            assert os.path.basename(str(target)) in str(err.value), (loader, name, err.value)
            count += 1
        target.write_bytes(original)
    assert count == 8 * len(payloads(marker))


def test_no_payload_runs_in_model_file_loaders(models, tmp_path):
    """The .pdmodel / .pdiparams readers parse protobuf and tensor records (nothing there can run code): a
    pickle in their place is refused with an error naming the file."""
    marker = tmp_path / "PWNED"
    inf = _copy(models, "inf", tmp_path)
    exe = paddle.static.Executor(paddle.CPUPlace())

    def predictor():
        cfg = paddle.inference.Config(str(inf / "m.pdmodel"), str(inf / "m.pdiparams"))
        return paddle.inference.create_predictor(cfg)

    calls = [("load_inference_model", lambda: _static(lambda: paddle.static.load_inference_model(str(inf / "m"), exe))),
             ("create_predictor", predictor),
             ("jit.load", lambda: paddle.jit.load(str(inf / "m")))]
    for suffix in (".pdmodel", ".pdiparams"):
        target = inf / ("m" + suffix)
        original = target.read_bytes()
        for loader, call in calls:
            for name, data in payloads(marker).items():
                target.write_bytes(data)
                with pytest.raises(Exception) as err:
                    call()
                assert not marker.exists(), (loader, name)
                assert str(target) in str(err.value) or target.name in str(err.value), (loader, suffix, name,
                                                                                        err.value)
        target.write_bytes(original)


# -- load-time denial of service -------------------------------------------------------------------------------
def test_shared_references_load_in_linear_time(tmp_path):
    a = []
    for _ in range(64):  # 4**64 paths through 65 lists: a walk by path would never end
        a = [a, a, a, a]
    p = tmp_path / "shared.pdparams"
    p.write_bytes(pickle.dumps({"x": a, "w": np.ones(3, "float32")}, protocol=4))
    assert p.stat().st_size < 1000
    t0 = time.perf_counter()
    out = paddle.load(str(p))
    assert time.perf_counter() - t0 < 2.0
    assert out["x"][0] is out["x"][1] and isinstance(out["w"], paddle.Tensor)
    cyc = []
    cyc.append(cyc)
    p.write_bytes(pickle.dumps([cyc, (np.ones(2), cyc)], protocol=2))
    got = paddle.load(str(p))
    assert got[0][0] is got[0] and got[1][1] is got[0] and isinstance(got[1][0], paddle.Tensor)


def _huge(name):
    m = pickle_safe._multiarray
    return {  # bytearray(2**31) in 41 bytes, as the issue found it
        "bytearray(2**31)": lambda: b"\x80\x04\x8c\x08builtins\x8c\tbytearray\x93\x8a\x05\x00\x00\x00\x80\x00\x85R.",
        "bytes(2**31)": lambda: b"\x80\x04\x8c\x08builtins\x8c\x05bytes\x93\x8a\x05\x00\x00\x00\x80\x00\x85R.",
        "ndarray((2**31,))": lambda: pickle.dumps(_reduce(np.ndarray, ((2 ** 31,), "b")), 4),
        "_reconstruct((2**31,))": lambda: pickle.dumps(_reduce(m._reconstruct, (np.ndarray, (2 ** 31,), b"b")), 4),
        "scalar of V2**30": lambda: pickle.dumps(_reduce(m.scalar, (np.dtype(f"V{2 ** 30}"),)), 4),
        # protocol 5's counted strings: the C unpickler reserves the declared length before reading it
        "BYTEARRAY8 of 8 GiB": lambda: b"\x80\x05\x96" + (2 ** 33).to_bytes(8, "little") + b"xx.",
        "BINBYTES8 of 8 GiB": lambda: b"\x80\x05\x8e" + (2 ** 33).to_bytes(8, "little") + b"xx.",
        "BINUNICODE8 of 8 GiB": lambda: b"\x80\x05\x8d" + (2 ** 33).to_bytes(8, "little") + b"xx.",
    }[name]()


def _nested_str_payload():
    # L0 = []; L(i+1) = [Li, Li, Li, Li]; str(L40): a repr 4**40 long from ~500 bytes
    out = bytearray(b"\x80\x04\x8c\x08builtins\x8c\x03str\x93]q\x000")
    for i in range(40):
        out += b"(" + (b"h" + bytes([i])) * 4 + b"lq" + bytes([i + 1]) + b"0"
    out += b"h" + bytes([40]) + b"\x85R."
    return bytes(out)


def _repeated_copies_payload():
    # one 20000-item list, then list(L) 20000 times: quadratic memory from a linear file
    out = bytearray(b"\x80\x04(]q\x00(" + b"K\x01" * 20000 + b"e\x8c\x08builtins\x8c\x04list\x93q\x01")
    out += b"h\x01h\x00\x85R" * 20000
    out += b"l."
    return bytes(out)


@pytest.mark.parametrize("name", ["bytearray(2**31)", "bytes(2**31)", "ndarray((2**31,))", "_reconstruct((2**31,))",
                                  "scalar of V2**30", "nested str", "repeated copies", "BYTEARRAY8 of 8 GiB",
                                  "BINBYTES8 of 8 GiB", "BINUNICODE8 of 8 GiB"])
def test_small_files_cannot_ask_for_huge_memory(tmp_path, name):
    data = {"nested str": _nested_str_payload, "repeated copies": _repeated_copies_payload}.get(
        name, lambda: _huge(name))()
    assert name != "bytearray(2**31)" or len(data) <= 41
    p = tmp_path / "huge.pdparams"
    p.write_bytes(data)
    tracemalloc.start()
    try:
        t0 = time.perf_counter()
        with pytest.raises((pickle.UnpicklingError, ValueError)) as err:
            paddle.load(str(p))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert time.perf_counter() - t0 < 5.0
    assert peak < 64 * 2 ** 20, f"{name}: {peak} bytes allocated for a {len(data)}-byte file"
    assert str(p) in str(err.value)


def test_legitimate_files_stay_within_the_budget(tmp_path):
    p = tmp_path / "big.pdparams"
    state = {f"w{i}": paddle.rand([64, 64]) for i in range(20)}
    state["lists"] = {"a": [1, 2, 3] * 100, "b": "x" * 1000}
    for protocol in (2, 3, 4):
        paddle.save(state, str(p), protocol=protocol)
        out = paddle.load(str(p))
        np.testing.assert_array_equal(out["w3"].numpy(), state["w3"].numpy())
    buf = io.BytesIO(pickle.dumps(bytearray(b"abc"), protocol=2))
    assert paddle.load(buf) == bytearray(b"abc")


# -- tensor records ----------------------------------------------------------------------------------------------
def _record(dims, dtype_code=5, data=b"", drop_dtype=False, desc=None):
    if desc is None:
        desc = b"" if drop_dtype else b"\x08" + bytes([dtype_code])
        for d in dims:
            v = d & ((1 << 64) - 1)
            enc = bytearray()
            while True:
                b = v & 0x7F
                v >>= 7
                enc.append(b | (0x80 if v else 0))
                if not v:
                    break
            desc += b"\x10" + bytes(enc)
    return struct.pack("<IQI", 0, 0, 0) + struct.pack("<i", len(desc)) + desc + data


BAD_RECORDS = {
    "dims [-1]": (_record([-1], data=b"\0" * 16), "dims"),
    "dims [-5, 4]": (_record([-5, 4], data=b"\0" * 80), "dims"),
    "size beyond the file": (_record([1000, 1000], data=b"\0" * 64), "data"),
    "missing dtype": (_record([2], drop_dtype=True, data=b"\0" * 8), "data_type"),
    "unknown dtype code": (_record([2], dtype_code=99, data=b"\0" * 8), "data_type"),
    "desc size beyond the file": (struct.pack("<IQI", 0, 0, 0) + struct.pack("<i", 1 << 30) + b"\x08\x05", "desc"),
    "negative desc size": (struct.pack("<IQI", 0, 0, 0) + struct.pack("<i", -4) + b"\x08\x05", "desc"),
    "lod level beyond the file": (struct.pack("<IQ", 0, 1) + struct.pack("<Q", 1 << 40), "lod level"),
}


@pytest.mark.parametrize("case", sorted(BAD_RECORDS))
def test_bad_tensor_records_name_the_file_and_field(models, tmp_path, case):
    raw, field = BAD_RECORDS[case]
    inf = _copy(models, "inf", tmp_path)
    p = tmp_path / "t.pdtensor"
    p.write_bytes(raw)
    with pytest.raises(ValueError, match=field) as err:
        paddle.load(str(p))
    assert str(p) in str(err.value)
    # the same record as the first parameter of a .pdiparams
    (inf / "m.pdiparams").write_bytes(raw)
    exe = paddle.static.Executor(paddle.CPUPlace())
    with pytest.raises(ValueError, match=field) as err:
        _static(lambda: paddle.static.load_inference_model(str(inf / "m"), exe))
    assert "m.pdiparams" in str(err.value)
    # and as a save_vars file
    d = tmp_path / "vars"
    d.mkdir()
    (d / "w").write_bytes(raw)
    with pytest.raises(ValueError, match=field) as err:
        paddle.load(str(d))
    assert str(d / "w") in str(err.value)


def test_good_record_round_trips():
    from purepaddle.static.tensor_record import read_tensor_record
    a = np.arange(12, dtype="float32").reshape(3, 4)
    np.testing.assert_array_equal(read_tensor_record(tensor_record(a)), a)
    np.testing.assert_array_equal(read_tensor_record(tensor_record(np.zeros((0, 4), "int64"))), np.zeros((0, 4)))


@pytest.mark.parametrize("table", [["a"], {"w": 3}, "x", {1: "w"}])
def test_malformed_name_table(tmp_path, table):
    p = tmp_path / "m.pdparams"
    p.write_bytes(pickle.dumps({"w": np.ones(2, "float32"), "StructuredToParameterName@@": table}, protocol=4))
    with pytest.raises(ValueError, match="StructuredToParameterName@@") as err:
        paddle.load(str(p))
    assert str(p) in str(err.value)


@pytest.mark.parametrize("info", [["a"], {"w": {"OriginShape": (4,), "slices": ["w@@.0"]}},
                                  {"w": {"OriginShape": (10 ** 12,), "slices": ["w@@.0"]}}])
def test_malformed_unpack_info(tmp_path, info):
    p = tmp_path / "m.pdparams"
    p.write_bytes(pickle.dumps({"w@@.0": np.ones(2, "float32"), "UnpackBigParamInfor@@": info}, protocol=4))
    with pytest.raises(ValueError, match="UnpackBigParamInfor@@") as err:
        paddle.load(str(p))
    assert str(p) in str(err.value)


def test_load_of_a_directory_without_a_model_is_an_error(tmp_path):
    # Paddle returns {} for an empty directory; nothing there is a model (docs/conformance.md)
    with pytest.raises(ValueError, match="no model") as err:
        paddle.load(str(tmp_path))
    assert str(tmp_path) in str(err.value)


def test_jit_info_must_be_a_table(models, tmp_path):
    jt = _copy(models, "jit", tmp_path)
    (jt / "m.pdiparams.info").write_bytes(pickle.dumps([1, 2], protocol=2))
    with pytest.raises(ValueError, match="m.pdiparams.info"):
        paddle.jit.load(str(jt / "m"))
