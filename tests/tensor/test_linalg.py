"""Hand-written checks of the linalg/einsum APIs against real Paddle 3.3.1 behaviour: dtypes, edge cases, errors."""
import numpy as np
import pytest

import purepaddle as paddle

T = paddle.to_tensor
L = paddle.linalg
INF = float("inf")


def _np(t):
    return t.numpy()


# -- einsum, the FAQ's usages ---------------------------------------------------------------
def test_einsum_faq_usages():
    x, y = T([1., 2., 3., 4.]), T([1., 0., 2., 1., 3.])
    a = T(np.arange(12, dtype="float32").reshape(2, 3, 2))
    b = T(np.arange(12, dtype="float32").reshape(2, 2, 3))
    an, bn = _np(a), _np(b)
    assert float(paddle.einsum("i->", x)) == 10.0                                   # sum
    assert float(paddle.einsum("i,i->", x, x)) == 30.0                              # dot
    np.testing.assert_allclose(_np(paddle.einsum("i,j->ij", x, y)), np.outer(_np(x), _np(y)))  # outer
    np.testing.assert_allclose(_np(paddle.einsum("i,j", x, y)), np.outer(_np(x), _np(y)))      # implicit
    np.testing.assert_allclose(_np(paddle.einsum("ijk->kji", a)), an.transpose(2, 1, 0))       # transpose
    np.testing.assert_allclose(_np(paddle.einsum("ijk, ikl->ijl", a, b)), an @ bn)              # batched matmul
    np.testing.assert_allclose(_np(paddle.einsum("...jk->...kj", a)), an.swapaxes(-1, -2))    # ellipsis
    np.testing.assert_allclose(_np(paddle.einsum("...jk, ...kl->...jl", a, b)), an @ bn)
    m = T([[1., 2.], [3., 4.]])
    assert float(paddle.einsum("ii", m)) == 5.0                                     # trace
    np.testing.assert_allclose(_np(paddle.einsum("ii->i", m)), [1., 4.])            # diagonal


def test_einsum_result_and_grad_flags():
    x = T([[1., 2.], [3., 4.]], stop_gradient=False)
    out = paddle.einsum("ij,jk->ik", x, x)
    assert out.shape == [2, 2] and out.dtype == paddle.float32 and not out.stop_gradient
    out.sum().backward()
    np.testing.assert_allclose(_np(x.grad), np.ones((2, 2)) @ _np(x).T + _np(x).T @ np.ones((2, 2)))
    assert paddle.einsum("ij->ij", T([[1.]])).stop_gradient


def test_einsum_uppercase_is_lowered_and_operand_list():
    x, y = T([[1., 2.]]), T([[3.], [4.]])
    np.testing.assert_allclose(_np(paddle.einsum("IJ,JK", x, y)), [[11.]])
    np.testing.assert_allclose(_np(paddle.einsum("ij,jk", [x, y])), [[11.]])


def test_einsum_identity_copies():
    x = T([[1., 2.], [3., 4.]])
    y = paddle.einsum("ij->ij", x)
    y.add_(T(1.0))
    np.testing.assert_allclose(_np(x), [[1., 2.], [3., 4.]])


@pytest.mark.parametrize("eq, shapes, exc, msg", [
    ("ij,jk", [[3, 4], [3, 4]], ValueError, "Same label have different shapes for label: `j`"),
    ("ij,jk", [[3, 4]], AssertionError, "the number of operands is 1, but found 2 segments"),
    ("ijk", [[3, 4]], AssertionError, "the label string 'ijk' misses dimensions"),
    ("i,j->k", [[1], [2]], ValueError, "Must in all_labels"),
    ("ij->i->j", [[3, 4]], AssertionError, "multiple `->` were found"),
    ("i.j", [[3, 4]], AssertionError, "`.` is found outside of an ellipsis"),
    ("i1", [[3, 4]], AssertionError, "1 is not a valid label"),
    ("...ij->ij", [[2, 3, 4]], AssertionError, "missing ellipsis in output labels"),
])
def test_einsum_errors(eq, shapes, exc, msg):
    with pytest.raises(exc, match=msg.replace("(", r"\(").replace(")", r"\)").replace(".", r"\.")):
        paddle.einsum(eq, *[paddle.ones(s) for s in shapes])


