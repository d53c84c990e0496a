"""The intermediate auto-parallel API: parallelize with its plans (ColWiseParallel, RowWiseParallel, ConvParallel,
PrepareLayerInput/Output, SequenceParallelBegin/End/Enable/Disable, PrepareContextParallel, ContextParallel),
SplitPoint for pipeline split specs, and to_distributed.

A plan says how a layer's weights lie over the mesh's "mp" (or "sep") dimension and which reshards wrap its
forward. Where that dimension has one process each plan is exact: the weights are marked with the plan's
placements, the forward hooks do the transposes and reshards the plan names, and the model computes what it did
before. A dimension of several processes would need tensor/pipeline parallelism, which shard_tensor refuses with
its message; the "dp" dimension may have several (data parallelism).
"""
import enum
import re
import warnings

from ..._core.tensor import Tensor
from .dtensor import ProcessMesh, Replicate, Shard, hold_layout, get_mesh, mark, set_mesh, shard_tensor
from .data import shard_dataloader
from .layers import shard_layer
from .optim import shard_optimizer
from .stages import ShardingStage1, ShardingStage2, ShardingStage3

__all__ = ["ColWiseParallel", "RowWiseParallel", "ConvParallel", "PrepareLayerInput", "PrepareLayerOutput",
           "SequenceParallelBegin", "SequenceParallelEnd", "SequenceParallelEnable", "SequenceParallelDisable",
           "ContextParallel", "PrepareContextParallel", "SplitPoint", "parallelize", "to_distributed"]


class SplitPoint(enum.Enum):
    """Where a pipeline stage boundary falls at a layer named in pp_config's split_spec: BEGINNING (before it) or
    END (after it).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> dist.SplitPoint.END
            <SplitPoint.END: 1>
    """

    BEGINNING = 0
    END = 1


def _placements_on(mesh, dim_name, placement, base=None):
    placements = list(base) if base is not None else [Replicate() for _ in range(mesh.ndim)]
    if dim_name in mesh.dim_names:
        placements[mesh.dim_names.index(dim_name)] = placement
    return placements


def _reshard(t, mesh, dim_name, placement):
    """`t` laid out with `placement` on mesh dimension `dim_name` (refused where that dimension has several
    processes and the placement splits)."""
    base = t.placements if t.is_dist() and t.process_mesh == mesh else None
    placements = _placements_on(mesh, dim_name, placement, base)
    hold_layout(mesh, [p if d == dim_name else Replicate() for d, p in zip(mesh.dim_names, placements)],
               type(placement).__name__)
    return mark(t, mesh, placements)


def _first(x, fn):
    """fn on x, or on x[0] when x is a tuple (a layer's inputs or outputs)."""
    if isinstance(x, tuple):
        return (fn(x[0]),) + tuple(x[1:])
    return fn(x)


class PlanBase:
    """A plan of parallelize's mp_config: apply(layer, mesh, shard_param_list) lays out one matched layer."""

    def apply(self, layer, process_mesh, shard_param_list):
        raise NotImplementedError


def _shard_params(layer, mesh, shard_param_list, rules):
    """Mark the layer's parameters (all, or those in shard_param_list) with rules[name] on the "mp" dimension."""
    for name, placement in rules.items():
        if shard_param_list and name not in shard_param_list:
            continue
        p = getattr(layer, name, None)
        if isinstance(p, Tensor):
            hold_layout(mesh, _placements_on(mesh, "mp", placement), type(layer).__name__)
            if p.is_dist() and p.process_mesh == mesh:
                p.placements = _placements_on(mesh, "mp", placement, p.placements)
            else:
                shard_tensor(p, mesh, _placements_on(mesh, "mp", placement))


class ColWiseParallel(PlanBase):
    """Split a Linear's weight and bias (an Embedding's weight) by columns over "mp".

    Args:
        gather_output (bool, optional): make the output Replicate on "mp" again. Default False.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"fc1": dist.ColWiseParallel(), "fc2": dist.RowWiseParallel()}
    """

    def __init__(self, gather_output=False):
        self.gather_output = gather_output

    def apply(self, layer, process_mesh, shard_param_list):
        from ...nn import Embedding, Linear
        if isinstance(layer, Linear) or not isinstance(layer, Embedding):
            _shard_params(layer, process_mesh, shard_param_list, {"weight": Shard(1), "bias": Shard(0)})
        else:
            _shard_params(layer, process_mesh, shard_param_list, {"weight": Shard(1)})
        if self.gather_output:
            layer.register_forward_post_hook(
                lambda _, inputs, out: _first(out, lambda t: _reshard(t, process_mesh, "mp", Replicate())))


