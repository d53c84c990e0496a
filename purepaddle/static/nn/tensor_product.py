"""paddle.static.nn layers on feature vectors: bilinear_tensor_product and continuous_value_model (cvm)."""
from ...tensor._check import check_variable
from .layer_helper import LayerHelper, static_only

__all__ = ["bilinear_tensor_product", "continuous_value_model"]


def bilinear_tensor_product(x, y, size, act=None, name=None, param_attr=None, bias_attr=None):
    """out[b, k] = x[b] @ W[k] @ y[b] + bias[k] (`bilinear_tensor_product` op), W of shape
    [size, x_dim, y_dim] (`{name}.w_0`) and bias [1, size] (`{name}.b_0`, unless bias_attr is False).

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data("t1", shape=[-1, 5], dtype="float32")
            >>> y = paddle.static.data("t2", shape=[-1, 4], dtype="float32")
            >>> out = paddle.static.nn.bilinear_tensor_product(x, y, size=1000)
            >>> print(out.shape)
            (-1, 1000)
            >>> paddle.disable_static()
    """
    static_only("bilinear_tensor_product")
    check_variable(x, "x", "bilinear_tensor_product")
    check_variable(y, "y", "bilinear_tensor_product")
    if len(x.shape) != 2 or len(y.shape) != 2:
        raise ValueError(f"Input x and y should be 2D tensor, but received x with the shape of {x.shape}, y with "
                         f"the shape of {y.shape}")
    helper = LayerHelper("bilinear_tensor_product", name)
    w = helper.param(param_attr, [size, x.shape[1], y.shape[1]], x.dtype)
    out = helper.tmp(None, x.dtype)
    ins = {"X": [x], "Y": [y], "Weight": [w]}
    b = helper.param(bias_attr, [1, size], x.dtype, is_bias=True)  # None when bias_attr is False
    if b is not None:
        ins["Bias"] = [b]
    helper.append_op("bilinear_tensor_product", ins, {"Out": [out]})
    return helper.act(out, act)


def continuous_value_model(input, cvm, use_cvm=True):
    """CTR show/click handling (`cvm` op): input is [N, D] whose first two columns are show and click.
    use_cvm=True gives [N, D] with log(show + 1) and log(click + 1) - log(show + 1) in front;
    use_cvm=False drops those two columns ([N, D - 2]). cvm ([N, 2]) is the show/click data, which
    the gradient of the first two columns is set to, as Paddle's kernel does.

    Examples:
        .. code-block:: python

            >>> import paddle
            >>> paddle.enable_static()
            >>> x = paddle.static.data(name="x", shape=[8, 6], dtype="float32")
            >>> show_clk = paddle.static.data(name="show_clk", shape=[8, 2], dtype="float32")
            >>> print(paddle.static.nn.continuous_value_model(x, show_clk, use_cvm=False).shape)
            (8, 4)
            >>> paddle.disable_static()
    """
    check_variable(input, "input", "cvm", ("float16", "float32", "float64"))
    helper = LayerHelper("cvm")
    out = helper.var(input.dtype)
    helper.append_op("cvm", {"X": [input], "CVM": [cvm]}, {"Y": [out]}, {"use_cvm": bool(use_cvm)})
    return out
