"""Static graphs: Program structure, names, data/InputSpec, Executor feed/fetch, Scope, caching, GC."""
import os

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle._core.dispatch import apply, apply_inplace
from purepaddle._core.methods import TensorMethods
from purepaddle._core.op import OP_RAN, OPS, Op, TensorMeta, register
from purepaddle.ops.math.elementwise import ElementwiseAdd
from purepaddle.static import executor as _executor

static = paddle.static


pytestmark = pytest.mark.usefixtures("static_mode")  # every test here builds static programs


def run(main, feed=None, fetch=None, **kw):
    return static.Executor(paddle.CPUPlace()).run(main, feed=feed, fetch_list=fetch, **kw)


# -- test-only ops: two outputs (one an int index), and a duplicable output ---------------------
if "test_static_minmax" not in OPS:
    @register("test_static_minmax")
    class _MinMax(Op):
        inputs, outputs = ("X",), ("Out", "Index")
        nondiff_outputs = ("Index",)
        saves = ("X",)

        def forward(self, xp, x):
            return x.max(axis=-1), x.argmax(axis=-1)

        def infer_meta(self, x):
            return TensorMeta(x.shape[:-1], x.dtype), TensorMeta(x.shape[:-1], paddle.int64)

        def backward(self, out_grad, index_grad):
            (x,) = self.saved
            mask = (x >= x.max(axis=-1, keepdim=True)).astype(x.dtype)
            return mask * out_grad.unsqueeze(-1)

    @register("test_static_pair")
    class _Pair(Op):
        inputs, outputs = ("X",), ("A", "B")

        def forward(self, xp, x):
            return x * 2.0, x * 3.0

        def backward(self, ga, gb):
            return ga * 2.0 + gb * 3.0

    @register("test_static_split2")
    class _Split2(Op):
        inputs, outputs = ("X",), ("Out",)
        duplicable = ("Out",)

        def forward(self, xp, x):
            return ([x[:1] * 1.0, x[1:] * 2.0],)  # one entry per output slot: a list for the duplicable one

        def infer_meta(self, x):
            return ([TensorMeta([1] + x.shape[1:], x.dtype), TensorMeta([x.shape[0] - 1] + x.shape[1:], x.dtype)],)


# -- structure and names ---------------------------------------------------------------------------
def test_program_structure_and_names(progs):
    main, _ = progs
    x = static.data("x", [2, 3])
    a = paddle.add(x, x)
    b = x * 2
    c = x + x
    m = paddle.mean(a) if hasattr(paddle, "mean") else None
    ops = main.global_block().ops
    assert [op.type for op in ops[:3]] == ["elementwise_add", "scale", "elementwise_add"]
    assert a.name == "elementwise_add_0.tmp_0"
    assert (b.name, c.name) == ("tmp_0", "tmp_1")     # Python operators give tmp_N names, as in Paddle
    if m is not None:
        assert m.name == "mean_0.tmp_0" and ops[3].type == "reduce_mean" and m.shape == ()
    op = ops[0]
    assert op.input("X") == ["x"] and op.input("Y") == ["x"] and op.output("Out") == [a.name]
    assert op.input_names == ["X", "Y"] and op.output_names == ["Out"]
    assert op.input_arg_names == ["x", "x"] and op.output_arg_names == [a.name]
    assert op.attr("axis") == -1 and op.has_attr("axis") and op.attr("op_role") == 0
    assert op.all_attrs()["op_namescope"] == "/"
    op._set_attr("axis", -1)
    assert str(op) == ("{Out=['elementwise_add_0.tmp_0']} = elementwise_add(inputs={X=['x'], Y=['x']}, axis = -1, "
                       "op_device = , op_namescope = /, op_role = 0, op_role_var = [], with_quant_attr = False)")
    assert main.num_blocks == 1 and main.current_block() is main.global_block() and main.block(0).idx == 0
    assert main.global_block().parent_idx == -1
    assert [v.name for v in main.list_vars()][:2] == ["x", a.name]
    text = str(main)
    assert text.startswith("{ // block_idx:0  parent_idx:-1  forward_idx:-1  backward_idx:-1\n")
    assert "    var x : DENSE_TENSOR.shape(2, 3).dtype(float32).stop_gradient(True)\n" in text
    proto = main.to_string(True)
    assert proto.startswith("blocks {\n  idx: 0\n  parent_idx: -1\n") and 'type: "elementwise_add"' in proto
    assert 'name: "x"' in x.to_string(True) and "error_clip: None" in x.to_string(True, True)


