"""paddle.incubate.distributed.utils.io.save_for_auto.save_for_auto_inference: parameters plus their distributed
attributes, in the layout auto-parallel inference loads (<prefix>_dist<rank>.pdparams and .pdattr)."""
import os
import pickle

from .....distributed import get_rank, get_world_size
from .....framework.io import save as _save

__all__ = ["save_for_auto_inference"]


def _saved_prefix(path_prefix):
    """(directory, file prefix); a prefix ending in a separator names a directory ('saved_parameters')."""
    prefix = os.path.abspath(path_prefix)
    if path_prefix.endswith(os.path.sep):
        save_dir, base = prefix, "saved_parameters"
    else:
        save_dir, base = os.path.dirname(prefix), os.path.basename(prefix)
    os.makedirs(save_dir, exist_ok=True)
    return save_dir, base


def save_for_auto_inference(path_prefix, dist_model, cvt2cpu=False):
    """Save a model's parameters by parameter name, with each one's process mesh and dims mapping.

    Writes <prefix>_dist<rank>.pdparams ({param.name: Tensor}) and <prefix>_dist<rank>.pdattr (a pickle of
    {param.name: {"process_shape", "process_group", "dims_mapping"}}). One process holds whole parameters:
    process_shape [1], process_group [0], every dims mapping -1 (not split).

    Args:
        path_prefix (str): directory plus file prefix (a trailing separator: the directory, prefix
            'saved_parameters').
        dist_model (Layer): the model.
        cvt2cpu (bool, optional): move gathered parameters to the CPU (they already are). Default False.

    Returns:
        None.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> from paddle.incubate.distributed.utils.io import save_for_auto_inference
            >>> root = tempfile.mkdtemp()
            >>> save_for_auto_inference(os.path.join(root, "net"), paddle.nn.Linear(2, 3))
            >>> print(sorted(os.listdir(root)))
            ['net_dist0.pdattr', 'net_dist0.pdparams']
    """
    if get_world_size() > 1:
        raise NotImplementedError("save_for_auto_inference: mapping hybrid-parallel (pipeline/model-parallel) "
                                  "parameter names onto the single-card model is not supported by purepaddle; "
                                  "gather the parameters and use paddle.save")
    save_dir, base = _saved_prefix(path_prefix)
    wrapped = {v.name: v for v in dist_model.state_dict().values()}
    rank = get_rank()
    _save(wrapped, os.path.join(save_dir, f"{base}_dist{rank}.pdparams"))
    attrs = {k: {"process_shape": [1], "process_group": [0], "dims_mapping": [-1] * len(v.shape)}
             for k, v in wrapped.items() if k not in ("master_weights", "LR_Scheduler")}
    with open(os.path.join(save_dir, f"{base}_dist{rank}.pdattr"), "wb") as f:
        pickle.dump(attrs, f)
