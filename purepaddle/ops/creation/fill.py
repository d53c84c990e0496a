"""Fill and copy ops: fill_constant, fill_any_like, fill_zeros_like, fill_any, empty, assign, share_data,
assign_value, cast."""
import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.dtype import kind_of
from ..._core.op import Op, TensorMeta, register
from ..._core.half import astype


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
    conv = _PY_KIND[kind_of(a.dtype)]
    return {"shape": list(a.shape), "dtype": d.proto, slot: [conv(v) for v in a.ravel().tolist()]}


def zeros_grad(x):
    """A zero gradient shaped like x (for ops whose output does not depend on an input's values)."""
    return apply(FillAnyLike, x, value=0.0, dtype=-1)


@register("fill_constant")
class FillConstant(Op):
    """A tensor of `shape` filled with `value` (attrs: shape, value, str_value, dtype as VarType enum).

    A non-empty `str_value` wins over `value`, as in Paddle (it keeps int64 values exact). The optional
    inputs are Paddle's run-time forms of the two: ValueTensor (a one-element tensor) replaces the value
    and ShapeTensor (a 1-D integer tensor) the shape; PIR's `full_with_tensor` reads as this op with both.
    """

    inputs, outputs = ("ValueTensor", "ShapeTensor"), ("Out",)
    differentiable = False

    def forward(self, xp, value_tensor=None, shape_tensor=None):
        a = self.attrs
        dt = _np_dtype(a["dtype"])
        shape = a["shape"] if shape_tensor is None else [int(d) for d in shape_tensor.reshape(-1)]
        out = xp.empty(shape, dtype=dt)
        if value_tensor is not None:
            out[...] = value_tensor.reshape(-1)[0]
            return out
        value = a["value"]
        s = a.get("str_value")
        if s:
            value = _int_value(s) if kind_of(dt) in "iu" else complex(s) if kind_of(dt) == "c" else float(s)
        out.fill(value)
        return out

    def infer_meta(self, value_tensor=None, shape_tensor=None):
        a = self.attrs
        if shape_tensor is not None:  # known only when the program runs
            return TensorMeta([-1] * (shape_tensor.shape[0] if shape_tensor.shape else 1), _dt.from_proto(a["dtype"]))
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


@register("fill_zeros_like")
class FillZerosLike(Op):
    """Zeros shaped like X at run time (append_backward's gradient of an output nothing reached)."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        return xp.zeros_like(x)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


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


@register("share_data")
class ShareData(Op):
    """Out = X without a copy: append_backward's alias of a pass-through gradient (the static executor
    never writes into an array it was given)."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        return x

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


def _saturate(xp, x, dt):
    """Paddle's cast into float8 saturates: a finite value or an infinity beyond the format's largest finite
    number becomes that number (ml_dtypes alone would give NaN or inf); then it rounds to nearest even."""
    big = float(_dt.np_finfo(dt).max)
    x = x.astype(np.float32) if kind_of(x.dtype) != "f" or x.dtype.itemsize < 4 else x
    return xp.clip(x, -big, big)


@register("cast")
class Cast(Op):
    """Change dtype (attrs in_dtype/out_dtype as VarType enums, as in Paddle programs)."""

    inputs, outputs = ("X",), ("Out",)

    def forward(self, xp, x):
        dt = _np_dtype(self.attrs["out_dtype"])
        if kind_of(x.dtype) == "c" and kind_of(dt) != "c":
            if dt == np.bool_:
                return x != 0  # a complex number is true when either part is nonzero, as in Paddle
            x = x.real
        if dt in _dt.ML_FLOAT8:
            x = _saturate(xp, x, dt)
        return astype(x, dt)

    def infer_meta(self, x):
        return TensorMeta(x.shape, _dt.from_proto(self.attrs["out_dtype"]))

    def backward(self, out_grad):
        # Paddle passes the gradient through every cast, also into an integer or bool input (cast to its
        # dtype, so float -> int -> float truncates it: 2.7 -> 2)
        a = self.attrs
        return apply(Cast, out_grad, in_dtype=out_grad.dtype.proto, out_dtype=a["in_dtype"])
