"""paddle.save / paddle.load: Paddle's on-disk format, files written by real Paddle, safety, atomicity."""
import collections
import io
import json
import os
import pathlib
import pickle
import stat

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.framework import io as pio
from purepaddle._core import storage
from purepaddle._core import pickle_safe
from tests.checkout import FIXTURES

FIX = FIXTURES / "paddle_files"
EXPECTED = np.load(FIX / "expected.npz")
META = json.loads((FIX / "expected.json").read_text())
save, load = pio.save, pio.load


def named(arr, name):
    t = paddle.to_tensor(arr)
    t.name = name
    return t


# -- files written by real paddlepaddle 3.3.1 (tests/fixtures/make_paddle_files.py) ------------------------
@pytest.mark.parametrize("fname", ["linear.pdparams", "conv_bn.pdparams", "linear_after_adam.pdparams",
                                   "adam.pdopt", "linear_proto2.pdparams"])
def test_load_state_dicts_written_by_paddle(fname):
    sd = load(str(FIX / fname))
    names = META["files"][fname if fname != "linear_proto2.pdparams" else "linear_after_adam.pdparams"]
    tensor_keys = [k for k in sd if k != "LR_Scheduler"]
    assert sorted(tensor_keys) == sorted(names)
    src = fname if fname != "linear_proto2.pdparams" else "linear_after_adam.pdparams"
    for key, name in names.items():
        t = sd[key]
        assert isinstance(t, paddle.Tensor) and t.name == name and t.stop_gradient
        ref = EXPECTED[f"{src}/{key}"]
        assert t.numpy().dtype == ref.dtype
        np.testing.assert_array_equal(t.numpy(), ref)
    assert "StructuredToParameterName@@" not in sd


def test_optimizer_state_dict_keeps_lr_scheduler():
    sd = load(str(FIX / "adam.pdopt"))
    assert sd["LR_Scheduler"] == META["adam_lr_scheduler"] == {"last_epoch": 2, "last_lr": 0.025}
    assert sd["linear_0.w_0_beta1_pow_acc_0"].shape == [1]


def test_return_numpy_and_keep_name_table():
    sd = load(str(FIX / "conv_bn.pdparams"), return_numpy=True, keep_name_table=True)
    assert isinstance(sd["1._mean"], np.ndarray)
    assert sd["StructuredToParameterName@@"]["1._variance"] == "batch_norm2d_0.w_2"


def test_load_nested_tensor_list_numpy_binary_and_dense_files():
    obj = load(str(FIX / "nested.pdckpt"))
    assert type(obj["model"]) is collections.OrderedDict
    assert obj["model"]["weight"].name == "linear_0.w_0"
    np.testing.assert_array_equal(obj["model"]["bias"].numpy(), EXPECTED["linear_after_adam.pdparams/bias"])
    assert (obj["epoch"], obj["tag"], obj["hist"]) == (7, "ckpt", [0.5, 0.25])
    np.testing.assert_array_equal(obj["t"].numpy(), EXPECTED["nested.pdckpt/t"])
    np_obj = load(str(FIX / "nested.pdckpt"), return_numpy=True)
    assert isinstance(np_obj["model"]["weight"], np.ndarray)

    t = load(str(FIX / "tensor.pdtensor"))
    assert t.name == "my_tensor" and t.dtype == paddle.float64 and t.shape == [2, 3]
    lst = load(str(FIX / "list.pd"))
    assert lst[0].name == "my_tensor" and lst[1].dtype == paddle.int32 and lst[2:] == [5, "s"]
    arr = load(str(FIX / "numpy.pd"))
    assert isinstance(arr, paddle.Tensor) and arr.dtype == paddle.int16
    assert isinstance(load(str(FIX / "numpy.pd"), return_numpy=True), np.ndarray)
    b = load(str(FIX / "binary.pdtensor"))
    np.testing.assert_array_equal(b.numpy(), np.arange(6, dtype="float64").reshape(2, 3))
    d = load(str(FIX / "dense.pdtensor"))
    np.testing.assert_array_equal(d.numpy(), EXPECTED["dense.pdtensor"])


