"""paddle.incubate.distributed.fleet.recompute_hybrid: recompute in a hybrid-parallel setting, on one rank."""
from ....distributed.fleet.utils.recompute import recompute

__all__ = ["recompute_hybrid"]


def recompute_hybrid(ctx, function, *args, **kwargs):
    """Recompute `function` in backward instead of keeping its activations, in a hybrid-parallel setting.

    ctx names the model-parallel group its activations would be split over ('mp_group', required),
    'offload' (keep the saved inputs on the CPU) and 'partition' (split them across mp_group). purepaddle computes
    on one device per process and keeps activations in host memory already, so offload changes nothing; with one
    rank in mp_group partitioning has nothing to split; the recomputation itself is paddle.distributed.fleet's
    recompute, with the RNG state preserved.

    Args:
        ctx (dict): {'mp_group': Group, 'offload': bool, 'partition': bool}.
        function (Layer|Callable): the block to recompute.
        *args: its inputs.
        **kwargs: its keyword inputs.

    Returns:
        What `function` returns.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> from paddle.incubate.distributed.fleet import recompute_hybrid
            >>> block = paddle.nn.Sequential(paddle.nn.Linear(4, 4), paddle.nn.ReLU())
            >>> x = paddle.rand([2, 4])
            >>> x.stop_gradient = False
            >>> y = recompute_hybrid({"mp_group": object()}, block, x)
            >>> y.sum().backward()
            >>> print(x.grad.shape)
            paddle.Size([2, 4])
    """
    mp_group = ctx.get("mp_group", None)
    if mp_group is None:
        raise AssertionError("ctx must contains mp_group and mp_group can not be None.")
    if ctx.get("partition", False) and getattr(mp_group, "nranks", 1) > 1:
        raise NotImplementedError("recompute_hybrid: partitioning saved activations across a model-parallel group "
                                  "of more than one rank is not supported by purepaddle")
    return recompute(function, *args, **kwargs)