def test_einsum_dtype_errors():
    with pytest.raises(AssertionError, match="at least one operand"):
        paddle.einsum("ij")
    with pytest.raises(RuntimeError, match="kernel `einsum` is not registered"):
        paddle.einsum("ij,jk", T([[1, 2]]), T([[1], [2]]))
    with pytest.raises(ValueError, match="does not match the type of data"):
        paddle.einsum("ij,jk", paddle.ones([2, 2]), paddle.ones([2, 2], dtype="float64"))


# -- products ----------------------------------------------------------------------------------
def test_dot_dtypes_and_shapes():
    assert paddle.dot(T([1, 2]), T([3, 4])).dtype == paddle.int64
    out = paddle.dot(T([[1., 2.], [3., 4.]]), T([[1., 1.], [1., 0.]]))
    assert out.shape == [2]
    np.testing.assert_allclose(_np(out), [3., 3.])
    assert paddle.dot(T([1., 2.]), T([3., 4.])).shape == []
    assert T([1., 2.]).dot(T([3., 4.])).item() == 11.0


@pytest.mark.parametrize("xs, ys, msg", [
    ([3], [2], "should be exactly the same with input tensor Y"),
    ([3], [2, 3], "should match with input tensor X"),
    ([2, 2, 2], [2, 2, 2], "should be 1 or 2"),
])
def test_dot_shape_errors(xs, ys, msg):
    with pytest.raises(RuntimeError, match=msg):
        paddle.dot(paddle.ones(xs), paddle.ones(ys))


def test_dot_bmm_mixed_dtype_errors():
    with pytest.raises(ValueError, match="does not match the type of data"):
        paddle.dot(T([1., 2.]), T([1, 2]))
    with pytest.raises(ValueError, match="dot\\(\\): argument 'y'"):
        paddle.dot(T([1., 2.]), [1., 2.])
    with pytest.raises(RuntimeError, match="kernel `bmm` is not registered"):
        paddle.bmm(paddle.ones([1, 2, 2], dtype="int64"), paddle.ones([1, 2, 2], dtype="int64"))


@pytest.mark.parametrize("xs, ys, msg", [
    ([3, 4], [4, 5], "Input\\(X\\) of BmmOp must be 3-dimensional"),
    ([2, 3, 4], [2, 5, 5], "Input\\(X\\)'s width must be equal with Input\\(Y\\)'s height"),
    ([2, 3, 4], [3, 4, 5], "must have the same batch size"),
])
def test_bmm_errors(xs, ys, msg):
    with pytest.raises(ValueError, match=msg):
        paddle.bmm(paddle.ones(xs), paddle.ones(ys))


def test_mm_outer_inner_mv():
    assert paddle.mm(paddle.ones([2, 3, 4]), paddle.ones([4, 5])).shape == [2, 3, 5]
    assert paddle.outer(paddle.ones([2, 3]), paddle.ones([3])).shape == [6, 3]
    np.testing.assert_allclose(_np(paddle.outer(T(2.), T([1., 2.]))), [[2., 4.]])
    assert paddle.outer(T([1., 2.]), T([1., 2.], dtype="float64")).dtype == paddle.float64
    np.testing.assert_allclose(_np(paddle.inner(T([[1., 2.], [3., 4.]]), T(2.))), [[2., 4.], [6., 8.]])
    with pytest.raises(ValueError, match="Input X's last dim should be equal to Y's last dim"):
        paddle.inner(paddle.ones([2, 3]), paddle.ones([2]))
    with pytest.raises(ValueError, match="X's second dimension is expected to be equal to Vec's first"):
        paddle.mv(paddle.ones([2, 3]), paddle.ones([2]))


def test_cross_default_axis_and_errors():
    x = T([[1., 2., 3.], [4., 5., 6.]])
    y = T([[1., 0., 1.], [0., 1., 0.]])
    np.testing.assert_allclose(_np(paddle.cross(x, y)), [[2., 2., -2.], [-6., 0., 4.]])
    np.testing.assert_allclose(_np(paddle.cross(paddle.ones([3, 3]), paddle.ones([3, 3]))), np.zeros((3, 3)))
    assert paddle.cross(T([1, 0, 0]), T([0, 1, 0])).tolist() == [0, 0, 1]
    with pytest.raises(ValueError, match="at least one dimension 'd'"):
        paddle.cross(paddle.ones([2, 4]), paddle.ones([2, 4]))
    with pytest.raises(ValueError, match="should be equal to 3"):
        paddle.cross(paddle.ones([2, 3]), paddle.ones([2, 3]), axis=0)
    with pytest.raises(ValueError, match="should be equal to the 'shape' of Input\\(Y\\)"):
        paddle.cross(paddle.ones([2, 3]), paddle.ones([3, 3]))


