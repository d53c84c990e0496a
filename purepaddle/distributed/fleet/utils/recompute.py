"""Activation recomputation: run a block without keeping its activations, re-run it in backward.

`recompute(function, *args)` calls `function` once without recording a graph (its intermediate
tensors are freed as soon as the forward moves on) and keeps only the block's inputs. When the
backward reaches the block, the forward runs again from those inputs (with the random state and
the auto_cast settings of the first run, so dropout masks and dtypes are the same), the block's
backward runs on the fresh graph, and the gradients continue upstream. Gradients equal those
without recompute; peak memory drops by the activations of the block.

Two implementations, as in Paddle: `use_reentrant=True` (default) is a PyLayer whose backward
re-runs the block and calls backward inside it; `use_reentrant=False` records the block normally
but replaces every tensor its ops save by a placeholder (saved_tensors_hooks), and the first
placeholder read in backward re-runs the block to fill them all.
"""
import contextlib
import inspect
import random
import warnings
import weakref

import numpy as np

from ...._core.mode import STATE, in_dynamic_mode, set_grad_enabled
from ...._core.tensor import Parameter, Tensor
from ...._core.autograd import backward as _backward, saved_tensors_hooks
from ....amp.auto_cast import amp_guard, current_settings
from ....autograd.py_layer import PyLayer
from ....framework.random import get_rng_state, set_rng_state

__all__ = ["recompute", "recompute_sequential"]


def _rng_snapshot():
    return get_rng_state(), np.random.get_state(), random.getstate()


@contextlib.contextmanager
def _rng_restored(snapshot):
    """Run with the random state of `snapshot`, then put the current one back."""
    now = _rng_snapshot()
    set_rng_state(snapshot[0])
    np.random.set_state(snapshot[1])
    random.setstate(snapshot[2])
    try:
        yield
    finally:
        set_rng_state(now[0])
        np.random.set_state(now[1])
        random.setstate(now[2])


def _detach(inputs):
    """Fresh leaves sharing the inputs' data (parameters stay themselves: their grads accumulate)."""
    out = []
    for x in inputs:
        if isinstance(x, Parameter):
            out.append(x)
        elif isinstance(x, Tensor):
            d = x.detach()
            d.stop_gradient = x.stop_gradient
            out.append(d)
        elif type(x) is tuple and x and all(isinstance(i, Tensor) for i in x):
            tup = []
            for i in x:
                d = i.detach()
                d.stop_gradient = i.stop_gradient
                tup.append(d)
            out.append(tuple(tup))
        else:
            out.append(x)
    return out


class _RecomputeFunction(PyLayer):
    """The reentrant recompute: forward without a graph, backward re-runs the block and its backward."""

    @staticmethod
    def forward(ctx, run_function, preserve_rng_state, *args):
        ctx.run_function = run_function
        ctx.rng = _rng_snapshot() if preserve_rng_state else None
        ctx.amp = current_settings()
        ctx.args = list(args)
        tensors, ctx.slots = [], []
        for i, a in enumerate(args):
            if isinstance(a, Tensor) or (type(a) is tuple and a and all(isinstance(x, Tensor) for x in a)):
                if type(a) is tuple:
                    flags = {x.stop_gradient for x in a}
                    if len(flags) > 1:
                        raise ValueError("Recompute receive a tuple containing tensor holds different stop "
                                         "gradient.")
                tensors.append(a)
                ctx.slots.append(i)
                ctx.args[i] = None
            elif type(a) is tuple and any(isinstance(x, Tensor) for x in a):
                raise ValueError("Recompute receive a tuple containing tensor and non-tensor at same time.")
        ctx.save_for_backward(*tensors)
        return run_function(*args)

    @staticmethod
    def backward(ctx, *grads):
        args = list(ctx.args)
        for i, t in zip(ctx.slots, ctx.saved_tensor()):
            args[i] = t
        rng = _rng_restored(ctx.rng) if ctx.rng is not None else contextlib.nullcontext()
        with set_grad_enabled(True), rng, amp_guard(**ctx.amp):
            detached = _detach(args)
            outputs = ctx.run_function(*detached)
        if isinstance(outputs, Tensor):
            outputs = (outputs,)
        if len(outputs) != len(grads):
            raise RuntimeError(f"recompute: the block returned {len(outputs)} outputs in backward but "
                               f"{len(grads)} in forward; it must be deterministic in its structure")
        outs, gs = [], []
        for o, g in zip(outputs, grads):
            if isinstance(o, Tensor) and not o.stop_gradient:
                outs.append(o)
                gs.append(g)
        if not outs:
            raise RuntimeError("none of output has requires_grad=True, this recompute() is not necessary")
        with amp_guard(enable=False):
            _backward(outs, gs)
        result = []
        for i in ctx.slots:
            inp = detached[i]
            if type(inp) is tuple:
                result.append(None if all(x.stop_gradient for x in inp) else tuple(x.grad for x in inp))
            else:
                result.append(inp.grad if not inp.stop_gradient else None)
        return tuple(result)


