"""OpSpec table: matrix products, trace/diagonal, norms, inverses, solves and decompositions; and
matrix_transpose, cdist, matrix_exp, lu_solve, householder_product, ormqr, histograms."""
import subprocess
import sys

import numpy as np
import pytest

import purepaddle as paddle
from tests.checkout import child_env
from tests.opspec import OpSpec, parametrize, positive, rand

INF = float("inf")
L = paddle.linalg


def wellcond(*shape):
    """Random matrices plus n*I: comfortably invertible."""
    def make(rng):
        a = rng.uniform(-1, 1, size=shape)
        return a + shape[-1] * np.eye(shape[-1])
    return make


def lower_factor(n):
    """A lower-triangular matrix with a diagonal well away from zero (a Cholesky factor)."""
    return lambda rng: np.tril(rng.uniform(-1, 1, size=(n, n))) + 2 * np.eye(n)


def spd(a):
    """a a^T + n I through framework ops (so gradients see a symmetric input)."""
    return paddle.matmul(a, a, transpose_y=True) + a.shape[-1] * paddle.eye(a.shape[-1], dtype=a.dtype)


def spd_np(a):
    return a @ np.swapaxes(a, -1, -2) + a.shape[-1] * np.eye(a.shape[-1])


def gram(a):
    return paddle.matmul(a, a, transpose_y=True)


def _lstsq_ref(x, y):
    sol, res, rank, sv = np.linalg.lstsq(x, y, rcond=None)
    return sol, res, np.asarray(rank, dtype=np.int32), sv


PRODUCTS = [
    OpSpec("mm", paddle.mm, np.matmul, [rand(3, 4), rand(4, 5)], double=True),
    OpSpec("bmm", paddle.bmm, np.matmul, [rand(2, 3, 4), rand(2, 4, 5)], double=True),
    OpSpec("dot", paddle.dot, np.dot, [rand(4), rand(4)], double=True),
    OpSpec("dot_2d", paddle.dot, lambda x, y: (x * y).sum(-1), [rand(3, 4), rand(3, 4)], double=True),
    OpSpec("mv", paddle.mv, np.matmul, [rand(3, 4), rand(4)]),
    OpSpec("outer", paddle.outer, np.outer, [rand(3), rand(4)]),
    OpSpec("outer_2d", paddle.outer, np.outer, [rand(2, 2), rand(3)]),
    OpSpec("inner", paddle.inner, np.inner, [rand(2, 3), rand(4, 3)]),
    OpSpec("cross", paddle.cross, lambda x, y: np.cross(x, y, axis=1), [rand(4, 3), rand(4, 3)], double=True),
    OpSpec("cross_axis0", lambda x, y: paddle.cross(x, y, axis=0), lambda x, y: np.cross(x, y, axis=0),
           [rand(3, 4), rand(3, 4)]),
    OpSpec("kron", paddle.kron, np.kron, [rand(2, 3), rand(3, 2)], double=True),
    OpSpec("kron_ndim", paddle.kron, np.kron, [rand(2, 1, 3), rand(4, 2)]),
    OpSpec("trace", lambda x: paddle.trace(x, offset=1), lambda x: np.trace(x, 1), [rand(3, 4)], double=True),
    OpSpec("trace_3d", lambda x: paddle.trace(x, -1, 1, 2), lambda x: np.trace(x, -1, 1, 2), [rand(2, 3, 4)]),
    OpSpec("diagonal", lambda x: paddle.diagonal(x, 1, 2, 0), lambda x: np.diagonal(x, 1, 2, 0), [rand(2, 3, 4)],
           double=True),
    OpSpec("diagonal_neg", lambda x: paddle.diagonal(x, -1), lambda x: np.diagonal(x, -1), [rand(4, 3)]),
    OpSpec("multi_dot", lambda a, b, c, d: L.multi_dot([a, b, c, d]),
           lambda a, b, c, d: np.linalg.multi_dot([a, b, c, d]),
           [rand(3), rand(3, 4), rand(4, 2), rand(2)]),
    OpSpec("multi_dot_mats", lambda a, b, c: L.multi_dot([a, b, c]), lambda a, b, c: a @ b @ c,
           [rand(2, 5), rand(5, 3), rand(3, 4)]),
]

