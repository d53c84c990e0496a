"""paddle.autograd.PyLayer: custom operators with a Python forward and backward."""
import functools

import numpy as np

from .._core.mode import STATE, in_dynamic_mode
from .._core.op import SAVED_TENSORS, GraphFreedError, Op
from .._core.tensor import Tensor

__all__ = ["PyLayer", "PyLayerContext", "once_differentiable"]

_make = Tensor._make

# The engine materialises a zero gradient, np.zeros(shape, dtype), for each output of a multi-output
# node that received none. A PyLayer must tell "no gradient" apart from a real zero one (for
# set_materialize_grads(False)), so its nodes declare this marker dtype as the output meta and map
# marker arrays back to None (or to properly shaped zeros) before calling the user's backward.
_NO_GRAD = np.dtype([("purepaddle_pylayer_no_grad", "u1")])


class PyLayerContext:
    """The `ctx` given to a PyLayer's forward and backward: saved tensors and options.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.autograd import PyLayer
            >>> class Tanh(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x):
            ...         y = paddle.tanh(x)
            ...         ctx.save_for_backward(y)
            ...         return y
            ...     @staticmethod
            ...     def backward(ctx, dy):
            ...         y, = ctx.saved_tensor()
            ...         return dy * (1 - y * y)
    """

    def __init__(self):
        self.container = None
        self.not_inplace_tensors = ()
        self.non_differentiable = ()
        self.materialize_grads = True
        self.grad_in_dtype_consistent = True
        self._saved_versions = None
        self._freed = False

    def save_for_backward(self, *tensors):
        """Keep tensors for backward (read them back with saved_tensor())."""
        hooks = SAVED_TENSORS.active
        if hooks is not None:  # saved_tensors_hooks: keep packed values, unpack in saved_tensor()
            pack, unpack = hooks
            self.container = tuple(pack(t) if isinstance(t, Tensor) else t for t in tensors)
            self._unpack = (unpack, tuple(isinstance(t, Tensor) for t in tensors))
            self._saved_versions = None
            return
        self.container = tensors
        self._saved_versions = tuple(t._version if isinstance(t, Tensor) else None for t in tensors)

    def saved_tensor(self):
        """The tensors given to save_for_backward, as a tuple (None if nothing was saved)."""
        if self._freed:
            raise GraphFreedError(
                "Trying to run backward through a PyLayer a second time, but its saved tensors were already "
                "freed. Pass retain_graph=True to the first backward() or paddle.grad() if you need to "
                "backward through the graph again.")
        c = self.container
        packed = getattr(self, "_unpack", None)
        if packed is not None and c is not None:
            unpack, is_tensor = packed
            return tuple(unpack(x) if t else x for x, t in zip(c, is_tensor))
        if c is not None and self._saved_versions is not None:
            for t, v in zip(c, self._saved_versions):
                if v is not None and t._version != v:
                    raise RuntimeError(
                        f"(PreconditionNotMet) Tensor '{t.name}' (shape={list(t._data.shape)}) saved by "
                        f"{type(self).__name__} with save_for_backward was modified by an inplace operation "
                        f"after the forward (its inplace version is now {t._version}, it was {v}). Use the "
                        "out-of-place version of the op, or clone() the tensor before modifying it.")
        return c

    def mark_not_inplace(self, *args):
        """Inputs that forward returns unchanged get a new output Tensor instead of being reused."""
        self.not_inplace_tensors = args

    def mark_non_differentiable(self, *args):
        """Outputs that never carry gradient (backward still receives a zero gradient for them)."""
        self.non_differentiable = args

    def set_materialize_grads(self, value):
        """True (default): missing output grads reach backward as zeros; False: as None."""
        self.materialize_grads = bool(value)

    def set_grad_in_dtype_consistent(self, flag):
        """True (default): output grads are cast to their output's dtype before backward."""
        self.grad_in_dtype_consistent = bool(flag)


class PyLayerBackward(PyLayerContext):
    """Base of each PyLayer's context class (`cls._backward_function`); backward() calls the layer's."""

    _forward_cls = None

    def backward(self, *args):
        return self._forward_cls.backward(self, *args)