def test_loaded_tensors_are_writable():
    sd = load(str(FIX / "linear.pdparams"))
    sd["weight"]._data[...] = 0  # the arrays are writable (in-place updates after loading work)
    assert float(sd["weight"].sum()) == 0.0


# -- our files are Paddle's format ---------------------------------------------------------------------------
def test_state_dict_pickle_layout_is_byte_identical_to_paddle():
    sd = load(str(FIX / "linear.pdparams"), keep_name_table=True)
    table = sd.pop("StructuredToParameterName@@")
    for k in sd:
        sd[k].name = table[k]
    buf = io.BytesIO()
    save(sd, buf)
    assert buf.getvalue() == (FIX / "linear.pdparams").read_bytes()


def test_binary_tensor_record_is_byte_identical_to_paddle():
    buf = io.BytesIO()
    save(named(np.arange(6, dtype="float64").reshape(2, 3), "my_tensor"), buf, use_binary_format=True)
    assert buf.getvalue() == (FIX / "binary.pdtensor").read_bytes()


def test_save_layouts(tmp_path):
    w = named(np.ones((2, 2), "float32"), "fc.w_0")
    raw = lambda obj, **kw: (save(obj, str(tmp_path / "f"), **kw), (tmp_path / "f").read_bytes())[1]  # noqa: E731
    data = raw({"w": w})
    assert data[:2] == b"\x80\x04"
    obj = pickle.loads(data)
    assert set(obj) == {"w", "StructuredToParameterName@@"} and obj["StructuredToParameterName@@"] == {"w": "fc.w_0"}
    assert raw({"w": w}, protocol=2)[:2] == b"\x80\x02"
    # outside a state dict a Tensor is the tuple (name, ndarray)
    assert pickle.loads(raw(w))[0] == "fc.w_0"
    nested = pickle.loads(raw({"a": [w], "epoch": 1}))
    assert nested["a"][0][0] == "fc.w_0" and isinstance(nested["a"][0][1], np.ndarray) and nested["epoch"] == 1
    # a dict of plain values counts as a state dict (Paddle adds the empty name table)
    assert pickle.loads(raw({"x": {"y": 1}})) == {"x": {"y": 1}, "StructuredToParameterName@@": {}}
    opt = {"m_0": named(np.zeros(2, "float32"), "m_0"), "LR_Scheduler": {"last_epoch": 3, "last_lr": 0.5}}
    got = pickle.loads(raw(opt))
    assert got["LR_Scheduler"] == {"last_epoch": 3, "last_lr": 0.5} and "StructuredToParameterName@@" in got
    assert pickle.loads(raw(np.arange(3))).tolist() == [0, 1, 2]
    assert pickle.loads(raw(5)) == 5 and pickle.loads(raw("s")) == "s"


def test_round_trips_through_bytesio():
    buf = io.BytesIO()
    save({"w": named(np.arange(3, dtype="float32"), "a.w_0")}, buf)
    save(paddle.to_tensor([1, 2]), buf)
    save({"k": [1, (2, "x")], "s": {3}}, buf)
    buf.seek(0)
    first, second, third = load(buf), load(buf), load(buf)
    assert first["w"].name == "a.w_0" and first["w"].tolist() == [0, 1, 2]
    assert second.tolist() == [1, 2]
    assert third == {"k": [1, (2, "x")], "s": {3}}


def test_big_arrays_are_sliced_below_protocol_4(monkeypatch, tmp_path):
    monkeypatch.setattr(pio, "_SLICE_BYTES", 40)  # 10 float32 per slice instead of 1 GiB
    arr = np.arange(25, dtype="float32").reshape(5, 5)
    p = str(tmp_path / "big.pdparams")
    save({"w": named(arr, "w_0")}, p, protocol=2)
    raw = pickle.loads(pathlib.Path(p).read_bytes())
    info = raw["UnpackBigParamInfor@@"]["w"]
    assert info == {"OriginShape": (5, 5), "slices": ["w@@.0", "w@@.1", "w@@.2"]}
    assert "w" not in raw and raw["w@@.2"].tolist() == [20, 21, 22, 23, 24]
    sd = load(p)
    np.testing.assert_array_equal(sd["w"].numpy(), arr)
    assert sd["w"].name == "w_0"
    save({"w": named(arr, "w_0")}, p, protocol=4)
    assert "UnpackBigParamInfor@@" not in pickle.loads(pathlib.Path(p).read_bytes())


