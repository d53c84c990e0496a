"""Argument checks shared by the linear-algebra functions (no public names)."""
from .._core.dispatch import AMP
from .._core.methods import TensorMethods

__all__ = []
METHODS = {}

FLOAT_COMPLEX = (frozenset(["float64", "complex128", "float32", "complex64"]),
                 "float64, complex128, float32, complex64")
FLOATS = (frozenset(["float64", "float32"]), "float64, float32")


def check_tensor(x, api, arg="x"):
    """Paddle's ValueError for a non-Tensor argument of a C++-backed API."""
    if not isinstance(x, TensorMethods):
        raise ValueError(f"(InvalidArgument) {api}(): argument '{arg}' must be Tensor, but got {type(x).__name__}")
    return x


def check_kernel_dtype(x, kernel, allowed=FLOAT_COMPLEX):
    """Paddle's RuntimeError when no kernel is registered for x's dtype."""
    types, names = allowed
    d = x.dtype
    if d.name not in types and not (AMP.active is not None and d.name in ("float16", "bfloat16")):
        raise RuntimeError(
            f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {d.name}) of kernel `{kernel}` is not "
            f"registered. Selected wrong DataType `{d.name}`. Paddle support following DataTypes: {names}.")


def check_same_dtype(x, y, api):
    """Paddle's ValueError for operands of different dtypes (no promotion in these kernels)."""
    if x.dtype is not y.dtype and AMP.active is None:  # auto_cast reconciles the dtypes in dispatch
        raise ValueError(
            f"(InvalidArgument) The type of data we are trying to retrieve ({y.dtype.name}) does not match the "
            f"type of data ({x.dtype.name}) currently contained in the container: {api} needs operands of one "
            f"dtype, but received {x.dtype.name} and {y.dtype.name}.")


def check_matrix(x, api, square=True):
    """ValueError unless x is a (batch of) matrix, square when asked."""
    shape = list(x.shape)
    if len(shape) < 2:
        raise ValueError(f"(InvalidArgument) The input of {api} must have at least 2 dimensions, but received "
                         f"a tensor of shape {shape}.")
    if square and shape[-1] != shape[-2] and shape[-1] >= 0 and shape[-2] >= 0:
        raise ValueError(f"(InvalidArgument) The inner-most 2 dimensions of the input of {api} should be square "
                         f"matrices, but received shape {shape} ({shape[-2]} x {shape[-1]}).")


def write_out(res, out):
    """Copy a result into the `out=` tensor(s) when one is given (eager), returning what the API returns."""
    if out is None:
        return res
    if isinstance(res, (tuple, list)):
        for o, r in zip(out, res):
            o.set_value(r)
        return out
    out.set_value(res)
    return out


def norm_axis(axis, ndim, api, arg="axis", exc=IndexError):
    """Normalise one axis into [0, ndim) with Paddle's range message."""
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"The type of '{arg}' in {api} must be int, but received {type(axis).__name__}.")
    if axis < -ndim or axis >= ndim:
        raise exc(f"(OutOfRange) {arg} in {api} is out of range (expected to be in range of [{-ndim}, {ndim - 1}], "
                  f"but got {axis}).")
    return axis % ndim
