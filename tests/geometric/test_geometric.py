"""paddle.geometric against files real Paddle wrote (tests/fixtures/geometric/make_geometric_fixtures.py)."""
import pathlib

import numpy as np
import pytest

import purepaddle as paddle

FIX = np.load(pathlib.Path(__file__).parents[1] / "fixtures" / "geometric" / "geometric.npz")
CASES = sorted({k.rsplit("|", 1)[0] for k in FIX.files if not k.startswith("in|")})


def _run(case):
    """purepaddle's result for one recorded case: (out, {input name: Tensor})."""
    parts = case.split("|")
    fn, dtype = parts[0], parts[-1]
    inp = {k.split("|")[-1]: FIX[k] for k in FIX.files if k.startswith(f"in|{dtype}|")}
    flt = dtype.startswith("float")
    x = paddle.to_tensor(inp["x"], stop_gradient=not flt)
    src, dst = paddle.to_tensor(inp["src"]), paddle.to_tensor(inp["dst"])
    if fn.startswith("segment_"):
        return getattr(paddle.geometric, fn)(x, paddle.to_tensor(inp["ids"])), {"x": x}
    if fn == "send_u_recv":
        size = None if parts[2] == "None" else int(parts[2])
        return paddle.geometric.send_u_recv(x, src, dst, parts[1], out_size=size), {"x": x}
    if fn == "send_ue_recv":
        y = paddle.to_tensor(inp["y"][:, :int(parts[3])], stop_gradient=not flt)
        return paddle.geometric.send_ue_recv(x, y, src, dst, parts[1], parts[2]), {"x": x, "y": y}
    y = paddle.to_tensor((np.abs(inp["x"]) + 1).astype(dtype), stop_gradient=not flt)
    return paddle.geometric.send_uv(x, y, src, dst, parts[1]), {"x": x, "y": y}


@pytest.mark.parametrize("case", CASES)
def test_matches_paddle(case):
    out, ins = _run(case)
    want = FIX[f"{case}|out"]
    assert out.numpy().dtype == want.dtype and out.shape == list(want.shape)
    np.testing.assert_allclose(out.numpy(), want, rtol=1e-6, atol=1e-6)
    if f"{case}|g" not in FIX.files:
        return
    assert not out.stop_gradient
    names = [n for n in ("x", "y") if f"{case}|g{n}" in FIX.files]
    grads = paddle.grad(out, [ins[n] for n in names], paddle.to_tensor(FIX[f"{case}|g"]))
    for n, g in zip(names, grads):
        np.testing.assert_allclose(g.numpy(), FIX[f"{case}|g{n}"], rtol=1e-5, atol=1e-6, err_msg=n)


def test_send_u_recv_gradient_is_numeric():
    """float64 central differences with a random upstream gradient, every reduce_op (no ties in the data)."""
    rng = np.random.default_rng(1)
    xv = rng.standard_normal((5, 2))
    src, dst = paddle.to_tensor([0, 1, 2, 3, 4, 0]), paddle.to_tensor([1, 1, 0, 3, 3, 2])
    up = rng.standard_normal((5, 2))
    for op in ("sum", "mean", "max", "min"):
        x = paddle.to_tensor(xv, stop_gradient=False)
        (gx,) = paddle.grad(paddle.geometric.send_u_recv(x, src, dst, op), [x], paddle.to_tensor(up))
        num = np.zeros_like(xv)
        for i in np.ndindex(*xv.shape):
            d = np.zeros_like(xv)
            d[i] = 1e-6
            f = [(paddle.geometric.send_u_recv(paddle.to_tensor(xv + s * d), src, dst, op).numpy() * up).sum()
                 for s in (1, -1)]
            num[i] = (f[0] - f[1]) / 2e-6
        np.testing.assert_allclose(gx.numpy(), num, rtol=1e-5, atol=1e-7, err_msg=op)


def test_out_size_too_small_is_paddles_error():
    x = paddle.ones([3, 2])
    with pytest.raises(IndexError, match="out of bound"):
        paddle.geometric.send_u_recv(x, paddle.to_tensor([0, 1, 2]), paddle.to_tensor([1, 2, 2]), out_size=2)