def test_kron_trace_diagonal():
    assert paddle.kron(paddle.ones([2, 1, 3]), paddle.ones([4, 5])).shape == [2, 4, 15]
    with pytest.raises(ValueError, match="does not match"):
        paddle.kron(T([1, 2]), T([1., 2.]))
    x = paddle.arange(12, dtype="float32").reshape([3, 4])
    assert float(paddle.trace(x, offset=2)) == 9.0
    assert float(paddle.trace(x, offset=5)) == 0.0
    assert paddle.trace(T([[1, 2], [3, 4]])).dtype == paddle.int64
    assert paddle.diagonal(x, offset=7).shape == [0]
    assert paddle.diagonal(T([[True, False], [True, True]])).tolist() == [True, True]
    with pytest.raises(IndexError, match="expected at least 2"):
        paddle.trace(T([1., 2.]))
    with pytest.raises(ValueError, match="should not be identical 1 vs -1"):
        paddle.diagonal(paddle.ones([3, 3]), axis1=1, axis2=-1)
    with pytest.raises(IndexError, match="out of range"):
        paddle.diagonal(paddle.ones([3, 3]), axis1=3)


# -- norms --------------------------------------------------------------------------------------
def test_norm_semantics():
    m = T([[1., -2., 3.], [4., 5., -6.]])
    expect = {None: 9.5394, "fro": 9.5394, "nuc": 11.6538, 2: 9.5394, 1: 21.0, 0: 6.0, -1: 0.4082, INF: 6.0,
              -INF: 1.0, 3: 7.6117}
    for p, v in expect.items():
        out = paddle.norm(m, p=p)
        assert out.shape == [] and abs(float(out) - v) < 1e-3, p
    x = paddle.arange(24, dtype="float32").reshape([2, 3, 4]) - 12
    assert paddle.norm(x, keepdim=True).shape == [1, 1, 1]
    np.testing.assert_allclose(_np(paddle.norm(x, p=2, axis=[0, 1])), [15.7586, 14.9798, 14.6969, 14.9798], rtol=1e-4)
    np.testing.assert_allclose(_np(paddle.norm(x, p=-1, axis=[0, 1])), [12., 12., 12., 12.])
    assert paddle.norm(x, p=2, axis=[0, 1, 2]).item() == pytest.approx(34.0)
    assert paddle.linalg.vector_norm(x, p=0).item() == 23.0
    assert paddle.linalg.matrix_norm(x, p="fro", axis=[0, 2], keepdim=True).shape == [1, 3, 1]
    assert x.norm(p=1).item() == 144.0


def test_norm_errors():
    x = paddle.ones([2, 3, 4])
    with pytest.raises(ValueError, match="found 3"):
        paddle.norm(x, p="nuc")
    with pytest.raises(ValueError, match="just support p value"):
        paddle.norm(paddle.ones([2, 3]), p="abc")
    with pytest.raises(ValueError, match="only valid p type is int and float"):
        paddle.linalg.vector_norm(x, p="fro")
    with pytest.raises(TypeError, match="has no len"):
        paddle.linalg.matrix_norm(x, axis=1)
    with pytest.raises(ValueError, match="Attr\\(axis\\) value should be in range"):
        paddle.norm(x, axis=5)
    with pytest.raises(RuntimeError, match="kernel `p_norm` is not registered"):
        paddle.norm(T([1, 2]))
    with pytest.raises(TypeError, match="must be double"):
        paddle.dist(x, x, p="fro")


def test_norm_out_and_dtype_args():
    x = T([3., 4.])
    assert paddle.norm(x, dtype="float64").dtype == paddle.float64
    out = paddle.zeros([])
    paddle.norm(x, out=out)
    assert out.item() == 5.0


