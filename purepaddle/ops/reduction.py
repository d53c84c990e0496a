"""Reductions: reduce_sum, reduce_mean, reduce_max/min/prod, ... (attrs dim, keep_dim, reduce_all)."""
from .._core.op import Op, TensorMeta, register


def reduce_axes(attrs, ndim):
    """The axis tuple a reduce op works on (None = all)."""
    if attrs.get("reduce_all") or not attrs["dim"]:
        return None
    return tuple(d % ndim if ndim else 0 for d in attrs["dim"])


def reduced_shape(shape, attrs):
    """Static output shape of a reduction."""
    nd = len(shape)
    axes = reduce_axes(attrs, nd)
    axes = range(nd) if axes is None else axes
    if attrs["keep_dim"]:
        return [1 if i in axes else d for i, d in enumerate(shape)]
    return [d for i, d in enumerate(shape) if i not in axes]


def expand_back(out_grad, x, attrs):
    """Broadcast a reduced gradient back over the reduced axes of x."""
    if not attrs["keep_dim"] and out_grad.ndim:
        nd = len(x.shape)
        axes = reduce_axes(attrs, nd)
        axes = range(nd) if axes is None else axes
        if out_grad.ndim != nd:
            out_grad = out_grad.reshape([1 if i in axes else 0 for i in range(nd)])
    return out_grad.expand_as(x)


class _Reduce(Op):
    inputs, outputs = ("X",), ("Out",)

    def infer_meta(self, x):
        return TensorMeta(reduced_shape(x.shape, self.attrs), x.dtype)


@register("reduce_sum")
class ReduceSum(_Reduce):
    saves = ("X",)

    def forward(self, xp, x):
        a = self.attrs
        out = x.sum(axis=reduce_axes(a, x.ndim), keepdims=a["keep_dim"])
        od = a.get("out_dtype", -1)
        if od not in (-1, None):
            from .._core import dtype as _dt
            return out.astype(_dt.from_proto(od).np_dtype)
        if x.dtype.kind == "b":
            return out.astype("int64")
        if out.dtype != x.dtype and x.dtype.kind in "f":
            out = out.astype(x.dtype)
        return out

    def infer_meta(self, x):
        from .._core import dtype as _dt
        od = self.attrs.get("out_dtype", -1)
        d = _dt.from_proto(od) if od not in (-1, None) else (_dt.int64 if x.dtype is _dt.bool_ else x.dtype)
        return TensorMeta(reduced_shape(x.shape, self.attrs), d)

    def backward(self, out_grad):
        (x,) = self.saved
        return expand_back(out_grad, x, self.attrs)
