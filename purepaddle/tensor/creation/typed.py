"""The PyTorch-style typed constructors Paddle 3 offers (paddle.FloatTensor, paddle.LongTensor, ...): classes whose
call makes a Tensor of their dtype. They make plain Tensors: `isinstance(t, paddle.FloatTensor)` is False, as in
Paddle."""
from ..._core.tensor import Tensor
from .conversion import to_tensor
from .fill import empty

__all__ = ["FloatTensor", "DoubleTensor", "HalfTensor", "BFloat16Tensor", "ByteTensor", "CharTensor",
           "ShortTensor", "IntTensor", "LongTensor", "BoolTensor"]
METHODS = {}


def _typed(dtype, name):
    """A constructor class for one dtype: T() is an empty 1-D tensor, T([..]) converts data, T(2, 3) an
    uninitialised [2, 3] tensor, anything else goes to Tensor(..., dtype=dtype)."""
    def __new__(cls, *args, **kwargs):
        if not args and not kwargs:
            return empty([0], dtype=dtype)
        if len(args) == 1 and not kwargs and isinstance(args[0], (list, tuple)):
            return to_tensor(list(args[0]), dtype=dtype)
        if args and not kwargs and all(isinstance(a, int) for a in args):
            return empty(list(args), dtype=dtype)
        kwargs.setdefault("dtype", dtype)
        return Tensor(*args, **kwargs)

    doc = (f"Makes a {dtype} Tensor: {name}() is empty, {name}([1, 2]) converts data, {name}(2, 3) allocates a "
           f"[2, 3] tensor (values unset).\n\n    Examples:\n        .. code-block:: python\n\n"
           f"            >>> import paddle\n            >>> paddle.{name}([1, 2]).dtype == paddle.{dtype}\n"
           f"            True\n")
    return type(name, (), {"__new__": __new__, "__doc__": doc, "__module__": __name__})


FloatTensor = _typed("float32", "FloatTensor")
DoubleTensor = _typed("float64", "DoubleTensor")
HalfTensor = _typed("float16", "HalfTensor")
BFloat16Tensor = _typed("bfloat16", "BFloat16Tensor")
ByteTensor = _typed("uint8", "ByteTensor")
CharTensor = _typed("int8", "CharTensor")
ShortTensor = _typed("int16", "ShortTensor")
IntTensor = _typed("int32", "IntTensor")
LongTensor = _typed("int64", "LongTensor")
BoolTensor = _typed("bool", "BoolTensor")
