"""paddle.distributed.split: a tensor-parallel linear or embedding layer in a static program.

Each of the num_partitions ranks (rank % num_partitions) creates its own slice of the weight and the program
combines the slices with the ops of model_parallel_ops.py, as Paddle builds it:
- linear, axis 0 (row parallel): the input's last axis is split (c_split) when it is the whole width, each rank
  multiplies by its rows, the partial products are summed over the group (mp_allreduce_sum), then the bias added;
- linear, axis 1 (column parallel): the input enters through c_identity, each rank computes its columns (with
  its bias slice), and gather_out joins them (c_concat);
- embedding (axis 0): each rank looks up its slice of the vocabulary (c_embedding, zero rows elsewhere) and the
  rows are summed over the group.
The group is the job's (ring 0), so num_partitions must be the number of ranks (or 1). Paddle refuses dygraph:
use the static graph.
"""
from __future__ import annotations

from typing import TYPE_CHECKING

from .._core.dispatch import apply
from .._core.mode import in_dynamic_mode
from . import model_parallel_ops as _mp

if TYPE_CHECKING:  # names for annotations only
    from purepaddle._core.tensor import Tensor

__all__ = ["split"]


def _mark_distributed(param):
    param.is_distributed = True


def _parallel_linear(x, rows, cols, axis, weight_attr, bias_attr, gather_out, inner_rank, nranks, split_input,
                     name):
    from ..nn import Linear
    from ..nn.functional import linear
    parts = {"rank": inner_rank, "nranks": nranks, "ring_id": 0}
    if axis == 0:
        if split_input:
            x = apply(_mp.CSplit, x, **parts)
    else:
        x = apply(_mp.CIdentity, x, ring_id=0)
    layer = Linear(rows, cols, weight_attr=weight_attr, bias_attr=bias_attr, name=name)
    out = linear(x, layer.weight, None if axis == 0 else layer.bias)
    _mark_distributed(layer.weight)
    if axis == 1 and layer.bias is not None:
        _mark_distributed(layer.bias)
    if not gather_out:
        return out
    if axis == 0:
        out = apply(_mp.MpAllReduceSum, out, ring_id=0)
        return out + layer.bias if layer.bias is not None else out
    return apply(_mp.CConcat, out, **parts)


def _parallel_embedding(x, per_part, size, weight_attr, inner_rank, nranks, name):
    from ..nn.functional import embedding
    from ..nn.layer._helpers import create_parameter
    from ..utils import unique_name
    weight = create_parameter(unique_name.generate("_parallel_embedding"), weight_attr, [per_part, size[1]],
                              "float32")
    if nranks == 1:
        return embedding(x, weight=weight, padding_idx=None, sparse=False, name=name)
    _mark_distributed(weight)
    rows = apply(_mp.CEmbedding, weight, x, start_index=inner_rank * per_part, vocab_size=size[0])
    return apply(_mp.MpAllReduceSum, rows, ring_id=0)


def split(x: Tensor, size: list[int] | tuple[int, int], operation: str, axis: int = 0, num_partitions: int = 1,
          gather_out: bool = True, weight_attr=None, bias_attr=None, name: str | None = None) -> Tensor:
    """A linear or embedding layer whose weight is split over `num_partitions` ranks (tensor parallelism), in a
    static program (see the module docstring for what each rank computes).

    Args:
        x (Tensor): The input (a static variable).
        size (list|tuple): The whole weight's shape: [in_features, out_features] or [vocabulary, dim].
        operation (str): 'linear' or 'embedding'.
        axis (int, optional): The weight axis that is split: 0 (rows) or 1 (columns; linear only). Default: 0.
        num_partitions (int, optional): The number of slices: 1, or the job's number of ranks. Default: 1.
        gather_out (bool, optional): Combine the ranks' outputs (linear); False leaves each rank its part.
            Default: True.
        weight_attr (ParamAttr|None, optional): The weight's attributes. Default: None.
        bias_attr (ParamAttr|bool|None, optional): The bias's attributes; False for none. Default: None.
        name (str|None, optional): The layer name. Default: None.

    Returns:
        Tensor: the output.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed.fleet as fleet
            >>> paddle.enable_static()
            >>> fleet.init(is_collective=True)
            >>> main, startup = paddle.static.Program(), paddle.static.Program()
            >>> with paddle.static.program_guard(main, startup):
            ...     x = paddle.static.data("x", [None, 8], "float32")
            ...     y = paddle.distributed.split(x, (8, 4), operation="linear", axis=1, num_partitions=1)
            >>> y.shape
            (-1, 4)
            >>> paddle.disable_static()
    """
    if not isinstance(size, (list, tuple)):
        raise AssertionError("The type of size for paddle.distributed.split must be list or tuple.")
    if len(size) != 2:
        raise AssertionError("Number of elements in size of paddle.distributed.split must be two.")
    if not isinstance(operation, str):
        raise AssertionError("The type of operation for paddle.distributed.split must be str.")
    if operation not in ("linear", "embedding"):
        raise AssertionError("The operation for paddle.distributed.split must be one of ['linear', 'embedding'].")
    if in_dynamic_mode():
        raise ValueError("paddle.distributed.split cannot be used in dynamic graph mode, please use "
                         "ParallelEmbedding, ParallelRowLinear, ParallelColumnLinear instead.")
    from .fleet import fleet
    if fleet._role_maker is None:
        raise AssertionError("To use paddle.distributed.split, you must call fleet.init() firstly.")
    rank, nranks = fleet.worker_index(), fleet.worker_num()
    if num_partitions not in (1, nranks):
        raise NotImplementedError(f"paddle.distributed.split: num_partitions={num_partitions} in a job of {nranks} "
                                  "ranks; purepaddle splits over the whole job (ring 0), so use 1 or the number of "
                                  "ranks")
    inner_rank = rank % num_partitions
    if operation == "embedding":
        if axis != 0:
            raise AssertionError("We only support to split the weight of embedding along the first axis now.")
        if size[0] % num_partitions:
            raise AssertionError(f"The length of the vocabulary must be divisible by num_partitions but received "
                                 f"vocabulary={size[0]} num_partitions={num_partitions}")
        return _parallel_embedding(x, size[0] // num_partitions, size, weight_attr, inner_rank, num_partitions, name)
    if axis == 0:
        if size[0] % num_partitions:
            raise AssertionError(f"Number of rows of the weight for linear ({size[0]}) must be divisible by "
                                 f"num_partitions ({num_partitions})")
        rows, cols = size[0] // num_partitions, size[1]
        split_input = x.shape[-1] == size[0]
    elif axis == 1:
        if size[1] % num_partitions:
            raise AssertionError(f"Number of column of the weight for linear ({size[1]}) must be divisible by "
                                 f"num_partitions ({num_partitions})")
        rows, cols, split_input = size[0], size[1] // num_partitions, False
    else:
        raise ValueError(f"The value of axis must be 0 or 1, but the value given is {axis}.")
    return _parallel_linear(x, rows, cols, axis, weight_attr, bias_attr, gather_out, inner_rank, num_partitions,
                            split_input, name)
