"""OpSpec: one table row per public op drives forward, gradient, static and double-backward checks."""
import dataclasses
from typing import Any, Callable, Sequence

import numpy as np
import pytest

import purepaddle as paddle


@dataclasses.dataclass
class OpSpec:
    """How to test one public function.

    fn:      the function under test, called with Tensors (then **kwargs)
    ref:     NumPy reference called with arrays (then **kwargs); None skips the forward check
    inputs:  arrays, or callables rng -> array; float inputs are cast to float64 for gradients
    grad:    indices of inputs to gradient-check (None: every floating input; () : none)
    """

    name: str
    fn: Callable
    ref: Callable = None
    inputs: Sequence[Any] = ()
    kwargs: dict = dataclasses.field(default_factory=dict)
    grad: Sequence[int] = None
    static: bool = True
    double: bool = False
    atol: float = 1e-5
    rtol: float = 1e-5
    grad_atol: float = 1e-4
    dtype: str = "float32"        # forward check dtype for float inputs

    def __str__(self):
        return self.name

    def arrays(self, dtype=None, seed=0):
        """Concrete input arrays (float ones converted to `dtype`)."""
        rng = np.random.default_rng(seed)
        out = []
        for x in self.inputs:
            a = x(rng) if callable(x) else np.asarray(x)
            if dtype is not None and a.dtype.kind == "f":
                a = a.astype(dtype)
            out.append(a)
        return out

    def grad_indices(self, arrays):
        if self.grad is not None:
            return list(self.grad)
        return [i for i, a in enumerate(arrays) if a.dtype.kind == "f"]


def _as_list(out):
    return list(out) if isinstance(out, (list, tuple)) else [out]


def _np(t):
    return t.numpy() if isinstance(t, paddle.Tensor) else np.asarray(t)


def check_forward(spec):
    """Eager result equals the NumPy reference."""
    if spec.ref is None:
        pytest.skip("no reference")
    arrays = spec.arrays(spec.dtype)
    out = spec.fn(*[paddle.to_tensor(a) for a in arrays], **spec.kwargs)
    ref = spec.ref(*arrays, **spec.kwargs)
    outs, refs = _as_list(out), _as_list(ref)
    assert len(outs) == len(refs), f"{spec.name}: {len(outs)} outputs, reference has {len(refs)}"
    for o, r in zip(outs, refs):
        o, r = _np(o), np.asarray(r)
        assert list(o.shape) == list(r.shape), f"{spec.name}: shape {o.shape} != reference {r.shape}"
        np.testing.assert_allclose(o.astype(np.float64) if o.dtype.kind == "b" else o, r, rtol=spec.rtol,
                                   atol=spec.atol, err_msg=spec.name)


def _scalar_objective(spec, tensors, weights):
    """sum(out_i * w_i) over the floating outputs: its gradient is the VJP with out_grad = w."""
    out = _as_list(spec.fn(*tensors, **spec.kwargs))
    total = None
    for o, w in zip(out, weights):
        if w is None:
            continue
        term = (o * paddle.to_tensor(w)).sum()
        total = term if total is None else total + term
    return total


def check_grad(spec, eps=1e-6):
    """Analytic VJP (float64, random out_grad) equals central finite differences."""
    arrays = spec.arrays("float64")
    idx = spec.grad_indices(arrays)
    if not idx:
        pytest.skip("no differentiable input")
    rng = np.random.default_rng(1)
    tensors = [paddle.to_tensor(a, stop_gradient=(i not in idx)) for i, a in enumerate(arrays)]
    outs = _as_list(spec.fn(*tensors, **spec.kwargs))
    weights = [rng.standard_normal(_np(o).shape) if _np(o).dtype.kind == "f" and not o.stop_gradient else None
               for o in outs]
    obj = _scalar_objective(spec, tensors, weights)
    grads = paddle.grad(obj, [tensors[i] for i in idx], allow_unused=True)
    for k, i in enumerate(idx):
        x = arrays[i]
        num = np.zeros_like(x)
        flat = x.reshape(-1)
        nflat = num.reshape(-1)
        for j in range(flat.size):
            old = flat[j]
            vals = []
            for delta in (eps, -eps):
                flat[j] = old + delta
                ts = [paddle.to_tensor(a) for a in arrays]
                vals.append(float(_scalar_objective(spec, ts, weights).numpy()))
            flat[j] = old
            nflat[j] = (vals[0] - vals[1]) / (2 * eps)
        got = np.zeros_like(x) if grads[k] is None else grads[k].numpy()
        np.testing.assert_allclose(got, num, atol=spec.grad_atol, rtol=1e-4,
                                   err_msg=f"{spec.name}: gradient of input {i}")


def check_static(spec):
    """The same function built as a static Program and run by the Executor gives the eager result."""
    arrays = spec.arrays(spec.dtype)
    eager = [_np(o) for o in _as_list(spec.fn(*[paddle.to_tensor(a) for a in arrays], **spec.kwargs))]
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xs = [paddle.static.data(f"in_{i}", list(a.shape), str(a.dtype)) for i, a in enumerate(arrays)]
            outs = _as_list(spec.fn(*xs, **spec.kwargs))
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        got = exe.run(main, feed={f"in_{i}": a for i, a in enumerate(arrays)}, fetch_list=outs)
    finally:
        paddle.disable_static()
    for g, e in zip(got, eager):
        assert list(np.shape(g)) == list(e.shape), f"{spec.name}: static shape {np.shape(g)} != eager {e.shape}"
        np.testing.assert_allclose(g, e, rtol=spec.rtol, atol=spec.atol, err_msg=f"{spec.name} static")