def test_block_append_op_infers_outputs(progs):
    main, _ = progs
    x = static.data("x", [2, 3])
    blk = main.global_block()
    o = blk.create_var(name="o", dtype="float32")
    assert repr(o) == "var o : DENSE_TENSOR.shape().dtype(float32).stop_gradient(False)"
    op = blk.append_op(type="elementwise_add", inputs={"X": x, "Y": [x]}, outputs={"Out": o}, attrs={"axis": -1})
    assert repr(o) == "var o : DENSE_TENSOR.shape(2, 3).dtype(float32).stop_gradient(True)"
    assert op.input("Y") == ["x"] and op.idx == 0 and blk.ops[-1] is op
    (got,) = run(main, {"x": np.ones([2, 3], "float32")}, ["o"])
    np.testing.assert_allclose(got, 2 * np.ones([2, 3]))
    with pytest.raises(ValueError, match="var q not in this block"):
        blk.var("q")


def test_names_are_per_program():
    names = []
    for _ in range(2):
        main = static.Program()
        with static.program_guard(main):
            x = static.data("x", [2])
            names.append((paddle.add(x, x).name, (x * 3).name))
    assert names[0] == names[1] == ("elementwise_add_0.tmp_0", "tmp_0")


def test_variable_attributes(progs):
    x = static.data("x", [None, 3])
    assert isinstance(x, static.Variable) and isinstance(x, TensorMethods) and not isinstance(x, paddle.Tensor)
    assert x.shape == (-1, 3) and x.ndim == 2 and x.dim() == 2 and x.size == -1
    assert x.dtype == paddle.float32 and x.stop_gradient and not x.persistable and x.lod_level == 0
    assert x.grad_name == "x@GRAD" and x.is_data and x.need_check_feed and not x.is_parameter
    assert str(x.type) == "VarType.DENSE_TENSOR" and x.block is progs[0].global_block()
    assert repr(x) == "var x : DENSE_TENSOR.shape(-1, 3).dtype(float32).stop_gradient(True)"
    assert repr(static.data("s", [])) == "var s : DENSE_TENSOR.shape().dtype(float32).stop_gradient(True)"
    assert repr(static.data("v", [4], "int64")) == "var v : DENSE_TENSOR.shape(4,).dtype(int64).stop_gradient(True)"
    with pytest.raises(AssertionError, match="'numpy' only can be called by `paddle.Tensor` in dynamic graph"):
        x.numpy()
    with pytest.raises(AssertionError, match="only support 'backward\\(\\)' in dynamic graph mode"):
        x.backward()
    d = x.detach()
    assert d.stop_gradient and d.name == "detach_x_0"


def test_data_errors_and_defaults(progs):
    with pytest.raises(TypeError, match="The type of 'name' in data must be"):
        static.data(1, [2])
    with pytest.raises(TypeError, match="The type of 'shape' in data must be"):
        static.data("x", 3)
    with pytest.raises(ValueError, match="Only -1 can be used in shape to indicate unknown dimension, but received -5"):
        static.data("x", [2, -5])
    static.data("x", [2, 3])
    static.data("x", [2, 3])  # the same again is fine
    with pytest.raises(ValueError, match=r"The previous shape is \(2, 3\), the new shape is \(2, -1\)"):
        static.data("x", [2, None])
    with pytest.raises(ValueError, match="The previous data type is paddle.float32, the new data type is paddle.int8"):
        static.data("x", [2, 3], "int8")
    paddle.set_default_dtype("float64")
    try:
        assert static.data("d", [2]).dtype == paddle.float64
    finally:
        paddle.set_default_dtype("float32")
    paddle.disable_static()
    with pytest.raises(AssertionError, match="'data\\(\\)' is only supported in static graph mode"):
        static.data("y", [2])


