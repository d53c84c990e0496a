"""Tensor arrays in dynamic mode: Python lists of Tensors (paddle.tensor.array.*)."""
from .._core.methods import TensorMethods
from .._core.dispatch import building_program


def _eager(api):
    if building_program():
        raise NotImplementedError(f"paddle.tensor.array.{api}: tensor arrays (DENSE_TENSOR_ARRAY variables) are not "
                                  "supported in static graph mode")


def _index(i, api):
    if not isinstance(i, TensorMethods):
        raise AssertionError(f"The index 'i' in {api} must be Variable in dygraph mode")
    if list(i.shape) != [1]:
        raise AssertionError("The shape of index 'i' should be [1] in dygraph mode")
    return int(i.item(0))


def create_array(dtype, initialized_list=None):
    """A new tensor array: a Python list, optionally holding initialized_list's Tensors.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> arr = paddle.tensor.array.create_array('float32', [paddle.ones([2])])
            >>> len(arr)
            1
    """
    _eager("create_array")
    array = []
    if initialized_list is not None:
        if not isinstance(initialized_list, (list, tuple)):
            raise TypeError(f"Require type(initialized_list) should be list/tuple, but received "
                            f"{type(initialized_list)}")
        array = list(initialized_list)
    for v in array:
        if not isinstance(v, TensorMethods):
            raise TypeError(f"All values in `initialized_list` should be Variable or pir.Value, but received "
                            f"{type(v)}.")
    return array


def array_length(array):
    """The number of Tensors in a tensor array.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.tensor.array.array_length([paddle.ones([1]), paddle.ones([1])])
            2
    """
    _eager("array_length")
    if not isinstance(array, list):
        raise AssertionError("The 'array' in array_write must be a list in dygraph mode")
    return len(array)


def array_read(array, i):
    """The Tensor at position i (a [1]-shaped int Tensor) of a tensor array.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> arr = [paddle.ones([2]), paddle.zeros([2])]
            >>> paddle.tensor.array.array_read(arr, paddle.to_tensor([1])).tolist()
            [0.0, 0.0]
    """
    _eager("array_read")
    if not isinstance(array, list):
        raise AssertionError("The 'array' in array_read must be list in dygraph mode")
    return array[_index(i, "array_read")]


def array_write(x, i, array=None):
    """Write x at position i (at most the current length: then it appends) of array (a new one when None).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> arr = paddle.tensor.array.array_write(paddle.ones([2]), paddle.to_tensor([0]))
            >>> len(arr)
            1
    """
    _eager("array_write")
    if not isinstance(x, TensorMethods):
        raise AssertionError("The input data 'x' in array_write must be Variable in dygraph mode")
    k = _index(i, "array_write")
    if array is None:
        array = create_array(x.dtype)
    if not isinstance(array, list):
        raise AssertionError("The 'array' in array_write must be a list in dygraph mode")
    if k > len(array):
        raise AssertionError("The index 'i' should not be greater than the length of 'array' in dygraph mode")
    if k < len(array):
        array[k] = x
    else:
        array.append(x)
    return array


# like Paddle, these live in paddle.tensor.array (and paddle.tensor), not at the top level
__all__ = []
METHODS = {}
