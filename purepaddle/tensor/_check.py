"""THE home of argument checks: every check that raises Paddle's exception type with Paddle's message, naming
the API, the argument and the values it received (floor 4, imported by tensor, nn, optimizer, io, ...).

Each check exists once. Checks whose messages differ in Paddle stay separate functions, each saying in its
docstring what differs: a non-Tensor argument is reported by check_var (TypeError), need_tensor (ValueError
naming the position), check_x and need_tensor_short_name (the same, naming the type differently), check_tensor
(no position) and check_comm_tensor (the collectives' TypeError), a non-Variable by check_variable (static.nn);
`out=` is delivered by write_out (returns out), write_out_result (returns the result), set_out_values (set_value,
tuples too), store_out (static rebind, TypeError) and set_out_data (data only). Kernel errors inside op forwards
live in ops/_errors.py. Checks that _core, static and ops need stay private on their floor (they sit below this
one); tests/test_floors.py refuses a check shared between modules anywhere else.
No public names.
"""
import numpy as np

from .._core import dtype as _dt
from .._core.methods import TensorMethods
from .._core.dispatch import AMP, building_program
from .._core.tensor import Tensor
from ..static.variable import Variable


FLOAT_COMPLEX = (frozenset(["float64", "complex128", "float32", "complex64"]),
                 "float64, complex128, float32, complex64")
FLOATS = (frozenset(["float64", "float32"]), "float64, float32")


def check_tensor(x, api, arg="x"):
    """Paddle's ValueError for a non-Tensor argument of a C++-backed API, as the linalg functions word it (no
    position)."""
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


def set_out_values(res, out):
    """Copy a result into the `out=` tensor(s) when one is given (eager), returning what the API returns."""
    if out is None:
        return res
    if isinstance(res, (tuple, list)):
        for o, r in zip(out, res):
            o._write(r)
        return out
    out._write(res)
    return out


def norm_axis(axis, ndim, api, arg="axis", exc=IndexError):
    """Normalise one axis into [0, ndim) with Paddle's range message."""
    if not isinstance(axis, int) or isinstance(axis, bool):
        raise TypeError(f"The type of '{arg}' in {api} must be int, but received {type(axis).__name__}.")
    if axis < -ndim or axis >= ndim:
        raise exc(f"(OutOfRange) {arg} in {api} is out of range (expected to be in range of [{-ndim}, {ndim - 1}], "
                  f"but got {axis}).")
    return axis % ndim


# the dtypes Paddle's CPU kernels list in their "not registered" errors
_FLOAT_KERNEL = "float64, complex128, float32, complex64"
_KERNELS = {
    "abs": "int32, int64, float64, complex128, float32, complex64",
    "sign": "int16, float64, complex128, int32, uint8, float32, complex64, int64, int8",
    "exp": "int32, int64, float64, complex128, float16, float32, complex64",
    "log": "int64, float64, complex128, float16, float32, complex64, int32, bfloat16",
    "square": "int32, int64, float64, complex128, float32, complex64",
    "floor": "int16, float64, float16, float32, int32, uint8, bfloat16, int64, int8",
    "round": "int32, int64, float64, complex128, float32, complex64",
    "trunc": "int32, int64, float64, float32",
    "rsqrt": "float64, float32",
    "erf": "float64, float16, float32",
    "isnan": "int64, float64, complex128, float16, float32, complex64, int32, bfloat16",
    "isinf": "int16, float64, complex128, float16, float32, complex64, int32, uint8, bfloat16, int64, int8",
    "clip": "int32, int64, float64, float32",
}


def type_name(v):
    """How Paddle names the type of a bad argument ('list', 'numpy.ndarray', 'None')."""
    if v is None:
        return "None"
    t = type(v)
    return t.__qualname__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__qualname__}"


def need_tensor(x, api, arg="x", pos=0):
    """Paddle's error for a non-Tensor argument of a C++-backed API (a ValueError)."""
    if not isinstance(x, TensorMethods):
        raise ValueError(
            f"(InvalidArgument) {api}(): argument '{arg}' (position {pos}) must be Tensor, but got {type_name(x)}")
    return x