def test_save_argument_errors(tmp_path):
    p = str(tmp_path / "x")
    with pytest.raises(ValueError, match=r"Expected 1<'protocol'<5, but received protocol=5"):
        save({"w": paddle.ones([1])}, p, protocol=5)
    with pytest.raises(ValueError, match=r"protocol=1"):
        save(3, p, protocol=1)
    with pytest.raises(ValueError, match="The 'protocol' MUST be `int`"):
        save(3, p, protocol="4")
    with pytest.raises(ValueError, match=r"The additional config \(foo\) of `paddle.save` is not supported."):
        save(3, p, foo=1)
    with pytest.raises(ValueError, match="filename is empty string"):
        save(3, str(tmp_path) + "/")
    with pytest.raises(ValueError, match="only supports saving objects to file and `BytesIO`"):
        save(3, 7)
    with pytest.raises(NotImplementedError, match="The iterable objects supported are tuple, list, dict"):
        save(b"abc", p)
    with pytest.raises(NotImplementedError, match="use_binary_format = True"):
        save([1], p, use_binary_format=True)
    save({"a": 1}, str(tmp_path / "new" / "dir" / "f.pdparams"))  # missing directories are created
    assert (tmp_path / "new" / "dir" / "f.pdparams").exists()


def test_saving_a_layer_is_refused(tmp_path):
    Layer = pio._layer_cls()
    if not Layer:
        pytest.skip("paddle.nn.Layer is not available yet")

    class Tiny(Layer):
        def __init__(self):
            super().__init__()

    for obj in (Tiny(), {"net": Tiny()}, [1, Tiny()]):
        with pytest.raises(ValueError, match="paddle do not support saving `paddle.nn.Layer` object."):
            save(obj, str(tmp_path / "layer.pd"))
    assert not (tmp_path / "layer.pd").exists()


def test_load_errors(tmp_path):
    with pytest.raises(ValueError, match=r"The ``path`` \(.*nope\) to load model not exists."):
        load(str(tmp_path / "nope"))
    (tmp_path / "m.pdparams").write_bytes(pickle.dumps({}))
    with pytest.raises(ValueError, match="please specify the full file name"):
        load(str(tmp_path / "m"))
    (tmp_path / "inf.pdmodel").write_bytes(b"")  # an inference model prefix (tests/static/test_io.py loads real ones)
    with pytest.raises(ValueError, match=r"not a serialized ProgramDesc"):
        load(str(tmp_path / "inf"))
    (tmp_path / "junk").write_bytes(b"hello world")
    with pytest.raises(ValueError, match="`paddle.load` can not parse the file:.*junk"):
        load(str(tmp_path / "junk"))
    with pytest.raises(ValueError, match=r"The additional config \(bar\) of `paddle.load` is not supported."):
        load(str(FIX / "linear.pdparams"), bar=1)


# -- safety ------------------------------------------------------------------------------------------------
class _Evil:
    def __init__(self, path):
        self.path = path

    def __reduce__(self):
        return os.mkdir, (self.path,)


def test_malicious_file_cannot_run_code(tmp_path, monkeypatch):
    monkeypatch.delenv(pickle_safe.ENV_TRUSTED, raising=False)
    marker = tmp_path / "pwned"
    p = tmp_path / "evil.pdparams"
    p.write_bytes(pickle.dumps({"w": np.ones(2), "x": _Evil(str(marker))}, protocol=4))
    with pytest.raises(pickle.UnpicklingError, match=r"refused to load the global 'posix.mkdir'") as err:
        load(str(p))
    assert "safe=False" in str(err.value) and pickle_safe.ENV_TRUSTED in str(err.value)
    assert not marker.exists()
    for proto in (0, 2):  # the old protocols name globals differently; still refused
        p.write_bytes(pickle.dumps(_Evil(str(marker)), protocol=proto))
        with pytest.raises(pickle_safe.UnsafeUnpicklingError):
            load(str(p))
    assert not marker.exists()
    p.write_bytes(pickle.dumps(_Evil(str(marker))))
    load(str(p), safe=False)  # the documented opt-out for trusted files
    assert marker.exists()


