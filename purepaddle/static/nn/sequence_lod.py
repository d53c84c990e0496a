"""paddle.static.nn sequence layers on LoD input (Paddle's legacy static mode): sequence_conv, sequence_softmax,
sequence_pool, sequence_first_step, sequence_last_step, sequence_expand and row_conv.

Each appends Paddle's op (ops/sequence.py); the Executor hands the kernels the LoD of their fed inputs (a
DenseTensor from base.create_lod_tensor) and fetches LoD outputs as LoD DenseTensors (return_numpy=False).
Paddle 3 runs them only with FLAGS_enable_pir_api=0; purepaddle's static mode is that legacy mode.
"""
from ..._core.dispatch import apply
from ..._core.mode import in_dynamic_mode
from ..._core.op import OPS
from ...tensor._check import check_variable
from .layer_helper import LayerHelper, static_only

__all__ = ["sequence_conv", "sequence_softmax", "sequence_pool", "sequence_first_step", "sequence_last_step",
           "sequence_expand", "row_conv"]

_FLOATS = ("float32", "float64")


def _sequence_only(api):
    if in_dynamic_mode():
        raise AssertionError("sequence layer is not supported in dygraph mode yet.")


def sequence_conv(input, num_filters, filter_size=3, filter_stride=1, padding=True, padding_start=None,
                  bias_attr=None, param_attr=None, act=None, name=None):
    """Convolution along each sequence of a LoD input: row t sees rows t + padding_start ... t + padding_start +
    filter_size - 1 of its own sequence (zeros beyond it).

    Args:
        input (Variable): [N, D] LoD input (lod_level >= 1), float32 or float64.
        num_filters (int): output width.
        filter_size (int, optional): context length. Default: 3.
        filter_stride (int, optional): only 1 is supported (as in Paddle). Default: 1.
        padding (bool, optional): unused (Paddle pads with zeros always). Default: True.
        padding_start (int, optional): context start; None gives -(filter_size // 2). Default: None.
        bias_attr (ParamAttr|bool, optional): the [num_filters] bias; False for none. Default: None.
        param_attr (ParamAttr, optional): the [filter_size * D, num_filters] filter. Default: None.
        act (str, optional): activation op. Default: None.
        name (str, optional): layer name. Default: None.

    Returns:
        Variable: [N, num_filters] with the input's LoD.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[-1, 3], dtype='float32', lod_level=1)
            >>> y = paddle.static.nn.sequence_conv(x, num_filters=2, filter_size=3, bias_attr=False,
            ...     param_attr=paddle.ParamAttr(initializer=paddle.nn.initializer.Constant(1.0)))
            >>> exe = paddle.static.Executor()
            >>> _ = exe.run(paddle.static.default_startup_program())
            >>> t = paddle.base.create_lod_tensor(np.ones([3, 3], 'float32'), [[1, 2]], paddle.CPUPlace())
            >>> out, = exe.run(feed={'x': t}, fetch_list=[y], return_numpy=False)
            >>> np.array(out).tolist(), out.lod()
            ([[3.0, 3.0], [6.0, 6.0], [6.0, 6.0]], [[0, 1, 3]])
            >>> paddle.disable_static()
    """
    _sequence_only("sequence_conv")
    check_variable(input, "input", "sequence_conv", _FLOATS)
    helper = LayerHelper("sequence_conv", name)
    w = helper.param(param_attr, [filter_size * input.shape[1], num_filters], input.dtype)
    if padding_start is None:
        padding_start = -int(filter_size // 2)
    with helper.outputs():
        out = apply(OPS["sequence_conv"], input, None, w, contextStride=int(filter_stride),
                    contextStart=int(padding_start), contextLength=int(filter_size))
    b = helper.param(bias_attr, [num_filters], input.dtype, is_bias=True)
    return helper.act(helper.bias(out, b, 1), act)


def sequence_softmax(input, use_cudnn=False, name=None):
    """Softmax within each sequence of a LoD input.

    Args:
        input (Variable): [N, 1] or [N] LoD input, float32 or float64.
        use_cudnn (bool, optional): unused. Default: False.
        name (str, optional): unused. Default: None.

    Returns:
        Variable: the same shape and LoD.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[-1, 1], dtype='float32', lod_level=1)
            >>> y = paddle.static.nn.sequence_softmax(x)
            >>> t = paddle.base.create_lod_tensor(np.zeros([3, 1], 'float32'), [[1, 2]], paddle.CPUPlace())
            >>> out, = paddle.static.Executor().run(feed={'x': t}, fetch_list=[y], return_numpy=False)
            >>> np.array(out).ravel().tolist()
            [1.0, 0.5, 0.5]
            >>> paddle.disable_static()
    """
    _sequence_only("sequence_softmax")
    check_variable(input, "input", "sequence_softmax", _FLOATS)
    helper = LayerHelper("sequence_softmax", name)
    with helper.outputs():
        return apply(OPS["sequence_softmax"], input, use_cudnn=bool(use_cudnn))


def sequence_pool(input, pool_type, is_test=False, pad_value=0.0):
    """Pools each sequence of a LoD input (its last level) into one row.

    Args:
        input (Variable): [N, D] LoD input, float32 or float64.
        pool_type (str): "average", "sum", "sqrt" (sum / sqrt(length)), "max", "last" or "first".
        is_test (bool, optional): unused. Default: False.
        pad_value (float, optional): the row of an empty sequence. Default: 0.0.

    Returns:
        Variable: [number of sequences, D], with the LoD levels above the last.

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[-1, 1], dtype='float32', lod_level=1)
            >>> y = paddle.static.nn.sequence_pool(x, 'sum')
            >>> t = paddle.base.create_lod_tensor(np.arange(5, dtype='float32').reshape(5, 1), [[2, 3]],
            ...                                   paddle.CPUPlace())
            >>> paddle.static.Executor().run(feed={'x': t}, fetch_list=[y])[0].tolist()
            [[1.0], [9.0]]
            >>> paddle.disable_static()
    """
    _sequence_only("sequence_pool")
    check_variable(input, "input", "sequence_pool", _FLOATS)
    helper = LayerHelper("sequence_pool")
    with helper.outputs():
        out, index = apply(OPS["sequence_pool"], input, pooltype=pool_type.upper(), is_test=bool(is_test),
                           pad_value=float(pad_value))
    if pool_type == "max":
        index.stop_gradient = True
    return out


def sequence_first_step(input):
    """The first row of each sequence of a LoD input (sequence_pool with "first").

    Args:
        input (Variable): [N, D] LoD input, float32 or float64.

    Returns:
        Variable: [number of sequences, D].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[-1, 10], dtype='float32', lod_level=1)
            >>> paddle.static.nn.sequence_first_step(x).shape
            (-1, 10)
            >>> paddle.disable_static()
    """
    check_variable(input, "input", "sequence_first_step", _FLOATS)
    return sequence_pool(input=input, pool_type="first")


def sequence_last_step(input):
    """The last row of each sequence of a LoD input (sequence_pool with "last").

    Args:
        input (Variable): [N, D] LoD input, float32 or float64.

    Returns:
        Variable: [number of sequences, D].

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[-1, 10], dtype='float32', lod_level=1)
            >>> paddle.static.nn.sequence_last_step(x).shape
            (-1, 10)
            >>> paddle.disable_static()
    """
    check_variable(input, "input", "sequence_last_step", _FLOATS)
    return sequence_pool(input=input, pool_type="last")


def sequence_expand(x, y, ref_level=-1, name=None):
    """Repeats each sequence of x (each row when x has no LoD) as often as the matching span of y's LoD level
    ref_level is long.

    Args:
        x (Variable): the input, float32, float64, int32 or int64.
        y (Variable): a LoD input giving the repeats.
        ref_level (int, optional): the LoD level of y to follow; -1 the last. Default: -1.
        name (str, optional): unused. Default: None.

    Returns:
        Variable: the expanded rows (LoD of the repeated sequences when x has LoD).

    Examples:
        .. code-block:: python

            >>> import numpy as np
            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[-1, 1], dtype='float32')
            >>> y = paddle.static.data(name='y', shape=[-1, 1], dtype='float32', lod_level=1)
            >>> out = paddle.static.nn.sequence_expand(x, y)
            >>> t = paddle.base.create_lod_tensor(np.zeros([3, 1], 'float32'), [[1, 2]], paddle.CPUPlace())
            >>> paddle.static.Executor().run(feed={'x': np.array([[1.], [2.]], 'float32'), 'y': t},
            ...                              fetch_list=[out])[0].ravel().tolist()
            [1.0, 2.0, 2.0]
            >>> paddle.disable_static()
    """
    _sequence_only("sequence_expand")
    check_variable(x, "x", "sequence_expand", ("float32", "float64", "int32", "int64"))
    helper = LayerHelper("sequence_expand", name)
    with helper.outputs():
        return apply(OPS["sequence_expand"], x, y, ref_level=int(ref_level))


def row_conv(input, future_context_size, param_attr=None, act=None):
    """Lookahead (row) convolution of DeepSpeech 2: out[t] = sum_k input[t + k] * w[k], k = 0 ..
    future_context_size, within each sequence (LoD input [N, D], or a [B, T, D] batch).

    Args:
        input (Variable): float32 [N, D] LoD input or [B, T, D].
        future_context_size (int): the rows ahead each output sees.
        param_attr (ParamAttr, optional): the [future_context_size + 1, D] filter. Default: None.
        act (str, optional): activation op. Default: None.

    Returns:
        Variable: the input's shape (and LoD).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name='x', shape=[4, 8, 16], dtype='float32')
            >>> paddle.static.nn.row_conv(x, future_context_size=2).shape
            (4, 8, 16)
            >>> paddle.disable_static()
    """
    static_only("row_conv")
    check_variable(input, "input", "row_conv", ("float32",))
    helper = LayerHelper("row_conv")
    w = helper.param(param_attr, [future_context_size + 1, input.shape[-1]], input.dtype)
    with helper.outputs():
        out = apply(OPS["row_conv"], input, w)
    return helper.act(out, act)