def check_inplace_shape(x, out_shape):
    """Paddle's ValueError when an in-place op's broadcast result would change x's shape."""
    if list(out_shape) != list(x.shape):
        raise ValueError(f"The shape of broadcast output {list(out_shape)} is different from that of inplace tensor "
                         f"{x.shape} in the Inplace operation.")


# how Paddle's full_like kernel names its element type in the range error (C++ typeid names)
_TYPEID = {"bool": "b", "int8": "a", "uint8": "h", "int16": "s", "int32": "i", "int64": "l", "float32": "f",
           "float64": "d", "float16": "N3phi5dtype7float16E", "bfloat16": "N3phi5dtype8bfloat16E"}


_FLOAT_MAX = {"float16": 65504.0, "bfloat16": 3.3895313892515355e38, "float32": 3.4028234663852886e38,
              "float64": 1.7976931348623157e308}


def check_fill_range(value, dtype):
    """Paddle's ValueError when full_like's fill value lies outside the target dtype's range.

    Paddle skips NaN and infinite values, and compares (and prints) the value and the limits as float32."""
    if dtype.is_complex or isinstance(value, complex) or not np.isfinite(value):
        return
    if dtype.name == "bool":
        lo, hi = 0.0, 1.0
    elif dtype.is_integer:
        info = np.iinfo(dtype.np_dtype)
        lo, hi = info.min, info.max
    else:
        hi = _FLOAT_MAX[dtype.name]
        lo = -hi
    with np.errstate(over="ignore"):
        v, lo, hi = (np.float32(a) for a in (value, lo, hi))
    if v < lo or v > hi:
        raise ValueError(
            f"(InvalidArgument) The filled value is out of range for target type, current kernel type is "
            f"{_TYPEID[dtype.name]}, the range should between {lo:f} and {hi:f}, but now value is {v:f}.")


def kernel_error(kernel, dtype, supported=None):
    """Paddle's RuntimeError for a dtype its CPU kernel does not support."""
    supported = supported or _KERNELS.get(kernel, _FLOAT_KERNEL)
    return RuntimeError(
        f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {dtype.name}) of kernel `{kernel}` is not "
        f"registered. Selected wrong DataType `{dtype.name}`. Paddle support following DataTypes: {supported}.")


def write_out(res, out):
    """Deliver a result into the `out=` tensor (Paddle's keyword), or return it."""
    if out is None:
        return res
    if not isinstance(out, TensorMethods):
        raise TypeError(f"The type of 'out' must be paddle.Tensor, but received {type_name(out)}.")
    if building_program():  # a Program wires the result to out's variable by name
        out._rebind_static(res)
        return out
    out._data = res._data
    out._node, out._idx, out.stop_gradient = res._node, res._idx, res.stop_gradient
    out._version += 1
    return out


def store_out(res, out):
    """`out=` as the logic and search functions deliver it: out takes the result (a TypeError for a non-Tensor
    out) and is returned."""
    if out is None:
        return res
    if isinstance(out, Tensor) and isinstance(res, Tensor):
        out._set_data(res._data)
        return out
    rebind = getattr(out, "_rebind_static", None)
    if rebind is None:
        raise TypeError(f"out must be a Tensor, but received {type_name(out)}")
    rebind(res)
    return out


def set_out_data(res, out):
    """`out=` as the join functions deliver it: out takes the result's data (no graph link) and is returned."""
    if out is None:
        return res
    out._set_data(res._data) if isinstance(out, Tensor) else out._rebind_static(res)
    return out



def check_var(x, api, arg="x"):
    """Raise Paddle's TypeError ('The type of x in api must be paddle.Tensor') unless x is a Tensor/Variable."""
    if not isinstance(x, TensorMethods):
        raise TypeError(f"The type of '{arg}' in {api} must be paddle.Tensor, but received {type(x).__name__}.")
    return x