def test_dist_values():
    x, y = T([[3., 3.], [3., 3.]]), T([[3., 3.], [3., 1.]])
    for p, v in [(2, 2.0), (1, 2.0), (0, 1.0), (INF, 2.0), (-INF, 0.0), (3, 2.0)]:
        assert paddle.dist(x, y, p).item() == pytest.approx(v)
    assert paddle.dist(x, paddle.zeros([2])).item() == pytest.approx(6.0)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_cov_corrcoef():
    x = T([[1., 2., 3.], [4., 6., 8.]])
    np.testing.assert_allclose(_np(L.cov(x)), [[1., 2.], [2., 4.]])
    assert L.cov(T([1., 2., 4.])).shape == []
    np.testing.assert_allclose(_np(L.cov(x, fweights=T([1, 2, 1]))), np.cov(_np(x), fweights=[1, 2, 1]), rtol=1e-6)
    with pytest.raises(ValueError, match="must be integer"):
        L.cov(x, fweights=T([1., 2.5, 1.]))
    with pytest.raises(ValueError, match="cannot be negative"):
        L.cov(x, aweights=T([1., -2., 1.]))
    with pytest.raises(ValueError, match="only support N-D \\(1<=N<=2\\)"):
        L.cov(paddle.ones([2, 2, 2]))
    c = L.corrcoef(T([[1., 2., 3.], [1., 1., 1.]]))
    assert c[0, 0].item() == 1.0 and np.isnan(_np(c)[1, 1])
    assert L.corrcoef(T([1., 2., 3.])).item() == 1.0


# -- inverses, solves, decompositions ---------------------------------------------------------------
def test_inverse_errors():
    with pytest.raises(ValueError, match="last two dimensions are expected to be equal. But received: 2 and 3"):
        L.inv(paddle.ones([2, 3]))
    with pytest.raises(ValueError, match="expected to be no less than 2"):
        paddle.inverse(paddle.ones([3]))
    with pytest.raises(ValueError, match="Input is not invertible"):
        L.inv(paddle.ones([2, 2]))
    with pytest.raises(RuntimeError, match="kernel `inverse` is not registered"):
        L.inv(T([[1, 2], [3, 4]]))
    with pytest.raises(ValueError, match="should be square matrix"):
        L.det(paddle.ones([2, 3]))
    with pytest.raises(ValueError, match="Input is not invertible"):
        L.solve(paddle.ones([2, 2]), paddle.ones([2]))
    with pytest.raises(ValueError, match="might not be positive definite"):
        L.cholesky(T([[1., 2.], [3., 4.]]))
    with pytest.raises(AssertionError, match="last two dimensions must be equal"):
        L.cholesky(paddle.ones([2, 3]))
    with pytest.raises(ValueError, match="Input is not invertible"):
        L.matrix_power(paddle.ones([2, 2]), -1)
    with pytest.raises(TypeError, match="must be int"):
        L.matrix_power(paddle.ones([2, 2]), 2.0)


def test_slogdet_det_layout():
    a, b = [[2., 1.], [1., 3.]], [[1., 2.], [3., 4.]]
    out = L.slogdet(T([a, b]))
    assert out.shape == [2, 2]
    np.testing.assert_allclose(_np(out), [[1., -1.], [np.log(5.), np.log(2.)]], rtol=1e-6)
    np.testing.assert_allclose(_np(L.slogdet(paddle.zeros([2, 2]))), [0., -np.inf])
    np.testing.assert_allclose(_np(L.det(T([a, b]))), [5., -2.], rtol=1e-6)
    assert T(b).slogdet().shape == [2]


def test_solve_variants():
    a = T([[3., 1.], [1., 2.]])
    np.testing.assert_allclose(_np(L.solve(a, T([9., 8.]))), [2., 3.], rtol=1e-6)
    np.testing.assert_allclose(_np(L.solve(a, T([[9., 8.]]), left=False)), np.array([[9., 8.]]) @ np.linalg.inv(_np(a)),
                               rtol=1e-6)
    assert L.solve(T([_np(a), _np(a)]), T([[1.], [2.]])).shape == [2, 2, 1]
    np.testing.assert_allclose(_np(L.triangular_solve(T([[1., 1., 1.], [0., 2., 1.], [0., 0., -1.]]),
                                                      T([[0.], [-9.], [5.]]))), [[7.], [-2.], [-5.]])
    u = T([[1., 1., 1.], [0., 2., 1.], [0., 0., -1.]])
    np.testing.assert_allclose(_np(L.cholesky_solve(T([[0.], [-9.], [5.]]), u, upper=True)), [[-2.5], [-7.], [9.5]],
                               rtol=1e-6)


@pytest.mark.filterwarnings("ignore::RuntimeWarning")
def test_triangular_solve_singular_gives_inf_like_paddle():
    a = T([[2., 0., 0.], [1., 0., 0.], [1., 2., 3.]])
    out = _np(L.triangular_solve(a, paddle.ones([3, 2]), upper=False))
    np.testing.assert_allclose(out[0], [0.5, 0.5])
    assert np.isinf(out[1]).all() and np.isinf(out[2]).all()