def test_safe_load_refuses_abused_allowed_names(tmp_path):
    # eval is admitted only in Paddle's DenseTensor form, _codecs.encode only for latin1 text
    class EvalCall:
        def __reduce__(self):
            return eval, ("__import__('os').getcwd()",)

    class Encode:
        def __reduce__(self):
            import _codecs
            return _codecs.encode, (b"x", "zlib")

    for obj in (EvalCall(), Encode()):
        buf = io.BytesIO(pickle.dumps(obj))
        with pytest.raises(pickle_safe.UnsafeUnpicklingError):
            load(buf)


def test_trusted_env_and_allowlist(tmp_path, monkeypatch):
    import fractions
    p = tmp_path / "frac.pd"
    p.write_bytes(pickle.dumps({"f": fractions.Fraction(1, 3)}))
    monkeypatch.delenv(pickle_safe.ENV_TRUSTED, raising=False)
    with pytest.raises(pickle_safe.UnsafeUnpicklingError, match="fractions.Fraction"):
        load(str(p))
    monkeypatch.setenv(pickle_safe.ENV_TRUSTED, "1")
    assert load(str(p))["f"] == fractions.Fraction(1, 3)
    monkeypatch.delenv(pickle_safe.ENV_TRUSTED)
    monkeypatch.setattr(pickle_safe, "_USER", {})
    pickle_safe.add_safe_globals([fractions.Fraction])
    assert load(str(p))["f"] == fractions.Fraction(1, 3)


def test_directly_pickled_tensors_load_safely():
    buf = io.BytesIO(pickle.dumps({"t": paddle.to_tensor([1.0, 2.0])}))
    assert load(buf)["t"].tolist() == [1.0, 2.0]


def test_numpy_scalars_and_object_free_dtypes_load_safely():
    buf = io.BytesIO(pickle.dumps({"s": np.float32(1.5), "i": np.int64(3), "b": np.array([True]),
                                   "c": np.array([1 + 2j], "complex64"), "od": collections.OrderedDict(a=1)}))
    out = load(buf, return_numpy=True)
    assert out["s"] == np.float32(1.5) and out["i"] == 3 and out["od"] == {"a": 1}
    assert out["c"].dtype == np.complex64


# -- atomic writes -------------------------------------------------------------------------------------------
class _Boom:
    def __reduce__(self):
        raise RuntimeError("pickling failed midway")


def test_failed_save_leaves_existing_file_untouched(tmp_path):
    p = tmp_path / "ckpt.pdparams"
    save({"w": paddle.ones([3])}, str(p))
    before = p.read_bytes()
    with pytest.raises(RuntimeError, match="pickling failed midway"):
        save([np.zeros(10000), _Boom()], str(p))  # the array is written before the failure
    assert p.read_bytes() == before
    assert sorted(os.listdir(tmp_path)) == ["ckpt.pdparams"]  # no temporary file left behind
    mode = stat.S_IMODE(p.stat().st_mode)
    assert mode == 0o666 & ~storage._umask()


def test_save_through_symlink_updates_target(tmp_path):
    target = tmp_path / "real.pdparams"
    link = tmp_path / "link.pdparams"
    save({"a": 1}, str(target))
    link.symlink_to(target)
    save({"a": 2}, str(link))
    assert link.is_symlink() and load(str(target)) == {"a": 2}


def test_async_save(tmp_path):
    t = paddle.to_tensor([1.0, 2.0])
    pio.async_save({"w": t}, str(tmp_path / "a.pdparams"))
    t._data[...] = 5  # the snapshot was taken before the thread runs
    pio.clear_async_save_task_queue()
    assert load(str(tmp_path / "a.pdparams"))["w"].tolist() == [1.0, 2.0]
    with pytest.raises(TypeError, match="async_save does not support"):
        pio.async_save([t], str(tmp_path / "b"))


