"""paddle.distributed.sharding.group_sharded_parallel: ZeRO-style sharded data parallelism in dygraph, on MPI.

Every rank keeps the whole model and computes gradients on its own batch; the gradients are averaged over the
group (the model wrapper is a DataParallel, so the numbers are those of plain data parallelism). The optimizer
is split: each parameter has one owner rank (assigned greedily by size, in parameter order), only the owner
keeps its optimizer state (moments, accumulators) and updates it, and then broadcasts the new value to the
group. So for every level the trained parameters equal plain data parallel's, and the optimizer state is
sharded: level 'os' shards it as Paddle does; 'os_g' and 'p_g_os' additionally shard gradients (and
parameters) in Paddle to save GPU memory - on CPU processes, which all hold the model anyway, purepaddle keeps
those whole and shards the optimizer state only.

Gradient clipping by global norm is computed over all parameters before the owners update (as Paddle's sharded
clip does), and a GradScaler keeps seeing every gradient, so its found-inf decision is the same on all ranks.
"""
from __future__ import annotations

import os
from typing import TYPE_CHECKING, Any

from ...nn.layer.layers import Layer
from ...optimizer.optimizer import Optimizer
from .. import communication as _comm
from .. import group as _group
from ..parallel import DataParallel

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence

    from purepaddle.amp import GradScaler
    from purepaddle.distributed.group import Group

__all__ = ["group_sharded_parallel", "save_group_sharded_model", "GroupShardedModel", "GroupShardedOptimizer"]

LEVELS = ("os", "os_g", "p_g_os")


def _owners(params, n):
    """{id(param): group rank that owns it}: each parameter in order goes to the rank holding the fewest elements."""
    load, owner = [0] * n, {}
    for p in params:
        r = load.index(min(load))
        owner[id(p)] = r
        load[r] += int(p._data.size)
    return owner


class GroupShardedOptimizer:
    """The optimizer of group_sharded_parallel: each rank updates (and keeps the state of) the parameters it owns,
    then every owner broadcasts its parameters. Everything else is the wrapped optimizer's (`_optim`)."""

    def __init__(self, optimizer: Optimizer, group: Group | None, level: str) -> None:
        self._optim = optimizer
        self._level = level
        self._group = group
        self._nranks = group.nranks if group is not None else 1
        self._rank = group.rank if group is not None else 0
        self._params = list(optimizer._all_params())
        self._owner = _owners(self._params, self._nranks)

    def __getattr__(self, name):
        return getattr(self.__dict__["_optim"], name)

    @property
    def local_params(self) -> list:
        """The parameters this rank owns (updates, and keeps optimizer state for)."""
        return [p for p in self._params if self._owner[id(p)] == self._rank]

    def _clip_globally(self):
        """Clip the gradients of all parameters with the optimizer's clip (its norm spans every parameter); returns
        the clips to restore after the owners' update, which then runs unclipped."""
        o = self._optim
        groups = o._param_groups
        saved = []
        if groups and isinstance(groups[0], dict):
            for g in groups:
                saved.append(g.get("grad_clip"))
                g["grad_clip"] = None
        saved.append(o._grad_clip)
        clip, o._grad_clip = o._grad_clip, None
        if clip is not None:
            pairs = [(p, p._grad) for p in self._params if not p.stop_gradient and p._grad is not None]
            for p, g in clip(pairs):
                p._grad = g
        return saved

    def _restore_clips(self, saved):
        o = self._optim
        o._grad_clip = saved.pop()
        if o._param_groups and isinstance(o._param_groups[0], dict):
            for g, c in zip(o._param_groups, saved):
                g["grad_clip"] = c

    def step(self) -> None:
        """Update the owned parameters, then give every rank the new values of all of them."""
        o = self._optim
        groups = o._param_groups
        mine = {id(p) for p in self.local_params}
        if groups and isinstance(groups[0], dict):
            local = [dict(g, params=[p for p in g["params"] if id(p) in mine]) for g in groups]
        else:
            local = [p for p in groups if id(p) in mine]
        saved = self._clip_globally()
        o._param_groups = local
        try:
            o.step()
        finally:
            o._param_groups = groups
            self._restore_clips(saved)
        if self._nranks > 1:
            for p in self._params:
                _comm.broadcast(p, src=self._group.ranks[self._owner[id(p)]], group=self._group)

    def minimize(self, loss, startup_program=None, parameters=None, no_grad_set=None):
        """step() (the gradients come from loss.backward() already run); returns (None, None)."""
        self.step()
        return None, None

    def clear_grad(self, set_to_zero: bool = True) -> None:
        """Clear the gradients of every parameter (owned or not)."""
        self._optim.clear_grad(set_to_zero)

    def state_dict(self) -> dict:
        """This rank's shard of the optimizer state (the owned parameters' accumulators, plus the learning-rate
        state)."""
        return self._optim.state_dict()

    def set_state_dict(self, state_dict: dict) -> None:
        """Load optimizer state (a shard or a whole state: only the owned parameters' entries are used)."""
        self._optim.set_state_dict(state_dict)


class GroupShardedModel(DataParallel):
    """The model of group_sharded_parallel: the layer with gradients averaged over the group (DataParallel), and
    with sync_buffers, its buffers taken from the group's first rank before each forward. `_layer` is the layer."""

    def __init__(self, layer: Layer, group: Group | None, level: str, sync_buffers: bool) -> None:
        super().__init__(layer, group=group)
        self._layer = layer
        self._sharding_level = level
        self._sync_buffers_each_step = sync_buffers
        self._sharding_group = group

    def forward(self, *inputs, **kwargs):
        g = self._sharding_group
        if self._sync_buffers_each_step and g is not None and g.nranks > 1:
            for b in self._layer.buffers():
                if b is not None:
                    _comm.broadcast(b, src=g.ranks[0], group=g)
        return super().forward(*inputs, **kwargs)


