"""Structured initializers: Orthogonal, Dirac (identity convolution) and Bilinear (upsampling kernels).

Orthogonal runs Paddle's op chain (draws from the global stream, so a seeded program draws
Paddle's numbers); Dirac's and Bilinear's fixed values are computed with NumPy, and a static
parameter receives them through an `assign_value` op in the startup program.
"""
import numpy as np

import contextlib

from ..._core.dispatch import apply
from ..._core.tensor import Tensor
from ...ops.creation.fill import assign_value_attrs
from ...ops.random import GaussianRandom
from ...static.program import program_guard
from ...tensor.creation.matrix import diag
from ...tensor.linalg.decomposition import qr
from ...tensor.manipulation.shape import reshape, transpose
from ...tensor.math.elementwise import multiply
from ...tensor.math.unary import sign
from .base import Initializer, _emit, _emit_from, _seed

__all__ = ["Orthogonal", "Dirac", "Bilinear"]


def _put(var, block, value, stage_prefix=None):
    """Write a computed array into `var` (eager) or embed it with assign_value (static)."""
    if isinstance(var, Tensor):
        var._set_data(np.asarray(value, dtype=var._data.dtype).reshape(var._data.shape))
        return None
    value = np.asarray(value, dtype=var.dtype.np_dtype)
    return _emit(var, block, "assign_value", assign_value_attrs(value), stage_prefix)


def _float_check(var, api, allowed=("float16", "bfloat16", "float32", "float64")):
    if var.dtype.name not in allowed:
        raise TypeError(f"The data type of 'Out' in {api} must be {list(allowed)}, but received {var.dtype.name}. ")


class Orthogonal(Initializer):
    """A (semi-)orthogonal matrix times `gain`, reshaped to the parameter (2-D or more).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 15, weight_attr=paddle.nn.initializer.Orthogonal())
            >>> w = linear.weight
            >>> bool(paddle.allclose(w.matmul(w.T), paddle.eye(10), atol=1e-5))
            True
    """

    def __init__(self, gain=1.0, name=None):
        assert gain is not None, "gain should not be None"
        super().__init__()
        self._gain = gain

    def forward(self, var, block=None):
        shape = [int(s) for s in var.shape]
        assert len(shape) >= 2, "Only Tensor with 2 or more dimensions can be initialized by Orthogonal"
        row, col = shape[0], int(np.prod(shape[1:]))
        # Paddle's chain: gaussian_random (in var's dtype) -> qr -> q * sign(diag(r)) -> transpose -> reshape
        # -> scale; a static parameter gets the chain in its startup block, so each startup run draws anew
        static = not isinstance(var, Tensor)
        seed = _seed(var, block)
        if static:  # Paddle checks a static var here; an eager one fails in qr's kernel (no float16 kernel)
            _float_check(var, "Orthogonal", ("float32", "float64"))
        with (program_guard(block.program) if static and block is not None else contextlib.nullcontext()):
            normal = apply(GaussianRandom, shape=[max(row, col), min(row, col)], mean=0.0, std=1.0,
                           seed=seed, dtype=var.dtype.proto)
            q, r = qr(normal)
            q = multiply(q, sign(diag(r)))
            if row < col:
                q = transpose(q, [1, 0])
            q = reshape(q, shape)
        return _emit_from(var, block, q, "scale", {"scale": float(self._gain), "bias": 0.0,
                                                   "bias_after_scale": True})


class Dirac(Initializer):
    """Identity convolution kernels: output channel i copies input channel i at the kernel centre (per group).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv1D(3, 2, 3, weight_attr=paddle.nn.initializer.Dirac())
            >>> conv.weight.numpy()[:, :, 1].tolist()
            [[1.0, 0.0, 0.0], [0.0, 1.0, 0.0]]
    """

    def __init__(self, groups=1, name=None):
        assert groups > 0 and isinstance(groups, int), " 'groups' must be a positive integer. "
        super().__init__()
        self._groups = groups

    def forward(self, var, block=None):
        _float_check(var, "Dirac")
        shape = [int(s) for s in var.shape]
        assert len(shape) in (3, 4, 5), "Only Tensor with 3/4/5 dimensions can be initialized by Dirac"
        assert shape[0] % self._groups == 0, "Tensor 0-dimension must be divisible by groups"
        out = np.zeros(shape, dtype=np.float32)
        per_group = shape[0] // self._groups
        j = np.arange(min(per_group, shape[1]))
        centre = tuple(s // 2 for s in shape[2:])
        for g in range(self._groups):
            out[(j + g * per_group, j) + centre] = 1.0
        return _put(var, block, out)


class Bilinear(Initializer):
    """Bilinear-interpolation kernels for Conv2DTranspose upsampling (4-D, square kernels).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> conv = paddle.nn.Conv2DTranspose(3, 3, 4, weight_attr=paddle.nn.initializer.Bilinear())
            >>> conv.weight.shape
            paddle.Size([3, 3, 4, 4])
    """

    def __init__(self):
        super().__init__()

    def forward(self, var, block=None):
        if not (isinstance(var, Tensor) or hasattr(var, "block")):
            raise ValueError("var must be framework.Variable or pir.core.ParameterMeta.")
        shape = [int(s) for s in var.shape]
        if len(shape) != 4:
            raise ValueError("the length of shape must be 4.")
        if shape[2] != shape[3]:
            raise ValueError("shape[2] must be equal to shape[3].")
        size = shape[3]
        f = np.ceil(size / 2.0)
        c = (2 * f - 1 - f % 2) / (2.0 * f)
        i = np.arange(int(np.prod(shape)))
        x = i % size
        y = (i / size) % size  # true division, as Paddle computes it
        weight = ((1 - np.abs(x / f - c)) * (1 - np.abs(y / f - c))).astype(np.float32)
        return _put(var, block, weight.reshape(shape), "bilinear_init")