def test_decomposition_outputs():
    x = T([[1., 2.], [3., 4.], [5., 6.]])
    q, r = L.qr(x)
    assert q.shape == [3, 2] and r.shape == [2, 2]
    q, r = L.qr(x, mode="complete")
    assert q.shape == [3, 3] and r.shape == [3, 2]
    assert L.qr(x, mode="r").shape == [2, 2]
    with pytest.raises(ValueError, match="unrecognized mode 'x'"):
        L.qr(x, mode="x")
    u, s, vh = L.svd(x)
    assert (u.shape, s.shape, vh.shape) == ([3, 2], [2], [2, 2])
    assert L.svd(x, full_matrices=True)[0].shape == [3, 3]
    w, v = L.eigh(T([[2., 1.], [1., 3.]]))
    np.testing.assert_allclose(_np(w), [1.381966, 3.618034], rtol=1e-5)
    with pytest.raises(ValueError, match="UPLO must be L or U"):
        L.eigh(T([[2., 1.], [1., 3.]]), UPLO="X")
    w, v = L.eig(T([[1., 2.], [3., 4.]]))
    assert w.dtype == paddle.complex64 and v.dtype == paddle.complex64
    assert L.eigvals(T([[1., 2.], [3., 4.]], dtype="float64")).dtype == paddle.complex128
    np.testing.assert_allclose(_np(L.pinv(x)), np.linalg.pinv(_np(x)), rtol=1e-5, atol=1e-6)
    assert L.matrix_rank(T([[1., 2.], [2., 4.]])).dtype == paddle.int64
    assert L.matrix_rank(paddle.ones([2, 3, 3])).tolist() == [1, 1]
    assert L.matrix_rank(T([[1., 2.], [2., 4.001]]), tol=0.01).item() == 1
    with pytest.raises(ValueError, match="use tol alone"):
        L.matrix_rank(paddle.ones([2, 2]), tol=0.1, atol=0.1)
    np.testing.assert_allclose(_np(L.matrix_power(T([[1., 2.], [3., 4.]]), -2)), [[5.5, -2.5], [-3.75, 1.75]],
                               rtol=1e-5)


def test_lstsq_drivers():
    x, y = T([[1., 2.], [3., 4.], [5., 7.]]), T([[1.], [2.], [4.]])
    sol, res, rank, sv = L.lstsq(x, y)
    np.testing.assert_allclose(_np(sol), [[0.0714286], [0.5]], rtol=1e-4, atol=1e-5)
    assert res.shape == [0] and rank.dtype == paddle.int32 and rank.item() == 2 and sv.shape == [0]
    sol, res, rank, sv = L.lstsq(x, y, driver="gelsd")
    assert res.shape == [1] and sv.shape == [2]
    np.testing.assert_allclose(_np(res), [0.0714286], rtol=1e-3)
    sol, res, rank, sv = L.lstsq(x, y, driver="gels")
    assert rank.shape == [0] and rank.dtype == paddle.int64 and res.shape == [1]
    with pytest.raises(ValueError, match="Only support valid driver"):
        L.lstsq(x, y, driver="xx")
    with pytest.raises(ValueError, match="should be \\(\\*, M, K\\)"):
        L.lstsq(x, T([1., 2., 3.]))


def test_lu_roundtrip():
    a = T([[1., 2.], [3., 4.]])
    lu, piv, info = L.lu(a, get_infos=True)
    assert piv.dtype == paddle.int32 and piv.tolist() == [2, 2] and info.item() == 0
    np.testing.assert_allclose(_np(lu), [[3., 4.], [1 / 3, 2 / 3]], rtol=1e-6)
    p, lo, up = L.lu_unpack(lu, piv)
    np.testing.assert_allclose(_np(p) @ _np(lo) @ _np(up), _np(a), rtol=1e-6)
    x = T(np.random.default_rng(0).uniform(-1, 1, (2, 4, 3)).astype("float32"))
    lu, piv = L.lu(x)
    p, lo, up = L.lu_unpack(lu, piv)
    np.testing.assert_allclose(_np(p) @ _np(lo) @ _np(up), _np(x), rtol=1e-5, atol=1e-6)


def test_multi_dot():
    out = L.multi_dot([paddle.ones([3]), paddle.ones([3, 4]), paddle.ones([4])])
    assert out.shape == [] and out.item() == 12.0
    with pytest.raises(ValueError, match="does not meet the multiplication requirements"):
        L.multi_dot([paddle.ones([4, 3]), paddle.ones([4, 3])])
    with pytest.raises(ValueError, match="should > 1"):
        L.multi_dot([paddle.ones([4, 3])])
    with pytest.raises(ValueError, match="must be list of Tensors"):
        L.multi_dot(paddle.ones([4, 3]))