def normalize_axis(axis, ndim, api, arg="axis"):
    """Check an axis against ndim (Paddle allows [-ndim, ndim)); returns it non-negative."""
    if isinstance(axis, TensorMethods):
        axis = int(axis.item())
    if not isinstance(axis, (int, np.integer)) or isinstance(axis, bool):
        raise TypeError(f"The type of '{arg}' in {api} must be int, but received {type(axis).__name__}.")
    n = max(ndim, 1)
    if axis < -n or axis >= n:
        raise ValueError(
            f"(InvalidArgument) '{arg}' in {api} must be in range [{-n}, {n}), but received {axis} "
            f"(the input has {ndim} dims).")
    return int(axis) % n


def axis_list(axis, ndim, api):
    """None / int / list / tuple / Tensor axis -> list of normalised ints ([] = all)."""
    if axis is None:
        return []
    if isinstance(axis, TensorMethods):
        axis = axis.tolist() if hasattr(axis, "tolist") else axis
    if isinstance(axis, (int, np.integer)):
        axis = [axis]
    return [normalize_axis(a, ndim, api) for a in axis]


def check_broadcast(xs, ys):
    """Paddle's error when two shapes do not broadcast; returns the broadcast shape."""
    n = max(len(xs), len(ys))
    a = [1] * (n - len(xs)) + list(xs)
    b = [1] * (n - len(ys)) + list(ys)
    out = []
    for i, (p, q) in enumerate(zip(a, b)):
        if p == q or q == 1 or p == 1 or p < 0 or q < 0:
            out.append(q if p == 1 else (p if q == 1 else max(p, q)))
            continue
        raise ValueError(
            "(InvalidArgument) Broadcast dimension mismatch. Operands could not be broadcast together with the "
            f"shape of X = {list(xs)} and the shape of Y = {list(ys)}. Received [{p}] in X is not equal to [{q}] in "
            f"Y at i:{i}.")
    return out


def need_tensor_short_name(v, api, arg, pos):
    """need_tensor's error as the selection functions word it: the type by its bare class name ('ndarray')."""
    if not isinstance(v, TensorMethods):
        raise ValueError(f"(InvalidArgument) {api}(): argument '{arg}' (position {pos}) must be Tensor, "
                         f"but got {type(v).__name__}")
    return v


def index_dtype(index, api, eager_msg):
    """Raise unless `index` is int32/int64: Paddle's kernel message eagerly, its static TypeError otherwise."""
    d = index.dtype
    if d is _dt.int64 or d is _dt.int32:
        return
    if isinstance(index, Tensor):
        raise ValueError(eager_msg.format(dtype=d.name))
    raise TypeError(f"The data type of 'index' in {api} must be ['int32', 'int64'], but received {d.name}. ")


def axis_int(axis, api, arg="axis"):
    """An int axis from an int or a 1-element Tensor."""
    if isinstance(axis, Tensor):
        return int(axis._data.reshape(-1)[0])
    if isinstance(axis, (int, np.integer)) and not isinstance(axis, bool):
        return int(axis)
    if isinstance(axis, (float, np.floating)) and float(axis).is_integer():
        return int(axis)
    raise TypeError(f"The type of '{arg}' in {api} must be int or Tensor, but received {type(axis).__name__}.")


def expand_error(src, dst):
    """Paddle's expand_v2 error for a shape that cannot broadcast to `dst`."""
    src = [1] * (len(dst) - len(src)) + list(src)
    for s, d in zip(src, dst):
        if s != d and s != 1 and s >= 0 and d >= 0:
            return ValueError(
                f"(InvalidArgument) The value ({s}) of the non-singleton dimension does not match the corresponding "
                f"value ({d}) in shape for expand_v2 op.\n  [Hint: Expected vec_in_dims[i] == expand_shape[i], but "
                f"received vec_in_dims[i]:{s} != expand_shape[i]:{d}.]")
    return None


def write_out_result(res, out):
    """Paddle 3's `out=` argument: `out` takes the result's value and place in the graph; the result is returned."""
    if out is None or building_program():  # a Program has no buffer to hand over
        return res
    out._data = res._data
    out._node, out._idx = res._node, res._idx
    out.stop_gradient = res.stop_gradient
    out._version += 1
    return res


