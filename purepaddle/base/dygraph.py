"""paddle.base.dygraph: guard (run eagerly inside a with block), to_variable, no_grad."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Iterator
    from purepaddle._core._typing import PlaceLike

import contextlib

from .._core.mode import no_grad, set_static  # noqa: F401
from .._core.mode import disable_static as enable_dygraph  # noqa: F401
from .._core.mode import enable_static as disable_dygraph  # noqa: F401
from .._core.mode import in_dynamic_mode as enabled  # noqa: F401
from .._core.place import convert_place
from ..tensor.creation.conversion import to_tensor


@contextlib.contextmanager
def guard(place: PlaceLike | None = None) -> Iterator[None]:
    """Run the with block in dynamic (eager) mode, then restore the previous mode.

    Args:
        place (PlaceLike|None, optional): The place to run on; None means the current device. Default: None.

    Returns:
        A context manager; dynamic mode holds inside the block.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.base as base
            >>> with base.dygraph.guard():
            ...     x = paddle.to_tensor([1., 2.])
            >>> x.shape
            paddle.Size([2])
    """
    if place is not None:
        convert_place(place)  # reject what is not a place
    prev = set_static(False)
    try:
        yield
    finally:
        set_static(prev)


def to_variable(value, name=None, zero_copy=None, dtype=None):
    """A Tensor from numpy data or a Tensor (paddle.to_tensor).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle.base as base
            >>> base.dygraph.to_variable(np.ones([2], 'float32'))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1., 1.])
    """
    return to_tensor(value, dtype=dtype)