def test_gradients_match_paddle():
    spd = T([[4., 2., 1.], [2., 5., 3.], [1., 3., 6.]], stop_gradient=False)
    L.cholesky(spd).sum().backward()
    np.testing.assert_allclose(_np(spd.grad), [[0.1494, 0.1311, 0.1403], [0.1311, 0.1892, 0.0973],
                                               [0.1403, 0.0973, 0.2443]], atol=1e-4)
    spd.clear_grad()
    w, _ = L.eigh(spd)
    (w * T([1., 2., 3.])).sum().backward()
    np.testing.assert_allclose(_np(spd.grad), [[1.8685, 0.6163, 0.0305], [0.6163, 1.8486, 0.7478],
                                               [0.0305, 0.7478, 2.2829]], atol=1e-4)
    spd.clear_grad()
    (L.slogdet(spd) * T([5., 2.])).sum().backward()
    np.testing.assert_allclose(_np(spd.grad), 2 * np.linalg.inv(_np(spd)).T, rtol=1e-5)


def test_qr_mode_r_gradient():
    x = T([[1., 2.], [3., 4.], [5., 7.]], stop_gradient=False)
    r = L.qr(x, mode="r")
    r.sum().backward()
    x2 = T([[1., 2.], [3., 4.], [5., 7.]], stop_gradient=False)
    L.qr(x2)[1].sum().backward()
    np.testing.assert_allclose(_np(x.grad), _np(x2.grad))


def test_namespace_and_methods():
    assert paddle.linalg.norm is paddle.norm and paddle.linalg.cholesky is paddle.cholesky
    assert paddle.linalg.inv is paddle.inverse
    assert not hasattr(paddle, "det") and not hasattr(paddle, "multi_dot")
    x = T([[4., 2.], [2., 5.]])
    for name in ("inverse", "cholesky", "qr", "pinv", "eigvalsh", "trace", "diagonal", "norm", "slogdet"):
        assert hasattr(x, name), name
    np.testing.assert_allclose(_np(x.matrix_power(2)), _np(x) @ _np(x))


def test_static_program_op_types():
    paddle.enable_static()
    try:
        main, startup = paddle.static.Program(), paddle.static.Program()
        with paddle.static.program_guard(main, startup):
            x = paddle.static.data("x", [3, 3], "float32")
            y = paddle.static.data("y", [-1, 3], "float32")
            f = paddle.einsum("bi,ij->bj", y, x)
            outs = [paddle.norm(x), paddle.linalg.inv(x), paddle.trace(x), paddle.linalg.slogdet(x),
                    paddle.linalg.cholesky(x), paddle.dot(x, x), paddle.kron(x, x), paddle.cross(x, x), f]
        types = [op.type for op in main.global_block().ops]
        for t in ("einsum", "p_norm", "inverse", "trace", "slogdeterminant", "cholesky", "dot", "kron", "cross"):
            assert t in types, t
        assert f.shape[0] == -1 and f.shape[1] == 3
        exe = paddle.static.Executor(paddle.CPUPlace())
        got = exe.run(main, feed={"x": 2 * np.eye(3, dtype="float32"), "y": np.ones((2, 3), "float32")},
                      fetch_list=outs)
    finally:
        paddle.disable_static()
    assert got[0].shape == () and abs(float(got[0]) - np.sqrt(12)) < 1e-5
    np.testing.assert_allclose(got[-1], 2 * np.ones((2, 3)))


def _docstring_functions():
    import importlib
    mods = ["purepaddle.tensor.linalg.product", "purepaddle.tensor.linalg.norms", "purepaddle.tensor.linalg.decomposition",
            "purepaddle.tensor.einsum"]
    seen = {}
    for m in mods:
        mod = importlib.import_module(m)
        for name, f in vars(mod).items():
            if callable(f) and getattr(f, "__module__", None) == m and not name.startswith("_") and f.__doc__:
                seen[f"{m.split('.')[-1]}.{name}"] = f
    return seen


