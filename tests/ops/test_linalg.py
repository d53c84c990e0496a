"""OpSpec table: matrix products, trace/diagonal, norms, inverses, solves and decompositions."""
import numpy as np

import purepaddle as paddle
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

test_forward, test_grad, test_static, test_static_grad, test_double = parametrize(SPECS)