class RowWiseParallel(PlanBase):
    """Split a Linear's weight (an Embedding's weight) by rows over "mp"; the bias stays whole.

    Args:
        is_input_parallel (bool, optional): the input already comes split over "mp". Default True.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"fc2": dist.RowWiseParallel(is_input_parallel=False)}
    """

    def __init__(self, is_input_parallel=True):
        self.is_input_parallel = is_input_parallel

    def apply(self, layer, process_mesh, shard_param_list):
        _shard_params(layer, process_mesh, shard_param_list, {"weight": Shard(0)})
        if not self.is_input_parallel:
            layer.register_forward_pre_hook(
                lambda _, inputs: _first(inputs, lambda t: _reshard(t, process_mesh, "mp", Shard(t.ndim - 1))))


class ConvParallel(PlanBase):
    """Split a Conv2D's input along its width over "mp" (spatial parallelism).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"conv": dist.ConvParallel()}
    """

    def apply(self, layer, process_mesh, shard_param_list):
        from ...nn import Conv2D
        if not isinstance(layer, Conv2D):
            raise ValueError(f"ConvParallel applies to paddle.nn.Conv2D, but the layer is {type(layer).__name__}")
        w_dim = 3 if getattr(layer, "_data_format", "NCHW") == "NCHW" else 2
        layer.register_forward_pre_hook(
            lambda _, inputs: _first(inputs, lambda t: _reshard(t, process_mesh, "mp", Shard(w_dim))))
        layer.register_forward_post_hook(
            lambda _, inputs, out: _first(out, lambda t: _reshard(t, process_mesh, "mp", Replicate())))


class PrepareLayerInput(PlanBase):
    """Run fn(process_mesh) as a forward pre-hook of the layer (it returns the new inputs).

    Args:
        fn (Callable): takes the mesh, returns hook(layer, inputs).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"fc1": dist.PrepareLayerInput(lambda mesh: (lambda layer, inputs: inputs))}
    """

    def __init__(self, fn=None):
        if fn is None or not callable(fn):
            raise ValueError("PrepareLayerInput: fn must be a callable taking the process mesh")
        self.fn = fn

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_pre_hook(self.fn(process_mesh))


class PrepareLayerOutput(PlanBase):
    """Run fn(process_mesh) as a forward post-hook of the layer (it returns the new outputs).

    Args:
        fn (Callable): takes the mesh, returns hook(layer, inputs, outputs).

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"fc1": dist.PrepareLayerOutput(lambda mesh: (lambda layer, inputs, out: out))}
    """

    def __init__(self, fn=None):
        if fn is None or not callable(fn):
            raise ValueError("PrepareLayerOutput: fn must be a callable taking the process mesh")
        self.fn = fn

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_post_hook(self.fn(process_mesh))


def _seq_split(x, mesh, need_transpose):
    """[b, s, h] -> [s, b, h] (when need_transpose), split over "mp" along the sequence."""
    def one(t):
        if t.ndim != 3:
            raise ValueError(f"sequence parallel works on [b, s, h] / [s, b, h] tensors, but got shape {t.shape}")
        if need_transpose:
            t = t.transpose([1, 0, 2])
        return _reshard(t, mesh, "mp", Shard(0))
    return _first(x, one)


def _seq_concat(x, mesh, need_transpose):
    """The sequence gathered over "mp", then [s, b, h] -> [b, s, h] (when need_transpose)."""
    def one(t):
        if t.ndim != 3:
            raise ValueError(f"sequence parallel works on [b, s, h] / [s, b, h] tensors, but got shape {t.shape}")
        t = _reshard(t, mesh, "mp", Replicate())
        return t.transpose([1, 0, 2]) if need_transpose else t
    return _first(x, one)


class SequenceParallelBegin(PlanBase):
    """Mark the last layer before a sequence-parallel range: its output [b, s, h] becomes [s, b, h] split over
    "mp" along s (with need_transpose=False the output already is [s, b, h]).

    Args:
        need_transpose (bool, optional): transpose [b, s, h] to [s, b, h]. Default True.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"embed": dist.SequenceParallelBegin(), "norm": dist.SequenceParallelEnd()}
    """

    def __init__(self, need_transpose=True):
        self.need_transpose = need_transpose

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_post_hook(lambda _, inputs, out: _seq_split(out, process_mesh, self.need_transpose))


class SequenceParallelEnd(PlanBase):
    """Mark the first layer after a sequence-parallel range: its input is gathered along s and transposed back
    to [b, s, h] (with need_transpose=False it stays [s, b, h]).

    Args:
        need_transpose (bool, optional): transpose [s, b, h] back to [b, s, h]. Default True.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"norm": dist.SequenceParallelEnd()}
    """

    def __init__(self, need_transpose=True):
        self.need_transpose = need_transpose

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_pre_hook(lambda _, inputs: _seq_concat(inputs, process_mesh, self.need_transpose))


