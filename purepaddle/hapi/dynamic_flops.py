"""paddle.flops: count a network's FLOPs by running it once on a random input, with Paddle's rules and table.

Each leaf layer gets forward post hooks that add its FLOPs into a `total_ops` buffer (Paddle's counting rule per
layer type; `custom_ops` replaces or adds rules, with the same `(layer, inputs, output)` signature Paddle's
custom counters use: they do `layer.total_ops += n`), its parameter count and its input/output shapes.
"""
import numpy as np

from .. import nn
from .._core.mode import no_grad
from ..tensor.creation import to_tensor, zeros
from ..tensor.random import randn

__all__ = ["flops"]


def _conv(m, x, y):
    kernel = int(np.prod(m.weight.shape[2:]))
    bias = 1 if m.bias is not None else 0
    m.total_ops += abs(int(int(y.numel()) * (x[0].shape[1] / m._groups * kernel + bias)))


def _per_input_element(m, x, y):
    m.total_ops += int(x[0].numel())


def _batch_norm(m, x, y):
    m.total_ops += abs(int(2 * int(x[0].numel())))  # scale and shift per element (counted in eval mode)


def _linear(m, x, y):
    m.total_ops += abs(int(m.weight.shape[0] * int(y.numel())))


def _avg_pool(m, x, y):
    m.total_ops += int(y.numel())


