"""Creation ops: fill_constant, fill_any_like, fill_any, assign, assign_value, cast, range, linspace, eye, complex, ..."""
import numpy as np

from .._core import dtype as _dt
from .._core.dispatch import apply, constant
from .._core.op import Op, TensorMeta, register
from .elementwise import broadcast_shape, sum_to

# assign_value's typed value attrs (Paddle < 3.0 programs); Paddle 3 writes one `values` list
_VALUE_ATTRS = {"bool": "bool_values", "int32": "int32_values", "int64": "int64_values",
                "float32": "fp32_values", "float64": "fp64_values"}
_PY_KIND = {"b": bool, "i": int, "u": int, "f": float, "c": complex}


def _np_dtype(proto):
    d = _dt.from_proto(proto).np_dtype
    if d is None:
        raise TypeError("bfloat16 needs the optional package ml_dtypes (pip install purepaddle[bf16])")
    return d


def assign_value_attrs(array):
    """The attrs of an assign_value op that embeds `array` (shape, dtype, typed value list)."""
    a = np.asarray(array)
    d = _dt.from_numpy(a.dtype)
    slot = _VALUE_ATTRS.get(d.name, "values")
    conv = _PY_KIND[a.dtype.kind]
    return {"shape": list(a.shape), "dtype": d.proto, slot: [conv(v) for v in a.ravel().tolist()]}


def zeros_grad(x):
    """A zero gradient shaped like x (for ops whose output does not depend on an input's values)."""
    return apply(FillAnyLike, x, value=0.0, dtype=-1)