class SequenceParallelEnable(PlanBase):
    """Run one layer sequence-parallel: its [b, s, h] input goes in as [s, b, h] split along s, and its output
    comes back as [b, s, h].

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"norm": dist.SequenceParallelEnable()}
    """

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_pre_hook(lambda _, inputs: _seq_split(inputs, process_mesh, True))
        layer.register_forward_post_hook(lambda _, inputs, out: _seq_concat(out, process_mesh, True))


class SequenceParallelDisable(PlanBase):
    """Run one layer inside a sequence-parallel range on whole sequences: its input is gathered (and transposed
    to [b, s, h]), its output split again (and transposed to [s, b, h]).

    Args:
        need_transpose (bool, optional): transpose around the layer. Default True.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"attn": dist.SequenceParallelDisable()}
    """

    def __init__(self, need_transpose=True):
        self.need_transpose = need_transpose

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_pre_hook(lambda _, inputs: _seq_concat(inputs, process_mesh, self.need_transpose))
        layer.register_forward_post_hook(lambda _, inputs, out: _seq_split(out, process_mesh, self.need_transpose))


def _cp_backend(backend, api):
    if backend not in ("p2p", "all2all"):
        raise AssertionError(f"backend must be 'p2p' or 'all2all', but got {backend}")
    return backend


class PrepareContextParallel(PlanBase):
    """Split the model's input along the sequence over the "sep" dimension before context-parallel attention.

    Args:
        backend (str, optional): 'p2p' (ring attention) or 'all2all' (Ulysses). Default 'p2p'.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"": dist.PrepareContextParallel(), "attn": dist.ContextParallel()}
    """

    def __init__(self, backend="p2p"):
        self.backend = _cp_backend(backend, "PrepareContextParallel")

    def apply(self, layer, process_mesh, shard_param_list):
        layer.register_forward_pre_hook(
            lambda _, inputs: _first(inputs, lambda t: _reshard(t, process_mesh, "sep", Shard(1))))


class ContextParallel(PlanBase):
    """Run an attention layer context-parallel over the "sep" dimension.

    Args:
        backend (str, optional): 'p2p' (ring attention) or 'all2all' (Ulysses). Default 'p2p'.

    Examples:
        .. code-block:: python

            >>> import paddle.distributed as dist
            >>> plan = {"attn": dist.ContextParallel(backend="all2all")}
    """

    def __init__(self, backend="p2p"):
        self.backend = _cp_backend(backend, "ContextParallel")

    def apply(self, layer, process_mesh, shard_param_list):
        if "sep" in process_mesh.dim_names:
            hold_layout(process_mesh, _placements_on(process_mesh, "sep", Shard(1)), "ContextParallel")


def _match(key, name):
    return key == name or re.fullmatch(key, name) is not None


def _apply_plans(model, mesh, plan_table):
    for key, plans in plan_table.items():
        if not isinstance(key, str):
            raise AssertionError("The key of the parallelize plan should be a string.")
        for p in plans if isinstance(plans, list) else [plans]:
            if not isinstance(p, PlanBase):
                raise AssertionError("The value the the parallelize plan should be a instance of PlanBase or a list "
                                     "of PlanBase.")
    for name, layer in model.named_sublayers(include_self=True):
        for key, plans in plan_table.items():
            attr = key.split(".")[-1]
            params = []
            if "." in key and isinstance(getattr(layer, attr, None), Tensor):
                key, params = key[:-len(attr) - 1], [attr]
            if _match(key, name):
                for p in plans if isinstance(plans, list) else [plans]:
                    p.apply(layer, mesh, params)


def _split_pipeline(model, mesh, pp_config):
    stages = mesh.get_dim_size("pp") if "pp" in mesh.dim_names else 1
    spec = pp_config.get("split_spec")
    if stages > 1:
        raise NotImplementedError(
            f"parallelize: pp_config splits the model into {stages} pipeline stages, which needs pipeline "
            "parallelism; purepaddle does not run it (it trains data-parallel over its ranks). A mesh whose 'pp' "
            "dimension has one process works.")
    if isinstance(spec, dict):
        for point in spec.values():
            if not isinstance(point, SplitPoint):
                raise TypeError("parallelize: the values of pp_config['split_spec'] must be SplitPoint")


