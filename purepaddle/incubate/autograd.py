"""paddle.incubate.autograd: function-style derivatives (vjp, jvp, Jacobian, Hessian) and the prim switches.

Everything is reverse mode on the eager tape: a jvp is the vjp of a vjp (differentiate
u -> J^T u with respect to the dummy cotangent u), so no forward-mode machinery is needed.
"""

from __future__ import annotations

import numpy as np

from .._core.autograd import grad as _grad
from .._core.tensor import Tensor

__all__ = ["vjp", "jvp", "Jacobian", "Hessian", "enable_prim", "disable_prim", "prim_enabled",
           "forward_grad", "grad"]

_PRIM = {"on": False}


def _as_list(xs):
    return (list(xs), True) if isinstance(xs, (list, tuple)) else ([xs], False)


def _watch(xs):
    """Fresh leaves that share the inputs' values, so derivatives don't leak into the caller's graph."""
    out = []
    for x in xs:
        if not isinstance(x, Tensor):
            raise TypeError(f"xs must be Tensor or a sequence of Tensors, got {type(x).__name__}")
        leaf = x.detach()
        leaf.stop_gradient = False
        out.append(leaf)
    return out


def _ones(t):
    return Tensor._make(np.ones(t._data.shape, dtype=t._data.dtype))


def _zeros(t):
    return Tensor._make(np.zeros(t._data.shape, dtype=t._data.dtype))


def _vjp_of(ys, xs, vs, create_graph):
    gs = _grad(ys, xs, grad_outputs=vs, retain_graph=True, create_graph=create_graph, allow_unused=True)
    return [_zeros(x) if g is None else g for g, x in zip(gs, xs)]


def _check_v(v, ref, what):
    vs, _ = _as_list(v)
    if len(vs) != len(ref) or any(list(a.shape) != list(b.shape) for a, b in zip(vs, ref)):
        raise ValueError(f"{what} must match in count and shapes: got {[list(a.shape) for a in vs]}, "
                         f"expected {[list(b.shape) for b in ref]}")
    return vs


def vjp(func, xs, v=None):
    """Vector-Jacobian product of `func` at `xs`: v^T J.

    Args:
        func (Callable): takes the Tensor(s) in `xs`, returns a Tensor or a sequence of Tensors.
        xs (Tensor|Sequence[Tensor]): the point to differentiate at.
        v (Tensor|Sequence[Tensor], optional): cotangent, shaped like func's output(s); ones when None.

    Returns:
        tuple: (func_out, vjp_result); vjp_result is shaped like `xs` (a Tensor when xs is one Tensor).

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.to_tensor([[1., 2], [3, 4]])
            >>> out, g = paddle.incubate.autograd.vjp(lambda t: t * t, x)
            >>> g.numpy().tolist()
            [[2.0, 4.0], [6.0, 8.0]]
    """
    xs_list, many = _as_list(xs)
    leaves = _watch(xs_list)
    ys = func(*leaves)
    ys_list, _ = _as_list(ys)
    vs = [_ones(y) for y in ys_list] if v is None else _check_v(v, ys_list, "v and func(xs)")
    gs = _vjp_of(ys_list, leaves, vs, create_graph=True)
    return ys, (gs if many else gs[0])


def jvp(func, xs, v=None):
    """Jacobian-vector product of `func` at `xs`: J v.

    Args:
        func (Callable): takes the Tensor(s) in `xs`, returns a Tensor or a sequence of Tensors.
        xs (Tensor|Sequence[Tensor]): the point to differentiate at.
        v (Tensor|Sequence[Tensor], optional): tangent, shaped like `xs`; ones when None.

    Returns:
        tuple: (func_out, jvp_result); jvp_result is shaped like func's output(s).

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.to_tensor([[1., 2], [3, 4]])
            >>> out, t = paddle.incubate.autograd.jvp(lambda t: t * t, x)
            >>> t.numpy().tolist()
            [[2.0, 4.0], [6.0, 8.0]]
    """
    xs_list, _ = _as_list(xs)
    leaves = _watch(xs_list)
    vs = [_ones(x) for x in xs_list] if v is None else _check_v(v, xs_list, "v and xs")
    ys = func(*leaves)
    ys_list, many_out = _as_list(ys)
    dummies = []
    for y in ys_list:
        u = _zeros(y)
        u.stop_gradient = False
        dummies.append(u)
    # J^T u is linear in u; its vjp against v is J v
    gs = _vjp_of(ys_list, leaves, dummies, create_graph=True)
    pairs = [(g, t) for g, t in zip(gs, vs) if not g.stop_gradient]
    if pairs:
        out = _vjp_of([g for g, _ in pairs], dummies, [t for _, t in pairs], create_graph=True)
    else:
        out = [_zeros(y) for y in ys_list]
    return ys, (out if many_out else out[0])


