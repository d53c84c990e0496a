"""paddle.sparse.nn conv/pool/norm/attention and pca_lowrank: numbers, index order and gradients against files
real Paddle wrote (tests/fixtures/sparse/make_sparse_nn_fixtures.py), and float64 numerical gradients."""
import json
import pathlib
import warnings

import numpy as np
import pytest

import purepaddle as paddle
from tests.fixtures.sparse.make_sparse_nn_fixtures import cases

FIX = json.loads((pathlib.Path(__file__).parents[1] / "fixtures" / "sparse" / "sparse_nn.json").read_text())
F = paddle.sparse.nn.functional


@pytest.fixture(scope="module")
def ours():
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return cases(paddle)


@pytest.mark.parametrize("key", sorted(FIX))
def test_matches_paddle(ours, key):
    want, got = FIX[key], ours[key]
    if isinstance(want, dict):
        assert got["shape"] == want["shape"] and got["idx"] == want["idx"]
        want, got = want["vals"], got["vals"]
    np.testing.assert_allclose(np.array(got), np.array(want), rtol=1e-5, atol=1e-5)


def _numeric(f, arrays, eps=1e-6):
    """d(sum(f(*arrays) * g))/d(arrays) by central differences, with f returning an array."""
    grads = []
    for a in arrays:
        ga = np.zeros_like(a)
        for i in np.ndindex(a.shape):
            old = a[i]
            a[i] = old + eps
            hi = f(*arrays)
            a[i] = old - eps
            lo = f(*arrays)
            a[i] = old
            ga[i] = (hi - lo) / (2 * eps)
        grads.append(ga)
    return grads


def _coo(shape, nnz, seed, c):
    r = np.random.RandomState(seed)
    flat = r.choice(int(np.prod(shape)), nnz, replace=False)
    return np.array(np.unravel_index(flat, shape)), r.randn(nnz, c)


@pytest.mark.parametrize("fn,kw,nd", [(F.conv3d, dict(padding=1, stride=2), 3), (F.subm_conv3d, {}, 3),
                                      (F.conv2d, dict(padding=1, dilation=2), 2), (F.subm_conv2d, {}, 2)])
def test_conv_gradients_float64(fn, kw, nd):
    sp = (2, 3, 4, 3)[:1 + nd]
    idx, vals = _coo(sp, 7, 11, 2)
    w = np.random.RandomState(12).randn(*([3] * nd), 2, 3)
    b = np.random.RandomState(13).randn(3)
    shape = [*sp, 2]

    def run(v, w_, b_, grad=False):
        x = paddle.sparse.sparse_coo_tensor(idx, paddle.to_tensor(v), shape, stop_gradient=not grad)
        wt, bt = paddle.to_tensor(w_, stop_gradient=not grad), paddle.to_tensor(b_, stop_gradient=not grad)
        return x, wt, bt, fn(x, wt, bt, **kw)

    g = np.random.RandomState(14).randn(*run(vals, w, b)[3].values().shape)
    x, wt, bt, y = run(vals, w, b, grad=True)
    (y.values() * paddle.to_tensor(g)).sum().backward()
    want = _numeric(lambda v, w_, b_: float((run(v, w_, b_)[3].values().numpy() * g).sum()), [vals, w, b])
    for got, exp in zip([x.grad.values(), wt.grad, bt.grad], want):
        np.testing.assert_allclose(got.numpy(), exp, rtol=1e-6, atol=1e-8)


def test_max_pool_gradient_float64():
    idx, vals = _coo((1, 4, 4, 4), 12, 21, 3)

    def run(v, grad=False):
        x = paddle.sparse.sparse_coo_tensor(idx, paddle.to_tensor(v), [1, 4, 4, 4, 3], stop_gradient=not grad)
        return x, F.max_pool3d(x, 2, 1)

    g = np.random.RandomState(22).randn(*run(vals)[1].values().shape)
    x, y = run(vals, True)
    (y.values() * paddle.to_tensor(g)).sum().backward()
    want, = _numeric(lambda v: float((run(v)[1].values().numpy() * g).sum()), [vals])
    np.testing.assert_allclose(x.grad.values().numpy(), want, rtol=1e-6, atol=1e-8)


