"""The eager autograd engine: backward(), grad(), hooks, retain_grads."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence

import sys

import numpy as np

from . import hooks
from .mode import LOCAL, ThreadStacks
from .op import OP_RAN, SAVED_TENSORS, _restructure
from .half import add_into
from .tensor import BACKWARD_ENGINE, SelectedRows, Tensor

_make = Tensor._make
_empty = np.empty


def _ones_like(t):
    """The default root gradient: ones shaped like t."""
    d = t._data
    a = _empty(d.shape, dtype=d.dtype)
    a.fill(1)
    return _make(a, True, None, 0, t._place)


def _check_root(t, g, api):
    """Validate a root tensor and its given gradient (default: ones)."""
    if not isinstance(t, Tensor):
        raise TypeError(f"{api}: expected Tensors to differentiate, but received {type(t).__name__}")
    if g is None:
        return _ones_like(t)
    if not isinstance(g, Tensor):
        g = _make(np.asarray(g, dtype=t._data.dtype), True, None, 0, t._place)
    if g._data.shape != t._data.shape:
        raise ValueError(
            f"(InvalidArgument) {api}: the gradient given for a tensor of shape {list(t._data.shape)} has "
            f"shape {list(g._data.shape)}; they must match")
    return g


def _collect(roots):
    """Nodes reachable from the roots, and how many edges point at each non-root."""
    deps = {}
    seen = set(roots)
    stack = list(roots)
    while stack:
        for e in stack.pop().next:
            if type(e) is tuple:
                child = e[0]
                if child in deps:
                    deps[child] += 1
                else:
                    deps[child] = 1
                    if child not in seen:
                        seen.add(child)
                        stack.append(child)
    return seen, deps


def _sum(prev, g):
    """prev + g, where prev may still be None (the first gradient to arrive)."""
    return g if prev is None else prev + g


BACKWARD_RUN = hooks.declare(
    "backward_run", "around each backward walk: hook(run, args, kwargs) must return run(*args, **kwargs); "
    "run_backward (Tensor.backward, paddle.grad, autograd.backward) calls it; the profiler times the walk")


def run_backward(tensors, grad_tensors=None, retain_graph=False, create_graph=False, inputs=None,
                 allow_unused=False, no_grad_vars=None, api="backward"):
    """Propagate gradients from `tensors`.

    Without `inputs`, accumulates into the leaves' `.grad` (Tensor.backward). With `inputs`,
    returns their gradients and touches no `.grad` (paddle.grad).
    """
    around = BACKWARD_RUN.active
    if around is not None:
        return around(_run_backward, (tensors, grad_tensors, retain_graph, create_graph, inputs, allow_unused,
                                      no_grad_vars, api), {})
    return _run_backward(tensors, grad_tensors, retain_graph, create_graph, inputs, allow_unused, no_grad_vars, api)


def _run_backward(tensors, grad_tensors=None, retain_graph=False, create_graph=False,
                  inputs=None, allow_unused=False, no_grad_vars=None, api="backward"):
    """run_backward's walk."""
    if grad_tensors is None:
        grad_tensors = [None] * len(tensors)
    cap = None
    if inputs is not None or no_grad_vars:
        cap = _Capture(inputs, no_grad_vars)
    buffers = {}
    roots = []
    leaf_roots = []
    for t, g in zip(tensors, grad_tensors):
        g = _check_root(t, g, api)
        if t.stop_gradient:
            continue
        node = t._node
        if node is None:
            leaf_roots.append((t, g))
            continue
        b = buffers.get(node)
        if b is None:
            b = buffers[node] = [None] * (node._n_out if node._multi else 1)
            roots.append(node)
        prev = b[t._idx]
        b[t._idx] = g if prev is None else prev + g

    st = LOCAL.state  # this thread's: a backward here leaves other threads' grad mode alone
    prev = st.grad_enabled
    prev_phase = st.phase
    st.grad_enabled = create_graph = bool(create_graph)
    st.phase = "backward"  # diagnostics (nan/inf check, profiler) tell backward ops from forward ones
    try:
        for t, g in leaf_roots:
            _to_leaf(t, g, cap, create_graph)
        if roots:
            _propagate(roots, buffers, retain_graph, cap, st)
    finally:
        st.grad_enabled = prev
        st.phase = prev_phase
        st.phase_op = None
    if cap is None or inputs is None:
        return None
    return cap.finish(allow_unused, create_graph)