NORMS = [
    OpSpec("norm_fro", paddle.norm, np.linalg.norm, [rand(3, 4)], double=True),
    OpSpec("norm_p1_axis", lambda x: paddle.norm(x, p=1, axis=1), lambda x: np.linalg.norm(x, 1, axis=1),
           [rand(3, 4)]),
    OpSpec("norm_p3", lambda x: paddle.norm(x, p=3), lambda x: (np.abs(x) ** 3).sum() ** (1 / 3), [rand(3, 4)]),
    OpSpec("norm_inf_axis", lambda x: paddle.norm(x, p=INF, axis=0, keepdim=True),
           lambda x: np.abs(x).max(0, keepdims=True), [rand(3, 4)]),
    OpSpec("norm_ninf", lambda x: paddle.norm(x, p=-INF), lambda x: np.abs(x).min(), [rand(3, 4)]),
    OpSpec("norm_nuc", lambda x: paddle.norm(x, p="nuc"), lambda x: np.linalg.norm(x, "nuc"), [rand(3, 4)],
           atol=1e-4),
    OpSpec("norm_2_matrix", lambda x: paddle.norm(x, p=2, axis=[1, 2]), lambda x: np.linalg.norm(x, 2, axis=(1, 2)),
           [rand(2, 3, 4)], atol=1e-4),
    OpSpec("norm_2_axes_back", lambda x: paddle.norm(x, p=2, axis=[0, 1], keepdim=True),
           lambda x: np.linalg.norm(x, 2, axis=(0, 1))[None, None], [rand(2, 3, 4)], atol=1e-4),
    OpSpec("vector_norm_axes", lambda x: L.vector_norm(x, axis=[0, 2]),
           lambda x: np.sqrt((x * x).sum((0, 2))), [rand(2, 3, 4)]),
    OpSpec("vector_norm_axes_p3", lambda x: L.vector_norm(x, p=3, axis=(0, 2), keepdim=True),
           lambda x: ((np.abs(x) ** 3).sum((0, 2), keepdims=True)) ** (1 / 3), [rand(2, 3, 4)]),
    OpSpec("vector_norm_p0", lambda x: L.vector_norm(x, p=0, axis=1), lambda x: (x != 0).sum(1).astype(x.dtype),
           [rand(2, 3)]),
    OpSpec("matrix_norm_fro", lambda x: L.matrix_norm(x, axis=[0, 2]), lambda x: np.sqrt((x * x).sum((0, 2))),
           [rand(2, 3, 4)]),
    OpSpec("matrix_norm_1", lambda x: L.matrix_norm(x, p=1), lambda x: np.linalg.norm(x, 1), [rand(3, 4)]),
    OpSpec("matrix_norm_ninf", lambda x: L.matrix_norm(x, p=-INF, keepdim=True),
           lambda x: np.linalg.norm(x, -np.inf, axis=(-2, -1), keepdims=True), [rand(2, 3, 4)]),
    OpSpec("matrix_norm_m2", lambda x: L.matrix_norm(x, p=-2), lambda x: np.linalg.norm(x, -2, axis=(-2, -1)),
           [rand(2, 3, 3)], atol=1e-4),
    OpSpec("dist", paddle.dist, lambda x, y: np.linalg.norm((x - y).ravel()), [rand(3, 4), rand(4)]),
    OpSpec("dist_p1", lambda x, y: paddle.dist(x, y, 1), lambda x, y: np.abs(x - y).sum(), [rand(3, 4), rand(3, 4)]),
    OpSpec("dist_inf", lambda x, y: paddle.dist(x, y, INF), lambda x, y: np.abs(x - y).max(), [rand(3, 4), rand(3, 1)]),
    OpSpec("dist_p3", lambda x, y: paddle.dist(x, y, 3), lambda x, y: (np.abs(x - y) ** 3).sum() ** (1 / 3),
           [rand(2, 3), rand(2, 3)]),
    OpSpec("vecdot", L.vecdot, lambda x, y: (x * y).sum(-1), [rand(3, 4), rand(4)]),
    OpSpec("vecdot_axis0", lambda x, y: paddle.vecdot(x, y, axis=0), lambda x, y: (x * y).sum(0),
           [rand(3, 4), rand(3, 4)]),
    OpSpec("cond", L.cond, np.linalg.cond, [wellcond(2, 3, 3)], atol=1e-4),
    OpSpec("cond_m2", lambda x: L.cond(x, -2), lambda x: np.linalg.cond(x, -2), [rand(3, 4)], atol=1e-4),
    OpSpec("cond_fro", lambda x: L.cond(x, "fro"), lambda x: np.linalg.cond(x, "fro"), [wellcond(3, 3)], atol=1e-4),
    OpSpec("cond_inf", lambda x: L.cond(x, INF), lambda x: np.linalg.cond(x, np.inf), [wellcond(3, 3)], atol=1e-4),
    OpSpec("cov", L.cov, np.cov, [rand(3, 5)]),
    OpSpec("cov_cols_noddof", lambda x: L.cov(x, rowvar=False, ddof=False), lambda x: np.cov(x, rowvar=False, ddof=0),
           [rand(5, 3)]),
    OpSpec("cov_weights", lambda x, f, a: L.cov(x, fweights=f, aweights=a),
           lambda x, f, a: np.cov(x, fweights=f, aweights=a),
           [rand(3, 5), lambda rng: rng.integers(1, 4, 5).astype("int64"), positive(5)], grad=[0]),
    OpSpec("corrcoef", L.corrcoef, np.corrcoef, [rand(3, 5)]),
]

