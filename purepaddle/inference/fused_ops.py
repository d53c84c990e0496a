"""Inference ops the IR passes emit: fc and fused_conv2d_add_act (forward only, built on the registered kernels).

Both write their bias and activation into the fresh array their matrix product / convolution just
produced, so a fused layer allocates one result instead of three.
"""
import numpy as np

from .._core.op import OPS, Op, TensorMeta, register
from ..ops.conv.epilogue import owned_planes

_CHUNK = 1 << 17
_ZEROS = {}  # dtype -> a zero block of _CHUNK elements


def _relu_inplace(xp, a):
    """a = maximum(a, 0) in place. NumPy's maximum against a scalar 0 takes a slow loop (~5x slower than
    against a contiguous array of zeros), so a contiguous `a` is swept in chunks against a zero block."""
    if not a.flags.c_contiguous or a.dtype.kind != "f":
        return xp.maximum(a, 0, out=a)
    z = _ZEROS.get(a.dtype)
    if z is None:
        z = _ZEROS[a.dtype] = np.zeros(_CHUNK, a.dtype)
    flat = a.reshape(-1)
    n = flat.size
    for i in range(0, n, _CHUNK):
        j = min(i + _CHUNK, n)
        xp.maximum(flat[i:j], z[:j - i], out=flat[i:j])
    return a


# activations a fused op may apply, and how to apply them in place on an array it owns;
# others run the registered activation kernel (one extra array)
_IN_PLACE = {
    "relu": _relu_inplace,
    "tanh": lambda xp, a: xp.tanh(a, out=a),
}
IDENTITY = ("", "identity", "linear")
FUSABLE_ACTS = ("relu", "tanh", "sigmoid")


def activate(xp, out, act):
    """Apply activation `act` to `out` (an array the caller owns); returns the result."""
    if act in IDENTITY:
        return out
    f = _IN_PLACE.get(act)
    if f is not None:
        f(xp, out)
        return out
    cls = OPS.get(act)
    if cls is None:
        raise ValueError(f"(InvalidArgument) fused op activation '{act}' is not supported; "
                         f"supported: {sorted(set(_IN_PLACE) | set(FUSABLE_ACTS))}")
    return cls({}).forward(xp, out)


@register("fc")
class FC(Op):
    """Out = act(flatten(Input, in_num_col_dims) @ W + Bias), shaped Input.shape[:in_num_col_dims] + [W.shape[1]].

    Paddle's inference fc op (what fc_fuse_pass makes of matmul_v2/mul + elementwise_add + relu)."""

    inputs, outputs = ("Input", "W", "Bias"), ("Out",)
    fused_from = ("matmul_v2/mul", "elementwise_add", "activation")

    def forward(self, xp, x, w, bias):
        k = self.attrs.get("in_num_col_dims", 1)
        lead = x.shape[:k]
        rows = 1
        for d in lead:
            rows *= d
        out = xp.matmul(x if x.ndim == 2 and k == 1 else x.reshape(rows, -1), w)
        if bias is not None:
            out += bias.reshape(-1) if bias.ndim != 1 else bias
        out = activate(xp, out, self.attrs.get("activation_type", ""))
        return out if len(lead) == 1 else out.reshape(lead + (w.shape[1],))

    def infer_meta(self, x, w, bias):
        k = self.attrs.get("in_num_col_dims", 1)
        return TensorMeta(list(x.shape[:k]) + [w.shape[1]], x.dtype)


@register("fused_conv2d_add_act")
class FusedConv2dAddAct(Op):
    """Output = act(conv2d(Input, Filter) + Bias[channel] (+ ResidualData)): conv_elementwise_add_act_fuse_pass's op.

    The attrs are conv2d's plus `activation` ('identity', 'relu', 'tanh', 'sigmoid')."""

    inputs, outputs = ("Input", "Filter", "Bias", "ResidualData"), ("Output",)
    fused_from = ("conv2d", "elementwise_add", "activation")

    def forward(self, xp, x, w, bias, residual):
        a = self.attrs
        out = OPS["conv2d"](a).forward(xp, x, w)
        last = a.get("data_format", "NCHW") in ("NHWC",)
        planes = None if last else owned_planes(out)
        if planes is None:
            out = np.ascontiguousarray(out)
            planes = out if last else out.reshape(out.shape[0], out.shape[1], -1)
        if bias is not None:
            b = bias.reshape(-1)
            planes += b if last else b.reshape(1, -1, 1)
        if residual is not None:
            out += residual
        act = a.get("activation", "identity")
        if act in _IN_PLACE or act in IDENTITY:
            activate(xp, planes, act)
            return out
        return activate(xp, out, act)

    def infer_meta(self, x, w, bias, residual):
        return OPS["conv2d"](self.attrs).infer_meta(x, w)


@register("fused_elementwise_add")
class FusedElementwiseAdd(Op):
    """Out = act(X + Y): elementwise_add_act_fuse_pass's op (Paddle's fused_elementwise_add, attr fuse_activation).

    The sum is a fresh array, so the activation runs in place on it."""

    inputs, outputs = ("X", "Y"), ("Out",)
    fused_from = ("elementwise_add", "activation")

    def forward(self, xp, x, y):
        out = xp.add(x, y)
        if type(out) is not np.ndarray:
            out = np.asarray(out)
        return activate(xp, out, self.attrs.get("fuse_activation", ""))

    def infer_meta(self, x, y):
        return OPS["elementwise_add"](self.attrs).infer_meta(x, y)