class _Capture:
    """paddle.grad bookkeeping: which leaves/outputs to capture, which to block."""

    def __init__(self, inputs, no_grad_vars):
        self.leaf, self.node = {}, {}
        self.results = [None] * len(inputs) if inputs is not None else None
        self.accumulate = inputs is None  # no_grad_vars alone: still a plain backward
        for k, t in enumerate(inputs or ()):
            if t._node is None:
                self.leaf[id(t)] = k
            else:
                self.node[(id(t._node), t._idx)] = k
        self.blocked = set(id(t) for t in no_grad_vars) if no_grad_vars else set()
        self.blocked_nodes = (set((id(t._node), t._idx) for t in no_grad_vars if t._node is not None)
                              if no_grad_vars else set())

    def finish(self, allow_unused, create_graph):
        results = self.results
        for k, r in enumerate(results):
            if r is None and not allow_unused:
                raise ValueError(
                    f"(InvalidArgument) The {k}-th input does not appear in the backward graph. Please check "
                    "the input tensor or set allow_unused=True to get None result.")
            if r is not None and not create_graph:
                results[k] = _make(r._data, True, None, 0, r._place)
        return results


def _propagate(roots, buffers, retain_graph, cap, st):
    """Kahn's topological walk from the root nodes, calling each op's backward once.

    Per node this is the engine's hot loop (docs/architecture.md "The eager hot path"): the common node (one
    output, no hooks, no capture) takes the branch without the general wrapper and the buffer helpers.
    """
    nodes, deps = _collect(roots)
    keep = None
    if cap is not None and not cap.accumulate:
        keep = _prune(nodes, cap.leaf, cap.node)  # paddle.grad: only nodes leading to an input
    ready = []
    for n in roots:
        if n not in deps:
            ready.append(n)
    pop = buffers.pop
    track = OP_RAN.active is not None  # diagnostics want to know whose backward each op belongs to
    while ready:
        node = ready.pop()
        grads = pop(node, None)
        nexts = node.next
        if track:
            st.phase_op = node
        if grads is not None and (keep is None or node in keep):
            if node._out_hooks is not None or node._retain is not None or cap is not None:
                grads = _output_hooks(node, grads, cap)
            if not node._multi and not node.duplicable:  # the common case, without the general wrapper
                g0 = grads[0]
                in_grads = () if g0 is None else node.backward(g0)  # None: blocked by no_grad_vars
                if not retain_graph:
                    node.release()
                if type(in_grads) is not tuple:
                    in_grads = tuple(in_grads) if type(in_grads) is list else (in_grads,)
            elif all(g is None for g in grads):
                in_grads = ()
                if not retain_graph:
                    node.release()
            else:
                in_grads = _call_backward(node, grads, retain_graph)
            for e, g in zip(nexts, in_grads):
                if e is None or g is None:
                    continue
                if type(e) is tuple:
                    child, idx = e
                    b = buffers.get(child)
                    if b is None:
                        if child._multi:
                            b = buffers[child] = [None] * child._n_out
                            b[idx] = g
                        else:
                            buffers[child] = [g]
                    elif b[idx] is None:
                        b[idx] = g
                    else:
                        b[idx] = b[idx] + g
                else:
                    _to_leaf(e, g, cap, st.grad_enabled)
        elif not retain_graph:
            node.release()
        for e in nexts:
            if type(e) is tuple:
                child = e[0]
                d = deps[child] - 1
                if d:
                    deps[child] = d
                else:
                    ready.append(child)


def _prune(nodes, capture_leaf, capture_node):
    """For paddle.grad: keep only nodes from which some requested input is reachable."""
    memo = {}
    want_nodes = set(k[0] for k in capture_node)

    def reaches(node):
        key = id(node)
        if key in memo:
            return memo[key]
        memo[key] = False
        hit = key in want_nodes
        for e in node.next:
            if e is None:
                continue
            if type(e) is tuple:
                if reaches(e[0]):
                    hit = True
            elif id(e) in capture_leaf:
                hit = True
        memo[key] = hit
        return hit

    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(nodes) + 100))
    try:
        return set(n for n in nodes if reaches(n))
    finally:
        sys.setrecursionlimit(limit)