DECOMPS = [
    OpSpec("inv", L.inv, np.linalg.inv, [wellcond(3, 3)], double=True),
    OpSpec("inverse_batch", paddle.inverse, np.linalg.inv, [wellcond(2, 3, 3)]),
    OpSpec("det", L.det, np.linalg.det, [wellcond(2, 3, 3)], double=True, atol=1e-4),
    OpSpec("slogdet", L.slogdet, lambda x: np.stack(np.linalg.slogdet(x)), [wellcond(2, 3, 3)]),
    OpSpec("solve", L.solve, np.linalg.solve, [wellcond(3, 3), rand(3, 2)], double=True),
    OpSpec("solve_vec", L.solve, np.linalg.solve, [wellcond(3, 3), rand(3)]),
    OpSpec("solve_bcast", L.solve, np.linalg.solve, [wellcond(2, 3, 3), rand(3, 2)]),
    OpSpec("solve_right", lambda x, y: L.solve(x, y, left=False), lambda x, y: y @ np.linalg.inv(x),
           [wellcond(3, 3), rand(2, 3)]),
    OpSpec("triangular_solve", L.triangular_solve, lambda x, y: np.linalg.solve(np.triu(x), y),
           [wellcond(3, 3), rand(3, 2)]),
    OpSpec("triangular_solve_lower_t_unit",
           lambda x, y: L.triangular_solve(x, y, upper=False, transpose=True, unitriangular=True),
           lambda x, y: np.linalg.solve((np.tril(x, -1) + np.eye(3)).T, y), [rand(3, 3), rand(2, 3, 2)]),
    OpSpec("cholesky", lambda a: L.cholesky(spd(a)), lambda a: np.linalg.cholesky(spd_np(a)), [rand(3, 3)],
           double=True),
    OpSpec("cholesky_upper", lambda a: L.cholesky(spd(a), upper=True),
           lambda a: np.swapaxes(np.linalg.cholesky(spd_np(a)), -1, -2), [rand(2, 3, 3)]),
    OpSpec("cholesky_solve", L.cholesky_solve, lambda b, f: np.linalg.solve(f @ f.T, b),
           [rand(3, 2), lower_factor(3)]),
    OpSpec("cholesky_solve_upper", lambda b, f: L.cholesky_solve(b, f, upper=True),
           lambda b, f: np.linalg.solve(f.T @ f, b),
           [rand(3, 2), lambda rng: np.ascontiguousarray(lower_factor(3)(rng).T)]),
    OpSpec("cholesky_inverse", L.cholesky_inverse, lambda f: np.linalg.inv(f @ f.T), [lower_factor(3)]),
    OpSpec("cholesky_inverse_upper", lambda f: L.cholesky_inverse(f, upper=True), lambda f: np.linalg.inv(f.T @ f),
           [wellcond(3, 3)]),
    OpSpec("qr", L.qr, np.linalg.qr, [rand(4, 3)]),
    OpSpec("qr_square_batch", L.qr, np.linalg.qr, [rand(2, 3, 3)]),
    OpSpec("qr_r", lambda x: L.qr(x, mode="r"), lambda x: np.linalg.qr(x, mode="r"), [rand(4, 3)]),
    OpSpec("qr_complete", lambda x: L.qr(x, mode="complete"), lambda x: np.linalg.qr(x, mode="complete"),
           [rand(4, 3)], grad=()),
    OpSpec("qr_wide", L.qr, np.linalg.qr, [rand(3, 4)]),
    OpSpec("qr_wide_complete_batch", lambda x: L.qr(x, mode="complete"),
           lambda x: np.linalg.qr(x, mode="complete"), [rand(2, 3, 5)]),
    OpSpec("svd", L.svd, lambda x: np.linalg.svd(x, full_matrices=False), [rand(4, 3)], atol=1e-4),
    OpSpec("svd_wide", L.svd, lambda x: np.linalg.svd(x, full_matrices=False), [rand(3, 4)], atol=1e-4),
    OpSpec("svd_full", lambda x: L.svd(x, full_matrices=True), lambda x: np.linalg.svd(x), [rand(3, 3)], atol=1e-4),
    OpSpec("svdvals", L.svdvals, lambda x: np.linalg.svd(x, compute_uv=False), [rand(2, 4, 3)], atol=1e-4),
    OpSpec("eigh", lambda a: L.eigh(gram(a)), lambda a: np.linalg.eigh(a @ a.T), [rand(3, 3)], atol=1e-4),
    OpSpec("eigh_upper", lambda a: L.eigh(gram(a), UPLO="U"), lambda a: np.linalg.eigh(a @ a.T, UPLO="U"),
           [rand(3, 3)], atol=1e-4),
    OpSpec("eigvalsh", lambda a: L.eigvalsh(gram(a)), lambda a: np.linalg.eigvalsh(a @ np.swapaxes(a, -1, -2)),
           [rand(2, 3, 3)],
           atol=1e-4),
    OpSpec("eig", L.eig, lambda x: tuple(np.asarray(v, dtype=np.complex64) for v in np.linalg.eig(x)),
           [rand(3, 3)], grad=(), atol=1e-4),
    OpSpec("eigvals", L.eigvals, lambda x: np.linalg.eigvals(x).astype(np.complex64), [rand(3, 3)], grad=(),
           atol=1e-4),
    OpSpec("pinv", L.pinv, np.linalg.pinv, [rand(4, 3)], atol=1e-4),
    OpSpec("pinv_hermitian", lambda a: L.pinv(spd(a), hermitian=True), lambda a: np.linalg.pinv(spd_np(a)),
           [rand(3, 3)], atol=1e-4),
    OpSpec("matrix_power", lambda x: L.matrix_power(x, 3), lambda x: np.linalg.matrix_power(x, 3), [rand(3, 3)],
           double=True),
    OpSpec("matrix_power_neg", lambda x: L.matrix_power(x, -2), lambda x: np.linalg.matrix_power(x, -2),
           [wellcond(2, 3, 3)]),
    OpSpec("matrix_power_zero", lambda x: L.matrix_power(x, 0), lambda x: np.linalg.matrix_power(x, 0), [rand(3, 3)]),
    OpSpec("matrix_rank", L.matrix_rank, np.linalg.matrix_rank, [lambda rng: np.ones((2, 3, 3)) + np.eye(3)[0]],
           grad=()),
    OpSpec("matrix_rank_tol", lambda x: L.matrix_rank(x, tol=0.5), lambda x: np.linalg.matrix_rank(x, tol=0.5),
           [rand(3, 4)], grad=()),
    OpSpec("lstsq", lambda x, y: L.lstsq(x, y, driver="gelsd"), _lstsq_ref, [rand(5, 3), rand(5, 2)], grad=(),
           atol=1e-4),
]

