"""paddle.incubate.distributed.utils.io.dist_save.save: paddle.save for data- and sharding-parallel runs."""
from .....distributed import get_world_size
from .....framework.io import save as _save
from .save_for_auto import save_for_auto_inference  # noqa: F401

__all__ = ["save", "save_for_auto_inference"]

_DIST_ONLY = ("gather_to", "state_type", "max_grouped_size")


def save(state_dict, path, **configs):
    """Save a state dict (of a Layer, an Optimizer, a nested structure of Tensors or a Program) from any rank.

    With one process, or no gather_to, it is paddle.save. With several processes and gather_to it needs
    state_type ('params' or 'opt'); every rank of a data-parallel run holds the same state, so each saves it as
    paddle.save would (purepaddle has no sharded optimizer state to gather).

    Args:
        state_dict (dict|Tensor|Program): what to save.
        path (str|BytesIO): the file (or buffer).
        **configs: paddle.save's options (protocol, use_binary_format) and gather_to (int|list), state_type
            ('params'|'opt'), max_grouped_size (str|int).

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> from paddle.incubate.distributed.utils.io import save
            >>> layer = paddle.nn.Linear(2, 2)
            >>> path = os.path.join(tempfile.mkdtemp(), "model.pdparams")
            >>> save(layer.state_dict(), path)
            >>> print(sorted(paddle.load(path)))
            ['bias', 'weight']
    """
    gather_to = configs.get("gather_to", None)
    if get_world_size() > 1 and gather_to is not None:
        state_type = configs.get("state_type", None)
        if state_type not in ("params", "opt"):
            raise AssertionError("must pass an arg state_type='params' or state_type='opt' to specify whether to "
                                 "save model state_dict or optimizer state_dict")
    return _save(state_dict, path, **{k: v for k, v in configs.items() if k not in _DIST_ONLY})
