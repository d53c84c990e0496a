"""Matrix products and diagonals: matmul, mm, bmm, dot, mv, outer, inner, cross, kron, multi_dot, trace,
diagonal, matrix_transpose (addmm and baddbmm are math's, tensordot manipulation's, as in Paddle)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ..._core.tensor import Parameter, Tensor
from ...ops.linalg.product import Bmm, Cross, Diagonal, Dot, Kron, MatMul, Mv, Trace
from .._check import (FLOATS, check_kernel_dtype, check_same_dtype, check_tensor, check_var, norm_axis, require,
                      set_out_values)
from .._operand import as_var, cast
from ..math.elementwise import multiply


def mm(input, mat2, name=None):
    """Matrix product of `input` and `mat2` (numpy matmul rules, like paddle.matmul without transposes).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> paddle.mm(x, x)
            Tensor(shape=[2, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[7. , 10.],
                    [15., 22.]])
    """
    return matmul(input, mat2)


def bmm(x, y, name=None, *, out=None):
    """Batched matrix product of two 3-D tensors [B, M, K] and [B, K, N].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.ones([2, 1, 3])
            >>> y = paddle.ones([2, 3, 2])
            >>> paddle.bmm(x, y)
            Tensor(shape=[2, 1, 2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[[3., 3.]],
                    [[3., 3.]]])
    """
    xs, ys = getattr(x, "shape", None), getattr(y, "shape", None)
    if not (xs is not None and ys is not None and len(xs) == 3 and len(ys) == 3 and xs[2] == ys[1]
            and xs[0] == ys[0] and x.dtype is y.dtype and x.dtype.name in FLOATS[0]):
        _bmm_errors(x, y)
    return set_out_values(apply(Bmm, x, y), out)


def _differ(a, b):
    """Two static dims that are known (not -1) and different."""
    return a != b and a >= 0 and b >= 0


def _bmm_errors(x, y):
    check_tensor(x, "bmm")
    check_tensor(y, "bmm", "y")
    xs, ys = list(x.shape), list(y.shape)
    for arg, s in (("X", xs), ("Y", ys)):
        if len(s) != 3:
            raise ValueError(f"(InvalidArgument) Input({arg}) of BmmOp must be 3-dimensional in BmmOp, but "
                             f"received {arg}'s shape: {s}.")
    if _differ(xs[2], ys[1]):
        raise ValueError(f"(InvalidArgument) Input(X)'s width must be equal with Input(Y)'s height in BmmOp, but "
                         f"receive X's width: [{xs[2]}], Y's height: [{ys[1]}] (shapes {xs} and {ys}).")
    if _differ(xs[0], ys[0]):
        raise ValueError(f"(InvalidArgument) Input(X) and Input(Y) must have the same batch size in BmmOp, but "
                         f"received X's batch size: [{xs[0]}], Y's batch size [{ys[0]}].")
    check_same_dtype(x, y, "paddle.bmm")
    check_kernel_dtype(x, "bmm", FLOATS)


def dot(x, y, name=None, *, out=None):
    """Inner product of two 1-D tensors (a 0-D result), or row by row of two 2-D tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.dot(paddle.to_tensor([1., 2., 3.]), paddle.to_tensor([4., 5., 6.]))
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   32.)
    """
    xs, ys = getattr(x, "shape", None), getattr(y, "shape", None)
    if not (xs is not None and ys is not None and len(xs) in (1, 2) and xs == ys and x.dtype is y.dtype):
        _dot_errors(x, y)
    return set_out_values(apply(Dot, x, y), out)


def _dot_errors(x, y):
    check_tensor(x, "dot")
    check_tensor(y, "dot", "y")
    xs, ys = list(x.shape), list(y.shape)
    if len(xs) not in (1, 2):
        raise RuntimeError(f"(PreconditionNotMet) ShapeError: The dimensions of input tensor X ({xs}) should be 1 or 2")
    if len(xs) != len(ys):
        raise RuntimeError(f"(PreconditionNotMet) ShapeError: The shape of input tensor Y: {ys} should match with "
                           f"input tensor X: {xs}")
    if any(_differ(a, b) for a, b in zip(xs, ys)):
        raise RuntimeError(f"(PreconditionNotMet) ShapeError: The shape of input tensor X: {xs} should be exactly "
                           f"the same with input tensor Y: {ys}")
    check_same_dtype(x, y, "paddle.dot")


def mv(x, vec, name=None):
    """Matrix-vector product of a 2-D `x` [M, N] and a 1-D `vec` [N].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[2., 1., 3.], [3., 0., 1.]])
            >>> paddle.mv(x, paddle.to_tensor([3., 5., 1.]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [14., 10.])
    """
    check_tensor(x, "mv")
    check_tensor(vec, "mv", "vec")
    xs, vs = list(x.shape), list(vec.shape)
    if len(xs) != 2:
        raise ValueError(f"(InvalidArgument) The rank of input X should be 2, but is {len(xs)}")
    if len(vs) != 1:
        raise ValueError(f"(InvalidArgument) The rank of input Vec should be 1, but is {len(vs)}")
    if _differ(xs[1], vs[0]):
        raise ValueError(f"(InvalidArgument) X's second dimension is expected to be equal to Vec's first dimension, "
                         f"but received X'shape = {xs}, Vec's shape = {vs}")
    check_same_dtype(x, vec, "paddle.mv")
    return apply(Mv, x, vec)


def outer(x, y, name=None, *, out=None):
    """Outer product: x and y are flattened, out[i, j] = x[i] * y[j].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.outer(paddle.to_tensor([1., 2.]), paddle.to_tensor([1., 10., 100.]))
            Tensor(shape=[2, 3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1.  , 10. , 100.],
                    [2.  , 20. , 200.]])
    """
    check_tensor(x, "outer")
    check_tensor(y, "outer", "y")
    return set_out_values(multiply(x.reshape([-1, 1]), y.reshape([1, -1])), out)


def inner(x, y, name=None):
    """Inner product over the last axis: out[..., ...] = sum(x[..., k] * y[..., k]); 0-D operands multiply.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2., 3.], [4., 5., 6.]])
            >>> paddle.inner(x, paddle.to_tensor([1., 0., 1.]))
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [4. , 10.])
    """
    check_tensor(x, "inner")
    check_tensor(y, "inner", "y")
    if x.ndim == 0 or y.ndim == 0:
        return multiply(x, y)
    xs, ys = list(x.shape), list(y.shape)
    if xs[-1] != ys[-1] and xs[-1] >= 0 and ys[-1] >= 0:
        raise ValueError("After performing an optional transpose, Input X's last dim should be equal to Y's last dim "
                         f"for multiplication prerequisites. But received X's shape: {xs}, Y's shape: {ys}")
    check_same_dtype(x, y, "paddle.inner")
    nx, ny = x.reshape([-1, xs[-1]]), y.reshape([-1, ys[-1]])
    return matmul(nx, ny, transpose_y=True).reshape(xs[:-1] + ys[:-1])


def cross(x, y, axis=9, name=None):
    """Cross product of 3-vectors along `axis` (default: the first axis of size 3).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.cross(paddle.to_tensor([1., 0., 0.]), paddle.to_tensor([0., 1., 0.]))
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [0., 0., 1.])
    """
    check_tensor(x, "cross")
    check_tensor(y, "cross", "y")
    xs, ys = list(x.shape), list(y.shape)
    if len(xs) != len(ys) or any(_differ(a, b) for a, b in zip(xs, ys)):
        raise ValueError("(InvalidArgument) The 'shape' of Input(X) should be equal to the 'shape' of Input(Y). "
                         f"But received Input(X).dimensions = {xs}, Input(Y).dimensions = {ys}")
    if axis is None or axis == 9:
        if 3 not in xs:
            raise ValueError("(InvalidArgument) There must be at least one dimension 'd' so that Input(X/Y).dims()[d] "
                             f"is equal to 3. But received: Input(X/Y).dims() == {xs}.")
        axis = 9
    else:
        a = norm_axis(axis, len(xs), "paddle.cross", exc=ValueError)
        if xs[a] != 3:
            raise ValueError("(InvalidArgument) Input(X/Y).dims()[dim] should be equal to 3. But received "
                             f"Input(X/Y).dims()[dim] = {xs[a]} (axis={axis}, shape {xs}).")
    if x.dtype is not y.dtype:
        from ..._core import dtype as _dt
        from .._operand import cast
        d = _dt.promote(x.dtype, y.dtype)
        x, y = cast(x, d), cast(y, d)
    return apply(Cross, x, y, dim=int(axis))


def kron(x, y, name=None):
    """Kronecker product; the operand with fewer dims is padded with leading 1s.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.kron(paddle.to_tensor([[1., 2.], [3., 4.]]), paddle.to_tensor([1., 10.]))
            Tensor(shape=[2, 4], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [[1. , 10., 2. , 20.],
                    [3. , 30., 4. , 40.]])
    """
    check_tensor(x, "kron")
    check_tensor(y, "kron", "y")
    check_same_dtype(x, y, "paddle.kron")
    return apply(Kron, x, y)


def _diag_axes(x, offset, axis1, axis2, api):
    nd = getattr(x, "ndim", None)
    if (type(nd) is int and nd >= 2 and type(axis1) is int and type(axis2) is int and type(offset) is int
            and -nd <= axis1 < nd and -nd <= axis2 < nd and axis1 % nd != axis2 % nd):
        return
    check_tensor(x, api[7:])
    if nd < 2:
        what = "Input(x)'s dim" if api == "paddle.trace" else "Input's dim"
        raise IndexError(f"(OutOfRange) {what} is out of range (expected at least 2 dimensions, but got {nd}).")
    a1 = norm_axis(axis1, nd, api, "axis1")
    a2 = norm_axis(axis2, nd, api, "axis2")
    if a1 == a2:
        raise ValueError(f"(InvalidArgument) The dimensions should not be identical {axis1} vs {axis2}.")


def trace(x, offset=0, axis1=0, axis2=1, name=None):
    """Sum along the `offset` diagonal of the 2-D planes spanned by axis1 and axis2.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(12, dtype='float32').reshape([3, 4])
            >>> paddle.trace(x)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   15.)
            >>> paddle.trace(x, offset=1)
            Tensor(shape=[], dtype=float32, place=Place(cpu), stop_gradient=True,
                   18.)
    """
    _diag_axes(x, offset, axis1, axis2, "paddle.trace")
    return apply(Trace, x, offset=int(offset), axis1=int(axis1), axis2=int(axis2))


def diagonal(x, offset=0, axis1=0, axis2=1, name=None):
    """The `offset` diagonal over axis1 and axis2, appended as the last dimension.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.arange(12, dtype='float32').reshape([3, 4])
            >>> paddle.diagonal(x, offset=1)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [1. , 6. , 11.])
    """
    _diag_axes(x, offset, axis1, axis2, "paddle.diagonal")
    return apply(Diagonal, x, offset=int(offset), axis1=int(axis1), axis2=int(axis2))


def _chain_order(dims):
    """Optimal parenthesisation of a matrix chain (dims[i] x dims[i+1]): split table."""
    n = len(dims) - 1
    cost = [[0] * n for _ in range(n)]
    split = [[0] * n for _ in range(n)]
    for length in range(1, n):
        for i in range(n - length):
            j = i + length
            cost[i][j] = None
            for k in range(i, j):
                c = cost[i][k] + cost[k + 1][j] + dims[i] * dims[k + 1] * dims[j + 1]
                if cost[i][j] is None or c < cost[i][j]:
                    cost[i][j], split[i][j] = c, k
    return split


def multi_dot(x, name=None):
    """Product of a chain of matrices in the cheapest order; the first/last may be 1-D vectors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> a = paddle.ones([2, 3])
            >>> b = paddle.ones([3, 4])
            >>> c = paddle.ones([4])
            >>> paddle.linalg.multi_dot([a, b, c])
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [12., 12.])
    """
    if not isinstance(x, (list, tuple)):
        raise ValueError("(InvalidArgument) multi_dot(): argument 'x' (position 0) must be list of Tensors, but got "
                         f"{type(x).__name__}")
    if len(x) < 2:
        raise ValueError("(InvalidArgument) The number of input tensors in multi_dot op should > 1.")
    for i, t in enumerate(x):
        check_tensor(t, "multi_dot", f"x[{i}]")
        check_same_dtype(x[0], t, "paddle.linalg.multi_dot")
        ok = t.ndim in (1, 2) if i in (0, len(x) - 1) else t.ndim == 2
        if not ok:
            which = "first" if i == 0 else ("last" if i == len(x) - 1 else f"{i}-th")
            raise ValueError(f"(InvalidArgument) multi_dot: the {which} input tensor must be "
                             f"{'1D or 2D' if i in (0, len(x) - 1) else '2D'} but got[{t.ndim}]!")
    first_vec, last_vec = x[0].ndim == 1, x[-1].ndim == 1
    mats = list(x)
    if first_vec:
        mats[0] = mats[0].unsqueeze(0)
    if last_vec:
        mats[-1] = mats[-1].unsqueeze(-1)
    dims = [mats[0].shape[0]]
    for t in mats:
        if t.shape[0] != dims[-1]:
            raise ValueError("(InvalidArgument) the input matrix does not meet the multiplication requirements: "
                             f"shapes {[list(m.shape) for m in x]}.")
        dims.append(t.shape[1])
    split = _chain_order(dims)

    def prod(i, j):
        if i == j:
            return mats[i]
        k = split[i][j]
        return matmul(prod(i, k), prod(k + 1, j))

    out = prod(0, len(mats) - 1)
    if first_vec and last_vec:
        return out.reshape([])
    if first_vec:
        return out.squeeze(0)
    if last_vec:
        return out.squeeze(-1)
    return out


_EAGER = (Tensor, Parameter)  # exact types: subclasses (SelectedRows) and static Variables take the checks


def matmul(x: Tensor, y: Tensor, transpose_x: bool = False, transpose_y: bool = False,
           name: str | None = None) -> Tensor:
    """Matrix product with numpy rules: 1-D operands promoted then squeezed, batch dims broadcast.

    Args:
        x (Tensor): The first factor.
        y (Tensor): The second factor.
        transpose_x (bool, optional): Whether the last two axes of `x` are swapped first. Default: False.
        transpose_y (bool, optional): Whether the last two axes of `y` are swapped first. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: the matrix product, batched over the leading axes (broadcast).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 2.], [3., 4.]])
            >>> y = paddle.to_tensor([1., 1.])
            >>> paddle.matmul(x, y)
            Tensor(shape=[2], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [3., 7.])
    """
    if type(x) in _EAGER and type(y) in _EAGER:  # the common eager call: one dtype, no 0-D operand
        a, b = x._data, y._data
        if a.dtype is b.dtype and a.ndim and b.ndim:
            return apply(MatMul, x, y, trans_x=bool(transpose_x), trans_y=bool(transpose_y))
    check_var(x, "paddle.matmul")
    check_var(y, "paddle.matmul", "y")
    if x.dtype is not y.dtype:
        # Paddle reads an integer y as x's float dtype (float32 @ int32 is float32); other mixed
        # pairs crash its kernel, so they promote here (docs/conformance.md)
        if x.dtype.is_floating and y.dtype.is_integer:
            y = cast(y, x.dtype)
        else:
            d = _dt.promote(x.dtype, y.dtype)
            x, y = cast(x, d), cast(y, d)
    if x.ndim == 0 or y.ndim == 0:
        raise ValueError(
            f"(InvalidArgument) The Input(X) dims size must be greater than 0, but received x.shape="
            f"{list(x.shape)}, y.shape={list(y.shape)} in paddle.matmul")
    return apply(MatMul, x, y, trans_x=bool(transpose_x), trans_y=bool(transpose_y))


def _matmul_op(x, y):
    """x @ y: Paddle's operator casts y to x's dtype between real dtypes (float32 @ float64 is float32, int32 @
    float32 int32); with a complex operand it promotes (complex64 @ float64 is complex128) and refuses integers."""
    if isinstance(y, TensorMethods) and y.dtype is not x.dtype:
        if x.dtype.is_complex or y.dtype.is_complex:
            if x.dtype.is_integer or y.dtype.is_integer:
                raise RuntimeError("(Unavailable) Only supports to align data type include float32, float64, "
                                   "complex64 and complex128, but received data type is `s`.int")
            d = _dt.promote(x.dtype, y.dtype)
            return matmul(cast(x, d), cast(y, d))
        y = cast(y, x.dtype)
    return matmul(x, y)


def _rmatmul_op(x, y):
    return matmul(as_var(y, x, "paddle.matmul"), x)


def _swap_last(x):
    perm = list(range(x.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return x.transpose(perm)


def matrix_transpose(x, name=None):
    """x with its last two dimensions swapped.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.matrix_transpose(paddle.ones([2, 3, 5])).shape
            paddle.Size([2, 5, 3])
    """
    check_var(x, "paddle.matrix_transpose")
    require(x.ndim >= 2, f"Tensor.ndim({x.ndim}) is required to be greater than or equal to 2.", ValueError)
    return _swap_last(x)


ger = outer  # Paddle's alias


__all__ = ["mm", "bmm", "dot", "mv", "outer", "ger", "inner", "cross", "kron", "trace", "diagonal", "matmul",
           "matrix_transpose"]
METHODS = {"bmm": bmm, "dot": dot, "mv": mv, "outer": outer, "inner": inner, "cross": cross, "kron": kron,
           "trace": trace, "diagonal": diagonal, "multi_dot": multi_dot, "__matmul__": _matmul_op,
           "__rmatmul__": _rmatmul_op, "matmul": matmul, "mm": matmul, "matrix_transpose": matrix_transpose}
