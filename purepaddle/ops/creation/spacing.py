"""Evenly spaced values: the range, linspace and logspace ops."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dtype import kind_of
from ..._core.op import Op, TensorMeta, register
from .fill import _np_dtype


def _scalar(a):
    return a.reshape(-1)[0] if a.ndim else a[()]


@register("range")
class Range(Op):
    """arange: Start, End, Step are 1-element tensors; Out is [start, end) by step in Start's dtype."""

    inputs, outputs = ("Start", "End", "Step"), ("Out",)
    differentiable = False

    def forward(self, xp, start, end, step):
        s, e, st = _scalar(start), _scalar(end), _scalar(step)
        if st == 0:
            raise ValueError("(InvalidArgument) The step of range op should not be 0.")
        return xp.arange(s, e, st, dtype=start.dtype)

    def infer_meta(self, start, end, step):
        return TensorMeta([-1], start.dtype)


def _spaced(start, stop, num, dt):
    """num evenly spaced values, filled from both ends as Paddle's linspace kernel does."""
    if kind_of(dt) in "iu":
        start, stop, work = int(start), int(stop), np.float64
    else:
        work = np.float64 if dt.itemsize >= 8 or kind_of(dt) == "c" else np.float32
    start, stop = work(start), work(stop)
    if num == 1:
        return np.array([start], dtype=work)
    step = (stop - start) / work(num - 1)
    i = np.arange(num)
    half = num // 2
    return np.where(i < half, start + step * i.astype(work), stop - step * (num - 1 - i).astype(work))


def _count(num):
    n = int(_scalar(num))
    if n < 0:
        raise ValueError(f"(InvalidArgument) The num of linspace op should be larger than or equal to 0, "
                         f"but received num is {n}")
    return n


@register("linspace")
class Linspace(Op):
    """Num evenly spaced values from Start to Stop inclusive (attr dtype)."""

    inputs, outputs = ("Start", "Stop", "Num"), ("Out",)
    differentiable = False

    def forward(self, xp, start, stop, num):
        dt = _np_dtype(self.attrs["dtype"])
        n = _count(num)
        return xp.asarray(_spaced(_scalar(start), _scalar(stop), n, dt).astype(dt))

    def infer_meta(self, start, stop, num):
        return TensorMeta([-1], _dt.from_proto(self.attrs["dtype"]))


@register("logspace")
class Logspace(Op):
    """Base ** linspace(Start, Stop, Num) (attr dtype)."""

    inputs, outputs = ("Start", "Stop", "Num", "Base"), ("Out",)
    differentiable = False

    def forward(self, xp, start, stop, num, base):
        dt = _np_dtype(self.attrs["dtype"])
        n = _count(num)
        s, e = _scalar(start), _scalar(stop)
        if kind_of(dt) in "iu":
            exps = _spaced(s, e, n, dt)
        else:  # ends rounded to the output dtype, exponents in float64 (closest to Paddle's kernel)
            exps = _spaced(dt.type(s), dt.type(e), n, np.dtype(np.float64))
        return xp.asarray(np.power(np.float64(_scalar(base)), exps).astype(dt))

    def infer_meta(self, start, stop, num, base):
        return TensorMeta([-1], _dt.from_proto(self.attrs["dtype"]))