def _output_hooks(node, grads, cap):
    """Apply hooks registered on non-leaf outputs, fill retained grads and paddle.grad captures."""
    hooks = node._out_hooks
    if hooks:
        for i, hs in hooks.items():
            if grads[i] is not None:
                for h in hs:
                    r = h(grads[i])
                    if r is not None:
                        grads[i] = r
    retain = node._retain
    if retain:
        for i, ref in retain.items():
            t = ref()
            if t is not None and grads[i] is not None:
                g = grads[i]
                if not LOCAL.state.grad_enabled:
                    g = _make(g._data, True, None, 0, g._place)
                t._grad = _sum(t._grad, g)
    if cap is not None:
        nid = id(node)
        if cap.node and cap.results is not None:
            for i, g in enumerate(grads):
                k = cap.node.get((nid, i))
                if k is not None and g is not None:
                    cap.results[k] = _sum(cap.results[k], g)
        if cap.blocked_nodes:
            for i in range(len(grads)):
                if (nid, i) in cap.blocked_nodes:
                    grads[i] = None
    return grads


def _call_backward(node, grads, retain_graph):
    """Call the op's backward with one grad per output (zeros filled in for multi-output ops,
    unless the op takes None for unused outputs: materialize_grads = False)."""
    if node._multi:
        grads = _output_grads(node, grads, node.materialize_grads)
        struct = node._out_struct
        args = grads if struct is None else _restructure(grads, struct)
    else:
        args = grads
    try:
        in_grads = node.backward(*args)
    finally:
        if not retain_graph:
            node.release()
    if type(in_grads) is not tuple:
        in_grads = (in_grads,) if not isinstance(in_grads, list) or node.duplicable else tuple(in_grads)
    if node.duplicable:
        flat = []
        for g in in_grads:
            if type(g) is list:
                flat.extend(g)
            else:
                flat.append(g)
        in_grads = flat
    return in_grads


def _output_grads(node, grads, fill):
    """The gradients a multi-output op's backward receives, one per output.

    Outputs that never carry gradient (nondiff_outputs: indices, masks, reserve buffers) get None even when
    a gradient reached them (they are graph members with stop_gradient=False, as in Paddle, whose grad
    kernels ignore them too); with `fill`, the other outputs nobody used get zeros.
    """
    out = list(grads)
    nondiff = node._nondiff_flags(node._out_struct)
    if len(nondiff) != len(out):  # a node with its own output layout (PyLayer): fill every output
        nondiff = (False,) * len(out)
    for i, g in enumerate(out):
        if nondiff[i]:
            out[i] = None
        elif g is None and fill:
            shape, dt = node._out_meta[i]
            out[i] = _make(np.zeros(shape, dtype=dt))
    return out


def _to_leaf(t, g, cap, grad_enabled):
    """Deliver gradient g to leaf t: run its hooks, then accumulate into .grad or capture (grad_enabled: whether
    the backward records a graph, create_graph)."""
    if type(g) is SelectedRows and cap is None and not t._hooks:  # row-sparse: keep it sparse
        old = t._grad
        if old is None:
            t._grad = g
        elif type(old) is SelectedRows:
            t._grad = old.merge(g)
        else:
            t._grad = _make(old._data + g._data, False, None, 0, g._place)
        return
    if t._hooks:
        for h in t._hooks:
            r = h(g)
            if r is not None:
                g = r
        grad_enabled = LOCAL.state.grad_enabled  # as the hooks left it
    if g._data.dtype != t._data.dtype:
        g = g.astype(t.dtype) if grad_enabled else _make(g._data.astype(t._data.dtype))
    if cap is not None:
        if id(t) in cap.blocked:
            return
        if not cap.accumulate:
            k = cap.leaf.get(id(t))
            if k is not None:
                cap.results[k] = _sum(cap.results[k], g)
            return
    if g._data.shape != t._data.shape and g._data.size == t._data.size:
        g = g.reshape(list(t._data.shape))
    old = t._grad
    if grad_enabled:  # create_graph: keep the gradient's own graph
        t._grad = _sum(old, g)
        t._owns_grad = False
    elif old is None:  # Paddle 3 leaves' .grad report stop_gradient=False
        # g's array may be shared (add's backward hands one array to both inputs): copy it, so the
        # leaf owns its buffer and later steps can accumulate into it in place
        t._grad = _make(g._data.copy(), False, None, 0, g._place)
        t._owns_grad = True
    elif getattr(t, "_owns_grad", False) and type(old) is Tensor and old._data.shape == g._data.shape:
        add_into(old._data, g._data)  # in place, as Paddle accumulates
        old._version += 1
    else:
        t._grad = _make(old._data + g._data, False, None, 0, g._place)
        t._owns_grad = True


