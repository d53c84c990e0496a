"""paddle.sparse against files real Paddle wrote (tests/fixtures/sparse/make_sparse_fixtures.py)."""
import json
import pathlib

import numpy as np
import pytest

import purepaddle as paddle
from tests.fixtures.sparse.make_sparse_fixtures import CASES, GRADS, run, run_grad

FIX = json.loads((pathlib.Path(__file__).parents[1] / "fixtures" / "sparse" / "sparse.json").read_text())
VALUES_ONLY = set()  # cases whose printed text may differ in the last digit (none now)


@pytest.mark.parametrize("key", sorted(CASES))
def test_matches_paddle(key):
    want = FIX["cases"][key]
    out = run(paddle, CASES[key])
    if key not in VALUES_ONLY:
        assert str(out) == want["str"]
    np.testing.assert_allclose(out.to_dense().numpy(), np.array(want["dense"], dtype=float), rtol=1e-6)


@pytest.mark.parametrize("key", sorted(GRADS))
def test_gradient_reaches_the_values(key):
    np.testing.assert_allclose(run_grad(paddle, GRADS[key]), FIX["grads"][key], rtol=1e-6)


def test_sparse_leaf_gets_a_sparse_grad():
    s = paddle.sparse.sparse_coo_tensor([[0, 1], [1, 0]], [1., 2.], [2, 2], stop_gradient=False)
    paddle.sparse.square(s).values().sum().backward()
    assert s.grad.is_sparse_coo() and s.grad.values().numpy().tolist() == [2.0, 4.0]


def test_predicates_and_accessors():
    d = paddle.to_tensor([[0., 1.], [2., 0.]])
    assert not d.is_sparse() and not d.is_sparse_coo() and not d.is_sparse_csr() and d.to_dense() is d
    c = d.to_sparse_csr()
    assert c.is_sparse() and c.is_sparse_csr() and not c.is_sparse_coo() and c.nnz() == 2
    assert c.crows().numpy().tolist() == [0, 1, 2] and c.cols().numpy().tolist() == [1, 0]
    coo = c.to_sparse_coo(2)
    assert coo.indices().numpy().tolist() == [[0, 1], [1, 0]] and coo.shape == [2, 2]
    assert coo.dtype == paddle.float32 and coo.stop_gradient
    assert paddle.sparse.is_same_shape(coo, d) and not paddle.sparse.is_same_shape(coo, paddle.ones([2]))


def test_products_through_the_dense_form():
    x = paddle.sparse.sparse_csr_tensor([0, 1, 2], [1, 0], [2., 3.], [2, 2])
    assert paddle.sparse.matmul(x, paddle.ones([2, 3])).numpy().tolist() == [[2.0] * 3, [3.0] * 3]
    assert paddle.sparse.mv(x, paddle.to_tensor([1., 10.])).numpy().tolist() == [20.0, 3.0]
    m = paddle.sparse.masked_matmul(paddle.ones([2, 3]), paddle.ones([3, 2]), x)
    assert m.is_sparse_csr() and m.values().numpy().tolist() == [3.0, 3.0]
    assert paddle.sparse.matmul(x, x).is_sparse_csr()


def test_errors():
    with pytest.raises(ValueError, match="minimum shape"):
        paddle.sparse.sparse_coo_tensor([[0, 3]], [1., 2.], [2])
    x = paddle.sparse.sparse_coo_tensor([[0, 1]], [1., 2.])
    with pytest.raises(ValueError, match="same layout"):
        paddle.sparse.add(x, paddle.sparse.sparse_csr_tensor([0, 1, 1], [0], [1.], [2, 2]))
    with pytest.raises(TypeError, match="sparse"):
        paddle.sparse.sin(paddle.ones([2]))
