"""The Op base class, the registry OPS {op_type: Op}, TensorMeta for static shapes, and the op hook points."""
import threading
import time
import weakref

import numpy as np

from . import dtype as _dt
from . import hooks
from .mode import LOCAL

OPS = {}


def register(op_type):
    """Class decorator: register an Op under Paddle's static op type."""

    def deco(cls):
        cls.type = op_type
        plan = []
        for name in cls.saves:
            if name in cls.inputs:
                plan.append((False, cls.inputs.index(name)))
            elif name in cls.outputs:
                plan.append((True, cls.outputs.index(name)))
            else:
                raise ValueError(f"op {op_type}: saved slot {name!r} is neither an input nor an output")
        cls._save_plan = tuple(plan)
        cls._multi = len(cls.outputs) > 1 or any(s in cls.duplicable for s in cls.outputs)
        cls._plain = _is_plain(cls)
        OPS[op_type] = cls
        return cls

    return deco


def _is_plain(cls):
    """Whether dispatch.apply may build cls without calling __init__ (a Python __init__ costs as much as the
    rest of a small op's dispatch): one output, no list slots, no float32 attrs and Op's own __init__."""
    return (not cls._multi and not cls.duplicable and not cls.float32_attrs and len(cls.outputs) == 1
            and cls.__init__ is Op.__init__)


class TensorMeta:
    """Shape (list, -1 for unknown) and DType of a value: what static mode knows before running."""

    __slots__ = ("shape", "dtype")

    def __init__(self, shape, dtype):
        self.shape = list(shape)
        self.dtype = dtype

    def __repr__(self):
        return f"TensorMeta(shape={self.shape}, dtype={self.dtype.name})"


TENSOR_MAKE = hooks.declare(
    "tensor_make", "Tensor._make(data, stop_gradient, node, idx): Op.saved rebuilds a saved output as a Tensor "
    "with it; installed by _core/tensor.py, which builds on this module")
OP_RAN = hooks.declare(
    "op_ran", "after each op's kernel: hook(op, inputs, outputs) (Tensors); eager dispatch.apply, the Executor's "
    "hooked loop, Optimizer.step's updates and the inference runner call it; returns nothing", "listeners")
SAVED_TENSORS = hooks.declare(
    "saved_tensors", "a (pack, unpack) pair: Op.save and PyLayer.save_for_backward keep pack(tensor), "
    "Op.saved / saved_tensor() give unpack(packed); installed by autograd.saved_tensors_hooks; per thread, as "
    "torch keeps them", per_thread=True)
_now = time.perf_counter_ns


class KernelSpan(threading.local):
    """When the last kernel run while op_ran listeners are installed started and ended (the profiler reads it);
    per thread, so a listener reads the span of the op it is told about, not one another thread ran meanwhile."""

    def __init__(self):
        self.op, self.start_ns, self.end_ns = None, 0, 0


KERNEL_SPAN = KernelSpan()


def timed_kernel(op, kernel, *args):
    """kernel(*args) (op's forward or update, or what runs it), noting its start and end in KERNEL_SPAN."""
    t0 = _now()
    try:
        return kernel(*args)
    finally:
        span = KERNEL_SPAN
        span.op, span.start_ns, span.end_ns = op, t0, _now()


class GraphFreedError(RuntimeError):
    """Backward through a graph whose saved tensors were already released."""


def _round_float32(attrs, names):
    """attrs with the Python floats of `names` rounded to float32, as Paddle's 32-bit float attributes hold them
    (a float64 kernel then computes with float32(0.67), not 0.67; a static ProgramDesc stores them so anyway)."""
    out = dict(attrs)
    for k in names:
        v = out.get(k)
        if _is_number(v):
            out[k] = float(np.float32(v))
        elif isinstance(v, (list, tuple)) and any(_is_number(e) for e in v):
            out[k] = [float(np.float32(e)) if _is_number(e) else e for e in v]
    return out


def _is_number(v):
    """A Python int or float (not bool): a value a float attribute holds as float32."""
    return isinstance(v, (int, float)) and not isinstance(v, bool)