def test_bad_reduce_op():
    with pytest.raises(ValueError, match="reduce_op"):
        paddle.geometric.send_u_recv(paddle.ones([2, 2]), paddle.to_tensor([0]), paddle.to_tensor([1]), "prod")


def test_integer_mean_truncates():
    out = paddle.geometric.send_u_recv(paddle.to_tensor([[1, 2], [3, 4]]), paddle.to_tensor([0, 1]),
                                       paddle.to_tensor([1, 1]), "mean")
    assert out.numpy().tolist() == [[0, 0], [2, 3]] and out.dtype == paddle.int64  # as Paddle 3.3.1


def test_reindex_graph_as_paddle():
    x = paddle.to_tensor([0, 1, 2], dtype="int64")
    n1 = paddle.to_tensor([8, 9, 0, 4, 7, 6, 7], dtype="int64")
    c1 = paddle.to_tensor([2, 3, 2], dtype="int32")
    src, dst, nodes = paddle.geometric.reindex_graph(x, n1, c1)
    assert src.numpy().tolist() == [3, 4, 0, 5, 6, 7, 6]
    assert dst.numpy().tolist() == [0, 0, 1, 1, 1, 2, 2]
    assert nodes.numpy().tolist() == [0, 1, 2, 8, 9, 4, 7, 6]
    n2 = paddle.to_tensor([0, 2, 3, 5, 1], dtype="int64")
    c2 = paddle.to_tensor([1, 3, 1], dtype="int32")
    src, dst, nodes = paddle.geometric.reindex_heter_graph(x, [n1, n2], [c1, c2])
    assert src.numpy().tolist() == [3, 4, 0, 5, 6, 7, 6, 0, 2, 8, 9, 1]  # values printed by Paddle 3.3.1
    assert dst.numpy().tolist() == [0, 0, 1, 1, 1, 2, 2, 0, 1, 1, 1, 2]
    assert nodes.numpy().tolist() == [0, 1, 2, 8, 9, 4, 7, 6, 3, 5]
    # one count tensor holding both edge types' counts in turn (Paddle's graph_reindex example): the same result
    src, dst, nodes = paddle.geometric.reindex_graph(x, paddle.concat([n1, n2]), paddle.concat([c1, c2]))
    assert dst.numpy().tolist() == [0, 0, 1, 1, 1, 2, 2, 0, 1, 1, 1, 2]
    assert src.numpy().tolist() == [3, 4, 0, 5, 6, 7, 6, 0, 2, 8, 9, 1]


def test_sample_neighbors_draws_distinct_neighbours_and_repeats_under_seed():
    row = paddle.to_tensor([3, 7, 0, 9, 1, 4, 2, 9, 3, 9, 1, 9, 7])
    colptr = paddle.to_tensor([0, 2, 4, 5, 6, 7, 9, 11, 11, 13, 13])
    nodes = paddle.to_tensor([0, 8, 1, 2, 5])
    paddle.seed(3)
    nb, count, eids = paddle.geometric.sample_neighbors(row, colptr, nodes, 1, eids=paddle.arange(13),
                                                        return_eids=True)
    assert count.numpy().tolist() == [1, 1, 1, 1, 1] and count.dtype == paddle.int32
    assert (row.numpy()[eids.numpy()] == nb.numpy()).all()
    paddle.seed(3)
    again = paddle.geometric.sample_neighbors(row, colptr, nodes, 1)[0]
    assert again.numpy().tolist() == nb.numpy().tolist()
    everything, count = paddle.geometric.sample_neighbors(row, colptr, nodes)
    assert everything.numpy().tolist() == [3, 7, 9, 7, 0, 9, 1, 9, 3] and count.numpy().tolist() == [2, 2, 2, 1, 2]
    with pytest.raises(ValueError, match="eids"):
        paddle.geometric.sample_neighbors(row, colptr, nodes, 1, return_eids=True)