def _recompute_without_reentrant(function, preserve_rng_state, args, kwargs):
    """Record the block, but swap every saved tensor for a placeholder refilled by re-running it."""
    rng = _rng_snapshot() if preserve_rng_state else None
    amp = current_settings()
    holders = []          # weakrefs to the placeholders, in save order
    storage = weakref.WeakKeyDictionary()

    class _Holder:
        __slots__ = ("__weakref__",)

    def pack(t):
        h = _Holder()
        holders.append(weakref.ref(h))
        return h

    def unpack(h):
        if not storage:
            count = [0]

            def inner_pack(t):
                k = count[0]
                count[0] += 1
                holder = holders[k]() if k < len(holders) else None
                if holder is not None:
                    storage[holder] = t
                return None

            def inner_unpack(_):
                raise RuntimeError("recompute: a tensor saved while re-running the block was read by backward")

            ctx = _rng_restored(rng) if rng is not None else contextlib.nullcontext()
            with ctx, set_grad_enabled(True), amp_guard(**amp), saved_tensors_hooks(inner_pack, inner_unpack):
                function(*args, **kwargs)
        if h not in storage:
            raise RuntimeError("Not supported to retrieve a tensor saved by autograd multiple times that is no "
                               "need to recompute.")
        return storage.pop(h)

    with saved_tensors_hooks(pack, unpack):
        return function(*args, **kwargs)


def _flatten_args(function, args, kwargs):
    """Positional inputs for the reentrant form (keyword-only parameters are not supported there)."""
    sig = inspect.signature(function.forward if hasattr(function, "forward") and not inspect.isfunction(function)
                            else function)
    bound = sig.bind(*args, **kwargs)
    bound.apply_defaults()
    flat = []
    for value, param in zip(bound.arguments.values(), sig.parameters.values()):
        if param.kind == param.VAR_POSITIONAL:
            flat.extend(value)
        elif param.kind in (param.POSITIONAL_ONLY, param.POSITIONAL_OR_KEYWORD):
            flat.append(value)
        elif param.kind == param.VAR_KEYWORD:
            flat.extend(value.values())
        else:
            raise ValueError("Currently, keyword-only arguments are not supported when you want to send kwargs(dict "
                             "parameter) to function with use_reentrant=True.")
    return flat


def recompute(function, *args, **kwargs):
    """Run `function(*args)` without keeping its intermediate activations; backward recomputes them.

    Args:
        function (callable|Layer): the block, e.g. a sub-layer or a function of tensors.
        *args: its inputs.
        **kwargs: `preserve_rng_state` (bool, default True: the re-run draws the same random numbers, so
            dropout masks match), `use_reentrant` (bool, default True: the PyLayer form; False: the
            saved-tensor-hooks form, which also takes keyword arguments for `function`).

    Returns:
        What `function` returns.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.distributed.fleet.utils import recompute
            >>> block = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.ReLU(), paddle.nn.Linear(4, 4))
            >>> x = paddle.rand([2, 4])
            >>> x.stop_gradient = False
            >>> y = recompute(block, x)
            >>> y.sum().backward()
            >>> x.grad.shape
            paddle.Size([2, 4])
    """
    preserve = kwargs.pop("preserve_rng_state", True)
    use_reentrant = kwargs.pop("use_reentrant", True)
    if not in_dynamic_mode():
        raise NotImplementedError("recompute: static programs recompute through fleet's strategy.recompute with "
                                  "recompute_configs['checkpoints'] (or paddle.incubate.optimizer."
                                  "RecomputeOptimizer); call recompute in dynamic mode")
    if STATE.grad_enabled:
        needs = [a.stop_gradient for a in list(args) + list(kwargs.values()) if isinstance(a, Tensor)]
        if needs and all(needs):
            warnings.warn("[Recompute]: None of the inputs to current recompute block need grad, therefore there "
                          "is NO need to recompute this block in backward !")
    if use_reentrant:
        kwargs.pop("offload_indices", None)
        flat = _flatten_args(function, args, kwargs)
        return _RecomputeFunction.apply(function, preserve, *flat)
    return _recompute_without_reentrant(function, preserve, args, kwargs)


def recompute_sequential(ctx, functions, *args, **kwargs):
    """Recompute a Sequential (or list of callables) in `ctx['segments']` segments; the last runs normally.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.distributed.fleet.recompute import recompute_sequential
            >>> model = paddle.nn.Sequential(*[paddle.nn.Linear(4, 4) for _ in range(4)])
            >>> x = paddle.rand([2, 4])
            >>> x.stop_gradient = False
            >>> y = recompute_sequential({"segments": 2}, model, x)
            >>> y.shape
            paddle.Size([2, 4])
    """
    segments = ctx.get("segments", 1)
    preserve = ctx.get("preserve_rng_state", True)
    from ....nn import Sequential
    if isinstance(functions, Sequential):
        functions = list(functions.children())

    def run(begin, end):
        def do_run(x):
            for i in range(begin, end + 1):
                x = functions[i](x)
            return x
        return do_run

    size = len(functions) // segments
    end = -1
    for begin in range(0, size * (segments - 1), size):
        end = begin + size - 1
        args = recompute(run(begin, end), *args, preserve_rng_state=preserve, **kwargs)
        args = (args,) if isinstance(args, Tensor) else args
    return run(end + 1, len(functions) - 1)(*args)