class _PyLayerNode(Op):
    """Grad node of one PyLayer application (not a registered op: it has no static form)."""

    __slots__ = ("ctx", "in_slots", "out_slots", "_in_shapes")
    _multi = True
    _layer = None

    def backward(self, *flat_grads):
        if self._saved is None:
            raise GraphFreedError(
                f"Trying to run backward through PyLayer '{self._layer.__name__}' a second time, but its graph "
                "was already freed. Pass retain_graph=True to the first backward() or paddle.grad() if you "
                "need to backward through the graph again.")
        ctx = self.ctx
        args = []
        for spec in self.out_slots:
            if type(spec) is list:
                args.append([self._out_grad(ctx, flat_grads, s) for s in spec])
            else:
                args.append(self._out_grad(ctx, flat_grads, spec))
        result = self._layer.backward(ctx, *args)
        return self._check_grads(result)

    @staticmethod
    def _out_grad(ctx, flat_grads, spec):
        """The gradient handed to backward for one output: (flat index or None, shape, dtype, nondiff)."""
        idx, shape, dtype, nondiff = spec
        g = None if idx is None else flat_grads[idx]
        if g is None or g._data.dtype == _NO_GRAD:
            if nondiff or ctx.materialize_grads:
                return _make(np.zeros(shape, dtype=dtype))
            return None
        if ctx.grad_in_dtype_consistent and g._data.dtype != dtype:
            g = g.astype(dtype) if STATE.grad_enabled else _make(g._data.astype(dtype))
        return g

    def _check_grads(self, result):
        """Validate backward's result against the forward's Tensor inputs; return one grad per edge."""
        name = f"GradNodePyLayer_{self._layer.__name__}"
        slots = self.in_slots
        if type(result) is tuple:
            grads = list(result)
        elif type(result) is list and len(result) == len(slots) > 1 and not any(type(s) is list for s in slots):
            grads = result  # a list of grads reads as a tuple when no input is a list of tensors
        else:
            grads = [result]
        if len(grads) > len(slots):
            raise ValueError(f"(InvalidArgument) {name} : The number of outputs of `PyLayer.backward` should be "
                             f"{len(slots)}, but received {len(grads)}.")
        flat = []
        for i, slot in enumerate(slots):
            if i >= len(grads):
                if any(self.next[e] is not None for e in (slot if type(slot) is list else [slot])):
                    raise ValueError(f"(InvalidArgument) {name}'s backward function should not return empty "
                                     f"at {i} position.")
                flat.extend([None] * (len(slot) if type(slot) is list else 1))
                continue
            g = grads[i]
            if type(slot) is list:
                if g is None:
                    g = [None] * len(slot)
                if not isinstance(g, (list, tuple)) or len(g) != len(slot):
                    raise ValueError(f"(InvalidArgument) {name} : input {i} of forward is a list of {len(slot)} "
                                     f"Tensors, so backward must return a list of {len(slot)} gradients for it, "
                                     f"but got {type(g).__name__}")
                for e, gi in zip(slot, g):
                    flat.append(self._one_grad(name, i, e, gi))
            else:
                flat.append(self._one_grad(name, i, slot, g))
        return tuple(flat)

    def _one_grad(self, name, i, edge_index, g):
        if g is None:
            return None
        if not isinstance(g, Tensor):
            raise ValueError(f"(InvalidArgument) {name} : We can only support Tensor or None for backward "
                             f"output, but got {type(g).__name__} at position {i}, please check your PyLayer code.")
        if self.next[edge_index] is None:
            return None
        shape = self._in_shapes[edge_index]
        if g._data.shape != shape:
            if g._data.size == int(np.prod(shape)):
                return g.reshape(list(shape))
            raise ValueError(f"(InvalidArgument) {name} : the gradient returned at position {i} has shape "
                             f"{list(g._data.shape)}, but the forward input has shape {list(shape)}.")
        return g

    def release(self):
        self._saved = None
        ctx = self.ctx
        if ctx is not None:
            if ctx.container is not None:
                ctx._freed = True
            ctx.container = None


class PyLayerMeta(type):
    """Gives every PyLayer subclass its own context class and grad-node class."""

    def __init__(cls, name, bases, attrs):
        super().__init__(name, bases, attrs)
        cls._backward_function = type(name + "_backward", (PyLayerBackward,), {"_forward_cls": cls})
        cls._node_cls = type("GradNodePyLayer_" + name, (_PyLayerNode,),
                             {"__slots__": (), "_layer": cls, "type": "pylayer_" + name})


class PyLayer(metaclass=PyLayerMeta):
    """Base class of custom operators: subclass it with static forward(ctx, ...) and backward(ctx, ...).

    backward receives one gradient per Tensor output of forward and returns one gradient (or
    None) per Tensor input of forward. Call the layer with `MyLayer.apply(*args, **kwargs)`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.autograd import PyLayer
            >>> class Square(PyLayer):
            ...     @staticmethod
            ...     def forward(ctx, x):
            ...         ctx.save_for_backward(x)
            ...         return x * x
            ...     @staticmethod
            ...     def backward(ctx, dy):
            ...         x, = ctx.saved_tensor()
            ...         return 2 * x * dy
            >>> x = paddle.to_tensor([3.0], stop_gradient=False)
            >>> Square.apply(x).backward()
            >>> x.grad
            Tensor(shape=[1], dtype=float32, place=Place(cpu), stop_gradient=False,
                   [6.])
    """

    @staticmethod
    def forward(ctx, *args, **kwargs):
        """Compute the outputs from the inputs (runs without recording a graph)."""
        raise NotImplementedError("You must implement the forward function for PyLayer.")

    @staticmethod
    def backward(ctx, *args):
        """Gradients of the forward's Tensor inputs from the gradients of its Tensor outputs."""
        raise NotImplementedError("You must implement the backward function for PyLayer.")

    @classmethod
    def apply(cls, *args, **kwargs):
        """Run forward on the arguments and connect its outputs to the autograd graph."""
        return apply_pylayer(cls, args, kwargs)