def test_attention_matches_dense_masked_softmax_and_gradient():
    r = np.random.RandomState(31)
    q, k, v = (r.randn(1, 2, 4, 3) for _ in range(3))
    mask = np.tril(np.ones((2, 4, 4)))
    mask[1, 3, 0] = 0
    kpm = np.array([[1., 1., 0., 1.]])
    sm = paddle.to_tensor(mask).to_sparse_csr()

    def run(q_, k_, v_, grad=False):
        t = [paddle.to_tensor(a, stop_gradient=not grad) for a in (q_, k_, v_)]
        return t, F.attention(*t, sm, key_padding_mask=paddle.to_tensor(kpm))

    s = q @ k.transpose(0, 1, 3, 2) / np.sqrt(3)
    keep = (mask.reshape(1, 2, 4, 4) != 0) & (kpm.reshape(1, 1, 1, 4) != 0)
    e = np.where(keep, np.exp(s - s.max(-1, keepdims=True)), 0)
    np.testing.assert_allclose(run(q, k, v)[1].numpy(), (e / e.sum(-1, keepdims=True)) @ v, rtol=1e-10)
    g = r.randn(1, 2, 4, 3)
    t, out = run(q, k, v, True)
    (out * paddle.to_tensor(g)).sum().backward()
    want = _numeric(lambda a, b, c: float((run(a, b, c)[1].numpy() * g).sum()), [q, k, v])
    for tt, exp in zip(t, want):
        np.testing.assert_allclose(tt.grad.numpy(), exp, rtol=1e-6, atol=1e-8)


def test_layers_parameters_and_forward():
    c = paddle.sparse.nn.Conv3D(2, 4, 3, padding=1)
    assert [(n, p.shape) for n, p in c.named_parameters()] == [("weight", [3, 3, 3, 2, 4]), ("bias", [4])]
    s = paddle.sparse.nn.SubmConv2D(2, 4, 3, bias_attr=False)
    assert [n for n, _ in s.named_parameters()] == ["weight"]
    x = paddle.sparse.sparse_coo_tensor([[0, 0], [0, 1], [1, 1], [1, 0]], [[1., 2.], [3., 4.]], [1, 2, 2, 2, 2])
    y = c(x)
    ref = F.conv3d(x, c.weight, c.bias, padding=1)
    np.testing.assert_array_equal(y.values().numpy(), ref.values().numpy())
    assert paddle.sparse.nn.SubmConv3D(2, 3, 3, backend="igemm")(x).indices().numpy().tolist() == \
        [[0, 0], [0, 1], [1, 1], [1, 0]]
    p = paddle.sparse.nn.MaxPool3D(2)(x)
    assert p.shape == [1, 1, 1, 1, 2] and p.values().numpy().tolist() == [[3., 4.]]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        bn = paddle.sparse.nn.SyncBatchNorm.convert_sync_batchnorm(paddle.sparse.nn.BatchNorm(2))
        assert type(bn).__name__ == "SyncBatchNorm"
        np.testing.assert_allclose(bn(x).values().numpy(), [[-1., -1.], [1., 1.]], atol=1e-4)


def test_pca_lowrank_and_creation_alias():
    d = np.zeros((6, 4))
    d[0, 1], d[2, 3], d[4, 0], d[1, 2], d[3, 3], d[5, 1] = 1, 2, -1, 3, 1, 0.5
    x = paddle.to_tensor(d).to_sparse_coo(2)
    u, s, v = paddle.sparse.pca_lowrank(x, q=4)
    c = d - d.mean(0)
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(c, compute_uv=False), rtol=1e-8)
    np.testing.assert_allclose((u.numpy() * s.numpy()) @ v.numpy().T, c, atol=1e-8)
    with pytest.raises(TypeError):
        paddle.sparse.pca_lowrank(paddle.to_tensor(d))
    assert paddle.sparse.creation.sparse_coo_tensor is paddle.sparse.sparse_coo_tensor
    assert paddle.sparse.creation.sparse_csr_tensor is paddle.sparse.sparse_csr_tensor
