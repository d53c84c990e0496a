"""paddle.summary: a table of a network's layers with their input/output shapes and parameter counts."""
import numbers
import warnings
from collections import OrderedDict

import numpy as np

from .._core.mode import in_dynamic_mode, no_grad
from .._core.tensor import Tensor
from ..nn.layer.container import LayerList, Sequential
from ..static.input import InputSpec

__all__ = ["summary"]


def summary(net, input_size=None, dtypes=None, input=None):  # noqa: A002  (Paddle's argument name)
    """Print a table of `net`'s layers (output shapes, parameter counts) by running it once; returns the totals.

    `input_size` is a shape tuple (None/-1 allowed for the batch dim), an InputSpec, or a list
    of them for several inputs; or give example tensors with `input`. The layer runs in eval
    mode under no_grad and is put back in its previous mode.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> net = paddle.nn.Sequential(paddle.nn.Linear(4, 8), paddle.nn.ReLU(), paddle.nn.Linear(8, 2))
            >>> info = paddle.summary(net, (1, 4))
            ---------------------------------------------------------------------------
             Layer (type)       Input Shape          Output Shape         Param #
            ===========================================================================
               Linear-1           [[1, 4]]              [1, 8]              40
                ReLU-1            [[1, 8]]              [1, 8]               0
               Linear-2           [[1, 8]]              [1, 2]              18
            ===========================================================================
            Total params: 58
            Trainable params: 58
            Non-trainable params: 0
            ---------------------------------------------------------------------------
            Input size (MB): 0.00
            Forward/backward pass size (MB): 0.00
            Params size (MB): 0.00
            Estimated Total Size (MB): 0.00
            ---------------------------------------------------------------------------
            <BLANKLINE>
            >>> print(info['total_params'], info['trainable_params'])
            58 58
    """
    if input_size is None and input is None:
        raise ValueError("input_size and input cannot be None at the same time")
    if input_size is None:
        input_size = _sizes_of(input)
    if isinstance(input_size, InputSpec):
        sizes = tuple(input_size.shape)
    elif isinstance(input_size, list):
        sizes = []
        for item in input_size:
            if isinstance(item, int):
                item = (item,)
            assert isinstance(item, (tuple, InputSpec)), (
                f"When input_size is list,             expect item in input_size is a tuple or InputSpec, but "
                f"got {type(item)}")
            sizes.append(tuple(item.shape) if isinstance(item, InputSpec) else item)
    elif isinstance(input_size, int):
        sizes = (input_size,)
    else:
        sizes = input_size
    if not in_dynamic_mode():
        warnings.warn("Your model was created in static graph mode, this may not get correct summary information!")
        was_training = False
    else:
        was_training = net.training
    if was_training:
        net.eval()
    sizes = _check_input(sizes)
    text, info = summary_string(net, sizes, dtypes, input)
    print(text)
    if was_training:
        net.train()
    return info


def _sizes_of(input):  # noqa: A002
    if isinstance(input, Tensor) or hasattr(input, "block"):
        return tuple(input.shape)
    if isinstance(input, (list, tuple)):
        return [tuple(x.shape) for x in input]
    if isinstance(input, dict):
        return [tuple(v.shape) for v in input.values()]
    raise ValueError("Input is not tensor, list, tuple and dict, unable to determine input_size, please input "
                     "input_size.")


def _is_shape(shape):
    return not any(isinstance(item, (list, tuple)) for item in shape)


def _check_shape(shape):
    """Replace the one allowed unknown dim (None/-1) by 1 and reject non-positive dims."""
    unknown, out = 0, []
    for item in shape:
        if item is None or item == -1:
            unknown += 1
            if unknown > 1:
                raise ValueError("Option input_size only the dim of batch_size can be None or -1.")
            item = 1
        elif isinstance(item, numbers.Number) and item <= 0:
            raise ValueError(f"Expected element in input size greater than zero, but got {item}")
        out.append(item)
    return tuple(out)


def _check_input(sizes):
    if isinstance(sizes, (list, tuple)) and _is_shape(sizes):
        return _check_shape(sizes)
    return [_check_input(s) for s in sizes]


def _all_numbers(items):
    return all(isinstance(i, numbers.Number) for i in items)


def _build_dtypes(sizes, dtype):
    dtype = "float32" if dtype is None else dtype
    if isinstance(sizes, (list, tuple)) and _all_numbers(sizes):
        return [dtype]
    return [_build_dtypes(s, dtype) for s in sizes]


def _shape_of(x):
    if isinstance(x, Tensor) or hasattr(x, "block"):
        return list(x.shape)
    if isinstance(x, (list, tuple)):
        return [_shape_of(v) for v in x]
    return None


def _output_shape(out):
    if isinstance(out, (list, tuple)):
        return [_output_shape(o) for o in out]
    return list(out.shape) if hasattr(out, "shape") else []