def test_input_spec():
    s = static.InputSpec([None, 3], "float32", "x")
    assert repr(s) == "InputSpec(shape=(-1, 3), dtype=paddle.float32, name=x, stop_gradient=False)"
    assert s == static.InputSpec([-1, 3], paddle.float32, "x") and s != static.InputSpec([-1, 3], "float32", "y")
    assert s.batch(4) is s and s.shape == (4, -1, 3) and s.unbatch().shape == (-1, 3)
    assert static.InputSpec.from_numpy(np.ones([2, 2]), name="k").dtype == paddle.float64
    paddle.disable_static()
    t = paddle.to_tensor([1.0, 2.0])
    assert static.InputSpec.from_tensor(t).shape == (2,)
    with pytest.raises(ValueError, match="Input `tensor` should be a Tensor, but received ndarray."):
        static.InputSpec.from_tensor(np.ones(2))
    with pytest.raises(TypeError, match="Type of `shape` in InputSpec should be one of \\(tuple, list\\)"):
        static.InputSpec(3)
    with pytest.raises(TypeError, match="type\\(batch_size\\) shall be `int`, but received str."):
        s.batch("a")


def test_create_parameter_in_dygraph():
    paddle.disable_static()
    b = static.create_parameter([3], "float32", is_bias=True)
    w = static.create_parameter([2, 3], "float32", name="dy_w")
    assert isinstance(b, paddle.Parameter) and not b.stop_gradient and b.numpy().tolist() == [0.0, 0.0, 0.0]
    assert w.name == "dy_w" and w.shape == [2, 3] and np.abs(w.numpy()).max() <= np.sqrt(6 / 5)


def test_name_scope(progs):
    main, _ = progs
    x = static.data("x", [2])
    with static.name_scope("s1"):
        x * 2
        assert main.global_block().ops[-1].attr("op_namescope") == "/s1/"
        with static.name_scope("s2"):
            x * 3
            assert main.global_block().ops[-1].attr("op_namescope") == "/s1/s2/"
    with static.name_scope("s1"):
        x * 4
        assert main.global_block().ops[-1].attr("op_namescope") == "/s1_1/"


def test_program_guard_and_defaults():
    main, startup = static.Program(), static.Program()
    outer = static.default_main_program()
    with static.program_guard(main, startup):
        assert static.default_main_program() is main and static.default_startup_program() is startup
        inner = static.Program()
        with static.program_guard(inner):
            assert static.default_main_program() is inner and static.default_startup_program() is startup
    assert static.default_main_program() is outer
    with pytest.raises(TypeError, match="'main_program' in paddle.static.program_guard"):
        with static.program_guard(1):
            pass


def test_constants_and_eager_tensors_become_assign_value(progs):
    main, _ = progs
    x = static.data("x", [3])
    y = x + paddle.to_tensor(np.array([1.0, 2.0, 3.0], "float32"))
    assert main.global_block().ops[0].type == "assign_value"
    assert main.global_block().ops[0].attr("values") == [1.0, 2.0, 3.0]
    (got,) = run(main, {"x": np.ones(3, "float32")}, [y])
    np.testing.assert_allclose(got, [2.0, 3.0, 4.0])