def check_dtype_registered(d, allowed, kernel):
    """Paddle's eager error for a dtype a kernel is not registered for (RuntimeError NotFound)."""
    if d.name not in allowed:
        raise RuntimeError(
            f"(NotFound) The kernel `{kernel}` is not registered for data type {d.name}. "
            f"It supports the following data types: {', '.join(allowed)}.")
    return d


def dygraph_only(api):
    """Paddle's error for dygraph-only functions called while building a static Program."""
    if building_program():
        raise RuntimeError(f"We only support '{api}()' in dynamic graph mode, please call "
                           "'paddle.disable_static()' to enter dynamic graph mode.")


def class_type_name(v):
    """type_name as the shape functions word it: None is 'NoneType'."""
    t = type(v)
    return t.__name__ if t.__module__ == "builtins" else f"{t.__module__}.{t.__name__}"


def check_x(x, op, arg="x", pos=0):
    """need_tensor's error as the shape functions word it (class_type_name)."""
    if not isinstance(x, TensorMethods):
        raise ValueError(f"(InvalidArgument) {op}(): argument '{arg}' (position {pos}) must be Tensor, but got "
                         f"{class_type_name(x)}")
    return x


def require(cond, msg, exc=AssertionError):
    """Raise exc(msg) unless cond: Paddle's Python-side asserts (AssertionError unless told)."""
    if not cond:
        raise exc(msg)


# -- nn.functional: losses, data formats, kernel dtypes -------------------------------------
_REDUCTIONS = ("sum", "mean", "none")


def check_reduction(reduction, msg):
    """Raise Paddle's ValueError for a reduction other than sum/mean/none (msg: the text before 'should')."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"{msg} should be 'sum', 'mean' or 'none', but received {reduction}, which is not allowed.")


def check_reduction_arg(reduction, api):
    """Raise Paddle's ValueError naming the `reduction` argument of api unless it is sum/mean/none."""
    if reduction not in _REDUCTIONS:
        raise ValueError(f"'reduction' in '{api}' should be 'sum', 'mean' or 'none', but received {reduction}.")


def same_dims(a, b):
    """Whether two shapes agree, an unknown (-1) static dim matching anything."""
    return len(a) == len(b) and all(x == y or x < 0 or y < 0 for x, y in zip(a, b))


def label_shape_error(ishape, lshape):
    """Paddle's error for logits and labels whose shapes differ outside the class axis."""
    return ValueError(
        "(InvalidArgument) Input(Logits) and Input(Label) should in same shape in dimensions except axis.\n  "
        f"[Hint: Expected logits_dims == labels_dims, but received logits_dims:{ishape} != labels_dims:{lshape}.]")


def check_same_shape(x, label, what="."):
    """Raise Paddle's ValueError unless a loss's input and label have the same shape."""
    xs, ls = list(x.shape), list(label.shape)
    if not same_dims(xs, ls):
        raise ValueError(f"(InvalidArgument) Input(X) and Input(Label) shall have the same shape{what} But received: "
                         f"the shape of Input(X) is {xs}, the shape of Input(Label) is {ls}.")


def check_float(x, api, arg="input"):
    """Raise Paddle's TypeError unless x is a float32/float64 (or float16) Tensor."""
    check_var(x, api, arg)
    if not x.dtype.is_floating:
        raise TypeError(f"The data type of '{arg}' in {api} must be float16, float32 or float64, but received "
                        f"{x.dtype.name}.")


_FORMATS = {1: ("NCL", "NLC"), 2: ("NCHW", "NHWC"), 3: ("NCDHW", "NDHWC")}


def check_format(data_format, nd):
    """Raise Paddle's error unless data_format suits nd spatial dims; returns whether channels are last."""
    allowed = _FORMATS[nd]
    if data_format not in allowed:
        raise ValueError(f"Attr(data_format) should be '{allowed[0]}' or '{allowed[1]}'. Received "
                         f"Attr(data_format): {data_format}.")
    return data_format == allowed[1]