def _adaptive_avg_pool(m, x, y):
    window = int(np.prod(np.array(x[0].shape[2:]) // np.array(y.shape[2:])))
    m.total_ops += abs(int((window + 1) * int(y.numel())))  # the window's additions and one division


def _zero(m, x, y):
    m.total_ops += 0


# Paddle's counting rule per layer type (exact types: a subclass is not counted unless listed)
RULES = {
    nn.Conv1D: _conv, nn.Conv2D: _conv, nn.Conv3D: _conv,
    nn.Conv1DTranspose: _conv, nn.Conv2DTranspose: _conv, nn.Conv3DTranspose: _conv,
    nn.BatchNorm2D: _batch_norm, nn.BatchNorm: _batch_norm,
    nn.ReLU: _zero, nn.ReLU6: _zero, nn.Dropout: _zero,
    nn.LeakyReLU: _per_input_element, nn.Linear: _linear,
    nn.AvgPool1D: _avg_pool, nn.AvgPool2D: _avg_pool, nn.AvgPool3D: _avg_pool,
    nn.AdaptiveAvgPool1D: _adaptive_avg_pool, nn.AdaptiveAvgPool2D: _adaptive_avg_pool,
    nn.AdaptiveAvgPool3D: _adaptive_avg_pool,
}
_BUFFERS = ("total_ops", "total_params", "input_shape", "output_shape")


def _count_params(m, x, y):
    m.total_params[0] = abs(int(sum(int(p.numel()) for p in m.parameters())))


def _record_shapes(m, x, y):
    out = y[0] if isinstance(y, (list, tuple)) else y
    m.register_buffer("input_shape", to_tensor(list(x[0].shape)))
    m.register_buffer("output_shape", to_tensor(list(out.shape)))


def _type_name(kind):
    """How Paddle prints a layer type: "<class 'paddle.nn.layer.conv.Conv2D'>": purepaddle's modules under Paddle's
    name, and a layer family that purepaddle splits into parts (nn/layer/activation/piecewise.py) named by the
    family, Paddle's one module (paddle/nn/layer/activation.py)."""
    module = kind.__module__
    if module == "purepaddle" or module.startswith("purepaddle."):
        module = "paddle" + module[len("purepaddle"):]
    if module.startswith("paddle.nn.layer."):
        module = ".".join(module.split(".")[:4])
    return f"<class '{module}.{kind.__qualname__}'>"


def _leaves(model):
    return [(n, m) for n, m in model.named_sublayers() if not list(m.children())]


def _table(rows):
    """Paddle's flops table: columns as wide as their widest cell plus 2, cells centred."""
    heads = ["Layer Name", "Input Shape", "Output Shape", "Params", "Flops"]
    widths = [max([len(h)] + [len(str(r[i])) for r in rows]) for i, h in enumerate(heads)]
    shelf = "".join("+" + "-" * (w + 2) for w in widths) + "+"
    line = lambda row: "".join("|" + str(c).center(w + 2) for c, w in zip(row, widths)) + "|"  # noqa: E731
    return "\n".join([shelf, line(heads), shelf] + [line(r) for r in rows] + [shelf])


def _dynamic_flops(model, inputs, custom_ops, print_detail):
    custom_ops = custom_ops or {}
    handles, seen = [], set()
    # hooks on every leaf layer, the model itself too when it is one (Paddle applies them through model.apply)
    for _, m in _leaves(model) + ([("", model)] if not list(model.children()) else []):
        m.register_buffer("total_ops", zeros([1], dtype="int64"))
        m.register_buffer("total_params", zeros([1], dtype="int64"))
        kind = type(m)
        rule = custom_ops.get(kind) or RULES.get(kind)
        if kind not in seen:
            if kind in custom_ops:
                print(f"Customize Function has been applied to {_type_name(kind)}")
            elif kind in RULES:
                print(f"{_type_name(kind)}'s flops has been counted")
            else:
                print(f"Cannot find suitable count function for {_type_name(kind)}. Treat it as zero FLOPs.")
            seen.add(kind)
        for hook in ([rule] if rule is not None else []) + [_count_params, _record_shapes]:
            handles.append(m.register_forward_post_hook(hook))
    training = model.training
    model.eval()
    try:
        with no_grad():
            model(inputs)
    finally:
        if training:
            model.train()
        for h in handles:
            h.remove()
    total_ops = total_params = 0
    rows = []
    for _, m in _leaves(model):  # the sublayers only, as Paddle sums them: a model that is a single leaf counts 0
        if not set(_BUFFERS).issubset(m._buffers):
            continue
        ops, params = int(m.total_ops), int(m.total_params)
        total_ops, total_params = total_ops + ops, total_params + params
        rows.append([m.full_name(), m.input_shape.numpy().tolist(), m.output_shape.numpy().tolist(), params, ops])
        for name in _BUFFERS:
            m._buffers.pop(name)
    if print_detail:
        print(_table(rows))
    print(f"Total Flops: {total_ops}     Total Params: {total_params}")
    return total_ops


def flops(net, input_size, custom_ops=None, print_detail=False):
    """Count the FLOPs of a network on one input of `input_size`, and print Paddle's summary.

    The network runs once in eval mode without gradients on a random input. Each leaf layer is counted by its
    type's rule (Conv*, Linear, BatchNorm, pools, LeakyReLU; ReLU, ReLU6, Dropout count zero); other types count
    zero with a message saying so. With `print_detail`, a table lists every leaf layer's name, input and output
    shapes, parameters and FLOPs.

    Args:
        net (paddle.nn.Layer): The network.
        input_size (list[int]): The input's shape (batch size 1).
        custom_ops (dict|None, optional): {layer class: function(layer, inputs, output)} counting rules that add to
            `layer.total_ops`; they take precedence over the built-in ones. Default None.
        print_detail (bool, optional): Print the per-layer table. Default False.

    Returns:
        int: The total FLOPs.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> import paddle.nn as nn
            >>> net = nn.Sequential(nn.Conv2D(1, 6, 3, padding=1), nn.ReLU(), nn.Flatten(), nn.Linear(6 * 8 * 8, 10))
            >>> def count_flatten(m, x, y):
            ...     m.total_ops += 0
            >>> total = paddle.flops(net, [1, 1, 8, 8], custom_ops={nn.Flatten: count_flatten})
            <class 'paddle.nn.layer.conv.Conv2D'>'s flops has been counted
            <class 'paddle.nn.layer.activation.ReLU'>'s flops has been counted
            Customize Function has been applied to <class 'paddle.nn.layer.common.Flatten'>
            <class 'paddle.nn.layer.common.Linear'>'s flops has been counted
            Total Flops: 7680     Total Params: 3910

        With ``print_detail=True`` a table comes before the total line (layer names as the layers' full_name)::

            +------------+--------------+--------------+--------+-------+
            | Layer Name | Input Shape  | Output Shape | Params | Flops |
            +------------+--------------+--------------+--------+-------+
            |  conv2d_0  | [1, 1, 8, 8] | [1, 6, 8, 8] |   60   |  3840 |
            |  re_lu_0   | [1, 6, 8, 8] | [1, 6, 8, 8] |   0    |   0   |
            | flatten_0  | [1, 6, 8, 8] |   [1, 384]   |   0    |   0   |
            |  linear_0  |   [1, 384]   |   [1, 10]    |  3850  |  3840 |
            +------------+--------------+--------------+--------+-------+
    """
    if isinstance(net, nn.Layer):
        return _dynamic_flops(net, randn(list(input_size)), custom_ops, print_detail)
    from ..static import Program
    if isinstance(net, Program):
        raise NotImplementedError(
            "paddle.flops: counting the FLOPs of a static Program is not implemented in purepaddle; pass the "
            "paddle.nn.Layer the program was built from instead")
    import warnings
    warnings.warn("Your model must be an instance of paddle.nn.Layer or paddle.static.Program.")
    return -1