SPECS = PRODUCTS + NORMS + DECOMPS




# -- matrix_transpose, cdist, matrix_exp, lu_solve, householder_product, ormqr, histograms -------------------
def _cdist_ref(p):
    def ref(x, y):
        d = np.abs(x[..., :, None, :] - y[..., None, :, :])
        if p == 0:
            return (d != 0).sum(-1).astype(x.dtype)
        if p == np.inf:
            return d.max(-1)
        return (d ** p).sum(-1) ** (1.0 / p)
    return ref


def _expm_ref(a):
    """Taylor series of exp after scaling by 2**-8, then squaring back (float64)."""
    a = a.astype(np.float64) / 256.0
    out = np.broadcast_to(np.eye(a.shape[-1]), a.shape).copy()
    term = out.copy()
    for k in range(1, 25):
        term = term @ a / k
        out = out + term
    for _ in range(8):
        out = out @ out
    return out


def _householder_ref(x, tau, q):
    m = x.shape[-2]
    for i in reversed(range(tau.shape[-1])):
        v = np.concatenate([np.zeros(i), [1.0], x[i + 1:, i]])[:m]
        q = q - tau[i] * np.outer(v, v.conj() @ q)
    return q


def _hh_ref(x, tau):
    return _householder_ref(x, tau, np.eye(x.shape[-2], x.shape[-1]))


def _ormqr_ref(left, transpose):
    def ref(x, tau, y):  # Paddle's: the thin Q of householder_product, transposed without conjugation
        q = _hh_ref(x, tau)
        if transpose:
            q = q.T
        return q @ y if left else y @ q
    return ref


def _lu_of(a):
    lu, piv = L.lu(paddle.to_tensor(a))
    return lu.numpy(), piv.numpy()