_KERNEL_DTYPES = {
    "pool2d": "float64, float16, float32", "pool3d": "float64, float16, float32",
    "area_interp": "float64, float16, float32",
    "nearest_interp": "int64, float64, float16, float32, int32, uint8, bfloat16",
    "bilinear_interp": "float64, float16, float32, uint8, bfloat16",
    "linear_interp": "float64, float16, float32, uint8, bfloat16",
    "trilinear_interp": "float64, float16, float32, uint8, bfloat16",
    "bicubic_interp": "float64, float16, float32, bfloat16",
    "fold": "float64, complex128, float32, complex64",
}
_AMP_LOW = ("float16", "bfloat16")


def check_float_input(x, api, kernel, arg="x"):
    """x must be a Tensor of a dtype Paddle's CPU kernel `kernel` takes (float32/float64 unless listed)."""
    need_tensor(x, api, arg)
    supported = _KERNEL_DTYPES.get(kernel, "float64, float32")
    if x.dtype.name not in supported.split(", ") and not (AMP.active is not None and x.dtype.name in _AMP_LOW):
        raise kernel_error(kernel, x.dtype, supported)  # under paddle.amp.auto_cast float16 kernels exist
    return x


# -- search: sortable dtypes --------------------------------------------------------------------
_SORTABLE = "int64, int16, float64, float16, float32, int32, uint8, bfloat16"


def check_sortable(x, kernel, supported=_SORTABLE):
    """Paddle's kernel-not-registered RuntimeError for bool and complex inputs."""
    d = x.dtype
    if d is _dt.bool_ or d.is_complex:
        raise kernel_error(kernel, d, supported)


# -- nn.functional pooling: input rank, kernel and stride sizes -------------------------------------
def check_pool_input(x, ndim, api, kernel=None):
    """x must be a float Tensor of ndim dims (Paddle's pooling message, its typo kept) of a dtype the kernel that
    runs takes (`kernel`: the 1-D pools run Paddle's pool2d / max_pool2d_with_index kernels)."""
    check_float_input(x, api, kernel or api)
    if len(x.shape) != ndim:
        raise ValueError(f"Excepted Input X is {ndim}-D tensor, but received {len(x.shape)}-D {type(x)}")


def check_pool_sizes(values, name):
    """Every kernel/stride size must exceed 0.001 (Paddle's pooling message, its typo kept)."""
    for v in values:
        if v < 1e-3:
            raise ValueError(f"Excepted the input {name} to be greater than 0.001 but received x: {v}. ")


# -- optimizer: Adam's hyper-parameters -------------------------------------------------------------
def _is_number(v):
    """Neither a Tensor nor a static Variable (which has a block)."""
    return not hasattr(v, "block") and not isinstance(v, Tensor)


def check_betas(beta1, beta2, epsilon):
    """Adam/AdamW's beta1, beta2 and epsilon: Paddle's asserts for None, ValueError for a number out of range
    (a Tensor or a static Variable is taken as it is)."""
    assert beta1 is not None
    assert beta2 is not None
    assert epsilon is not None
    if _is_number(beta1) and not 0 <= beta1 < 1:
        raise ValueError("Invalid value of beta1, expect beta1 in [0,1).")
    if _is_number(beta2) and not 0 <= beta2 < 1:
        raise ValueError("Invalid value of beta2, expect beta2 in [0,1).")
    if _is_number(epsilon) and not 0 <= epsilon:
        raise ValueError("Invalid value of epsilon, expect epsilon >= 0.")


# -- static.nn: Variable inputs -----------------------------------------------------------------------
def check_variable(x, arg, api, dtypes=None):
    """x must be a static Variable (of one of `dtypes`): Paddle's check_variable_and_dtype."""
    if not isinstance(x, Variable):
        raise TypeError(f"The type of '{arg}' in {api} must be <class 'paddle.static.Variable'>, but received "
                        f"{type(x)}. ")
    if dtypes is not None and x.dtype.name not in dtypes:
        raise TypeError(f"The data type of '{arg}' in {api} must be {list(dtypes)}, but received "
                        f"{x.dtype.name}. ")


