"""to_static's conversion of Python control flow on Tensors (purepaddle/jit/dy2static): each construct against the
eager function and real Paddle 3.3.1's to_static (tests/fixtures/jit/dy2static, written by
tests/fixtures/make_dy2static_fixtures.py), gradients, errors naming file:line, and saved models run by our predictor
and by real Paddle."""
import functools
import inspect
import os
import subprocess
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from purepaddle.jit.dy2static import Dygraph2StaticException, convert_to_static
from purepaddle.static import InputSpec
from tests.checkout import FIXTURES
from tests.jit import dy2static_cases as cases

cases.paddle = paddle
EXPECTED = np.load(FIXTURES / "jit" / "dy2static" / "expected.npz")
HERE = os.path.abspath(__file__)


PADDLE_WRONG_GRADS = {"nested_if"}  # real Paddle 3.3.1 gives zeros there
PADDLE_FAILS = {"return_in_python_loop"}  # real Paddle 3.3.1 refuses it ("if/else have different return type")


def t(a, stop_gradient=True):
    return paddle.to_tensor(np.asarray(a), stop_gradient=stop_gradient)


def flat(out):
    return list(out) if isinstance(out, (list, tuple)) else [out]


def run(fn, x, n):
    """Outputs (as arrays) and the gradient of the sum of the float outputs with respect to x."""
    xt = t(x, stop_gradient=False)
    outs = flat(fn(xt, t(n)))
    floats = [o for o in outs if isinstance(o, paddle.Tensor) and o.dtype == paddle.float32]
    paddle.add_n([o.sum() for o in floats]).backward()
    return [np.asarray(o.numpy() if isinstance(o, paddle.Tensor) else o) for o in outs], xt.grad.numpy()


def op_types(program):
    return {op.type for b in program.blocks for op in b.ops}


@pytest.mark.parametrize("case", cases.CASES, ids=lambda c: c.__name__)
def test_case_matches_eager_and_real_paddle(case):
    sf = paddle.jit.to_static(case)
    for label, (x, n) in cases.INPUTS.items():
        outs, grad = run(sf, x, n)
        eager_outs, eager_grad = run(case, x, n)
        for i, (o, e) in enumerate(zip(outs, eager_outs)):
            np.testing.assert_allclose(o.reshape(np.shape(e)), e, rtol=1e-6, err_msg=f"{label} out{i} vs eager")
            key = f"{case.__name__}/{label}/out{i}"
            if case.__name__ not in PADDLE_FAILS:
                ref = EXPECTED[key]
                np.testing.assert_allclose(o.reshape(ref.shape), ref, rtol=1e-6, err_msg=f"{label} out{i} vs Paddle")
        np.testing.assert_allclose(grad, eager_grad, rtol=1e-6, err_msg=f"{label} x_grad vs eager")
        key = f"{case.__name__}/{label}/x_grad"
        # real Paddle's backward through a while loop fails, and through an `if` nested in a taken branch gives
        # zeros (docs/conformance.md): those are checked against the eager function only
        if key in EXPECTED and case.__name__ not in PADDLE_WRONG_GRADS:
            np.testing.assert_allclose(grad, EXPECTED[key], rtol=1e-6, err_msg=f"{label} x_grad vs Paddle")
    if case is not cases.python_control_flow_stays:
        assert len(sf._cache) == 1  # one program takes every branch at run time
        assert op_types(sf.concrete_program.main_program) & {"conditional_block", "while"}
    else:
        assert not op_types(sf.concrete_program.main_program) & {"conditional_block", "while"}


@pytest.mark.parametrize("case", cases.CASES, ids=lambda c: c.__name__)
def test_converted_function_run_eagerly_behaves_as_the_original(case):
    conv = convert_to_static(case)
    assert conv is not None and conv is not case
    for x, n in cases.INPUTS.values():
        for o, e in zip(flat(conv(t(x), t(n))), flat(case(t(x), t(n)))):
            np.testing.assert_array_equal(np.asarray(o.numpy() if isinstance(o, paddle.Tensor) else o),
                                          np.asarray(e.numpy() if isinstance(e, paddle.Tensor) else e))