def _flat_rows(func, xs, batched):
    """The dense Jacobian of func at xs: [M, N] (or [B, M, N] when batched), inputs joined along N."""
    xs_list, _ = _as_list(xs)
    leaves = _watch(xs_list)
    ys = func(*leaves)
    if isinstance(ys, (list, tuple)):
        raise ValueError("Jacobian/Hessian take a func with a single Tensor output")
    y = ys
    if batched:
        b = y.shape[0]
        yf = y.reshape([b, -1])
        m = yf.shape[1]
    else:
        yf = y.reshape([-1])
        m = yf.shape[0]
    rows = []
    for i in range(m):
        e = np.zeros(yf._data.shape, dtype=yf._data.dtype)
        e[..., i] = 1
        gs = _vjp_of([yf], leaves, [Tensor._make(e)], create_graph=True)
        if batched:
            rows.append(_concat_last([g.reshape([b, -1]) for g in gs]))
        else:
            rows.append(_concat_last([g.reshape([-1]) for g in gs]))
    from .. import tensor as _t  # floor 4
    return _t.stack(rows, axis=1 if batched else 0)


class Jacobian:
    """The Jacobian matrix of `func` at `xs`, indexable like a Tensor.

    Args:
        func (Callable): takes the Tensor(s) in `xs`, returns one Tensor.
        xs (Tensor|Sequence[Tensor]): the point; several inputs are flattened and joined along the columns.
        is_batched (bool): when True, axis 0 of inputs and output is a batch axis. Default False.

    Returns:
        Jacobian: `.shape` is [M, N] ([B, M, N] when batched); `J[:]` gives the Tensor.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.to_tensor([1., 2.])
            >>> J = paddle.incubate.autograd.Jacobian(lambda t: t * t, x)
            >>> J[:].numpy().tolist()
            [[2.0, 0.0], [0.0, 4.0]]
    """

    def __init__(self, func, xs, is_batched=False):
        xs_list, _ = _as_list(xs)
        for x in xs_list:
            if is_batched and len(x.shape) < 1:
                raise ValueError("is_batched=True needs inputs with a batch axis")
        self._value = _flat_rows(func, xs, is_batched)

    @property
    def shape(self):
        return tuple(self._value.shape)

    def __getitem__(self, index):
        return self._value[index]