def _perm_matrix(piv, m):
    perm = np.arange(m)
    for j, p in enumerate(piv - 1):
        perm[[j, p]] = perm[[p, j]]
    pm = np.zeros((m, m))
    pm[perm, np.arange(m)] = 1
    return pm


def _lu_solve_ref(trans):
    def ref(b, lu, piv):
        m = lu.shape[-1]
        a = _perm_matrix(piv, m) @ (np.tril(lu, -1) + np.eye(m)) @ np.triu(lu)
        return np.linalg.solve(a.T if trans != "N" else a, b)
    return ref


_A = np.random.default_rng(7).uniform(-1, 1, (4, 4)) + 2 * np.eye(4)[[2, 0, 3, 1]]  # pivoting matters
_LU, _PIV = _lu_of(_A)


def _pivoted(*shape):
    """A matrix whose partial pivoting is decided by a large entry per column away from the diagonal."""
    def make(rng):
        *batch, m, n = shape
        big = np.zeros((m, n))
        rows = rng.permutation(m)[:min(m, n)]
        big[rows, np.arange(min(m, n))] = 4.0
        return rng.uniform(-1, 1, size=shape) + big
    return make


def _stable(*shape, scale=1.0):
    return lambda rng: rng.uniform(-1, 1, size=shape) * scale


MATRIX_FUNCTIONS = [
    OpSpec("matrix_transpose", paddle.matrix_transpose, lambda x: np.swapaxes(x, -1, -2), [rand(2, 3, 4)]),
    OpSpec("cdist_p2", paddle.cdist, _cdist_ref(2), [rand(4, 3), rand(5, 3)], double=True),
    OpSpec("cdist_p1", lambda x, y: paddle.cdist(x, y, p=1.0), _cdist_ref(1), [rand(3, 2), rand(4, 2)]),
    OpSpec("cdist_p3_batch", lambda x, y: paddle.cdist(x, y, p=3.0), _cdist_ref(3), [rand(2, 3, 2), rand(4, 2)]),
    OpSpec("cdist_p_half", lambda x, y: paddle.cdist(x, y, p=0.5), _cdist_ref(0.5), [rand(3, 2), rand(2, 2)],
           grad_atol=1e-3),
    OpSpec("cdist_pinf", lambda x, y: paddle.cdist(x, y, p=float("inf")), _cdist_ref(np.inf),
           [rand(3, 4), rand(2, 4)]),
    OpSpec("cdist_p0", lambda x, y: paddle.cdist(x, y, p=0.0), _cdist_ref(0), [rand(3, 2), rand(2, 2)]),
    OpSpec("cdist_mm", lambda x, y: paddle.cdist(x, y, compute_mode="use_mm_for_euclid_dist"), _cdist_ref(2),
           [rand(3, 2), rand(4, 2)], atol=1e-4),
    OpSpec("matrix_exp", L.matrix_exp, _expm_ref, [_stable(3, 3)], double=True),
    OpSpec("matrix_exp_big", L.matrix_exp, _expm_ref, [_stable(2, 3, 3, scale=4.0)], rtol=1e-4, atol=1e-4,
           grad_atol=1e-3),
    OpSpec("householder_product", L.householder_product, _hh_ref, [rand(5, 3), rand(3)]),
    OpSpec("householder_product_k2", L.householder_product, _hh_ref, [rand(4, 3), rand(2)]),
    OpSpec("householder_product_batch", L.householder_product,
           lambda x, t: np.stack([_hh_ref(a, b) for a, b in zip(x, t)]), [rand(2, 3, 2), rand(2, 2)]),
    OpSpec("ormqr", L.ormqr, _ormqr_ref(True, False), [rand(3, 3), rand(3), rand(3, 2)]),
    OpSpec("ormqr_right_t", lambda x, t, y: L.ormqr(x, t, y, left=False, transpose=True),
           _ormqr_ref(False, True), [rand(3, 3), rand(3), rand(2, 3)]),
    # lu / lu_unpack backward (Paddle's lu_grad, lu_unpack_grad): square, wide, tall and batched, with pivoting
    # that small changes keep (the forward is checked through A = P L U in test_lu_backward_matches_paddle)
    *[OpSpec(f"lu_grad_{'x'.join(map(str, shape))}", lambda x: L.lu(x)[0], None, [_pivoted(*shape)], double=True)
      for shape in ((4, 4), (3, 5), (5, 3), (2, 4, 4))],
    *[OpSpec(f"lu_unpack_grad_{'x'.join(map(str, shape))}", lambda x: L.lu_unpack(*L.lu(x))[1:], None,
             [_pivoted(*shape)]) for shape in ((4, 4), (3, 5), (5, 3))],
    OpSpec("lu_solve", L.lu_solve, _lu_solve_ref("N"), [rand(4, 2), _LU, _PIV], grad=(0, 1)),
    OpSpec("lu_solve_t", lambda b, lu, p: L.lu_solve(b, lu, p, trans="T"), _lu_solve_ref("T"),
           [rand(4, 1), _LU, _PIV], grad=(0, 1)),
]

