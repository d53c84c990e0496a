"""Attributes of a tensor against real Paddle 3.3.1: is_complex / is_floating_point / is_integer, rank, shape,
real / imag (values, dtypes, gradients, errors)."""
import numpy as np
import pytest

import purepaddle as paddle


def t(data, dtype=None, stop_gradient=True):
    return paddle.to_tensor(data, dtype=dtype, stop_gradient=stop_gradient)


@pytest.mark.parametrize("dtype, kinds", [("complex64", (True, False, False)), ("float32", (False, True, False)),
                                          ("int64", (False, False, True)), ("bool", (False, False, False)),
                                          ("uint8", (False, False, True)), ("bfloat16", (False, True, False)),
                                          ("float16", (False, True, False))])
def test_dtype_kind_predicates(dtype, kinds):
    x = t([1]).astype(dtype)
    got = (paddle.is_complex(x), paddle.is_floating_point(x), paddle.is_integer(x))
    assert got == kinds and all(type(v) is bool for v in got)
    assert (x.is_complex(), x.is_floating_point(), x.is_integer()) == kinds
    for fn in (paddle.is_complex, paddle.is_floating_point, paddle.is_integer):
        with pytest.raises(TypeError, match="Expected Tensor, but received type of x: <class 'list'>"):
            fn([1])


def test_rank_and_shape():
    x = paddle.ones([2, 3, 4])
    r = paddle.rank(x)
    assert r.dtype == paddle.int32 and r.shape == [] and r.stop_gradient and r.item() == 3
    assert x.rank().item() == 3 and paddle.rank(t(1.0)).item() == 0
    s = paddle.shape(t(np.ones([2, 3], "int8"), stop_gradient=False))
    assert s.dtype == paddle.int64 and s.stop_gradient and s.numpy().tolist() == [2, 3]  # Paddle 3: int64
    assert paddle.shape(t(1.0)).shape == [0]
    assert x.shape == [2, 3, 4]  # the property stays
    with pytest.raises(ValueError, match=r"shape64\(\): argument 'input' \(position 0\) must be Tensor, but got list"):
        paddle.shape([1, 2])


def test_real_imag_values_gradients_and_errors():
    c = t([1 + 2j, 3 - 4j], stop_gradient=False)
    re, im = paddle.real(c), paddle.imag(c)
    assert re.dtype == paddle.float32 and not re.stop_gradient and re.numpy().tolist() == [1.0, 3.0]
    assert im.numpy().tolist() == [2.0, -4.0] and c.real().numpy().tolist() == [1.0, 3.0]
    assert paddle.real(t([1 + 2j], "complex128")).dtype == paddle.float64
    assert paddle.imag(paddle.zeros([0, 2], "complex64")).shape == [0, 2] and paddle.real(t(1 + 1j)).shape == []
    g = paddle.grad(re.sum() + 2 * im.sum(), c)[0]  # Paddle: complex(out_grad of real, out_grad of imag)
    assert g.dtype == paddle.complex64 and g.numpy().tolist() == [1 + 2j, 1 + 2j]
    for fn in ("real", "imag"):
        with pytest.raises(RuntimeError, match=rf"kernel `{fn}` is not registered.*`float32`.*complex128, complex64"):
            getattr(paddle, fn)(t([1.0]))
        with pytest.raises(ValueError, match=rf"{fn}\(\): argument 'x' \(position 0\) must be Tensor, but got list"):
            getattr(paddle, fn)([1.0])


def test_static_programs():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [None, 3], "float32")
            c = paddle.static.data("c", [2], "complex64")
            outs = [paddle.shape(x), paddle.rank(x), paddle.real(c), paddle.imag(c)]
        types = [op.type for op in main.global_block().ops]
        res = paddle.static.Executor(paddle.CPUPlace()).run(
            main, feed={"x": np.ones([2, 3], "float32"), "c": np.array([1 + 2j, 3j], "complex64")}, fetch_list=outs)
    finally:
        paddle.disable_static()
    assert {"shape64", "real", "imag"} <= set(types)
    assert res[0].tolist() == [2, 3] and res[1].tolist() == 2 and res[1].dtype == np.int32
    assert res[2].tolist() == [1.0, 0.0] and res[3].tolist() == [2.0, 3.0]


def test_index_of_floating_tensor_truncates_as_paddle():
    items = [10, 20, 30, 40]
    assert items[paddle.to_tensor(1.7)] == 20 and items[paddle.to_tensor(-1.7, dtype="float64")] == 40
    assert paddle.to_tensor(2.5, dtype="bfloat16").__index__() == 2
    with pytest.raises(TypeError):
        items[paddle.to_tensor(1 + 1j)]