def group_sharded_parallel(model: Layer, optimizer: Optimizer, level: str, scaler: GradScaler | None = None,
                           group: Group | None = None, offload: bool = False, sync_buffers: bool = False,
                           buffer_max_size: int = 2 ** 23, segment_size: int = 2 ** 20, sync_comm: bool = False,
                           dp_group: Group | None = None,
                           exclude_layer: Sequence[str | int] | None = None) -> tuple[Layer, Any, GradScaler | None]:
    """Shard the optimizer state of a data-parallel model over a group (ZeRO); see the module docstring.

    Args:
        model (Layer): The model.
        optimizer (Optimizer): Its optimizer (built over model.parameters()).
        level (str): 'os' (optimizer state), 'os_g' (+ gradients) or 'p_g_os' (+ parameters); on CPU all three
            shard the optimizer state and train to the same numbers.
        scaler (GradScaler|None, optional): The AMP loss scaler, returned as it is. Default: None.
        group (Group|None, optional): The sharding group; None means all ranks. Default: None.
        offload (bool, optional): Keep parameters in host memory (on CPU they are). Default: False.
        sync_buffers (bool, optional): Take the buffers of the group's first rank before each forward.
            Default: False.
        buffer_max_size (int, optional): GPU fusion buffer size; unused on CPU. Default: 2**23.
        segment_size (int, optional): Stage-3 parameter segment size; unused on CPU. Default: 2**20.
        sync_comm (bool, optional): Stage-3 synchronous communication; CPU communication is. Default: False.
        dp_group (Group|None, optional): A data-parallel group on top of the sharding group: not supported.
            Default: None.
        exclude_layer (list|None, optional): Stage-3 layers whose parameters stay whole; on CPU all do.
            Default: None.

    Returns:
        tuple: (model, optimizer, scaler), wrapped.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> from paddle.distributed.sharding import group_sharded_parallel
            >>> dist.init_parallel_env()
            >>> model = paddle.nn.Linear(4, 2)
            >>> opt = paddle.optimizer.AdamW(learning_rate=0.01, parameters=model.parameters())
            >>> model, opt, scaler = group_sharded_parallel(model, opt, "os_g")
            >>> model(paddle.ones([3, 4])).mean().backward()
            >>> opt.step()
            >>> opt.clear_grad()
    """
    if not isinstance(model, Layer):
        raise AssertionError("The model must be the instance of paddle.nn.Layer.")
    if not isinstance(optimizer, Optimizer):
        raise AssertionError("The optimizer must be the instance of paddle.optimizer.Optimizer or "
                             "MixPrecisionOptimizer for main grad.")
    if level not in LEVELS:
        raise AssertionError("The level must be os, os_g or p_g_os.")
    if dp_group is not None and dp_group.nranks > 1:
        raise NotImplementedError("group_sharded_parallel: a dp_group on top of the sharding group (hybrid "
                                  "sharding + data parallel) is not supported by purepaddle; shard over all ranks")
    g = _group.resolve(group, "group_sharded_parallel") if (group is not None or _group.is_initialized()) else None
    wrapped_opt = GroupShardedOptimizer(optimizer, g, level)
    wrapped_model = GroupShardedModel(model, g, level, sync_buffers)
    return wrapped_model, wrapped_opt, scaler


def save_group_sharded_model(model: Layer, output: str, optimizer: Any = None) -> None:
    """Save a group_sharded_parallel model (output/model.pdmodel, the layer's state dict) and optimizer
    (output/model.pdopt: the whole optimizer state, gathered from the shards of every rank).

    Every rank of the group must call it (the optimizer state is gathered); the group's first rank writes.

    Args:
        model (Layer): The model group_sharded_parallel returned.
        output (str): The directory to write.
        optimizer (Optimizer|None, optional): The optimizer group_sharded_parallel returned. Default: None.

    Examples:
        .. code-block:: python

            >>> import os, tempfile
            >>> import paddle
            >>> import paddle.distributed as dist
            >>> from paddle.distributed.sharding import group_sharded_parallel, save_group_sharded_model
            >>> dist.init_parallel_env()
            >>> model = paddle.nn.Linear(4, 2)
            >>> opt = paddle.optimizer.Adam(parameters=model.parameters())
            >>> model, opt, _ = group_sharded_parallel(model, opt, "os")
            >>> d = tempfile.mkdtemp()
            >>> save_group_sharded_model(model, d, opt)
            >>> sorted(os.listdir(d))
            ['model.pdmodel', 'model.pdopt']
    """
    from ...framework.io import save
    if os.path.isfile(output):
        raise AssertionError(f"Saving directory ({output}) should be a directory, not a file")
    if not isinstance(model, GroupShardedModel):
        raise ValueError("Please use the layer which is wrapped with group_sharded_parallel.")
    if optimizer is not None and not isinstance(optimizer, GroupShardedOptimizer):
        raise AssertionError("Please use the optimizer which is wrapped with group_sharded_parallel.")
    g = model._sharding_group
    first = g is None or g.rank == 0
    state = None
    if optimizer is not None:
        state = optimizer.state_dict()
        if g is not None and g.nranks > 1:
            shards = []
            _comm.all_gather_object(shards, {k: (v.numpy() if hasattr(v, "numpy") else v) for k, v in state.items()},
                                    group=g)
            state = {}
            for shard in shards:  # the accumulators differ per rank; the learning-rate entries agree
                state.update(shard)
    if first:
        os.makedirs(output, exist_ok=True)
        save(model._layer.state_dict(), os.path.join(output, "model.pdmodel"))
        if state is not None:
            save(state, os.path.join(output, "model.pdopt"))