def _build_input(sizes, dtypes):
    from .. import tensor as T
    if isinstance(sizes, (list, tuple)) and _all_numbers(sizes):
        dtype = dtypes[0] if isinstance(dtypes, (list, tuple)) else dtypes
        return T.cast(T.rand(list(sizes)), dtype)
    return [_build_input(s, d) for s, d in zip(sizes, dtypes)]


def _input_mb(sizes):
    if isinstance(sizes, (list, tuple)) and _all_numbers(sizes):
        return abs(np.prod(sizes) * 4.0 / (1024 ** 2.0))
    return sum(_input_mb(s) for s in sizes)


def _record(rows, layer, inputs, output):
    """The forward post-hook: one table row keyed `ClassName-(n+1)` for a layer named `snake_n`."""
    try:
        idx = int(layer._full_name.split("_")[-1])
    except ValueError:
        idx = len(rows)
    row = rows[f"{type(layer).__name__}-{idx + 1}"] = OrderedDict()
    row["input_shape"] = _shape_of(inputs)
    row["output_shape"] = _output_shape(output)
    table = layer._parameters if in_dynamic_mode() else layer.state_dict()
    params, row["trainable_params"], any_trainable = 0, 0, False
    for k, v in table.items():
        if v is None:
            continue
        n = np.prod(v.shape)
        params += n
        p = getattr(layer, k, None)
        if p is not None and getattr(p, "trainable", True) and not p.stop_gradient:
            row["trainable_params"] += n
            row["trainable"] = any_trainable = True
        elif not any_trainable:
            row["trainable"] = False
    row["nb_params"] = params


def _widths(rows):
    w = {"layer": 15, "input": 20, "output": 20, "params": 15}
    for name, row in rows.items():
        w["output"] = max(w["output"], len(str(row["output_shape"])))
        w["input"] = max(w["input"], len(str(row["input_shape"])))
        w["layer"] = max(w["layer"], len(str(name)))
        w["params"] = max(w["params"], len(str(row["nb_params"])))
    w["table"] = max(75, sum(w.values()) + 5)
    return w


def summary_string(model, input_size=None, dtypes=None, input=None):  # noqa: A002
    """(table text, {'total_params', 'trainable_params'}) for `model` run on `input` or random inputs."""
    if not isinstance(dtypes, (list, tuple)):
        dtypes = _build_dtypes(input_size, dtypes)
    depth = len(model.sublayers())
    rows, hooks = OrderedDict(), []

    def hook(layer, inputs, output):
        _record(rows, layer, inputs, output)

    def register(layer):
        # containers get no row, nor does the root when it has sublayers (RNNs always do)
        if not isinstance(layer, (Sequential, LayerList)) and (layer is not model or depth < 1):
            hooks.append(layer.register_forward_post_hook(hook))
        elif getattr(layer, "could_use_cudnn", False):
            hooks.append(layer.register_forward_post_hook(hook))

    sizes = [input_size] if isinstance(input_size, tuple) else input_size
    model.apply(register)
    try:
        with no_grad():
            if input is not None:
                model(input)
            else:
                model(*_build_input(sizes, dtypes))
    finally:
        for h in hooks:
            h.remove()

    w = _widths(rows)
    fmt = "{:^{}} {:^{}} {:^{}} {:^{}}"
    lines = ["-" * w["table"],
             fmt.format("Layer (type)", w["layer"], "Input Shape", w["input"], "Output Shape", w["output"],
                        "Param #", w["params"]),
             "=" * w["table"]]
    total_params = total_output = trainable = 0
    for name, row in rows.items():
        lines.append(fmt.format(name, w["layer"], str(row["input_shape"]), w["input"], str(row["output_shape"]),
                                w["output"], f"{row['nb_params']:,}", w["params"]))
        total_params += row["nb_params"]
        try:
            total_output += np.sum(np.prod(row["output_shape"], axis=-1))
        except ValueError:  # several outputs of different ranks
            for shape in row["output_shape"]:
                total_output += np.sum(np.prod(shape, axis=-1))
        if row.get("trainable"):
            trainable += row["trainable_params"]
    input_mb = _input_mb(sizes)
    output_mb = abs(2.0 * total_output * 4.0 / (1024 ** 2.0))  # x2: activations and their gradients
    params_mb = abs(total_params * 4.0 / (1024 ** 2.0))
    lines += ["=" * w["table"],
              f"Total params: {total_params:,}",
              f"Trainable params: {trainable:,}",
              f"Non-trainable params: {total_params - trainable:,}",
              "-" * w["table"],
              f"Input size (MB): {input_mb:0.2f}",
              f"Forward/backward pass size (MB): {output_mb:0.2f}",
              f"Params size (MB): {params_mb:0.2f}",
              f"Estimated Total Size (MB): {params_mb + output_mb + input_mb:0.2f}",
              "-" * w["table"]]
    return "\n".join(lines) + "\n", {"total_params": total_params, "trainable_params": trainable}