def test_multi_output_and_duplicable_ops(progs):
    main, _ = progs
    x = static.data("x", [2, 3])
    out, idx = apply(OPS["test_static_minmax"], x)
    assert out.shape == (2,) and idx.dtype == paddle.int64 and idx.stop_gradient
    (parts,) = apply(OPS["test_static_split2"], x)
    assert isinstance(parts, list) and [p.shape for p in parts] == [(1, 3), (1, 3)]
    assert main.global_block().ops[-1].output("Out") == [p.name for p in parts]
    a = np.arange(6, dtype="float32").reshape(2, 3)
    o, i, p0, p1 = run(main, {"x": a}, [out, idx, parts[0], parts[1]])
    np.testing.assert_array_equal(o, [2, 5])
    np.testing.assert_array_equal(i, [2, 2])
    np.testing.assert_array_equal(p1, a[1:] * 2)


def test_static_inplace_rebinds(progs):
    main, _ = progs
    x = static.data("x", [2])
    y = x * 1.0
    before = y.name
    r = apply_inplace(ElementwiseAdd, y, x, axis=-1)
    assert r is y and y.name != before and main.global_block().var(before).name == before
    (got,) = run(main, {"x": np.array([1.0, 2.0], "float32")}, [y])
    np.testing.assert_allclose(got, [2.0, 4.0])


# -- executor ----------------------------------------------------------------------------------------
def test_executor_feed_fetch(progs):
    main, startup = progs
    x = static.data("x", [None, 3])
    w = static.create_parameter([2, 3], "float32", name="w")
    a = paddle.add(x, w)
    exe = static.Executor(paddle.CPUPlace())
    assert exe.run(startup) == []
    feed = {"x": np.ones([2, 3], "float32")}
    wv = np.array(static.global_scope().find_var("w").get_tensor())
    r = exe.run(main, feed=feed, fetch_list=[a, "x", "w"])
    assert all(isinstance(v, np.ndarray) for v in r)
    np.testing.assert_allclose(r[0], 1 + wv)
    np.testing.assert_allclose(r[1], feed["x"])
    np.testing.assert_allclose(r[2], wv)
    np.testing.assert_allclose(exe.run(main, feed=feed, fetch_list=a)[0], 1 + wv)          # a single Variable
    np.testing.assert_allclose(exe.run(main, feed={"x": [[1, 2, 3], [4, 5, 6]]}, fetch_list=[a])[0],
                               np.array([[1, 2, 3], [4, 5, 6]]) + wv, rtol=1e-6)          # lists are converted
    t = exe.run(main, feed=feed, fetch_list=[a], return_numpy=False)[0]
    assert isinstance(t, static.DenseTensor) and t.shape() == [2, 3]
    assert exe.run(main, feed=dict(feed, unused=np.ones(2)), fetch_list=[]) == []             # unknown feeds ignored
    assert exe.run(main, feed=feed) == []


def test_executor_errors(progs):
    main, startup = progs
    x = static.data("x", [2, 3])
    a = x * 2
    exe = static.Executor()
    feed = {"x": np.ones([2, 3], "float32")}
    with pytest.raises(RuntimeError, match=r"\(NotFound\) nosuch not in VariableScope."):
        exe.run(main, feed=feed, fetch_list=["nosuch"])
    with pytest.raises(ValueError, match="The data type of fed Variable 'x' must be 'float32', but received 'float64'"):
        exe.run(main, feed={"x": np.ones([2, 3])}, fetch_list=[a])
    with pytest.raises(ValueError, match=r"The fed Variable 'x' should have dimensions = 2, shape = \(2, 3\), but "
                                         r"received fed shape \[3, 3\] on each device"):
        exe.run(main, feed={"x": np.ones([3, 3], "float32")}, fetch_list=[a])
    with pytest.raises(TypeError, match="Require fetch_list\\[0\\] 's type shall be one of \\(Value, str\\), but "
                                        "received int."):
        exe.run(main, feed=feed, fetch_list=[3])
    with pytest.raises(ValueError, match=r"The DenseTensor in the scale Op's Input Variable X\(x\) is not initialized"):
        exe.run(main, feed={}, fetch_list=[a])
    with pytest.raises(TypeError, match="Executor requires Program as its Parameter"):
        exe.run(1)


