"""The eager autograd engine: backward(), grad(), hooks, retain_grads."""
import numpy as np

from .mode import STATE
from .dispatch import _restructure
from .tensor import Tensor

_make = Tensor._make


def _ones_like(t):
    return _make(np.ones(t._data.shape, dtype=t._data.dtype), True, None, 0, t._place)


def _check_root(t, g, api):
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
    """Nodes reachable from the roots, with how many edges point at each."""
    deps = {}
    stack = [n for n in roots]
    seen = set(id(n) for n in stack)
    nodes = list(stack)
    while stack:
        node = stack.pop()
        for e in node.next:
            if e is None or type(e) is not tuple:
                continue
            child = e[0]
            deps[child] = deps.get(child, 0) + 1
            if id(child) not in seen:
                seen.add(id(child))
                nodes.append(child)
                stack.append(child)
    return nodes, deps


def _accumulate(buf, i, g):
    prev = buf[i]
    buf[i] = g if prev is None else prev + g


def run_backward(tensors, grad_tensors=None, retain_graph=False, create_graph=False,
                 inputs=None, allow_unused=False, no_grad_vars=None, api="backward"):
    """Propagate gradients from `tensors`.

    Without `inputs`, accumulates into the leaves' `.grad` (Tensor.backward). With `inputs`,
    returns their gradients and touches no `.grad` (paddle.grad).
    """
    if grad_tensors is None:
        grad_tensors = [None] * len(tensors)
    capture_leaf, capture_node = {}, {}
    if inputs is not None:
        for k, t in enumerate(inputs):
            if t._node is None:
                capture_leaf[id(t)] = k
            else:
                capture_node[(id(t._node), t._idx)] = k
        results = [None] * len(inputs)
    blocked = set(id(t) for t in no_grad_vars) if no_grad_vars else ()
    blocked_nodes = set((id(t._node), t._idx) for t in no_grad_vars if t._node is not None) if no_grad_vars else ()

    buffers = {}
    roots = []
    leaf_roots = []
    for t, g in zip(tensors, grad_tensors):
        g = _check_root(t, g, api)
        if t.stop_gradient:
            continue
        if t._node is None:
            leaf_roots.append((t, g))
            continue
        node = t._node
        if node not in buffers:
            buffers[node] = [None] * (node._n_out if node._multi else 1)
            roots.append(node)
        _accumulate(buffers[node], t._idx, g)

    prev = STATE.grad_enabled
    STATE.grad_enabled = bool(create_graph)
    try:
        for t, g in leaf_roots:
            _to_leaf(t, g, capture_leaf, results if inputs is not None else None, inputs is not None)
        if roots:
            nodes, deps = _collect(roots)
            # paddle.grad visits only nodes that lead to a requested input; backward visits all
            nodes = _prune(nodes, capture_leaf, capture_node) if inputs is not None else None
            ready = [n for n in roots if deps.get(n, 0) == 0]
            while ready:
                node = ready.pop()
                grads = buffers.pop(node, None)
                nexts = node.next
                if grads is not None:
                    grads = _output_hooks(node, grads, capture_node, results if inputs is not None else None)
                    for k in blocked_nodes:
                        if k[0] == id(node):
                            grads[k[1]] = None
                    in_grads = _call_backward(node, grads, retain_graph, nodes)
                    for e, g in zip(nexts, in_grads):
                        if e is None or g is None:
                            continue
                        if type(e) is tuple:
                            child, idx = e
                            if nodes is not None and child not in nodes:
                                continue
                            b = buffers.get(child)
                            if b is None:
                                b = buffers[child] = [None] * (child._n_out if child._multi else 1)
                            _accumulate(b, idx, g)
                        elif id(e) not in blocked:
                            _to_leaf(e, g, capture_leaf, results if inputs is not None else None, inputs is not None)
                elif not retain_graph:
                    node.release()
                for e in nexts:
                    if type(e) is tuple:
                        child = e[0]
                        d = deps[child] - 1
                        deps[child] = d
                        if d == 0:
                            ready.append(child)
    finally:
        STATE.grad_enabled = prev
    if inputs is None:
        return None
    for k, r in enumerate(results):
        if r is None and not allow_unused:
            raise ValueError(
                f"(InvalidArgument) The {k}-th input does not appear in the backward graph. Please check "
                "the input tensor or set allow_unused=True to get None result.")
        if r is not None and not create_graph:
            results[k] = _make(r._data, True, None, 0, r._place)
    return results


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

    import sys
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, 10 * len(nodes) + 100))
    try:
        return set(n for n in nodes if reaches(n))
    finally:
        sys.setrecursionlimit(limit)


def _output_hooks(node, grads, capture_node, results):
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
                t._grad = g if t._grad is None else t._grad + g
    if results is not None and capture_node:
        for i, g in enumerate(grads):
            k = capture_node.get((id(node), i))
            if k is not None and g is not None:
                results[k] = g if results[k] is None else results[k] + g
    return grads


def _call_backward(node, grads, retain_graph, nodes):
    """Call the op's backward with one grad per output (zeros filled in for multi-output ops)."""
    if nodes is not None and node not in nodes:
        return ()
    if node._multi:
        grads = _fill_zeros(node, grads)
        args = _restructure(grads, node._out_struct)
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


def _fill_zeros(node, grads):
    """Materialise zero grads for outputs that received none (multi-output ops)."""
    out = list(grads)
    for i, g in enumerate(out):
        if g is None:
            shape, dt = node._out_meta[i]
            out[i] = _make(np.zeros(shape, dtype=dt))
    return out


def _to_leaf(t, g, capture_leaf, results, is_grad_api):
    """Deliver gradient g to leaf t: run its hooks, then accumulate or capture."""
    if t._hooks:
        for h in t._hooks:
            r = h(g)
            if r is not None:
                g = r
    if g._data.dtype != t._data.dtype:
        g = _make(g._data.astype(t._data.dtype), g.stop_gradient, g._node, g._idx, g._place) if g._node is None else g.astype(t.dtype)
    if is_grad_api:
        k = capture_leaf.get(id(t))
        if k is not None:
            results[k] = g if results[k] is None else results[k] + g
        return
    if g._data.shape != t._data.shape:
        g = g.reshape(list(t._data.shape)) if g._data.size == t._data.size else g
    if t._grad is None:
        t._grad = g if STATE.grad_enabled else _make(g._data, True, None, 0, g._place)
    else:
        t._grad = t._grad + g if STATE.grad_enabled else _make(t._grad._data + g._data, True, None, 0, g._place)


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


def backward(tensors, grad_tensors=None, retain_graph=False):
    """paddle.autograd.backward: backward from several tensors at once."""
    if isinstance(tensors, Tensor):
        tensors = [tensors]
    if grad_tensors is None:
        grad_tensors = [None] * len(tensors)
    elif isinstance(grad_tensors, Tensor):
        grad_tensors = [grad_tensors]
    if len(grad_tensors) != len(tensors):
        raise ValueError("(InvalidArgument) The length of grad_tensors must be equal to the length of tensors")
    run_backward(list(tensors), list(grad_tensors), retain_graph=retain_graph)