class Op:
    """One primitive: forward on arrays, backward with framework ops.

    An instance is made per call; when gradients are recorded it is also the grad node:
    `next` holds one edge per input (None, a leaf Tensor, or (node, out_index)).
    """

    __slots__ = ("attrs", "next", "_saved", "_out_struct", "_out_hooks", "_retain", "_n_out",
                 "_out_meta", "__weakref__")

    type = None
    inputs = ("X",)
    outputs = ("Out",)
    saves = ()              # slot names kept for backward, nothing more
    duplicable = ()         # slots that hold a list of tensors (concat's X, split's Out)
    nondiff_outputs = ()    # outputs that never carry gradient (indices, masks)
    differentiable = True   # False: outputs always stop gradient (comparisons, argmax, random)
    materialize_grads = True  # False: backward gets None (not zeros) for outputs nobody used
    float32_attrs = ()      # attrs Paddle declares `float` (32-bit): a float64 kernel sees them rounded
    _save_plan = ()
    _multi = False
    _plain = False          # _is_plain(cls), kept per class by __init_subclass__ and register

    def __init_subclass__(cls, **kwargs):
        super().__init_subclass__(**kwargs)
        cls._plain = _is_plain(cls)

    def __init__(self, attrs):
        if self.float32_attrs:
            attrs = _round_float32(attrs, self.float32_attrs)
        self.attrs = attrs
        self._saved = None
        self._out_hooks = None
        self._retain = None

    @classmethod
    def _nondiff_flags(cls, struct):
        """Per flat output: True when it never carries gradient (cached for fixed slots)."""
        if struct is None:
            flags = cls.__dict__.get("_nondiff_cache")
            if flags is None:
                flags = tuple(s in cls.nondiff_outputs for s in cls.outputs)
                cls._nondiff_cache = flags
            return flags
        flags = []
        for s, n in zip(cls.outputs, struct):
            flags.extend([s in cls.nondiff_outputs] * (1 if n is None else n))
        return flags

    # -- the three rules an op defines -------------------------------------------------
    def forward(self, xp, *arrays):
        """Arrays in, array (or tuple of arrays, one per output slot) out."""
        raise NotImplementedError(f"op {self.type} has no forward")

    def backward(self, *out_grads):
        """Output grads (Tensors) in, one grad per input slot out (None where none flows)."""
        raise NotImplementedError(f"op {self.type} has no backward rule")

    def infer_meta(self, *metas):
        """Output TensorMeta(s) from input metas; default: evaluate forward on small dummies."""
        return abstract_eval(self, metas)

    def explain_error(self, inputs):
        """After the kernel failed: an exception in Paddle's words for these inputs, or None."""
        return None

    def need(self, i):
        """Whether input i wants a gradient (backward skips work for the others)."""
        return self.next[i] is not None

    # -- saved tensors -----------------------------------------------------------------
    def save(self, inputs, outs):
        """Keep what backward needs: inputs by reference, outputs by array (no cycle)."""
        if LOCAL.state.saved_tensors is not None:  # the per-thread `saved_tensors` point's value
            return self._save_packed(inputs, outs)
        saved = []
        for is_out, i in self._save_plan:
            if is_out:
                t = outs[i]
                saved.append((t._data, weakref.ref(t), 0, i))
            else:
                t = inputs[i]
                saved.append((t, None, None if t is None else t._version, -1))
        self._saved = saved

    def _save_packed(self, inputs, outs):
        """saved_tensors_hooks is active: keep pack(tensor) and the unpack to apply in backward."""
        pack, unpack = SAVED_TENSORS.active
        saved = []
        for is_out, i in self._save_plan:
            t = outs[i] if is_out else inputs[i]
            saved.append((None, None, None, -1) if t is None else (pack(t), unpack, None, -2))
        self._saved = saved

    @property
    def saved(self):
        """The saved tensors, checked against in-place modification since the forward."""
        s = self._saved
        if s is None:
            raise GraphFreedError(
                f"Trying to run backward through the graph of op '{self.type}' a second time, but its "
                "saved tensors were already freed. Pass retain_graph=True to the first backward() "
                "or paddle.grad() if you need to backward through the graph again.")
        if type(s) is tuple:  # static mode: Variables set by the backward builder
            return s
        out = []
        make = TENSOR_MAKE.active
        for obj, ref, version, idx in s:
            if idx == -2:  # packed by saved_tensors_hooks: ref is the unpack hook
                out.append(ref(obj))
            elif idx >= 0:
                t = ref()
                if t is not None and t._version != version:
                    raise _modified_error(self, t)
                out.append(make(obj, False, self, idx))
            else:
                if obj is not None and obj._version != version:
                    raise _modified_error(self, obj)
                out.append(obj)
        return tuple(out)

    def release(self):
        """Free the saved tensors (backward without retain_graph)."""
        self._saved = None

    def __repr__(self):
        return f"<op {self.type} {self.attrs}>"


def _modified_error(op, t):
    return RuntimeError(
        f"(PreconditionNotMet) Tensor '{t.name}' (shape={list(t._data.shape)}, dtype={_dt.from_numpy(t._data.dtype).name}) "
        f"saved by op '{op.type}' for backward was modified by an inplace operation after the forward "
        f"(its inplace version is now {t._version}). Use the out-of-place version of the op, or clone() "
        "the tensor before modifying it.")


def _restructure(flat, struct):
    """Flat list -> tuple with one entry per output slot (a list for duplicable slots)."""
    res, i = [], 0
    for n in struct:
        if n is None:
            res.append(flat[i])
            i += 1
        else:
            res.append(list(flat[i:i + n]))
            i += n
    return tuple(res)


_DUMMY = (6, 12)  # two sizes for unknown (-1) dims: dims of the result that differ are unknown


def abstract_eval(op, metas):
    """Shape/dtype inference by running forward twice on small zero arrays."""
    import numpy as xp
    results = []
    for fill in _DUMMY:
        args = []
        for m in metas:
            if m is None:
                args.append(None)
            elif isinstance(m, (list, tuple)):
                args.append([_dummy(x, fill) for x in m])
            else:
                args.append(_dummy(m, fill))
        results.append(op.forward(xp, *args))
    return _merge_meta(results[0], results[1])


def _dummy(meta, fill):
    shape = [fill if (d is None or d < 0) else d for d in meta.shape]
    dt = meta.dtype.np_dtype if meta.dtype.np_dtype is not None else np.float32
    return np.zeros(shape, dtype=dt)


def _merge_meta(a, b):
    if isinstance(a, (tuple, list)):
        return type(a)(_merge_meta(x, y) for x, y in zip(a, b))
    if a is None:
        return None
    a, b = np.asarray(a), np.asarray(b)
    shape = [da if da == db else -1 for da, db in zip(a.shape, b.shape)]
    if a.ndim != b.ndim:
        shape = [-1] * a.ndim
    return TensorMeta(shape, _dt.from_numpy(a.dtype))