HIST = [
    OpSpec("histogram_bin_edges", lambda x: paddle.histogram_bin_edges(x, bins=4, min=0, max=3),
           lambda x: np.linspace(0, 3, 5), [rand(6)], grad=()),
    OpSpec("histogramdd", lambda x: paddle.histogramdd(x, bins=[2, 3])[0],
           lambda x: np.histogramdd(x, bins=[2, 3])[0], [rand(20, 2)], grad=()),
    OpSpec("histogramdd_weighted", lambda x, w: paddle.histogramdd(x, bins=3, ranges=[-1, 1, -1, 1],
                                                                   weights=w, density=True)[0],
           lambda x, w: np.histogramdd(x, bins=3, range=[(-1, 1), (-1, 1)], weights=w, density=True)[0],
           [rand(30, 2), rand(30, low=0.0)], grad=()),
]



# -- API behaviour ---------------------------------------------------------------------------
def test_histogram_bin_edges_ranges():
    x = paddle.to_tensor([1, 2, 1])
    e = paddle.histogram_bin_edges(x, bins=4)
    assert e.dtype == paddle.float32
    np.testing.assert_allclose(e.numpy(), [1, 1.25, 1.5, 1.75, 2])
    np.testing.assert_allclose(paddle.histogram_bin_edges(paddle.to_tensor([1., 1.]), bins=2).numpy(), [.5, 1, 1.5])
    np.testing.assert_allclose(paddle.histogram_bin_edges(x, bins=2, min=5, max=5).numpy(), [4.5, 5, 5.5])
    with pytest.raises(ValueError, match="max must be larger than min"):
        paddle.histogram_bin_edges(x, bins=2, min=3, max=1)


def test_histogramdd_edges_and_errors():
    x = paddle.to_tensor([[0., 1.], [1., 0.], [2., 0.], [2., 2.]])
    hist, edges = paddle.histogramdd(x, bins=[3, 3], weights=paddle.to_tensor([1., 2., 4., 8.]))
    np.testing.assert_allclose(hist.numpy(), [[0, 1, 0], [2, 0, 0], [4, 0, 8]])
    assert len(edges) == 2 and edges[0].shape == [4]
    hist, edges = paddle.histogramdd(paddle.to_tensor([[1., 1.]]), bins=2)  # one point: no widening
    np.testing.assert_allclose(hist.numpy(), [[0, 0], [0, 1]])
    hist, edges = paddle.histogramdd(paddle.to_tensor([[0, 1], [2, 3]]), bins=2)
    assert hist.dtype == paddle.int64 and edges[1].tolist() == [1, 2, 3]
    hist, _ = paddle.histogramdd(x, bins=[paddle.to_tensor([0., 1., 2.]), paddle.to_tensor([0., 0.5, 3.])])
    np.testing.assert_allclose(hist.numpy(), [[0, 1], [2, 1]])
    with pytest.raises(AssertionError, match="at least 2 dimensions"):
        paddle.histogramdd(paddle.to_tensor([0., 1.]))
    with pytest.raises(AssertionError, match="length of bins must be 2"):
        paddle.histogramdd(x, bins=[2, 2, 2])
    with pytest.raises(AssertionError, match="ranges list must be 4"):
        paddle.histogramdd(x, ranges=[0., 1.])
    with pytest.raises(AssertionError, match="dtype of weights"):
        paddle.histogramdd(x, weights=paddle.ones([4], dtype="float64"))


def test_cdist_checks_and_promotion():
    x, y = paddle.rand([3, 2]), paddle.rand([4, 2], dtype="float64")
    assert paddle.cdist(x, y).dtype == paddle.float64
    with pytest.raises(AssertionError, match="greater than or equal to 0"):
        paddle.cdist(x, x, p=-1)
    with pytest.raises(AssertionError, match="same last dimension"):
        paddle.cdist(x, paddle.rand([2, 3]))
    with pytest.raises(AssertionError, match="at least 2-dimensional"):
        paddle.cdist(x[0], x)
    with pytest.raises(ValueError, match="compute_mode"):
        paddle.cdist(x, x, compute_mode="fast")
    z = paddle.to_tensor([[1., 2.], [1., 2.]], stop_gradient=False)
    paddle.cdist(z, z).sum().backward()
    np.testing.assert_array_equal(z.grad.numpy(), np.zeros([2, 2]))  # no NaN at zero distance


