"""Layers on a mesh: shard_layer (every parameter becomes a dist parameter), LocalLayer and local_map (code that
works on each process's local values, whose outputs are marked with the placements they have).

Each process holds the whole value of a Replicate tensor, and on a data-parallel mesh its own part of the batch; a
local function therefore runs on the tensors as they are and only the placements of its outputs are new.
"""
from ..._core.tensor import Tensor
from ...nn.layer.layers import Layer
from .dtensor import ProcessMesh, Replicate, hold_layout, mark, shard_tensor

__all__ = ["shard_layer", "LocalLayer", "local_map"]


def shard_layer(layer, process_mesh, shard_fn=None, input_fn=None, output_fn=None):
    """Make every parameter and buffer of `layer` a dist tensor on `process_mesh`.

    `shard_fn(name, sublayer, process_mesh)` runs on each sublayer and may shard its parameters itself
    (``sublayer.weight = dist.shard_tensor(sublayer.weight, mesh, [...])``); those it leaves alone become
    Replicate. `input_fn(inputs, process_mesh)` and `output_fn(outputs, process_mesh)` run before and after each
    forward. The parameters stay the same objects, so an optimizer made before keeps updating them.

    Args:
        layer (paddle.nn.Layer): the layer to shard (changed in place).
        process_mesh (paddle.distributed.ProcessMesh): the mesh its parameters lie on.
        shard_fn (Callable, optional): per sublayer, decides the placements of its parameters.
        input_fn (Callable, optional): maps the forward inputs.
        output_fn (Callable, optional): maps the forward outputs.

    Returns:
        paddle.nn.Layer: `layer`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> def shard_fn(name, sub, mesh):
            ...     if isinstance(sub, paddle.nn.Linear):
            ...         sub.weight = dist.shard_tensor(sub.weight, mesh, [dist.Shard(1)])
            >>> net = dist.shard_layer(paddle.nn.Linear(4, 2), mesh, shard_fn)
            >>> net.weight.placements, net.bias.placements
            ([Shard(dim=1)], [Replicate()])
    """
    if not isinstance(layer, Layer):
        raise TypeError(f"shard_layer: layer must be a paddle.nn.Layer, but received {type(layer).__name__}")
    if not isinstance(process_mesh, ProcessMesh):
        raise TypeError(f"shard_layer: process_mesh must be a paddle.distributed.ProcessMesh, but received "
                        f"{type(process_mesh).__name__}")
    replicate = [Replicate()] * process_mesh.ndim
    hold_layout(process_mesh, replicate, "shard_layer")
    for name, sub in layer.named_sublayers(include_self=True):
        if shard_fn is not None:
            shard_fn(name, sub, process_mesh)
        for key, p in list(sub._parameters.items()):
            if p is not None and not p.is_dist():
                shard_tensor(p, process_mesh, replicate)
        for key, b in list(sub._buffers.items()):
            if b is not None and not b.is_dist():
                sub._buffers[key] = shard_tensor(b, process_mesh, replicate)
    if input_fn is not None:
        layer.register_forward_pre_hook(lambda _, inputs: input_fn(inputs, process_mesh))
    if output_fn is not None:
        layer.register_forward_post_hook(lambda _, inputs, outputs: output_fn(outputs, process_mesh))
    return layer


def _mark_outputs(outs, dist_attrs, api):
    """Each output marked with its (mesh, placements); a single output goes back unwrapped."""
    single = not isinstance(outs, (list, tuple))
    seq = [outs] if single else list(outs)
    if len(dist_attrs) != len(seq):
        raise ValueError(f"{api}: {len(dist_attrs)} output placements for {len(seq)} outputs")
    marked = [mark(o, mesh, placements) if isinstance(o, Tensor) and mesh is not None else o
              for o, (mesh, placements) in zip(seq, dist_attrs)]
    return marked[0] if single else type(outs)(marked) if isinstance(outs, tuple) else marked


class LocalLayer(Layer):
    """A Layer whose forward works on each process's local values; its outputs get `out_dist_attrs`.

    Args:
        out_dist_attrs (list[tuple[ProcessMesh, list[Placement]]]): the mesh and placements of each output.
        grad_dist_attrs (list[tuple[ProcessMesh, list[Placement]]]): those of each input's gradient (None for an
            input without one).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> class Double(dist.LocalLayer):
            ...     def forward(self, x):
            ...         return x * 2
            >>> out = Double([(mesh, [dist.Shard(0)])], [(mesh, [dist.Shard(0)])])(paddle.ones([2]))
            >>> out.placements, out.numpy().tolist()
            ([Shard(dim=0)], [2.0, 2.0])
    """

    def __init__(self, out_dist_attrs, grad_dist_attrs):
        super().__init__()
        self.out_dist_attrs = list(out_dist_attrs)
        self.grad_dist_attrs = list(grad_dist_attrs)

    def __call__(self, *inputs, **kwargs):
        return _mark_outputs(super().__call__(*inputs, **kwargs), self.out_dist_attrs, type(self).__name__)


def local_map(func, out_placements, in_placements=None, process_mesh=None, reshard_inputs=False):
    """`func` wrapped to run on local values: dist inputs go in as they are held here and the outputs come back
    marked with `out_placements` on `process_mesh` (or the mesh of the first dist input).

    Args:
        func (Callable): the local computation.
        out_placements (list[list[Placement]]): the placements of each output.
        in_placements (list[list[Placement]], optional): the placements each dist input must have.
        process_mesh (ProcessMesh, optional): the mesh of the outputs.
        reshard_inputs (bool, optional): reshard inputs whose placements differ from `in_placements` instead of
            raising.

    Returns:
        Callable: the wrapped function.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.distributed as dist
            >>> mesh = dist.ProcessMesh([0], dim_names=["x"])
            >>> double = dist.local_map(lambda a: a * 2, [[dist.Shard(0)]], process_mesh=mesh)
            >>> double(dist.shard_tensor(paddle.ones([2]), mesh, [dist.Shard(0)])).placements
            [Shard(dim=0)]
    """
    def wrapped(*args, **kwargs):
        mesh = process_mesh
        if in_placements is not None:
            if len(in_placements) != len(args):
                raise ValueError(f"local_map: {len(in_placements)} input placements for {len(args)} inputs")
            for i, (a, want) in enumerate(zip(args, in_placements)):
                if want is None or not (isinstance(a, Tensor) and a.is_dist()):
                    continue
                if list(a.placements) != list(want):
                    if not reshard_inputs:
                        raise ValueError(f"local_map: input {i} has placements {a.placements} but in_placements "
                                         f"asks for {list(want)} (pass reshard_inputs=True to reshard it)")
        for a in args:
            if mesh is None and isinstance(a, Tensor) and a.is_dist():
                mesh = a.process_mesh
        out = func(*args, **kwargs)
        if mesh is None:  # nothing dist went in and no mesh was named: a plain call
            return out
        return _mark_outputs(out, [(mesh, p) for p in out_placements], "local_map")

    return wrapped