# -- distributed: collective arguments --------------------------------------------------------------
def check_comm_tensor(t, api, arg="tensor"):
    """A collective's tensor argument must be an eager paddle.Tensor (TypeError naming api and arg)."""
    if not isinstance(t, Tensor):
        raise TypeError(f"{api}: {arg} must be a paddle.Tensor, but received {type(t).__name__}")


def check_param_shape(shape, owner):
    """A parameter's shape (every layer's sizes end up here: Linear's in/out features, Conv's channels, Embedding's
    rows, an RNN's hidden_size, ...): whole numbers (Python or NumPy ints, never bool or float, even 4.0) that are
    not negative. Paddle's own checks: its argument parser's TypeError, then an assert on negative sizes.
    Returns the shape as a list of Python ints."""
    if isinstance(shape, np.ndarray):
        shape = shape.tolist()
    dims = []
    for i, size in enumerate(shape):
        if isinstance(size, (bool, np.bool_)) or not isinstance(size, (int, np.integer)):
            raise TypeError(f"(InvalidType) argument (position 2) must be list of int, but got "
                            f"{type(size).__name__} at pos {i}: a parameter of {owner} was given the shape "
                            f"{list(shape)}; sizes must be ints")
        dims.append(int(size))
    for i, size in enumerate(dims):
        assert size >= 0, (f"Expected every dim's size to be larger than or equal to 0, but the size of the "
                           f"{i}-th dim is {size}")
    return dims


def check_image(img, api):
    """Paddle's TypeError for an image that is neither a PIL image, an ndarray of 2 or 3 dims, nor a Tensor
    (paddle.vision.transforms.functional)."""
    try:
        from PIL import Image
        is_pil = isinstance(img, Image.Image)
    except ImportError:
        is_pil = False
    if not (is_pil or (isinstance(img, np.ndarray) and img.ndim in (2, 3)) or isinstance(img, Tensor)):
        raise TypeError(f"{api}: img should be PIL Image, ndarray with dim=[2 or 3] or Tensor with dim=[3 or 4], "
                        f"but got {type(img).__name__}")


def check_shape(shape, op_name, expected_shape_type=(list, tuple, Variable),
                expected_element_type=(int, Variable), expected_tensor_dtype=("int32", "int64")):
    """Check the `shape` argument of a static-graph op: a list/tuple of ints or int Variables, or an int Variable.

    In dynamic mode it checks nothing (as Paddle: the kernels check there).

    Args:
        shape (list|tuple|Variable): the shape argument.
        op_name (str): the op named in the error.
        expected_shape_type (tuple): the allowed types of shape.
        expected_element_type (tuple|None): the allowed types of its elements (None: unchecked).
        expected_tensor_dtype (tuple|None): the allowed dtype names of a Variable shape or element.

    Returns:
        None. Raises TypeError naming op_name when a check fails.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> paddle.check_shape([2, 3], 'my_op')
            >>> paddle.disable_static()
    """
    if not building_program():
        return

    def names(types):
        return "(" + ", ".join(str(t) for t in types) + ")"

    def check_dtype(v, what, extra=""):
        if v.dtype.name not in expected_tensor_dtype:
            raise TypeError(f"The data type of '{what}' in {op_name} must be {tuple(expected_tensor_dtype)}, but "
                            f"received {v.dtype.name}. {extra}")

    if not isinstance(shape, expected_shape_type):
        raise TypeError(f"The type of 'shape' in {op_name} must be {names(expected_shape_type)}, but received "
                        f"{type(shape)}. ")
    if expected_element_type is not None and not isinstance(shape, Variable):
        for item in shape:
            if not isinstance(item, expected_element_type):
                raise TypeError(f"The type of 'element of shape' in {op_name} must be "
                                f"{names(expected_element_type)}, but received {type(item)}. ")
            if expected_tensor_dtype is not None and isinstance(item, Variable):
                check_dtype(item, "element of shape", "If element of shape is Tensor, its data type should be "
                            + ", ".join(expected_tensor_dtype))
    if expected_tensor_dtype is not None and isinstance(shape, Variable):
        check_dtype(shape, "shape")
