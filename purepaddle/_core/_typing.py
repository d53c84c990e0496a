"""The shared names of purepaddle's type annotations, spelled as paddle._typing spells them (Paddle 3.3).

Annotations only: modules import these under `if TYPE_CHECKING:` (with `from __future__ import annotations`),
so nothing here runs on the import path of an op, and a lower floor can name Tensor without importing it.
"""
from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Literal, TypeVar, Union

import numpy as np

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.dtype import DType
    from purepaddle._core.place import Place
    from purepaddle._core.tensor import Tensor

_T = TypeVar("_T")

# a number or a 0-d value of one
Numeric = Union[int, float, bool, complex, np.number, "Tensor"]
# whatever to_tensor accepts as data
TensorLike = Union[np.ndarray, "Tensor", Numeric]
NestedSequence = Union[_T, Sequence["NestedSequence[_T]"]]
NestedNumericSequence = NestedSequence[Numeric]
TensorOrTensors = Union["Tensor", Sequence["Tensor"]]
# a shape: ints (a -1 or None for an unknown size in static graphs), 1-element int Tensors, or one int Tensor
ShapeLike = Union[Sequence[Union[int, "Tensor", None]], "Tensor"]
# a dtype: paddle.float32, 'float32', np.float32, np.dtype('float32')
DTypeLike = Union["DType", np.dtype, type, str]
# a device: paddle.CPUPlace(), 'cpu', 'gpu:0'
PlaceLike = Union["Place", str]
# a ParamAttr, a name, an initializer, or False (no parameter)
ParamAttrLike = Union[bool, str, Any]
Size1 = Union[int, tuple[int], list[int]]
Size2 = Union[int, tuple[int, int], list[int]]
Size3 = Union[int, tuple[int, int, int], list[int]]
SizeN = Union[int, tuple[int, ...], list[int]]
DataLayout1D = Literal["NCL", "NLC"]
DataLayout2D = Literal["NCHW", "NHWC"]
DataLayout3D = Literal["NCDHW", "NDHWC"]
DataLayoutND = Union[DataLayout1D, DataLayout2D, DataLayout3D]
