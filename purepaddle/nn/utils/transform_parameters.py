"""parameters_to_vector and vector_to_parameters: flatten parameters into one vector and back (no graph)."""
import numpy as np

from ..._core.dispatch import building_program
from ..._core.tensor import Tensor

__all__ = ["parameters_to_vector", "vector_to_parameters"]


def _dygraph_only(api):
    if building_program():
        raise AssertionError(f"We only support '{api}()' in dynamic graph mode, please call "
                             f"'paddle.disable_static()' to enter dynamic graph mode.")


def parameters_to_vector(parameters, name=None):
    """One 1-D Tensor holding every parameter's values, flattened and concatenated.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear = paddle.nn.Linear(10, 15)
            >>> paddle.nn.utils.parameters_to_vector(linear.parameters()).shape
            paddle.Size([165])
    """
    _dygraph_only("parameters_to_vector")
    parameters = list(parameters)
    dtype = parameters[0]._data.dtype
    out = Tensor(np.concatenate([p._data.reshape(-1).astype(dtype, copy=False) for p in parameters]))
    out.stop_gradient = False
    return out


def vector_to_parameters(vec, parameters, name=None):
    """Copy consecutive slices of the 1-D `vec` into `parameters` (their shapes kept).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> linear1 = paddle.nn.Linear(10, 15, weight_attr=paddle.nn.initializer.Constant(3.))
            >>> vec = paddle.nn.utils.parameters_to_vector(linear1.parameters())
            >>> linear2 = paddle.nn.Linear(10, 15)
            >>> paddle.nn.utils.vector_to_parameters(vec, linear2.parameters())
            >>> bool((linear2.weight == 3.).all())
            True
    """
    _dygraph_only("vector_to_parameters")
    assert len(vec.shape) == 1
    parameters = list(parameters)
    sizes = [int(np.prod(p.shape)) for p in parameters]
    if sum(sizes) > vec.shape[0]:
        raise ValueError("The total_elements of vec should be equal to or larger than the number of elements in "
                         "parameters.")
    data, start = vec._data, 0
    for p, n in zip(parameters, sizes):
        p._set_data(data[start:start + n].astype(data.dtype, copy=True).reshape(p._data.shape))
        start += n
