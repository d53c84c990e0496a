"""Contraction over pairs of axes: tensordot (paddle.*), a composite of transpose, reshape and matmul."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core.tensor import Tensor

import numpy as np

from ..._core.methods import TensorMethods
from .._check import check_x, class_type_name
from .lists import tolist
from .shape import _is_int, reshape


def tensordot(x: Tensor, y: Tensor, axes: int | Sequence[int] | Sequence[Sequence[int]] | Tensor = 2,
              name: str | None = None) -> Tensor:
    """Contract x and y over pairs of axes (an int n: the last n of x with the first n of y; or lists).

    Args:
        x (Tensor): The input tensor.
        y (Tensor): The second input tensor, broadcast against `x`.
        axes (int|Sequence[int]|Sequence[Sequence[int]]|Tensor, optional): The axes summed over: an int n (the
            last n of x with the first n of y), or a pair of axis lists. Default: 2.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the contraction of x and y over `axes`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(6, dtype='float64').reshape([2, 3])
            >>> y = paddle.arange(12, dtype='float64').reshape([3, 4])
            >>> paddle.tensordot(x, y, axes=1)
            Tensor(shape=[2, 4], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [[20., 23., 26., 29.],
                    [56., 68., 80., 92.]])
    """
    check_x(x, "tensordot")
    check_x(y, "tensordot", "y", 1)
    if not isinstance(axes, (int, np.integer, tuple, list, TensorMethods)) or isinstance(axes, bool):
        raise TypeError(f"The type of 'axes' in tensordot must be int, tuple, list or Tensor, but received "
                        f"{class_type_name(axes)}.")
    nx, ny = len(x.shape), len(y.shape)
    if isinstance(axes, TensorMethods):
        axes = tolist(axes)
    if _is_int(axes):
        if axes < 0:
            raise AssertionError(f"The 'axes' in tensordot should not be negative, but received axes={axes}.")
        ax_x, ax_y = list(range(nx - axes, nx)), list(range(axes))
    elif not axes or _is_int(axes[0]):
        ax_x, ax_y = list(axes), []
    else:
        ax_x = tolist(axes[0]) if isinstance(axes[0], TensorMethods) else list(axes[0])
        ax_y = [] if len(axes) < 2 else tolist(axes[1]) if isinstance(axes[1], TensorMethods) else list(axes[1])
    if len(ax_x) < len(ax_y):
        ax_x += ax_y[len(ax_x):]
    else:
        ax_y += ax_x[len(ax_y):]
    sx, sy = list(x.shape), list(y.shape)
    for which, axs, n in (("x", ax_x, nx), ("y", ax_y, ny)):
        bad = [d for d in axs if not -n <= d < n]
        if bad:  # Paddle raises IndexError here too, but without saying which axis
            raise IndexError(f"(OutOfRange) The axes of '{which}' in tensordot must be in range [{-n}, {n}), but "
                             f"received {bad[0]} (axes of x: {ax_x}, axes of y: {ax_y}).")
    for dx, dy in zip(ax_x, ax_y):
        a, b = sx[dx], sy[dy]
        if a == 1 and b != 1:
            sy[dy] = 1
            y = y.sum(dy, dtype=y.dtype, keepdim=True)
        elif b == 1 and a != 1:
            sx[dx] = 1
            x = x.sum(dx, dtype=x.dtype, keepdim=True)
        elif a != b:
            raise AssertionError(f"The dimensional size for 'x' and 'y' in tensordot should match each other, but "
                                 f"'x' has size {a} in dim {dx} while 'y' has size {b} in dim {dy}.")
    cx, cy = {d % max(nx, 1) for d in ax_x}, {d % max(ny, 1) for d in ax_y}
    free_x, free_y = [i for i in range(nx) if i not in cx], [i for i in range(ny) if i not in cy]
    k = int(np.prod([sx[d] for d in ax_x]))
    out_shape = [sx[i] for i in free_x] + [sy[i] for i in free_y]
    xm = reshape(x.transpose(free_x + ax_x), [int(np.prod([sx[i] for i in free_x])), k])
    ym = reshape(y.transpose(ax_y + free_y), [k, int(np.prod([sy[i] for i in free_y]))])
    return reshape(xm.matmul(ym), out_shape)


__all__ = ["tensordot"]

METHODS = {"tensordot": tensordot}
