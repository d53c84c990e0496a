"""Which layers' weights ASP prunes, and how: a table from layer name (or parameter name) to a pruning function."""
import logging
import re
import threading

import numpy as np

from ...nn import Layer
from .masks import CheckMethod, check_sparsity, create_mask

__all__ = ["add_supported_layer", "default_pruning", "SUPPORTED_LAYERS"]

_logger = logging.getLogger(__name__)
SUPPORTED_LAYERS = {}  # layer or parameter name -> pruning function
_LOCK = threading.Lock()


def default_pruning(weight_nparray, m, n, func_name, param_name):
    """(pruned weights, mask): the n:m mask of the transposed weights (groups run along the input features).

    Weights whose input dimension (axis 0 of a 2-D weight, axis 1 of a 4-D one) is smaller than m are left as
    they are, with an all-ones mask.
    """
    shape = weight_nparray.shape
    pruned, mask = weight_nparray.copy(), np.ones_like(weight_nparray)
    if len(shape) == 2 and shape[0] < m:
        _logger.warning(f"{param_name} is not pruned because the first dimension of {shape} is smaller than {m}")
        return pruned, mask
    if len(shape) == 4 and shape[1] < m:
        _logger.warning(f"{param_name} is not pruned because the second dimension of {shape} is smaller than {m}")
        return pruned, mask
    mask = create_mask(weight_nparray.T, func_name=func_name, n=n, m=m).T
    pruned = np.multiply(weight_nparray, mask)
    if not check_sparsity(pruned.T, n=n, m=m, func_name=CheckMethod.get_checking_method(func_name)):
        raise AssertionError(f"Pruning {param_name} weight matrix failure!!!")
    return pruned, mask


def _snake(name):
    return re.sub(r"([a-z0-9])([A-Z])", r"\1_\2", re.sub(r"(.)([A-Z][a-z]+)", r"\1_\2", name)).lower()


def add_supported_layer(layer, pruning_func=None):
    """Let ASP prune a layer type (or one parameter) with `pruning_func`.

    Args:
        layer (str|Layer|type): a parameter name, a layer name ('linear'), a Layer or a Layer class (named in
            snake case, as Paddle names its parameters: MyLayer -> 'my_layer').
        pruning_func (Callable, optional): (weights, m, n, MaskAlgo, param_name) -> (pruned weights, mask);
            the default n:m pruning when None.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> class CustomLayer(paddle.nn.Layer):
            ...     def __init__(self):
            ...         super().__init__()
            ...         self.weight = self.create_parameter([8, 8])
            >>> paddle.incubate.asp.add_supported_layer(CustomLayer)
    """
    if isinstance(layer, str):
        name = layer
    elif isinstance(layer, Layer):
        name = _snake(type(layer).__name__)
    elif isinstance(layer, type) and issubclass(layer, Layer):
        name = _snake(layer.__name__)
    else:
        raise TypeError(f"The type of layer should be string of Layer, but got {type(layer)}!")
    with _LOCK:
        SUPPORTED_LAYERS[name] = pruning_func or default_pruning


for _name in ("fc", "linear", "conv2d"):
    add_supported_layer(_name)