def test_kernel_error_names_the_op(progs):
    main, _ = progs
    x = static.data("x", [-1, 3])
    y = static.data("y", [-1, 3])
    z = x + y
    with pytest.raises(ValueError, match="op 'elementwise_add' failed on inputs"):
        run(main, {"x": np.ones([2, 3], "float32"), "y": np.ones([4, 3], "float32")}, [z])


def test_scope_and_dense_tensor():
    scope = static.Scope()
    v = scope.var("v")
    t = v.get_tensor()
    assert str(t) == "  - shape: []\n  - layout: NCHW\nuninited\n" and t.shape() == [0] and not t._is_initialized()
    t.set(np.arange(6).reshape(2, 3).astype("int32"), paddle.CPUPlace())
    assert str(t) == ("  - shape: [2, 3]\n  - layout: NCHW\n  - place: Place(cpu)\n  - dtype: int32\n"
                      "  - data: [0 1 2 3 4 5]")
    assert t._dtype() == paddle.int32 and t.shape() == [2, 3] and t.lod() == []
    np.testing.assert_array_equal(np.array(t), np.arange(6).reshape(2, 3))
    t.set(np.array([1.0, 2.5, 1e-8, 1e10, np.nan], "float64"))
    assert str(t).endswith("  - data: [1 2.5 1e-08 1e+10 nan]")
    assert scope.find_var("v") is v and scope.find_var("nope") is None
    kid = scope.new_scope()
    assert kid.find_var("v") is v and kid.local_var_names() == []
    with static.scope_guard(scope):
        assert static.global_scope() is scope
    assert static.global_scope() is not scope


def test_scope_holds_persistables_not_temporaries(progs):
    main, startup = progs
    x = static.data("x", [2])
    w = static.create_parameter([2], "float32", name="w2", is_bias=True)
    a = x + w
    scope = static.Scope()
    exe = static.Executor()
    exe.run(startup, scope=scope)
    np.testing.assert_array_equal(np.array(scope.find_var("w2").get_tensor()), [0.0, 0.0])   # zeros for a bias
    exe.run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[a], scope=scope)
    assert scope.find_var(a.name) is None and scope.find_var("x") is None
    assert {"w2", "feed", "fetch"} <= set(scope.local_var_names())
    g = static.create_global_var([2], 3.0, "float32", persistable=True, name="gv")
    exe.run(startup, scope=scope)
    np.testing.assert_array_equal(np.array(scope.find_var("gv").get_tensor()), [3.0, 3.0])
    assert repr(g) == "persist var gv : DENSE_TENSOR.shape(2,).dtype(float32).stop_gradient(True)"


def test_persistable_writes_go_to_the_scope(progs):
    main, startup = progs
    w = static.create_global_var([2], 1.0, "float32", persistable=True, name="counter")
    out = apply_inplace(ElementwiseAdd, w, paddle.to_tensor(np.ones(2, "float32")), axis=-1)
    assert out is w and w.name == "counter"
    assert main.global_block().ops[-1].output("Out") == ["counter"]
    scope = static.Scope()
    exe = static.Executor()
    exe.run(startup, scope=scope)
    exe.run(main, scope=scope)
    (got,) = exe.run(main, scope=scope, fetch_list=["counter"])
    np.testing.assert_array_equal(got, [3.0, 3.0])
    got[0] = 100  # fetched arrays are copies
    np.testing.assert_array_equal(np.array(scope.find_var("counter").get_tensor()), [3.0, 3.0])


def test_plan_cache_and_invalidation(progs):
    main, _ = progs
    x = static.data("x", [2])
    y = x * 2
    exe = static.Executor()
    feed = {"x": np.ones(2, "float32")}
    exe.run(main, feed=feed, fetch_list=[y])
    plans = exe._plans[main]
    (plan,) = plans.values()
    exe.run(main, feed=feed, fetch_list=[y])
    assert next(iter(plans.values())) is plan   # reused
    z = y + 1.0
    (got,) = exe.run(main, feed=feed, fetch_list=[z])
    np.testing.assert_allclose(got, [3.0, 3.0])
    exe.run(main, feed=feed, fetch_list=[y])
    key = (("x",), (y.name,), _executor.gc_enabled())
    assert exe._plans[main][key] is not plan and exe._plans[main][key].version == main._version  # recompiled