def test_python_values_keep_python_semantics_in_converted_code():
    def f(a, b, items):
        out = []
        for i in range(len(items)):
            if items[i] is None:
                continue
            if items[i] > b:
                break
            out.append(items[i] if a or not b else -items[i])
        while len(out) < 5:
            out.append(0)
        else:
            out.append(99)
        for v in items:
            if v == 3:
                break
        else:
            out.append(-1)
        return out, (a and b), (a or b), not a

    conv = convert_to_static(f)
    for args in ((0, 3, [1, None, 2, 5, 1]), (1, 0, [4, 3]), (2, 10, [None, 7, 3, 1])):
        assert conv(*args) == f(*args)


def test_return_inside_a_python_loop_and_nested_loops():
    def f(items):
        total = 0
        for row in items:
            for v in row:
                if v < 0:
                    return "negative", total
                total += v
        i = 0
        while True:
            i += 1
            if i > 3:
                return "done", total + i

    conv = convert_to_static(f)
    for items in ([[1, 2], [3, -1, 5]], [[1], [2, 3]], []):
        assert conv(items) == f(items)


# -- Layers: converted forwards, helper methods, sublayers, training ---------------------------------
class Gate(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(3, 3)

    def forward(self, x):
        y = self.fc(x)
        if y.mean() > 0:
            y = paddle.nn.functional.relu(y)
        else:
            y = y * 0.5
        return y


class Net(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.gate = paddle.nn.Sequential(Gate())  # converted through the library's Sequential too
        self.out = paddle.nn.Linear(3, 2)
        self.__scale = 2.0  # a private (mangled) attribute read by converted code

    def _steps(self, h, n):
        for _ in range(n):
            h = paddle.tanh(h) * self.__scale
            if h.abs().max() > 5:
                break
        return h

    def forward(self, x, n):
        h = self._steps(self.gate(x), n)
        return self.out(h)


def _trained(static, steps=4):
    paddle.seed(7)
    net = Net()
    if static:
        net = paddle.jit.to_static(net)
    opt = paddle.optimizer.SGD(0.1, parameters=net.parameters())
    rng = np.random.default_rng(0)
    losses = []
    for k in range(steps):
        x = t(rng.standard_normal((4, 3)).astype("float32") * (1 if k % 2 else -1))
        loss = (net(x, t(np.array([k + 1], "int64"))) ** 2).mean()
        loss.backward()
        opt.step()
        opt.clear_grad()
        losses.append(float(loss))
    return net, losses


def test_training_a_layer_with_data_dependent_control_flow_matches_eager():
    net_s, loss_s = _trained(True)
    net_e, loss_e = _trained(False)
    np.testing.assert_allclose(loss_s, loss_e, rtol=1e-5)
    for (name, p), q in zip(net_s.named_parameters(), net_e.parameters()):
        np.testing.assert_allclose(p.numpy(), q.numpy(), rtol=1e-5, atol=1e-6, err_msg=name)
    types = op_types(net_s.forward.concrete_program.main_program)
    assert {"conditional_block", "while"} <= types and len(net_s.forward._cache) == 1


_REF_PREDICT = r"""
import os, sys, numpy as np
import paddle
d, suffix = sys.argv[1], sys.argv[2]
data = np.load(os.path.join(d, "io.npz"))
loaded = paddle.jit.load(os.path.join(d, "m"))
cfg = paddle.inference.Config(os.path.join(d, "m" + suffix), os.path.join(d, "m.pdiparams"))
cfg.disable_mkldnn()
pred = paddle.inference.create_predictor(cfg)
res = {}
for k in ("a", "b"):
    x, n = data["x_" + k], data["n_" + k]
    res["load_" + k] = loaded(paddle.to_tensor(x), paddle.to_tensor(n)).numpy()
    names = pred.get_input_names()
    pred.get_input_handle(names[0]).copy_from_cpu(x)
    pred.get_input_handle(names[1]).copy_from_cpu(n)
    pred.run()
    res["pred_" + k] = pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu()
np.savez(os.path.join(d, "ref.npz"), **res)
"""


# the PIR model.json (Paddle 3's default) and the legacy .pdmodel (FLAGS_enable_pir_api=0)
FORMS = [pytest.param(True, ".json", id="pir"), pytest.param(False, ".pdmodel", id="legacy")]


@pytest.mark.parametrize("pir,suffix", FORMS)
def test_saved_control_flow_model_predicts_here_and_in_real_paddle(tmp_path, ref_python, pir, suffix):
    paddle.set_flags({"FLAGS_enable_pir_api": pir})
    paddle.seed(3)
    net = Net()
    net.eval()
    spec = [InputSpec([None, 3], "float32", "x"), InputSpec([1], "int64", "n")]
    paddle.jit.save(net, str(tmp_path / "m"), input_spec=spec)
    rng = np.random.default_rng(1)
    data = {"x_a": rng.standard_normal((2, 3)).astype("float32") * 3, "n_a": np.array([3], "int64"),
            "x_b": -np.abs(rng.standard_normal((5, 3)).astype("float32")), "n_b": np.array([1], "int64")}
    np.savez(tmp_path / "io.npz", **data)
    expected = {k: net(t(data["x_" + k]), t(data["n_" + k])).numpy() for k in ("a", "b")}
    loaded = paddle.jit.load(str(tmp_path / "m"))
    pred = paddle.inference.create_predictor(paddle.inference.Config(str(tmp_path / ("m" + suffix)),
                                                                     str(tmp_path / "m.pdiparams")))
    for k in ("a", "b"):
        np.testing.assert_allclose(loaded(t(data["x_" + k]), t(data["n_" + k])).numpy(), expected[k], rtol=1e-6)
        names = pred.get_input_names()
        pred.get_input_handle(names[0]).copy_from_cpu(data["x_" + k])
        pred.get_input_handle(names[1]).copy_from_cpu(data["n_" + k])
        pred.run()
        np.testing.assert_allclose(pred.get_output_handle(pred.get_output_names()[0]).copy_to_cpu(), expected[k],
                                   rtol=1e-6)
    proc = subprocess.run([str(ref_python), "-c", _REF_PREDICT, str(tmp_path), suffix], capture_output=True,
                          text=True, timeout=300, cwd=str(tmp_path),
                          env={**os.environ, "FLAGS_enable_pir_api": "1" if pir else "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    ref = np.load(tmp_path / "ref.npz")
    for k in ("a", "b"):
        np.testing.assert_allclose(ref["load_" + k], expected[k], rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(ref["pred_" + k], expected[k], rtol=1e-5, atol=1e-6)


# -- what the converted function keeps of the original ------------------------------------------------
SCALE = 3.0


def _twice(fn):
    @functools.wraps(fn)
    def wrapper(*args, **kwargs):
        return fn(*args, **kwargs) * 2

    return wrapper


def test_closures_globals_defaults_and_decorators_are_kept():
    offset = t(np.float32(1.0))

    @paddle.jit.to_static
    @_twice
    def f(x, k=2.0):
        if x.mean() > 0:
            y = x * SCALE + offset
        else:
            y = x * k
        return y

    x = np.array([1.0, 2.0], "float32")
    np.testing.assert_allclose(f(t(x)).numpy(), (x * 3 + 1) * 2)
    np.testing.assert_allclose(f(t(-x)).numpy(), -x * 2 * 2)
    assert "convert_ifelse" in f.code
    assert op_types(f.concrete_program.main_program) >= {"conditional_block", "select_input"}


def test_not_to_static_and_enable_to_static():
    @paddle.jit.not_to_static
    def helper(x):
        if x.mean() > 0:  # not converted: a Tensor `if` here fails while tracing
            return x
        return -x

    @paddle.jit.to_static
    def f(x):
        return helper(x) + 1

    with pytest.raises(TypeError, match="paddle.static.nn.cond"):
        f(t(np.ones(2, "float32")))
    paddle.jit.enable_to_static(False)
    np.testing.assert_array_equal(f(t(-np.ones(2, "float32"))).numpy(), [2.0, 2.0])


def test_missing_source_falls_back_to_tracing_with_a_warning():
    scope = {"paddle": paddle}
    exec("def f(x):\n    return x * 2 if x.mean() > 0 else x\n", scope)
    sf = paddle.jit.to_static(scope["f"])
    with pytest.warns(UserWarning, match="source of 'f' is unavailable"), pytest.raises(TypeError):
        sf(t(np.ones(2, "float32")))
    exec("def g(x):\n    return x * 2\n", scope)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        np.testing.assert_array_equal(paddle.jit.to_static(scope["g"])(t(np.ones(2, "float32"))).numpy(), [2, 2])


def test_assert_on_a_tensor_becomes_an_assert_op():
    @paddle.jit.to_static
    def f(x):
        assert x.min() > 0, "x must be positive"
        return x + 1

    np.testing.assert_array_equal(f(t(np.ones(2, "float32"))).numpy(), [2, 2])
    assert "assert" in op_types(f.concrete_program.main_program)
    with pytest.raises(ValueError):
        f(t(-np.ones(2, "float32")))


# -- errors name the file, the line and the construct -------------------------------------------------
def _line_of(fn, text):
    src, start = inspect.getsourcelines(fn)
    return start + next(i for i, s in enumerate(src) if text in s)


def test_variable_assigned_in_one_branch_only():
    def f(x):
        if x.mean() > 0:
            y = x + 1
        return y

    with pytest.raises(NameError, match=f"'y'.*true branch of the `if` at {HERE}:{_line_of(f, 'if x.mean')}"):
        paddle.jit.to_static(f)(t(np.ones(2, "float32")))

    def g(x):  # a temporary of one branch, unused after the `if`: fine
        if x.mean() > 0:
            tmp = x * 2
            y = tmp + 1
        else:
            y = x - 1
        return y

    np.testing.assert_array_equal(paddle.jit.to_static(g)(t(np.ones(2, "float32"))).numpy(), [3, 3])


@pytest.mark.parametrize("body, match", [
    ("    if x.mean() > 0:\n        y = paddle.ones([2], 'int64')\n    else:\n        y = x\n    return y",
     "'y' is int64 in the true branch and float32 in the false branch"),
    ("    if x.mean() > 0:\n        return x\n", "the return value is a Tensor .* and None"),
    ("    if x.mean() > 0:\n        y = [x]\n    else:\n        y = x\n    return y", "different structure"),
    ("    a = []\n    i = paddle.zeros([1], 'int64')\n    while i < 3:\n        a.append(x)\n        i += 1\n"
     "    return a",
     "the list 'a' is modified inside the `while` loop"),
    ("    global G\n    if x.mean() > 0:\n        G = 1\n    return x", "assigns the global/nonlocal name"),
    ("    i = paddle.zeros([1], 'int64')\n    while i < 3:\n        i = i + 1.5\n    return i",
     "'i' is int64 before the `while` loop"),
    ("    if x > 0:\n        x = x + 1\n    return x", "a Tensor of shape \\[2\\]"),
    ("    yield x", "can not convert a generator function \\(`yield`\\) in 'f'"),
])
def test_unsupported_code_raises_naming_file_line_and_construct(tmp_path, body, match):
    import importlib.util
    path = tmp_path / "user_code.py"
    path.write_text("import purepaddle as paddle\n\n\ndef f(x):\n" + body + "\n")
    spec = importlib.util.spec_from_file_location("user_code", path)
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    with pytest.raises((Dygraph2StaticException, NameError)) as info:
        paddle.jit.to_static(mod.f)(t(np.ones(2, "float32")))
    assert f"{path}:" in str(info.value)
    assert __import__("re").search(match, str(info.value)), str(info.value)
    assert paddle.in_dynamic_mode()


def test_methods_super_staticmethods_and_closure_cells():
    class Base(paddle.nn.Layer):
        def __init__(self):
            super().__init__()
            self.fc = paddle.nn.Linear(2, 2)

        def forward(self, x):
            return self.fc(x)

    class Child(Base):
        @staticmethod
        def _shift(y, k):
            return y + k if y.mean() > 0 else y - k

        @paddle.jit.to_static
        def forward(self, x):
            scale = 1.0

            def scaled(v):
                return v * scale

            y = super().forward(x)
            if y.mean() > 0:
                scale = 3.0  # the closure cell sees the new value
                y = super().forward(x)  # zero-argument super() inside a branch
            return scaled(self._shift(y, 1.0))

    paddle.seed(1)
    net = Child()
    for sign in (1.0, -1.0):
        x = t(np.full((1, 2), sign * 5, "float32"))
        y = net.fc(x).numpy()
        scale, shift = (3.0, 1.0) if y.mean() > 0 else (1.0, -1.0)
        np.testing.assert_allclose(net(x).numpy(), (y + shift) * scale, rtol=1e-6)
    assert len(net.forward._cache) == 1


def test_nonlocal_write_under_a_tensor_condition_names_the_if():
    def make():
        count = 0

        def f(x):
            nonlocal count
            if x.mean() > 0:
                count += 1
            return x

        return f

    f = make()
    with pytest.raises(Dygraph2StaticException, match=f"{HERE}:{_line_of(f, 'if x.mean')}: .*nonlocal name.*count"):
        paddle.jit.to_static(f)(t(np.ones(2, "float32")))

    def g(x):  # a nonlocal written under a Python condition is fine
        c = 0

        def inc():
            nonlocal c
            c += 1

        for i in range(3):
            if i > 0:
                inc()
        return x * c

    np.testing.assert_array_equal(paddle.jit.to_static(g)(t(np.ones(2, "float32"))).numpy(), [2, 2])


def test_a_loop_whose_condition_becomes_a_tensor_midway():
    @paddle.jit.to_static
    def f(x):
        go = True  # a Python value first, then a Tensor: the rest of the loop is a while op
        k = 0
        while go:
            x = x * 2
            k += 1
            go = x.sum() < 20
        return x, k

    x, k = f(t(np.ones(2, "float32")))
    np.testing.assert_array_equal(x.numpy(), [16, 16])
    assert int(k) == 4


def test_saving_a_plain_layer_with_an_input_spec_warns_nothing(tmp_path):
    net = paddle.nn.Linear(2, 2)
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # real Paddle prints nothing here
        paddle.jit.save(net, str(tmp_path / "m"), input_spec=[InputSpec([None, 2], "float32", "x")])
    assert os.path.exists(tmp_path / "m.json")


def test_names_first_made_inside_a_tensor_loop_and_return_inside_it():
    @paddle.jit.to_static
    def made_inside(x):
        i = paddle.zeros([1], "int64")
        while i < 3:
            s = x * 2 + paddle.cast(i, "float32")  # first assigned here, read after the loop (as in Paddle)
            i += 1
        return s

    np.testing.assert_array_equal(made_inside(t(np.ones(2, "float32"))).numpy(), [4, 4])

    def returns_inside(x):
        i = paddle.zeros([1], "int64")
        while i < 4:
            x = x * 2
            if x.mean() > 4:
                return x + 1, i  # Paddle refuses this ("if/else have different return type")
            i += 1
        return x - 1, i

    sf = paddle.jit.to_static(returns_inside)
    for v in (1.0, 0.01):
        x = t(np.full(2, v, "float32"), stop_gradient=False)
        y, i = sf(x)
        xe = t(np.full(2, v, "float32"), stop_gradient=False)
        ye, ie = returns_inside(xe)
        np.testing.assert_allclose(y.numpy(), ye.numpy(), rtol=1e-6)
        assert int(i) == int(ie)
        y.sum().backward()
        ye.sum().backward()
        np.testing.assert_allclose(x.grad.numpy(), xe.grad.numpy(), rtol=1e-6)
    assert len(sf._cache) == 1


def test_for_over_a_tensor_of_unknown_length_becomes_a_while_op():
    def f(x):
        out = x[0] * 0
        for row in x:  # the first dim is unknown in the program: a while op walks it
            if row.sum() > 0:
                out = out + row
        return out

    sf = paddle.jit.to_static(f, input_spec=[InputSpec([None, 2], "float32", "x")])
    for rows in ([[1.0, 2.0], [-3.0, 1.0], [0.5, 0.5]], [[-1.0, -1.0]]):
        x = t(np.array(rows, "float32"), stop_gradient=False)
        xe = t(np.array(rows, "float32"), stop_gradient=False)
        y, ye = sf(x), f(xe)
        np.testing.assert_allclose(y.numpy(), ye.numpy(), rtol=1e-6)
        y.sum().backward()
        ye.sum().backward()
        np.testing.assert_allclose(x.grad.numpy(), xe.grad.numpy(), rtol=1e-6)
    assert "while" in op_types(sf.concrete_program.main_program) and len(sf._cache) == 1


def test_full_graph_true_converts_the_same_way():
    sf = paddle.jit.to_static(cases.if_else, full_graph=True)
    for x, n in cases.INPUTS.values():
        np.testing.assert_allclose(sf(t(x), t(n)).numpy(), cases.if_else(t(x), t(n)).numpy(), rtol=1e-6)
    assert len(sf._cache) == 1


class RowSum(paddle.nn.Layer):
    def __init__(self):
        super().__init__()
        self.fc = paddle.nn.Linear(2, 2)

    def forward(self, x):
        out = x[0] * 0
        for row in x:  # unknown length in the saved program: a while op over the rows
            if row.sum() > 0:
                out = out + self.fc(row)
        return out


_REF_ROWS = r"""
import os, sys, numpy as np
import paddle
d = sys.argv[1]
x = np.load(os.path.join(d, "x.npy"))
np.save(os.path.join(d, "ref.npy"), paddle.jit.load(os.path.join(d, "m"))(paddle.to_tensor(x)).numpy())
"""


@pytest.mark.parametrize("pir,suffix", FORMS)
def test_saved_loop_over_rows_of_unknown_length_runs_in_real_paddle(tmp_path, ref_python, pir, suffix):
    paddle.set_flags({"FLAGS_enable_pir_api": pir})
    paddle.seed(2)
    net = RowSum()
    net.eval()
    paddle.jit.save(net, str(tmp_path / "m"), input_spec=[InputSpec([None, 2], "float32", "x")])
    x = np.array([[1, 2], [-3, 1], [0.5, 0.5], [2, -1]], "float32")
    np.save(tmp_path / "x.npy", x)
    expected = net(t(x)).numpy()
    np.testing.assert_allclose(paddle.jit.load(str(tmp_path / "m"))(t(x)).numpy(), expected, rtol=1e-6)
    proc = subprocess.run([str(ref_python), "-c", _REF_ROWS, str(tmp_path)], capture_output=True, text=True,
                          timeout=300, cwd=str(tmp_path), env={**os.environ, "FLAGS_enable_pir_api": "1" if pir else "0"})
    assert proc.returncode == 0, proc.stderr[-3000:]
    np.testing.assert_allclose(np.load(tmp_path / "ref.npy"), expected, rtol=1e-5, atol=1e-6)
