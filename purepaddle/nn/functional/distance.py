"""paddle.nn.functional distances: pairwise_distance, pdist."""
import numpy as np

from ... import tensor as _T
from ..._core.dispatch import apply
from ..._core.methods import TensorMethods
from ...ops.linalg import norms as _LA
from ...tensor._check import need_tensor as _need_tensor
from ._param_alias import param_alias


@param_alias(x1="x", x2="y", eps="epsilon")
def pairwise_distance(x, y, p=2.0, epsilon=1e-6, keepdim=False, name=None):
    """||x - y + epsilon||_p along the last axis.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[1., 3.], [3., 5.]], dtype=paddle.float64)
            >>> y = paddle.to_tensor([[5., 6.], [7., 8.]], dtype=paddle.float64)
            >>> paddle.nn.functional.pairwise_distance(x, y)
            Tensor(shape=[2], dtype=float64, place=Place(cpu), stop_gradient=True,
                   [4.99999860, 4.99999860])
    """
    if not isinstance(x, TensorMethods):
        _need_tensor(x, "pairwise_distance")
    if not isinstance(y, TensorMethods):
        _need_tensor(y, "pairwise_distance", "y", 1)
    sub = _T.subtract(x, y)
    if epsilon != 0.0:
        sub = _T.add(sub, _T.full([1], epsilon, dtype=sub.dtype))
    return apply(_LA.PNorm, sub, porder=float(p), axis=-1, epsilon=0.0, keepdim=bool(keepdim), asvector=False)


def pdist(x, p=2.0, name=None):
    """The p-norm distances between every pair of rows of a 2-D x (upper triangle, row-major).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> x = paddle.to_tensor([[0., 0.], [3., 4.], [6., 8.]])
            >>> paddle.nn.functional.pdist(x)
            Tensor(shape=[3], dtype=float32, place=Place(cpu), stop_gradient=True,
                   [5. , 10., 5. ])
    """
    assert len(x.shape) == 2, "The x must be 2-dimensional"
    n = x.shape[0]
    i, j = np.triu_indices(n, 1)
    if i.size == 0:
        return _T.zeros([0], dtype=x.dtype)
    # only the pairs above the diagonal: gather the two row sets once
    a = _T.index_select(x, _T.to_tensor(i.astype(np.int64)))
    b = _T.index_select(x, _T.to_tensor(j.astype(np.int64)))
    return apply(_LA.PNorm, a - b, porder=float(p), axis=-1, epsilon=1e-12, keepdim=False, asvector=False)


__all__ = ["pairwise_distance", "pdist"]