# -- with purepaddle's own layers and optimizers ------------------------------------------------------------
def test_resume_training_from_paddle_checkpoint_matches_paddle():
    """Load Paddle's Linear weights, redo its two Adam+StepDecay steps: weights and .pdopt match Paddle's files."""
    if not hasattr(paddle.nn, "Linear") or not hasattr(getattr(paddle, "optimizer", None), "Adam"):
        pytest.skip("paddle.nn.Linear / paddle.optimizer.Adam are not available yet")
    from purepaddle.utils import unique_name
    with unique_name.guard():  # fresh name counters: linear_0.w_0, linear_0.w_0_moment1_0, ... as in the files
        lin = paddle.nn.Linear(4, 3)
        assert lin.set_state_dict(load(str(FIX / "linear.pdparams"))) == ([], [])
        sched = paddle.optimizer.lr.StepDecay(learning_rate=0.1, step_size=1, gamma=0.5)
        opt = paddle.optimizer.Adam(learning_rate=sched, parameters=lin.parameters())
        for _ in range(2):
            lin(paddle.ones([2, 4])).sum().backward()
            opt.step()
            opt.clear_grad()
            sched.step()
    for key, t in lin.state_dict().items():
        np.testing.assert_allclose(t.numpy(), EXPECTED[f"linear_after_adam.pdparams/{key}"], rtol=1e-6, atol=1e-7)
    buf = io.BytesIO()
    save(opt.state_dict(), buf)
    buf.seek(0)
    ours, theirs = load(buf, return_numpy=True), load(str(FIX / "adam.pdopt"), return_numpy=True)
    assert ours.keys() == theirs.keys() and ours["LR_Scheduler"] == theirs["LR_Scheduler"]
    for k in ours:
        if k != "LR_Scheduler":
            np.testing.assert_allclose(ours[k], theirs[k], rtol=1e-5, atol=1e-8)
    # and the other way: Paddle's optimizer file restores the scheduler of a fresh optimizer
    sched2 = paddle.optimizer.lr.StepDecay(learning_rate=0.1, step_size=1, gamma=0.5)
    opt2 = paddle.optimizer.Adam(learning_rate=sched2, parameters=lin.parameters())
    opt2.set_state_dict(load(str(FIX / "adam.pdopt")))
    assert (sched2.last_epoch, opt2.get_lr()) == (2, 0.025)


def test_layer_state_dicts_round_trip(tmp_path):
    if not hasattr(paddle.nn, "Linear"):
        pytest.skip("paddle.nn.Linear is not available yet")
    layers = [paddle.nn.Linear(3, 2)]
    for name, args in (("Conv2D", (2, 4, 3)), ("BatchNorm2D", (4,))):
        if hasattr(paddle.nn, name):
            layers.append(getattr(paddle.nn, name)(*args))
    for layer in layers:
        p = str(tmp_path / "m.pdparams")
        save(layer.state_dict(), p)
        raw = pickle.loads(pathlib.Path(p).read_bytes())
        table = raw.pop("StructuredToParameterName@@")
        assert list(raw) == list(layer.state_dict()) and table == {k: v.name for k, v in layer.state_dict().items()}
        fresh = type(layer)(*([3, 2] if isinstance(layer, paddle.nn.Linear) else
                              [2, 4, 3] if type(layer).__name__ == "Conv2D" else [4]))
        assert fresh.set_state_dict(load(p)) == ([], [])
        for k, v in fresh.state_dict().items():
            np.testing.assert_array_equal(v.numpy(), layer.state_dict()[k].numpy())


# -- real Paddle loads the files purepaddle writes ----------------------------------------------------------

_REF_SCRIPT = r"""
import json, sys, numpy as np, paddle
d = sys.argv[1]
def enc(o):
    if isinstance(o, paddle.Tensor):
        return {"tensor": o.numpy().tolist(), "dtype": str(o.numpy().dtype), "name": o.name}
    if isinstance(o, np.ndarray):
        return {"ndarray": o.tolist(), "dtype": str(o.dtype)}
    if isinstance(o, dict):
        return {"dict": {k: enc(v) for k, v in o.items()}, "type": type(o).__name__}
    if isinstance(o, (list, tuple)):
        return {"seq": [enc(v) for v in o], "type": type(o).__name__}
    return o
out = {}
for f in ["linear.pdparams", "adam.pdopt", "nested.pd", "tensor.pdtensor", "list.pd", "proto2.pdparams",
          "numpy.pd", "binary.pdtensor"]:
    out[f] = enc(paddle.load(f"{d}/{f}"))
out["keep"] = sorted(paddle.load(f"{d}/linear.pdparams", keep_name_table=True))
lin = paddle.nn.Linear(4, 3)
missing, unexpected = lin.set_state_dict(paddle.load(f"{d}/linear.pdparams"))
out["linear_set"] = [lin.weight.numpy().tolist(), list(missing), list(unexpected)]
sched = paddle.optimizer.lr.StepDecay(learning_rate=0.1, step_size=1, gamma=0.5)
opt = paddle.optimizer.Adam(learning_rate=sched, parameters=lin.parameters())
opt.set_state_dict(paddle.load(f"{d}/adam.pdopt"))
out["adam_set"] = [sched.last_epoch, sched.last_lr, opt._accumulators_holder["linear_0.w_0_moment1_0"].numpy().tolist()]
print(json.dumps(out))
"""