def grad(outputs, inputs, grad_outputs=None, retain_graph=None, create_graph=False, only_inputs=True,
         allow_unused=False, no_grad_vars=None):
    """Gradients of outputs with respect to inputs, without touching `.grad`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([2.0], stop_gradient=False)
            >>> y = x * x
            >>> (dx,) = paddle.grad(y, x)
            >>> dx
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4.])
    """
    single_in = isinstance(inputs, Tensor)
    outputs = [outputs] if isinstance(outputs, Tensor) else list(outputs)
    inputs = [inputs] if single_in else list(inputs)
    if grad_outputs is None:
        grad_outputs = [None] * len(outputs)
    elif isinstance(grad_outputs, Tensor):
        grad_outputs = [grad_outputs]
    else:
        grad_outputs = list(grad_outputs)
    if len(grad_outputs) != len(outputs):
        raise ValueError(
            f"(InvalidArgument) paddle.grad: grad_outputs has {len(grad_outputs)} entries but outputs has {len(outputs)}")
    for k, t in enumerate(inputs):
        if not isinstance(t, Tensor):
            raise TypeError(f"paddle.grad: inputs[{k}] must be a Tensor, but received {type(t).__name__}")
    if retain_graph is None:
        retain_graph = create_graph
    if isinstance(no_grad_vars, Tensor):
        no_grad_vars = [no_grad_vars]
    return run_backward(outputs, grad_outputs, retain_graph=retain_graph, create_graph=create_graph,
                        inputs=inputs, allow_unused=allow_unused, no_grad_vars=no_grad_vars, api="paddle.grad")


def backward(tensors: Tensor | Sequence[Tensor], grad_tensors: Tensor | Sequence[Tensor | None] | None = None,
             retain_graph: bool = False) -> None:
    """paddle.autograd.backward: backward from several tensors at once.

    Args:
        tensors (Tensor|Sequence[Tensor]): The outputs to start from.
        grad_tensors (Tensor|Sequence[Tensor|None]|None, optional): The gradients of those outputs; None means
            ones. Default: None.
        retain_graph (bool, optional): Whether the graph is kept for another backward pass. Default: False.

    Returns:
        None; the gradients accumulate in the `.grad` of the leaves.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([1.0, 2.0], stop_gradient=False)
            >>> a, b = x * 2, (x * x).sum()
            >>> paddle.autograd.backward([a, b], [paddle.ones([2]), None])
            >>> x.grad
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [4., 6.])
    """
    if isinstance(tensors, Tensor):
        tensors = [tensors]
    if grad_tensors is None:
        grad_tensors = [None] * len(tensors)
    elif isinstance(grad_tensors, Tensor):
        grad_tensors = [grad_tensors]
    if len(grad_tensors) != len(tensors):
        raise AssertionError("The length of grad_tensors must be equal to tensors")
    run_backward(list(tensors), list(grad_tensors), retain_graph=retain_graph)


class saved_tensors_hooks:
    """Context manager: pack each tensor an op saves for backward, unpack it when backward reads it.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> def pack(x):
            ...     return x.numpy()
            >>> def unpack(x):
            ...     return paddle.to_tensor(x)
            >>> a = paddle.to_tensor([1.0, 1.0], stop_gradient=False)
            >>> with paddle.autograd.saved_tensors_hooks(pack, unpack):
            ...     y = a * a
            >>> y.sum().backward()
            >>> a.grad.numpy()
            array([2., 2.], dtype=float32)
    """

    def __init__(self, pack_hook, unpack_hook):
        self.pack_hook, self.unpack_hook = pack_hook, unpack_hook
        self._handles = ThreadStacks()  # one per open `with` (the same object may be entered again, nested,
        # or by several threads at once: each thread's installs live in its own per-thread point)

    def __enter__(self):
        self._handles.push(SAVED_TENSORS.install((self.pack_hook, self.unpack_hook)))
        return self

    def __exit__(self, *exc):
        self._handles.pop().remove()
        return False


BACKWARD_ENGINE.install(run_backward)  # what Tensor.backward runs (tensor.py sits below this module)