def test_matrix_exp_examples_and_errors():
    m = paddle.to_tensor([[0, np.pi / 3], [-np.pi / 3, 0]], dtype="float32")
    np.testing.assert_allclose(L.matrix_exp(m).numpy(), [[0.5, 0.8660254], [-0.8660254, 0.5]], atol=1e-6)
    big = paddle.to_tensor([[100., 2.], [3., 4.]], dtype="float64")
    np.testing.assert_allclose(L.matrix_exp(big).numpy(), _expm_ref(big.numpy()), rtol=1e-9)
    for bad, msg in ((paddle.to_tensor([[1, 2], [3, 4]]), "float32 or float64"),
                     (paddle.ones([2]), "two-dimensional"), (paddle.ones([2, 3]), "square")):
        with pytest.raises(ValueError, match=msg):
            L.matrix_exp(bad)


def test_lu_solve_batch_and_errors():
    a = paddle.to_tensor(np.random.default_rng(1).standard_normal((3, 4, 4)))
    b = paddle.to_tensor(np.random.default_rng(2).standard_normal((3, 4, 2)))
    lu, p = L.lu(a)
    for trans, op in (("N", lambda m: m), ("T", lambda m: np.swapaxes(m, -1, -2))):
        x = L.lu_solve(b, lu, p, trans=trans)
        np.testing.assert_allclose(op(a.numpy()) @ x.numpy(), b.numpy(), atol=1e-10)
    with pytest.raises(ValueError, match="dimension"):
        L.lu_solve(b[0, 0], lu, p)
    with pytest.raises(ValueError, match="trans"):
        L.lu_solve(b, lu, p, trans="X")


def test_householder_and_ormqr_complex_and_errors():
    rng = np.random.default_rng(3)
    x = rng.standard_normal((4, 3)) + 1j * rng.standard_normal((4, 3))
    tau = rng.standard_normal(3) + 1j * rng.standard_normal(3)
    q = L.householder_product(paddle.to_tensor(x), paddle.to_tensor(tau))
    np.testing.assert_allclose(q.numpy(), _hh_ref(x, tau), atol=1e-12)
    y = rng.standard_normal((4, 2)) + 1j * rng.standard_normal((4, 2))
    out = L.ormqr(paddle.to_tensor(x), paddle.to_tensor(tau), paddle.to_tensor(y), transpose=True)
    # Paddle's ormqr multiplies by the thin Q of householder_product, transposed without conjugation
    np.testing.assert_allclose(out.numpy(), _hh_ref(x, tau).T @ y, atol=1e-12)
    xs, ts = paddle.rand([4, 3]), paddle.rand([3])
    with pytest.raises(AssertionError, match="rows of input x"):
        L.householder_product(xs.T, ts)
    with pytest.raises(AssertionError, match="same dtype"):
        L.householder_product(xs.astype("float64"), ts)
    with pytest.raises(AssertionError, match="greater than tau"):
        L.householder_product(xs, paddle.rand([4]))
    with pytest.raises(AssertionError, match="row dimension"):
        L.ormqr(xs, ts, paddle.rand([3, 3]), transpose=True, left=False)
    with pytest.raises(AssertionError, match="column dimension of x and the row dimension of y"):
        L.ormqr(xs, ts, paddle.rand([4, 3]))


def test_svd_and_pca_lowrank():
    paddle.seed(5)
    x = paddle.randn([7, 4], dtype="float64")
    for a in (x, x.T):
        u, s, v = L.svd_lowrank(a)
        assert u.shape == [a.shape[0], 4] and s.shape == [4] and v.shape == [a.shape[1], 4]
        np.testing.assert_allclose((u @ paddle.diag(s) @ v.T).numpy(), a.numpy(), atol=1e-10)
    u, s, v = L.pca_lowrank(x)
    centred = x.numpy() - x.numpy().mean(0)
    np.testing.assert_allclose((u @ paddle.diag(s) @ v.T).numpy(), centred, atol=1e-10)
    np.testing.assert_allclose(s.numpy(), np.linalg.svd(centred)[1], atol=1e-10)
    u, s, v = L.svd_lowrank(paddle.tile(x.unsqueeze(0), [2, 1, 1]), q=2, M=paddle.ones([7, 4], dtype="float64"))
    assert u.shape == [2, 7, 2] and s.shape == [2, 2] and v.shape == [2, 4, 2]
    with pytest.raises(ValueError, match="not greater than min"):
        L.svd_lowrank(x, q=9)
    with pytest.raises(ValueError, match="non-negative"):
        L.pca_lowrank(x, q=-1)