@pytest.mark.parametrize("name", sorted(_docstring_functions()))
def test_docstring_examples(name, monkeypatch):
    import doctest
    import sys
    f = _docstring_functions()[name]
    assert "Examples:" in f.__doc__, f"{name} has no Examples block"
    monkeypatch.setitem(sys.modules, "paddle", paddle)
    test = doctest.DocTestParser().get_doctest(f.__doc__, {}, name, name, 0)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE)
    out = []
    runner.run(test, out=out.append)
    assert runner.failures == 0, "".join(out)


def test_inner_over_an_empty_last_axis():
    # Paddle 3.3.1: sums over nothing are 0, x_grad is empty
    x = paddle.zeros([2, 0])
    x.stop_gradient = False
    y = paddle.inner(x, paddle.zeros([3, 0]))
    y.sum().backward()
    np.testing.assert_array_equal(y.numpy(), np.zeros((2, 3), "float32"))
    assert x.grad.shape == [2, 0]
    assert paddle.inner(paddle.zeros([0, 3]), paddle.zeros([2, 3])).shape == [0, 2]
    assert paddle.inner(paddle.zeros([0]), paddle.zeros([0])).item() == 0.0


@pytest.mark.parametrize("p", [float("inf"), -float("inf"), 2, 1, 0])
def test_vector_norm_of_an_empty_tensor(p):
    # Paddle 3.3.1: 0 over nothing, for every p (max/min have no identity), with an empty x_grad
    x = paddle.zeros([0])
    x.stop_gradient = False
    y = paddle.linalg.vector_norm(x, p=p)
    y.backward()
    assert y.item() == 0.0 and x.grad.shape == [0]
    np.testing.assert_array_equal(paddle.linalg.vector_norm(paddle.zeros([2, 0]), p=p, axis=1).numpy(), [0.0, 0.0])


@pytest.mark.parametrize("shape", [[0, 0], [0, 3], [3, 0]])
@pytest.mark.parametrize("p", [None, 2, -2])
def test_cond_of_an_empty_matrix(shape, p):
    # Paddle 3.3.1: 0 (no singular values), not 0 / 0
    assert paddle.linalg.cond(paddle.zeros(shape), p=p).item() == 0.0
    np.testing.assert_array_equal(paddle.linalg.cond(paddle.zeros([2] + shape), p=p).numpy(), [0.0, 0.0])


@pytest.mark.parametrize("p", ["fro", "nuc", 1, -1, float("inf")])
def test_cond_of_an_empty_square_matrix_by_norms(p):
    assert paddle.linalg.cond(paddle.zeros([0, 0]), p=p).item() == 0.0


@pytest.mark.parametrize("shape,expected", [([0, 0], [0, 0]), ([0, 3], [3, 0]), ([2, 0, 0], [2, 0, 0])])
def test_pinv_of_an_empty_matrix(shape, expected):
    assert paddle.linalg.pinv(paddle.zeros(shape)).shape == expected


@pytest.mark.parametrize("shape,piv,info,unpacked", [
    ([0, 0], [0], [], [[0, 0], [0, 0], [0, 0]]), ([0, 3], [0], [], [[0, 0], [0, 0], [0, 3]]),
    ([3, 0], [0], [], [[3, 3], [3, 0], [0, 0]]), ([2, 0, 0], [2, 0], [2], [[2, 0, 0]] * 3)])
def test_lu_of_an_empty_matrix(shape, piv, info, unpacked):
    # Paddle 3.3.1: empty LU and int32 pivots, zero infos; lu_unpack gives P, L, U of these shapes
    lu, p, infos = paddle.linalg.lu(paddle.zeros(shape), get_infos=True)
    assert lu.shape == shape and p.shape == piv and p.dtype == paddle.int32
    assert infos.shape == info and not infos.numpy().any()
    assert [t.shape for t in paddle.linalg.lu_unpack(lu, p)] == unpacked


def test_matmul_mixed_dtypes_follow_paddle():
    # Paddle 3.3.1: the function reads an integer y as x's float dtype; the @ operator casts y to x's dtype
    a = paddle.to_tensor([[1.5, 2.25], [3.0, 4.0]], dtype="float32")
    b = paddle.to_tensor([[1, 2], [3, 4]], dtype="int32")
    for r in (paddle.matmul(a, b), paddle.matmul(a, paddle.cast(b, "int64")), a.matmul(b), a @ b):
        assert r.dtype == paddle.float32
        assert r.numpy().tolist() == [[8.25, 12.0], [15.0, 22.0]]
    r = a @ paddle.cast(a, "float64")
    assert r.dtype == paddle.float32 and r.numpy().tolist() == [[9.0, 12.375], [16.5, 22.75]]
    r = b @ a
    assert r.dtype == paddle.int32 and r.numpy().tolist() == [[7, 10], [15, 22]]
    r = paddle.cast(a, "float64") @ a
    assert r.dtype == paddle.float64 and r.numpy().tolist() == [[9.0, 12.375], [16.5, 22.75]]
    assert paddle.matmul(paddle.to_tensor([1.5, 2.0]), paddle.to_tensor([3, 4], dtype="int32")).item() == 12.5