class Hessian(Jacobian):
    """The Hessian matrix of a scalar `func` at `xs` (the Jacobian of its gradient).

    Args:
        func (Callable): takes the Tensor(s) in `xs`, returns a Tensor with one element
            (one per sample when batched).
        xs (Tensor|Sequence[Tensor]): the point; several inputs are flattened and joined.
        is_batched (bool): when True, axis 0 is a batch axis. Default False.

    Returns:
        Hessian: `.shape` is [N, N] ([B, N, N] when batched); `H[:]` gives the Tensor.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.to_tensor([1., 2.])
            >>> H = paddle.incubate.autograd.Hessian(lambda t: (t * t * t).sum(), x)
            >>> H[:].numpy().tolist()
            [[6.0, 0.0], [0.0, 12.0]]
    """

    def __init__(self, func, xs, is_batched=False):
        xs_list, many = _as_list(xs)

        def gradient(*leaves):
            y = func(*leaves)
            if (y.size if not is_batched else y.size // max(y.shape[0], 1)) != 1:
                raise ValueError(f"Hessian needs a func with one output value per sample, got shape {list(y.shape)}")
            gs = _vjp_of([y], list(leaves), [_ones(y)], create_graph=True)
            if is_batched:
                return _concat_last([g.reshape([g.shape[0], -1]) for g in gs])
            return _concat_last([g.reshape([-1]) for g in gs])

        super().__init__(gradient, xs_list if many else xs_list[0], is_batched)


def _concat_last(parts):
    from .. import tensor as _t  # floor 4
    return parts[0] if len(parts) == 1 else _t.concat(parts, axis=-1)


def enable_prim() -> None:
    """Turn on composite-operator (prim) lowering; purepaddle has a single eager path, so this only records the flag.

    Returns:
        None

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> paddle.incubate.autograd.enable_prim()
            >>> paddle.incubate.autograd.prim_enabled()
            True
            >>> paddle.incubate.autograd.disable_prim()
    """
    _PRIM["on"] = True


def disable_prim():
    """Turn prim lowering off again (see enable_prim).

    Returns:
        None

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> paddle.incubate.autograd.disable_prim()
            >>> paddle.incubate.autograd.prim_enabled()
            False
    """
    _PRIM["on"] = False


def prim_enabled() -> bool:
    """Whether enable_prim() is in effect.

    Returns:
        bool: the flag.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> paddle.incubate.autograd.prim_enabled()
            False
    """
    return _PRIM["on"]


def grad(outputs, inputs, grad_outputs=None):
    """Reverse-mode gradients of `outputs` with respect to `inputs` (the graph is kept for higher orders).

    Args:
        outputs (Tensor|Sequence[Tensor]): results computed from `inputs`.
        inputs (Tensor|Sequence[Tensor]): tensors with stop_gradient=False.
        grad_outputs (Tensor|Sequence[Tensor], optional): cotangents for `outputs`; ones when None.

    Returns:
        Tensor|list[Tensor]: one gradient per input (zeros for an input `outputs` does not use).

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.to_tensor([1., 2.], stop_gradient=False)
            >>> paddle.incubate.autograd.grad(x * x, x).numpy().tolist()
            [2.0, 4.0]
    """
    ys, _ = _as_list(outputs)
    xs, many = _as_list(inputs)
    vs = [_ones(y) for y in ys] if grad_outputs is None else _check_v(grad_outputs, ys, "grad_outputs and outputs")
    gs = _vjp_of(ys, xs, vs, create_graph=True)
    return gs if many else gs[0]


def forward_grad(outputs, inputs, grad_inputs=None):
    """Forward-mode derivative: the change of `outputs` along tangents `grad_inputs` of `inputs` (J v).

    Args:
        outputs (Tensor|Sequence[Tensor]): results computed from `inputs`.
        inputs (Tensor|Sequence[Tensor]): tensors with stop_gradient=False.
        grad_inputs (Tensor|Sequence[Tensor], optional): tangents shaped like `inputs`; ones when None.

    Returns:
        Tensor|list[Tensor]: one tangent per output.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> x = paddle.to_tensor([1., 2.], stop_gradient=False)
            >>> paddle.incubate.autograd.forward_grad(x * x, x).numpy().tolist()
            [2.0, 4.0]
    """
    ys, many = _as_list(outputs)
    xs, _ = _as_list(inputs)
    vs = [_ones(x) for x in xs] if grad_inputs is None else _check_v(grad_inputs, xs, "grad_inputs and inputs")
    dummies = []
    for y in ys:
        u = _zeros(y)
        u.stop_gradient = False
        dummies.append(u)
    gs = _vjp_of(ys, xs, dummies, create_graph=True)
    pairs = [(g, t) for g, t in zip(gs, vs) if not g.stop_gradient]
    out = _vjp_of([g for g, _ in pairs], dummies, [t for _, t in pairs], create_graph=False) if pairs \
        else [_zeros(y) for y in ys]
    return out if many else out[0]