def test_namespaces_and_methods():
    x = paddle.rand([2, 3])
    assert x.matrix_transpose().shape == [3, 2] and L.matrix_transpose is paddle.matrix_transpose
    assert x.cdist(x).shape == [2, 2]
    with pytest.raises(ValueError, match="greater than or equal to 2"):
        paddle.matrix_transpose(paddle.ones([3]))


test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS + MATRIX_FUNCTIONS + HIST)


def test_det_slogdet_grads_of_singular_batches_match_paddle():
    # paddle 3.3.1: when any matrix of the batch is singular, det's gradient is all zeros (|det| under 1e-5
    # for float32, 1e-12 for float64) and slogdet's all NaN (sign 0); otherwise inverse(x)^T as usual
    L = paddle.linalg
    batch = np.array([[[1.0, 2.0], [2.0, 4.0]], [[2.0, 1.0], [1.0, 3.0]]], "float32")

    def grad(fn, m):
        t = paddle.to_tensor(m, stop_gradient=False)
        out = fn(t)
        (out[1] if fn is L.slogdet else out).sum().backward()
        return t.grad.numpy()

    np.testing.assert_array_equal(grad(L.det, batch), np.zeros_like(batch))
    assert np.isnan(grad(L.slogdet, batch)).all()
    np.testing.assert_array_equal(grad(L.det, np.zeros((3, 3), "float64")), np.zeros((3, 3)))
    np.testing.assert_array_equal(grad(L.det, np.diag([1.0, 9e-6]).astype("float32")), np.zeros((2, 2)))
    np.testing.assert_allclose(grad(L.det, np.diag([1.0, 1.1e-5]).astype("float32")), [[1.1e-5, 0], [0, 1]])
    np.testing.assert_array_equal(grad(L.det, np.diag([1.0, 9e-13])), np.zeros((2, 2)))
    np.testing.assert_allclose(grad(L.det, np.diag([1.0, 2e-12])), [[2e-12, 0], [0, 1]])
    # a tiny but nonzero determinant is no singularity for slogdet
    np.testing.assert_allclose(grad(L.slogdet, np.diag([1.0, 1e-7]).astype("float32")), [[1, 0], [0, 1e7]])
    np.testing.assert_allclose(grad(L.slogdet, batch[1]), [[0.6, -0.2], [-0.2, 0.4]], rtol=1e-6)


_LU_GRAD_SCRIPT = """
import sys, numpy as np, paddle
rng = np.random.default_rng(1)
out = {}
for shape in ((3, 3), (3, 5), (5, 3), (2, 4, 4)):
    a, g = rng.standard_normal(shape), rng.standard_normal(shape)
    x = paddle.to_tensor(a, stop_gradient=False)
    lu, piv = paddle.linalg.lu(x)
    (lu * paddle.to_tensor(g)).sum().backward()
    y = paddle.to_tensor(a, stop_gradient=False)
    p, low, up = paddle.linalg.lu_unpack(*paddle.linalg.lu(y))
    gl, gu = rng.standard_normal(low.shape), rng.standard_normal(up.shape)
    ((low * paddle.to_tensor(gl)).sum() + (up * paddle.to_tensor(gu)).sum()).backward()
    key = "x".join(map(str, shape))
    out["lu" + key], out["unpack" + key] = x.grad.numpy(), y.grad.numpy()
    out["sg" + key] = np.array([lu.stop_gradient, p.stop_gradient, low.stop_gradient, up.stop_gradient])
np.savez(sys.argv[1], **out)
"""


def test_lu_backward_matches_paddle(ref_python, tmp_path):
    # the same script on both sides: lu's and lu_unpack's gradients (float64, random upstream gradients) and their
    # outputs' stop_gradient, square, wide, tall and batched
    script = tmp_path / "lu_grad.py"
    script.write_text(_LU_GRAD_SCRIPT)
    runs = {"ref": [str(ref_python)], "ours": [sys.executable, "-m", "purepaddle"]}
    res = {}
    for side, cmd in runs.items():
        subprocess.run(cmd + [str(script), str(tmp_path / f"{side}.npz")], check=True, env=child_env(),
                       capture_output=True)
        res[side] = np.load(tmp_path / f"{side}.npz")
    for key in res["ref"].files:
        np.testing.assert_allclose(res["ours"][key], res["ref"][key], atol=1e-12, err_msg=key)