def _tensor_slots(values):
    """Input slots: each Tensor argument, or a list/tuple argument holding Tensors (a list slot)."""
    slots = []
    for v in values:
        if isinstance(v, Tensor):
            slots.append(v)
        elif isinstance(v, (list, tuple)) and any(isinstance(x, Tensor) for x in v):
            slots.append([x for x in v if isinstance(x, Tensor)])
    return slots


def apply_pylayer(cls, args, kwargs):
    """Call cls.forward without recording, then record one grad node that calls cls.backward.

    This is how a graph node that is not a registered op is built: an Op subclass instance
    (cls._node_cls) with `next` edges for the Tensor inputs, the Tensor outputs pointing at it
    by (`_node`, `_idx`), and the engine's multi-output protocol (`_n_out`, `_out_struct`,
    `_out_meta`).
    """
    if not in_dynamic_mode():
        raise NotImplementedError(
            f"{cls.__name__}.apply: PyLayer runs in dynamic mode only; it cannot be used while building a "
            "static Program (call paddle.disable_static() first)")
    ctx = cls._backward_function()
    prev = STATE.grad_enabled
    STATE.grad_enabled = False
    try:
        outs = cls.forward(ctx, *args, **kwargs)
    finally:
        STATE.grad_enabled = prev
    top = outs if isinstance(outs, (list, tuple)) else (outs,)
    if not any(isinstance(o, Tensor) or (isinstance(o, (list, tuple)) and any(isinstance(x, Tensor) for x in o))
               for o in top):
        raise ValueError(f"(InvalidArgument) {cls.__name__} : At least one output of `PyLayer.forward` is a "
                         "`Tensor`.")
    in_slots = _tensor_slots(list(args) + list(kwargs.values()))
    flat_in = [t for s in in_slots for t in (s if type(s) is list else [s])]
    record = prev and any(not t.stop_gradient for t in flat_in)
    if not record:
        return outs
    node = cls._node_cls({})
    node.ctx = ctx
    node.next = tuple(_edge(t) for t in flat_in)
    node._in_shapes = [t._data.shape for t in flat_in]
    k = 0
    spec_in = []
    for s in in_slots:
        if type(s) is list:
            spec_in.append(list(range(k, k + len(s))))
            k += len(s)
        else:
            spec_in.append(k)
            k += 1
    node.in_slots = spec_in
    inputs_by_id = {id(t) for t in flat_in}
    not_inplace = {id(t) for t in ctx.not_inplace_tensors if isinstance(t, Tensor)}
    nondiff = {id(t) for t in ctx.non_differentiable if isinstance(t, Tensor)}
    counter = [0]

    def claim(o):
        """Connect output o to the node; returns (tensor to hand out, slot spec)."""
        diff = id(o) not in nondiff and o._data.dtype.kind in "fcV"
        shape, dtype = o._data.shape, o._data.dtype
        if not diff:
            if o.stop_gradient:
                return o, (None, shape, dtype, True)
            return _make(o._data, True, None, 0, o._place), (None, shape, dtype, True)
        idx = counter[0]
        counter[0] += 1
        if id(o) in inputs_by_id:
            if id(o) not in not_inplace and o._node is None and not o.stop_gradient:
                raise ValueError(f"(InvalidArgument) {cls.__name__} : Leaf Var ({o.name}) that doesn't stop "
                                 "gradient can't use inplace strategy.")
            o = _make(o._data, False, node, idx, o._place)  # a new handle: the input keeps its own graph
        elif o._node is None and o.stop_gradient:
            o.stop_gradient = False  # a tensor made by forward becomes the node's output itself
            o._node, o._idx = node, idx
        else:
            o = _make(o._data, False, node, idx, o._place)
        return o, (idx, shape, dtype, False)

    new_top, out_slots = [], []
    for o in top:
        if isinstance(o, Tensor):
            o, spec = claim(o)
            out_slots.append(spec)
            new_top.append(o)
        elif isinstance(o, (list, tuple)) and any(isinstance(x, Tensor) for x in o):
            items, specs = [], []
            for x in o:
                if isinstance(x, Tensor):
                    x, spec = claim(x)
                    specs.append(spec)
                items.append(x)
            out_slots.append(specs)
            new_top.append(type(o)(items))
        else:
            new_top.append(o)
    n = counter[0]
    node.out_slots = out_slots
    node._n_out = n
    node._out_struct = [None] * n
    node._out_meta = [((), _NO_GRAD)] * n
    node._saved = ()  # not None: the graph is alive until release()
    if isinstance(outs, (list, tuple)):
        return type(outs)(new_top)
    return new_top[0]


def _edge(t):
    """The grad edge to input tensor t: None, the leaf itself, or (its node, output index)."""
    if t.stop_gradient:
        return None
    return t if t._node is None else (t._node, t._idx)


def once_differentiable(backward):
    """Decorator for a PyLayer backward that is not itself differentiable: it runs without recording."""

    @functools.wraps(backward)
    def wrapper(ctx, *args):
        prev = STATE.grad_enabled
        STATE.grad_enabled = False
        try:
            return backward(ctx, *args)
        finally:
            STATE.grad_enabled = prev

    return wrapper