def test_complex_matrix_norm_p1_inf_is_real():
    # Paddle's p_norm kernel takes |z|: values printed by real Paddle 3.3.1
    x = paddle.to_tensor(np.array([[1 + 2j, 3 - 1j], [0.5j, -2]], dtype="complex64"))
    for p, expected in ((1, 5.1622777), (-1, 2.736068), (float("inf"), 5.398346), (-float("inf"), 2.5)):
        r = paddle.linalg.matrix_norm(x, p=p)
        assert r.dtype == paddle.float32 and r.item() == pytest.approx(expected, rel=1e-6)
    assert paddle.linalg.cond(x, p=1).item() == pytest.approx(4.61270428, rel=1e-6)


def test_svd_of_non_finite_input_returns_as_paddle():
    # LAPACK may never return on an infinity: Paddle gives NaN singular values, and rejects NaN with a ValueError
    x = paddle.to_tensor(np.array([[[1.0, 2.0], [3.0, 4.0]], [[np.inf, 1.0], [2.0, 3.0]]]))
    s = paddle.linalg.svdvals(x).numpy()
    assert np.isfinite(s[0]).all() and np.isnan(s[1]).all()
    assert paddle.linalg.matrix_rank(x).numpy().tolist() == [2, 0]
    assert np.isnan(paddle.linalg.cond(x).numpy()[1])
    assert np.isnan(paddle.linalg.pinv(x).numpy()[1]).all()
    with pytest.raises(ValueError):
        paddle.linalg.svd(paddle.to_tensor(np.array([[np.nan, 1.0], [2.0, 3.0]])))


def test_complex_frobenius_norm_is_paddles_unconjugated_one():
    x = paddle.to_tensor(np.array([[1 + 2j, 3 - 1j], [0.5j, 2]], np.complex64))
    r = paddle.linalg.matrix_norm(x, p="fro")
    assert r.dtype == paddle.complex64
    np.testing.assert_allclose(r.numpy(), np.sqrt(np.sum(x.numpy() ** 2)), rtol=1e-6)
    assert paddle.linalg.matrix_norm(x, p=1).dtype == paddle.float32


def test_p_norm_takes_p_and_its_reciprocal_in_float32():
    # Paddle's porder is a float attr: the float64 3-norm of [1, -3, 2] is 36 ** float32(1/3), and the gradient
    # sign(x) |x|^(p-1) / (norm^(p-1) + 1e-12) reads that norm (real Paddle 3.3.1's numbers)
    x = paddle.to_tensor(np.array([1.0, -3.0, 2.0]), stop_gradient=False)
    n = paddle.linalg.vector_norm(x, p=3)
    n.backward()
    assert n.item() == 3.3019273664401423
    np.testing.assert_allclose(x.grad.numpy(), [0.0917201948278696, -0.8254817534508263, 0.3668807793114784],
                               rtol=1e-15)
    y = paddle.to_tensor(np.array([[1.0, -3.0, 2.0], [0.5, 0.0, 4.0]]))
    np.testing.assert_allclose(paddle.linalg.vector_norm(y, p=2.2, axis=1).numpy(),
                               [3.606065500989755, 4.018690512042165], rtol=1e-15)


@pytest.mark.parametrize("p", [1, -1, float("inf"), -float("inf")])
def test_matrix_norm_by_max_or_min_propagates_nan(p):
    # Paddle takes reduce max/min of the vector 1-norms: one NaN makes the norm and every gradient entry NaN
    x = paddle.to_tensor(np.array([[np.nan, 1.0], [2.0, -3.0]]), stop_gradient=False)
    n = paddle.linalg.matrix_norm(x, p=p)
    n.backward()
    assert np.isnan(n.item()) and np.isnan(x.grad.numpy()).all()
    assert paddle.linalg.matrix_norm(paddle.to_tensor([[1.0, -4.0], [2.0, 3.0]]), p=p).item() == \
        {1: 7.0, -1: 3.0, float("inf"): 5.0, -float("inf"): 5.0}[p]