def test_gc_flag_source(monkeypatch):
    with _executor.FLAG_READER.install(None):  # no flags registry: the environment answers
        monkeypatch.setenv("FLAGS_eager_delete_tensor_gb", "-1")
        assert not _executor.gc_enabled()
        monkeypatch.setenv("FLAGS_eager_delete_tensor_gb", "0.5")
        assert _executor.gc_enabled()
        with _executor.FLAG_READER.install(lambda name, default: -1.0):
            assert not _executor.gc_enabled()


@pytest.mark.parametrize("flag,freed", [(0.0, True), (-1.0, False)])
def test_garbage_collection(progs, monkeypatch, flag, freed):
    main, _ = progs
    monkeypatch.setattr(_executor.FLAG_READER, "active", lambda name, default: flag)
    x = static.data("x", [2])
    a = x * 2
    b = a + 1.0
    c = b * 3
    exe = static.Executor()
    (got,) = exe.run(main, feed={"x": np.ones(2, "float32")}, fetch_list=[c])
    np.testing.assert_allclose(got, [9.0, 9.0])
    env = exe._last_env
    assert (a.name in env) is not freed and (b.name in env) is not freed and c.name in env
    plan = next(iter(exe._plans[main].values()))
    frees = [s[4] for s in plan.steps]
    if freed:
        assert a.name in frees[1] and b.name in frees[2] and "x" in frees[0]
    else:
        assert all(f == () for f in frees)


def test_hooks_see_static_ops(progs):
    main, _ = progs
    x = static.data("x", [2])
    y = x * 2 + 1.0
    seen = []
    with OP_RAN.install(lambda op, ins, outs: seen.append((op.type, outs[0].numpy().tolist()))):
        (got,) = run(main, {"x": np.ones(2, "float32")}, [y])
    assert seen == [("scale", [2.0, 2.0]), ("scale", [3.0, 3.0])]


def test_clone_for_test(progs):
    main, _ = progs
    x = static.data("x", [2])
    x * 2
    main.global_block().ops[0]._set_attr("is_test", False)
    test_prog = main.clone(for_test=True)
    assert test_prog.global_block().ops[0].attr("is_test") is True
    assert main.global_block().ops[0].attr("is_test") is False
    with static.program_guard(test_prog):
        test_prog.global_block().var("x") + 1.0
    assert len(test_prog.global_block().ops) == 2 and len(main.global_block().ops) == 1
    assert test_prog._name_generator.ids["tmp"] == 2


def test_compiled_program_and_places(progs):
    main, _ = progs
    x = static.data("x", [2])
    y = x * 2
    cp = static.CompiledProgram(main, static.BuildStrategy())
    (got,) = static.Executor().run(cp, feed={"x": np.ones(2, "float32")}, fetch_list=[y])
    np.testing.assert_allclose(got, [2.0, 2.0])
    assert static.cpu_places(2) == [paddle.CPUPlace(), paddle.CPUPlace()]
    static.ExecutionStrategy().num_threads = 4


def test_executor_is_fast_on_repeat_runs(progs):
    import time
    main, _ = progs
    x = static.data("x", [4])
    y = x
    for _ in range(50):
        y = y * 1.0001
    exe = static.Executor()
    feed = {"x": np.ones(4, "float32")}
    exe.run(main, feed=feed, fetch_list=[y])
    t0 = time.perf_counter()
    for _ in range(20):
        exe.run(main, feed=feed, fetch_list=[y])
    per_op = (time.perf_counter() - t0) / 20 / 50
    assert per_op < 2e-4, per_op