def check_static_grad(spec):
    """Static append_backward gradients (fetched by X@GRAD name) equal the eager ones."""
    arrays = spec.arrays("float64")
    idx = spec.grad_indices(arrays)
    if not idx:
        pytest.skip("no differentiable input")
    rng = np.random.default_rng(2)
    tensors = [paddle.to_tensor(a, stop_gradient=(i not in idx)) for i, a in enumerate(arrays)]
    outs = _as_list(spec.fn(*tensors, **spec.kwargs))
    weights = [rng.standard_normal(_np(o).shape) if _np(o).dtype.kind == "f" and not o.stop_gradient else None
               for o in outs]
    eager = paddle.grad(_scalar_objective(spec, tensors, weights), [tensors[i] for i in idx], allow_unused=True)
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            xs = [paddle.static.data(f"in_{i}", list(a.shape), str(a.dtype)) for i, a in enumerate(arrays)]
            for i in idx:
                xs[i].stop_gradient = False
            loss = _scalar_objective(spec, xs, weights)
            paddle.static.append_backward(loss)
        exe = paddle.static.Executor(paddle.CPUPlace())
        exe.run(startup)
        names = [xs[i].name + "@GRAD" for i in idx]
        present = [n for n in names if main.global_block().has_var(n)]
        got = exe.run(main, feed={f"in_{i}": a for i, a in enumerate(arrays)}, fetch_list=present)
    finally:
        paddle.disable_static()
    got = dict(zip(present, got))
    for k, i in enumerate(idx):
        e = np.zeros_like(arrays[i]) if eager[k] is None else eager[k].numpy()
        g = got.get(names[k], np.zeros_like(arrays[i]))
        np.testing.assert_allclose(g, e, rtol=1e-6, atol=1e-8, err_msg=f"{spec.name}: static grad of input {i}")


def check_double(spec, eps=1e-6):
    """Double backward: d/dx <grad(obj, x), v> by create_graph equals finite differences of the VJP."""
    arrays = spec.arrays("float64")
    idx = spec.grad_indices(arrays)
    rng = np.random.default_rng(3)

    def first_grads(arrs, create):
        ts = [paddle.to_tensor(a, stop_gradient=(i not in idx)) for i, a in enumerate(arrs)]
        outs = _as_list(spec.fn(*ts, **spec.kwargs))
        obj = _scalar_objective(spec, ts, weights)
        return ts, paddle.grad(obj, [ts[i] for i in idx], create_graph=create, allow_unused=True)

    outs0 = _as_list(spec.fn(*[paddle.to_tensor(a) for a in arrays], **spec.kwargs))
    weights = [rng.standard_normal(_np(o).shape) if _np(o).dtype.kind == "f" else None for o in outs0]
    vs = [rng.standard_normal(arrays[i].shape) for i in idx]
    ts, g1 = first_grads(arrays, True)
    second_obj = None
    for g, v in zip(g1, vs):
        if g is None or g.stop_gradient:
            continue
        term = (g * paddle.to_tensor(v)).sum()
        second_obj = term if second_obj is None else second_obj + term
    if second_obj is None:
        pytest.skip("first gradient does not depend on the inputs")
    g2 = paddle.grad(second_obj, [ts[i] for i in idx], allow_unused=True)
    for k, i in enumerate(idx):
        x = arrays[i]
        num = np.zeros_like(x)
        flat, nflat = x.reshape(-1), num.reshape(-1)
        for j in range(flat.size):
            old = flat[j]
            vals = []
            for delta in (eps, -eps):
                flat[j] = old + delta
                _, gg = first_grads(arrays, False)
                vals.append(sum(float((gq.numpy() * v).sum()) for gq, v in zip(gg, vs) if gq is not None))
            flat[j] = old
            nflat[j] = (vals[0] - vals[1]) / (2 * eps)
        got = np.zeros_like(x) if g2[k] is None else g2[k].numpy()
        np.testing.assert_allclose(got, num, atol=1e-4, rtol=1e-4, err_msg=f"{spec.name}: double grad of input {i}")


def parametrize(specs):
    """Generate the four test functions for a list of OpSpecs (use in a test module)."""
    ids = [s.name for s in specs]
    grad_specs = [s for s in specs if s.grad != ()]
    static_specs = [s for s in specs if s.static]
    double_specs = [s for s in specs if s.double]

    @pytest.mark.parametrize("spec", specs, ids=ids)
    def test_forward(spec):
        check_forward(spec)

    @pytest.mark.parametrize("spec", grad_specs, ids=[s.name for s in grad_specs])
    def test_grad(spec):
        check_grad(spec)

    @pytest.mark.parametrize("spec", static_specs, ids=[s.name for s in static_specs])
    def test_static(spec):
        check_static(spec)

    @pytest.mark.parametrize("spec", [s for s in static_specs if s.grad != ()],
                             ids=[s.name for s in static_specs if s.grad != ()])
    def test_static_grad(spec):
        check_static_grad(spec)

    @pytest.mark.parametrize("spec", double_specs, ids=[s.name for s in double_specs])
    def test_double(spec):
        check_double(spec)

    return test_forward, test_grad, test_static, test_static_grad, test_double


def rand(*shape, low=-1.0, high=1.0):
    """Input factory: uniform floats in [low, high)."""
    return lambda rng: rng.uniform(low, high, size=shape)


def positive(*shape, low=0.5, high=2.0):
    """Input factory: positive floats (for log, sqrt, pow bases)."""
    return lambda rng: rng.uniform(low, high, size=shape)


def ints(*shape, low=0, high=5, dtype="int64"):
    """Input factory: integers in [low, high)."""
    return lambda rng: rng.integers(low, high, size=shape).astype(dtype)