def parallelize(model, optimizer=None, mesh=None, config=None):
    """Lay out `model` (and `optimizer`) over `mesh` by `config`: dp_config (sharding_level), mp_config
    (parallelize_plan: layer name or regex -> plan), pp_config (split_spec), cp_config (parallelize_plan).

    Args:
        model (paddle.nn.Layer): the model (changed in place).
        optimizer (paddle.optimizer.Optimizer, optional): its optimizer.
        mesh (ProcessMesh, optional): the mesh, with dimensions named "dp", "mp", "pp" (the global mesh by
            default; it becomes the global mesh).
        config (dict, optional): the parallel configs; None leaves model and optimizer as they are.

    Returns:
        tuple: (model, optimizer).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> class MLP(paddle.nn.Layer):
            ...     def __init__(self):
            ...         super().__init__()
            ...         self.fc1 = paddle.nn.Linear(4, 8)
            ...         self.fc2 = paddle.nn.Linear(8, 4)
            ...     def forward(self, x):
            ...         return self.fc2(self.fc1(x))
            >>> mesh = dist.ProcessMesh([[0]], dim_names=["dp", "mp"])
            >>> model = MLP()
            >>> opt = paddle.optimizer.SGD(0.1, parameters=model.parameters())
            >>> config = {"mp_config": {"parallelize_plan": {"fc1": dist.ColWiseParallel(),
            ...                                              "fc2": dist.RowWiseParallel()}},
            ...           "dp_config": {"sharding_level": 1}}
            >>> model, opt = dist.parallelize(model, opt, mesh, config)
            >>> model.fc1.weight.placements
            [Replicate(), Shard(dim=1)]
    """
    if config is None:
        warnings.warn("The `parallelize will do nothing since the config is `None`.")
        return model, optimizer
    if not isinstance(config, dict):
        raise AssertionError("parallelize: config must be a dict")
    if mesh is not None:
        if not isinstance(mesh, ProcessMesh):
            raise AssertionError("The mesh must be an instance of paddle.distributed.ProcessMesh.")
        set_mesh(mesh)
    mesh = get_mesh()
    if mesh is None:
        raise ValueError("parallelize: no mesh given and none set (call paddle.distributed.set_mesh first)")
    if config.get("pp_config") is not None:
        _split_pipeline(model, mesh, config["pp_config"])
    table = {}
    for part in ("mp_config", "cp_config"):
        if config.get(part) is not None:
            if "parallelize_plan" not in config[part]:
                raise AssertionError(f"parallelize: {part} needs a 'parallelize_plan'")
            table.update(config[part]["parallelize_plan"])
    if table:
        _apply_plans(model, mesh, table)
    shard_layer(model, mesh)
    if optimizer is not None:
        dp = config.get("dp_config")
        level = dp.get("sharding_level") if dp else None
        stage = {1: ShardingStage1, 2: ShardingStage2, 3: ShardingStage3}.get(level)
        dim = dp.get("sharding_mesh_dim", "dp") if dp else "dp"
        optimizer = shard_optimizer(optimizer, stage(dim, mesh) if stage else None)
    return model, optimizer


def to_distributed(model, optimizer, dataloader, device_num, node_num=1, config=None):
    """Make a single-device training (model, optimizer, dataloader) run over `device_num` x `node_num` processes.

    Paddle picks tensor/pipeline/sequence parallelism for recognised model patterns; purepaddle runs the job
    data-parallel: parameters replicated, each rank takes its part of every batch, gradients averaged.

    Args:
        model (paddle.nn.Layer): the model.
        optimizer (paddle.optimizer.Optimizer): its optimizer.
        dataloader (paddle.io.DataLoader): its loader.
        device_num (int): processes per node.
        node_num (int, optional): nodes. Default 1.
        config (ToDistributedConfig, optional): accepted for Paddle's signature (sequence_parallel is refused on
            several processes).

    Returns:
        tuple: (model, optimizer, dataloader), ready to train.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> net = paddle.nn.Linear(2, 1)
            >>> opt = paddle.optimizer.SGD(0.1, parameters=net.parameters())
            >>> loader = paddle.io.DataLoader(paddle.io.TensorDataset([paddle.ones([4, 2])]), batch_size=2)
            >>> net, opt, loader = dist.to_distributed(net, opt, loader, device_num=1)
    """
    from ..parallel import get_world_size
    n = int(device_num) * int(node_num or 1)
    if n != get_world_size():
        raise ValueError(f"to_distributed: device_num * node_num = {n} but this job has {get_world_size()} "
                         f"process(es); start it with python -m paddle.distributed.launch --nproc_per_node {n}")
    mesh = ProcessMesh(list(range(n)), dim_names=["dp"])
    set_mesh(mesh)
    shard_layer(model, mesh)
    return model, shard_optimizer(optimizer), shard_dataloader(dataloader, [mesh], shard_dims="dp")