@register("fill_constant")
class FillConstant(Op):
    """A tensor of `shape` filled with `value` (attrs: shape, value, str_value, dtype as VarType enum).

    A non-empty `str_value` wins over `value`, as in Paddle (it keeps int64 values exact).
    """

    inputs, outputs = (), ("Out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        dt = _np_dtype(a["dtype"])
        value = a["value"]
        s = a.get("str_value")
        if s:
            value = _int_value(s) if dt.kind in "iu" else complex(s) if dt.kind == "c" else float(s)
        out = xp.empty(a["shape"], dtype=dt)
        out.fill(value)
        return out

    def infer_meta(self):
        a = self.attrs
        return TensorMeta(a["shape"], _dt.from_proto(a["dtype"]))


def _int_value(s):
    """An integer str_value: exact for int64 ('9007199254740993'), and '3.0' read as Paddle does."""
    try:
        return int(s)
    except ValueError:
        return int(float(s))


@register("fill_any_like")
class FillAnyLike(Op):
    """A tensor shaped like X filled with `value`; dtype -1 keeps X's dtype."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        d = self.attrs["dtype"]
        out = xp.empty(x.shape, dtype=x.dtype if d == -1 else _np_dtype(d))
        out.fill(self.attrs["value"])
        return out

    def infer_meta(self, x):
        d = self.attrs["dtype"]
        return TensorMeta(x.shape, x.dtype if d == -1 else _dt.from_proto(d))


@register("fill_any")
class FillAny(Op):
    """X filled with `value` (the op behind Tensor.fill_ / zero_); no gradient reaches X."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        out = xp.empty(x.shape, dtype=x.dtype)
        out.fill(self.attrs["value"])
        return out

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        return zeros_grad(out_grad)


@register("empty")
class Empty(Op):
    """An uninitialised tensor of `shape` and `dtype`."""

    inputs, outputs = (), ("Out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        return xp.empty(a["shape"], dtype=_np_dtype(a["dtype"]))

    def infer_meta(self):
        a = self.attrs
        return TensorMeta(a["shape"], _dt.from_proto(a["dtype"]))


@register("assign")
class Assign(Op):
    """A copy of X (paddle.assign / clone); the gradient passes straight through."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        return x.copy()

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        return out_grad


@register("assign_value")
class AssignValue(Op):
    """A constant embedded in the program: attrs shape, dtype and the flat values.

    The values come in Paddle 3's `values` list or in the typed lists of older programs
    (`fp32_values`, `fp64_values`, `int32_values`, `int64_values`, `bool_values`).
    """

    inputs, outputs = (), ("Out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        dt = _np_dtype(a["dtype"])
        values = a.get("values")
        if values is None:
            for name in _VALUE_ATTRS.values():
                if a.get(name):
                    values = a[name]
                    break
            else:
                values = []
        return xp.asarray(values, dtype=dt).reshape(a["shape"])

    def infer_meta(self):
        a = self.attrs
        return TensorMeta(a["shape"], _dt.from_proto(a["dtype"]))


@register("cast")
class Cast(Op):
    """Change dtype (attrs in_dtype/out_dtype as VarType enums, as in Paddle programs)."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        dt = _np_dtype(self.attrs["out_dtype"])
        if x.dtype.kind == "c" and dt.kind != "c":
            x = x.real
        return x.astype(dt)

    def infer_meta(self, x):
        return TensorMeta(x.shape, _dt.from_proto(self.attrs["out_dtype"]))

    def backward(self, out_grad):
        a = self.attrs
        src = _dt.from_proto(a["in_dtype"])
        if not (src.is_floating or src.is_complex):
            return None
        return apply(Cast, out_grad, in_dtype=out_grad.dtype.proto, out_dtype=a["in_dtype"])


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
    if dt.kind in "iu":
        start, stop, work = int(start), int(stop), np.float64
    else:
        work = np.float64 if dt.itemsize >= 8 or dt.kind == "c" else np.float32
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
        if dt.kind in "iu":
            exps = _spaced(s, e, n, dt)
        else:  # ends rounded to the output dtype, exponents in float64 (closest to Paddle's kernel)
            exps = _spaced(dt.type(s), dt.type(e), n, np.dtype(np.float64))
        return xp.asarray(np.power(np.float64(_scalar(base)), exps).astype(dt))

    def infer_meta(self, start, stop, num, base):
        return TensorMeta([-1], _dt.from_proto(self.attrs["dtype"]))


@register("eye")
class Eye(Op):
    """An identity matrix num_rows x num_columns (-1 columns: square)."""

    inputs, outputs = (), ("Out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        cols = a["num_columns"]
        return xp.eye(a["num_rows"], a["num_rows"] if cols == -1 else cols, dtype=_np_dtype(a["dtype"]))

    def infer_meta(self):
        a = self.attrs
        cols = a["num_columns"]
        return TensorMeta([a["num_rows"], a["num_rows"] if cols == -1 else cols], _dt.from_proto(a["dtype"]))


@register("tril_indices")
class TrilIndices(Op):
    """[2, N] row/column indices of the lower triangle of a rows x cols matrix."""

    inputs, outputs = (), ("out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        return xp.asarray(np.tril_indices(a["rows"], a["offset"], a["cols"]), dtype=_np_dtype(a["dtype"]))


@register("triu_indices")
class TriuIndices(Op):
    """[2, N] row/column indices of the upper triangle of a row x col matrix."""

    inputs, outputs = (), ("out",)
    differentiable = False

    def forward(self, xp):
        a = self.attrs
        return xp.asarray(np.triu_indices(a["row"], a["offset"], a["col"]), dtype=_np_dtype(a["dtype"]))


def _complex_dtype(real_dt):
    return np.complex128 if real_dt == np.float64 else np.complex64


@register("complex")
class Complex(Op):
    """X + 1j * Y (broadcast; float32 -> complex64, float64 -> complex128)."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y")

    def forward(self, xp, x, y):
        out = xp.empty(xp.broadcast_shapes(x.shape, y.shape), dtype=_complex_dtype(x.dtype))
        out.real, out.imag = x, y
        return out

    def infer_meta(self, x, y):
        c = _dt.complex128 if x.dtype is _dt.float64 else _dt.complex64
        return TensorMeta(broadcast_shape(x.shape, y.shape, "complex"), c)

    def backward(self, out_grad):
        x, y = self.saved
        gx = gy = None
        if self.need(0):  # the real part of the grad
            gx = sum_to(apply(Cast, out_grad, in_dtype=out_grad.dtype.proto, out_dtype=x.dtype.proto), x)
        if self.need(1):  # the imaginary part: real(-1j * g)
            g = out_grad * constant(np.asarray(-1j, dtype=out_grad.dtype.np_dtype))
            gy = sum_to(apply(Cast, g, in_dtype=g.dtype.proto, out_dtype=y.dtype.proto), y)
        return gx, gy


class Resize(Op):
    """X flattened, cut or zero-padded to prod(shape) elements and reshaped (Tensor.resize_)."""

    type = "resize_"

    def forward(self, xp, x):
        shape = self.attrs["shape"]
        n = int(np.prod(shape, dtype=np.int64))
        flat = x.reshape(-1)
        if n <= flat.size:
            return flat[:n].reshape(shape).copy()
        out = xp.zeros(n, dtype=x.dtype)
        out[:flat.size] = flat
        return out.reshape(shape)

    def infer_meta(self, x):
        return TensorMeta(self.attrs["shape"], x.dtype)

    def backward(self, out_grad):
        return apply(Resize, out_grad, shape=list(self.attrs["in_shape"]))
