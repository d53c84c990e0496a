"""paddle.static.nn layers: fc, embedding, sparse_embedding, conv2d, batch_norm, layer_norm (and, re-exported
from their family modules, the other layers Paddle keeps in paddle/static/nn/common.py).

Each appends the legacy ops Paddle 3.3.1 writes into a ProgramDesc (fc: `mul` + `elementwise_add`
+ activation) and creates its parameters as Paddle's LayerHelper names them: `{name}.w_0`,
`{name}.b_0` with an explicit name, `fc_0.w_0` without; temporaries are `{name}.tmp_k`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:  # names for annotations only
    from collections.abc import Sequence
    from purepaddle._core._typing import ParamAttrLike
    from purepaddle._core.tensor import Tensor

from ..._core import dtype as _dt
from ..._core.dispatch import apply
from ..._core.op import OPS
from ...nn.functional.conv import convert_to_list, update_padding
from ...nn.initializer import Constant, Normal
from ...nn.param_attr import ParamAttr
from ...ops.math.elementwise import ElementwiseAdd
from ...ops.fluid.lookup_table import LookupTable
from ...ops.fluid.mul import Mul
from .. import builder as _b
from ..program import Variable, VarType, default_startup_program
from .conv import conv2d_transpose, conv3d, conv3d_transpose, deform_conv2d, deformable_conv  # noqa: F401
from .ema import ExponentialMovingAverage  # noqa: F401
from ...tensor._check import check_variable
from .layer_helper import FLOATS as _FLOATS, LayerHelper, prod as _prod, static_only
from .norm import group_norm, instance_norm, spectral_norm  # noqa: F401
from .py_func import py_func  # noqa: F401
from .tensor_product import bilinear_tensor_product, continuous_value_model  # noqa: F401

__all__ = ["fc", "embedding", "sparse_embedding", "conv2d", "batch_norm", "layer_norm", "conv3d", "conv2d_transpose",
           "conv3d_transpose", "deformable_conv", "deform_conv2d", "group_norm", "instance_norm", "spectral_norm",
           "bilinear_tensor_product", "continuous_value_model", "py_func", "prelu"]


def fc(x: Tensor | Sequence[Tensor], size: int, num_flatten_dims: int = 1,
       weight_attr: ParamAttrLike | None = None, bias_attr: ParamAttrLike | None = None,
       activation: str | None = None, name: str | None = None) -> Tensor:
    """Fully connected layer: out = act(sum_i flatten(x_i) @ w_i + b), as legacy `mul` ops.

    `num_flatten_dims` splits each input into [prod(dims[:k]), prod(dims[k:])] (-1: all but the
    last dim). Parameters are `fc.w_0`/`fc.b_0` with name='fc', `fc_N.w_0`/`fc_N.b_0` without.

    Args:
        x (Tensor|Sequence[Tensor]): The input, or a list of inputs whose outputs are summed.
        size (int): The number of output units.
        num_flatten_dims (int, optional): The input is seen as a matrix: the axes before this one form its
            rows, the rest its columns. Default: 1.
        weight_attr (ParamAttrLike|None, optional): The weight's ParamAttr (name, initializer, ...); None
            means the default. Default: None.
        bias_attr (ParamAttrLike|None, optional): The bias's ParamAttr (name, initializer, ...); False means
            no bias; None the default. Default: None.
        activation (str|None, optional): The name of an activation applied to the output, e.g. 'relu'; None
            for none. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.

    Returns:
        Tensor: x @ weight + bias, then the activation.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[1, 2, 2], dtype="float32")
            >>> out = paddle.static.nn.fc(x=x, size=1, num_flatten_dims=2, name='fc')
            >>> print(out)
            var fc.tmp_1 : DENSE_TENSOR.shape(1, 2, 1).dtype(float32).stop_gradient(False)
            >>> [p.name for p in paddle.static.default_main_program().all_parameters()]
            ['fc.w_0', 'fc.b_0']
            >>> paddle.disable_static()
    """
    static_only("fc")
    inputs = list(x) if isinstance(x, (list, tuple)) else [x]
    if not isinstance(x, (list, tuple, Variable)):
        raise TypeError(f"The type of 'input' in fc must be (<class 'list'>, <class 'tuple'>, <class "
                        f"'paddle.static.Variable'>), but received {type(x)}. ")
    for i, v in enumerate(inputs):
        check_variable(v, f"input[{i}]" if isinstance(x, (list, tuple)) else "input", "fc")
    dtype = inputs[0].dtype
    check_variable(inputs[0], "input", "fc", _FLOATS)
    if not isinstance(size, int) or isinstance(size, bool) or size <= 0:
        raise ValueError(f"The size of fc must be a positive int, but received {size!r}")
    helper = LayerHelper("fc", name)
    attrs = weight_attr if isinstance(weight_attr, (list, tuple)) else [weight_attr] * len(inputs)
    if len(attrs) != len(inputs):
        raise ValueError(f"fc got {len(inputs)} inputs but {len(attrs)} weight_attr")
    results = []
    for v, attr in zip(inputs, attrs):
        k = len(v.shape) - 1 if num_flatten_dims == -1 else num_flatten_dims
        if not 0 < k < len(v.shape) + (1 if len(v.shape) == 1 else 0):
            raise ValueError(f"num_flatten_dims of fc must be in [1, {len(v.shape) - 1}] for an input of shape "
                             f"{v.shape}, but received {num_flatten_dims}")
        w = helper.param(attr, [_prod(v.shape[k:]), size], dtype)
        with helper.outputs():
            results.append(apply(Mul, v, w, x_num_col_dims=k, y_num_col_dims=1))
    if len(results) == 1:
        pre_bias = results[0]
    else:
        with helper.outputs():
            pre_bias = apply(_b.ensure_op("sum"), results)
    k = len(results[0].shape) - 1
    b = helper.param(bias_attr, [size], dtype, is_bias=True)
    out = pre_bias
    if b is not None:
        with helper.outputs():
            out = apply(ElementwiseAdd, pre_bias, b, axis=k)
    return helper.act(out, activation)


def embedding(input, size, is_sparse=False, is_distributed=False, padding_idx=None, param_attr=None,
              dtype="float32"):
    """Rows of a [vocab, dim] table gathered by integer ids (`lookup_table_v2`); out is ids.shape + [dim].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> ids = paddle.static.data(name="ids", shape=[2, 4], dtype='int64')
            >>> out = paddle.static.nn.embedding(ids, (10, 3))
            >>> print(out)
            var embedding_0.tmp_0 : DENSE_TENSOR.shape(2, 4, 3).dtype(float32).stop_gradient(False)
            >>> paddle.disable_static()
    """
    static_only("embedding")
    check_variable(input, "input", "embedding", ("int64",))
    size = _table_size(size, "embedding")
    helper = LayerHelper("embedding")
    d = _dt.convert_dtype(dtype)
    w = helper.param(param_attr, size, d)
    pad = _padding_idx(padding_idx, size[0])
    with helper.outputs():
        return apply(OPS["lookup_table_v2"], input, w, padding_idx=pad)


def sparse_embedding(input, size, padding_idx=None, is_test=False, entry=None, table_class="MemorySparseTable",
                     param_attr=None, dtype="float32", slot=None):
    """Embedding with a row-sparse table (Paddle's parameter-server layer, run locally here).

    Appends the legacy `lookup_table` op: ids are [..., 1] and out is ids.shape[:-1] + [dim]. The
    table is a SELECTED_ROWS parameter; without a parameter server it lives in this process and
    SGD/Adam update it like any parameter.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> ids = paddle.static.data(name="ids", shape=[4, 1], dtype='int64')
            >>> out = paddle.static.nn.sparse_embedding(ids, (10, 3))
            >>> print(out)
            var sparse_embedding_0.tmp_0 : DENSE_TENSOR.shape(4, 3).dtype(float32).stop_gradient(False)
            >>> paddle.disable_static()
    """
    static_only("sparse_embedding")
    check_variable(input, "input", "sparse_embedding", ("int64",))
    size = _table_size(size, "sparse_embedding")
    if table_class not in ("CommonSparseTable", "SSDSparseTable", "MemorySparseTable"):
        raise ValueError("table_class must be in [CommonSparseTable, SSDSparseTable, MemorySparseTable]")
    helper = LayerHelper("sparse_embedding")
    d = _dt.convert_dtype(dtype)
    w = helper.param(param_attr, size, d)
    w.type = VarType.SELECTED_ROWS  # as Paddle declares the table (here a dense array in this process)
    startup = default_startup_program().global_block().vars.get(w.name)
    if startup is not None:
        startup.type = VarType.SELECTED_ROWS
    entry_str = "none" if entry is None else entry._to_attr()
    with helper.outputs():
        return apply(LookupTable, input, w, is_test=bool(is_test), entry=entry_str, table_class=table_class,
                     padding_idx=_padding_idx(padding_idx, size[0]), is_sparse=True, is_distributed=True,
                     remote_prefetch=True, entry_config="", epmap=[], grad_inplace=False, height_sections=[],
                     slot=0 if slot is None else int(slot), table_names=[], trainer_id=0)


def _table_size(size, api):
    if not isinstance(size, (list, tuple)) or len(size) != 2:
        raise ValueError(f"size of {api} must be a list or tuple of 2 ints [vocab_size, emb_size], but "
                         f"received {size!r}")
    return [int(size[0]), int(size[1])]


def _padding_idx(padding_idx, vocab):
    if padding_idx is None:
        return -1
    return padding_idx if padding_idx >= 0 else vocab + padding_idx


def conv2d(input: Tensor, num_filters: int, filter_size: int | Sequence[int], stride: int | Sequence[int] = 1,
           padding: int | str | Sequence[int] = 0, dilation: int | Sequence[int] = 1,
           groups: int | None = None, param_attr: ParamAttrLike | None = None,
           bias_attr: ParamAttrLike | None = None, use_cudnn: bool = True, act: str | None = None,
           name: str | None = None, data_format: str = "NCHW") -> Tensor:
    """2-D convolution (`conv2d` op) plus bias and activation; the filter defaults to N(0, sqrt(2/fan_in)).

    Args:
        input (Tensor): The input, 4-D.
        num_filters (int): The number of output channels.
        filter_size (int|Sequence[int]): The kernel size.
        stride (int|Sequence[int], optional): The step of the window: one int for every spatial dimension, or
            one per dimension. Default: 1.
        padding (int|str|Sequence[int], optional): The zero padding: an int, one per dimension, pairs per
            dimension, or 'SAME'/'VALID'. Default: 0.
        dilation (int|Sequence[int], optional): The spacing between kernel elements: one int, or one per
            dimension. Default: 1.
        groups (int|None, optional): The number of channel groups; None means 1. Default: None.
        param_attr (ParamAttrLike|None, optional): The weight's ParamAttr (name, initializer, ...); None means
            the default. Default: None.
        bias_attr (ParamAttrLike|None, optional): The bias's ParamAttr (name, initializer, ...); False means
            no bias; None the default. Default: None.
        use_cudnn (bool, optional): Accepted for compatibility. Default: True.
        act (str|None, optional): An activation applied to the output. Default: None.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        data_format (str, optional): The layout of the input, e.g. 'NCHW' (channels first) or 'NHWC' (channels
            last). Default: "NCHW".

    Returns:
        Tensor: the convolution's output.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> data = paddle.static.data(name='data', shape=[None, 3, 32, 32], dtype='float32')
            >>> conv2d = paddle.static.nn.conv2d(input=data, num_filters=2, filter_size=3, act="relu")
            >>> list(conv2d.shape)
            [-1, 2, 30, 30]
            >>> paddle.disable_static()
    """
    static_only("conv2d")
    check_variable(input, "input", "conv2d", _FLOATS)
    if len(input.shape) != 4:
        raise ValueError(f"Input size should be 4, but received {len(input.shape)}")
    if data_format not in ("NCHW", "NHWC"):
        raise ValueError(f"Attr(data_format) should be 'NCHW' or 'NHWC'. Received Attr(data_format): "
                         f"{data_format}.")
    last = data_format == "NHWC"
    channels = input.shape[3 if last else 1]
    if channels < 0:
        raise ValueError(f"The channel dimension of the input({input.shape}) should be defined. Received: "
                         f"{channels}.")
    groups = 1 if groups is None else groups
    if channels % groups != 0:
        raise ValueError(f"the channel of input must be divisible by groups,received: the channel of input is "
                         f"{channels}, the shape of input is {list(input.shape)}, the groups is {groups}")
    ksize = convert_to_list(filter_size, 2, "filter_size")
    pads, algo = update_padding(padding, 2, last)
    helper = LayerHelper("conv2d", name)
    fan_in = ksize[0] * ksize[1] * channels
    w = helper.param(param_attr, [num_filters, channels // groups] + ksize, input.dtype,
                     default_initializer=Normal(0.0, (2.0 / fan_in) ** 0.5))
    with helper.outputs():
        out = apply(OPS["conv2d"], input, w, strides=convert_to_list(stride, 2, "stride"), paddings=pads,
                    dilations=convert_to_list(dilation, 2, "dilation"), groups=groups, use_cudnn=bool(use_cudnn),
                    fuse_relu_before_depthwise_conv=False, padding_algorithm=algo, data_format=data_format)
    b = helper.param(bias_attr, [num_filters], input.dtype, is_bias=True)
    return helper.act(helper.bias(out, b, 3 if last else 1), act)


def batch_norm(input: Tensor, act: str | None = None, is_test: bool = False, momentum: float = 0.9,
               epsilon: float = 1e-05, param_attr: ParamAttrLike | None = None,
               bias_attr: ParamAttrLike | None = None, data_layout: str = "NCHW", in_place: bool = False,
               name: str | None = None, moving_mean_name: str | None = None,
               moving_variance_name: str | None = None, do_model_average_for_mean_and_var: bool = True,
               use_global_stats: bool = False) -> Tensor:
    """Batch normalisation (`batch_norm` op) with scale `w_0`, bias `b_0` and running mean/variance
    `w_1`/`w_2` (persistable, not trainable) updated in place while training.

    Args:
        input (Tensor): The input tensor.
        act (str|None, optional): An activation applied to the output. Default: None.
        is_test (bool, optional): Whether the running statistics are used instead of the batch's. Default:
            False.
        momentum (float, optional): The weight of the old value when the running statistics are updated.
            Default: 0.9.
        epsilon (float, optional): A small number added for numerical stability. Default: 1e-05.
        param_attr (ParamAttrLike|None, optional): The weight's ParamAttr (name, initializer, ...); None means
            the default. Default: None.
        bias_attr (ParamAttrLike|None, optional): The bias's ParamAttr (name, initializer, ...); False means
            no bias; None the default. Default: None.
        data_layout (str, optional): 'NCHW' or 'NHWC'. Default: "NCHW".
        in_place (bool, optional): Accepted for compatibility. Default: False.
        name (str|None, optional): A name for the operation (debugging output only). Default: None.
        moving_mean_name (str|None, optional): The name of the running mean variable. Default: None.
        moving_variance_name (str|None, optional): The name of the running variance variable. Default: None.
        do_model_average_for_mean_and_var (bool, optional): Accepted for compatibility. Default: True.
        use_global_stats (bool, optional): Whether the running statistics are used also while training.
            Default: False.

    Returns:
        Tensor: the normalized output.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[3, 7, 3, 7], dtype='float32')
            >>> hidden1 = paddle.static.nn.fc(x=x, size=200)
            >>> list(hidden1.shape)
            [3, 200]
            >>> hidden2 = paddle.static.nn.batch_norm(input=hidden1)
            >>> list(hidden2.shape)
            [3, 200]
            >>> paddle.disable_static()
    """
    static_only("batch_norm")
    check_variable(input, "input", "batch_norm", _FLOATS)
    helper = LayerHelper("batch_norm", name)
    shape = input.shape
    c = shape[-1] if data_layout in ("NHWC", "NLC", "NDHWC") else shape[1]
    d = _dt.float32 if input.dtype.name in ("float16", "bfloat16") else input.dtype
    scale = helper.param(param_attr, [c], d, default_initializer=Constant(1.0))
    bias = helper.param(bias_attr, [c], d, is_bias=True)
    mean = helper.param(ParamAttr(name=moving_mean_name, initializer=Constant(0.0), trainable=False), [c], d)
    var = helper.param(ParamAttr(name=moving_variance_name, initializer=Constant(1.0), trainable=False), [c], d)
    saved_mean = helper.tmp([c], d, stop_gradient=True)
    saved_var = helper.tmp([c], d, stop_gradient=True)
    reserve = helper.tmp([-1], input.dtype, stop_gradient=True)
    out = input if in_place else helper.tmp(shape, input.dtype)
    helper.program.current_block().append_op(
        type="batch_norm",
        inputs={"X": [input], "Scale": [scale], "Bias": [bias], "Mean": [mean], "Variance": [var]},
        outputs={"Y": [out], "MeanOut": [mean], "VarianceOut": [var], "SavedMean": [saved_mean],
                 "SavedVariance": [saved_var], "ReserveSpace": [reserve]},
        attrs={"momentum": float(momentum), "epsilon": float(epsilon), "is_test": bool(is_test),
               "data_layout": data_layout, "use_global_stats": bool(use_global_stats),
               "trainable_statistics": False})
    return helper.act(out, act)


def layer_norm(input, scale=True, shift=True, begin_norm_axis=1, epsilon=1e-05, param_attr=None, bias_attr=None,
               act=None, name=None):
    """Layer normalisation over dims begin_norm_axis.. (`layer_norm` op), scale `w_0` and shift `b_0`.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[8, 32, 32], dtype='float32')
            >>> output = paddle.static.nn.layer_norm(input=x, begin_norm_axis=1)
            >>> list(output.shape)
            [8, 32, 32]
            >>> paddle.disable_static()
    """
    static_only("layer_norm")
    check_variable(input, "input", "layer_norm", _FLOATS)
    shape = input.shape
    if not 0 < begin_norm_axis < len(shape):
        raise ValueError(f"begin_norm_axis of layer_norm must be in [1, {len(shape) - 1}], but received "
                         f"{begin_norm_axis}")
    helper = LayerHelper("layer_norm", name)
    n = _prod(shape[begin_norm_axis:])
    d = _dt.float32 if input.dtype.name in ("float16", "bfloat16") else input.dtype
    ins = {"X": [input]}
    if scale:
        ins["Scale"] = [helper.param(param_attr, [n], d, default_initializer=Constant(1.0))]
    if shift:
        ins["Bias"] = [helper.param(bias_attr, [n], d, is_bias=True)]
    lead = shape[:begin_norm_axis]  # as Paddle declares them (the values hold one entry per row)
    mean = helper.tmp(lead, d, stop_gradient=True)
    variance = helper.tmp(lead, d, stop_gradient=True)
    out = helper.tmp(shape, input.dtype)
    helper.program.current_block().append_op(
        type="layer_norm", inputs=ins, outputs={"Y": [out], "Mean": [mean], "Variance": [variance]},
        attrs={"epsilon": float(epsilon), "begin_norm_axis": begin_norm_axis})
    return helper.act(out, act)


def prelu(x, mode, param_attr=None, data_format="NCHW", name=None):
    """prelu activation, max(0, x) + alpha * min(0, x), with a learned alpha (`prelu` op): one for all elements
    (mode "all"), one per channel ("channel": [1, C, 1, 1], or [1, 1, 1, C] channels-last) or one per element
    ("element": [1] + x.shape[1:]); alpha starts at 0.25.

    Args:
        x (Variable): the input, float16, float32 or float64.
        mode (str): "all", "channel" or "element".
        param_attr (ParamAttr, optional): alpha's attribute. Default: None.
        data_format (str, optional): "NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC" or "NDHWC". Default: "NCHW".
        name (str, optional): layer name. Default: None.

    Returns:
        Variable: the activation, x's shape.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[None, 5, 10, 10], dtype="float32")
            >>> out = paddle.static.nn.prelu(x, "channel")
            >>> [p.shape for p in paddle.static.default_main_program().all_parameters()]
            [(1, 5, 1, 1)]
            >>> paddle.disable_static()
    """
    static_only("prelu")
    check_variable(x, "x", "prelu", ("float16", "float32", "float64"))
    helper = LayerHelper("prelu", name)
    if mode not in ("all", "channel", "element"):
        raise ValueError("mode should be one of all, channel, element.")
    shape = [1]
    if mode == "channel":
        if data_format not in ("NC", "NCL", "NCHW", "NCDHW", "NLC", "NHWC", "NDHWC"):
            raise ValueError("data_format must be one of 'NC', 'NCL', 'NCHW', 'NCDHW', "
                             f"'NLC', 'NHWC', 'NDHWC' but receive {data_format}")
        data_format = "NCHW" if data_format[1] == "C" else "NHWC"
        if len(x.shape) < 2:
            raise AssertionError("The size of input shape should be equal or larger than 2 in prelu() when mode is "
                                 "'channel'")
        # Paddle keeps [1, C, 1, 1] whatever the rank, for models saved by its older versions
        shape = [1, 1, 1, x.shape[-1]] if data_format == "NHWC" else [1, x.shape[1], 1, 1]
    elif mode == "element":
        if len(x.shape) < 1:
            raise AssertionError("The size of input shape should be equal or larger than 1 in prelu() when mode is "
                                 "'element'")
        shape = [1, *list(x.shape)[1:]]
    alpha = helper.param(param_attr, shape, x.dtype, default_initializer=Constant(0.25))
    with helper.outputs():
        return apply(OPS["prelu"], x, alpha, mode=mode, data_format=data_format)