def test_real_paddle_loads_our_files(tmp_path, ref_python):
    import subprocess
    rng = np.random.default_rng(0)
    w, b = rng.standard_normal((4, 3)).astype("float32"), rng.standard_normal(3).astype("float32")
    sd = collections.OrderedDict(weight=named(w, "linear_0.w_0"), bias=named(b, "linear_0.b_0"))
    save(sd, str(tmp_path / "linear.pdparams"))
    save(sd, str(tmp_path / "proto2.pdparams"), protocol=2)
    m1 = rng.standard_normal((4, 3)).astype("float32")
    opt = {}
    for p, shape in (("linear_0.w_0", [4, 3]), ("linear_0.b_0", [3])):
        for acc, val in (("moment1", 0.5), ("moment2", 0.25), ("beta1_pow_acc", 0.81), ("beta2_pow_acc", 0.998)):
            name = f"{p}_{acc}_0"
            arr = np.full([1] if "pow" in acc else shape, val, "float32")
            if name == "linear_0.w_0_moment1_0":
                arr = m1
            opt[name] = named(arr, name)
    opt["LR_Scheduler"] = {"last_epoch": 2, "last_lr": 0.025}
    save(opt, str(tmp_path / "adam.pdopt"))
    save({"model": sd, "epoch": 3, "hist": [0.5], "t": paddle.to_tensor([1, 2])}, str(tmp_path / "nested.pd"))
    save(named(np.arange(6, dtype="float64").reshape(2, 3), "my_t"), str(tmp_path / "tensor.pdtensor"))
    save([named(np.ones(2, "int32"), "a"), 5, "s"], str(tmp_path / "list.pd"))
    save(np.arange(3, dtype="int16"), str(tmp_path / "numpy.pd"))
    save(named(np.arange(4, dtype="float32"), "bin"), str(tmp_path / "binary.pdtensor"), use_binary_format=True)
    proc = subprocess.run([str(ref_python), "-c", _REF_SCRIPT, str(tmp_path)], capture_output=True, text=True,
                          timeout=120, cwd=str(tmp_path))
    assert proc.returncode == 0, proc.stderr[-3000:]
    out = json.loads(proc.stdout.strip().splitlines()[-1])
    lin = out["linear.pdparams"]["dict"]
    assert lin["weight"] == {"tensor": w.tolist(), "dtype": "float32", "name": "linear_0.w_0"}
    assert out["proto2.pdparams"] == out["linear.pdparams"]
    assert out["keep"] == ["StructuredToParameterName@@", "bias", "weight"]
    assert out["linear_set"] == [w.tolist(), [], []]
    assert out["adam_set"] == [2, 0.025, m1.tolist()]
    nested = out["nested.pd"]["dict"]
    assert nested["model"]["type"] == "OrderedDict" and nested["model"]["dict"]["bias"]["tensor"] == b.tolist()
    assert nested["epoch"] == 3 and nested["t"]["tensor"] == [1, 2]
    assert out["tensor.pdtensor"]["name"] == "my_t" and out["tensor.pdtensor"]["dtype"] == "float64"
    assert out["list.pd"]["seq"][1:] == [5, "s"] and out["list.pd"]["seq"][0]["dtype"] == "int32"
    assert out["numpy.pd"] == {"tensor": [0, 1, 2], "dtype": "int16", "name": out["numpy.pd"]["name"]}
    assert out["binary.pdtensor"]["tensor"] == [0.0, 1.0, 2.0, 3.0]
