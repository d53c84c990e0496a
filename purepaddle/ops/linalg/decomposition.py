"""Inverses, solves, decompositions and matrix functions: inverse, determinant, solve,
triangular_solve, cholesky, qr, svd, eigh, eig, matrix_power, matrix_rank, lstsq, lu, matrix_exp."""
import math

import numpy as np

from ..._core import dtype as _dt
from ..._core.dispatch import apply, constant
from ..._core.dtype import kind_of
from ..._core.op import OPS, Op, TensorMeta, register
from .._errors import InvalidArgument
from ..creation.fill import zeros_grad
from ..manipulation.join import Concat
from ..math.elementwise import sum_to
from ..search.select import Where
from .product import mT
from .._holomorphic import holomorphic


def _complex_of(dt):
    return np.complex64 if dt in (np.float32, np.complex64) else np.complex128


@register("qr")
class Qr(Op):
    """QR decomposition; mode 'reduced', 'complete' or 'r' (Q left empty)."""

    inputs, outputs = ("X",), ("Q", "R")
    saves = ("Q", "R")

    def forward(self, xp, x):
        mode = self.attrs["mode"]
        if mode == "r":
            return xp.empty((0,), dtype=x.dtype), xp.linalg.qr(x, mode="r")
        q, r = xp.linalg.qr(x, mode=mode)
        return q, r

    def infer_meta(self, x):
        *b, m, n = x.shape
        mode = self.attrs["mode"]
        k = m if mode == "complete" else (-1 if m < 0 or n < 0 else min(m, n))
        q = TensorMeta([0], x.dtype) if mode == "r" else TensorMeta(b + [m, k], x.dtype)
        return q, TensorMeta(b + [k, n], x.dtype)

    def backward(self, gq, gr):
        q, r = self.saved
        mode = self.attrs["mode"]
        m, n = q.shape[-2], r.shape[-1]
        if mode == "r":
            raise ValueError(f"(InvalidArgument) The derivative of qr is not implemented when mode='{mode}'.")
        if m > n and mode == "complete":
            raise ValueError("(InvalidArgument) The derivative of qr is not implemented when mode='complete' and "
                             f"{m} > {n}.")
        if m >= n:
            return _qr_grad_tall(q, r, gq, gr)
        # a wide input: A = [X | Y] and R = [U | V] with U square, X = QU and Y = QV (not saved: Q V)
        ax = [r.ndim - 1]
        u, v = r.slice(ax, [0], [m]), r.slice(ax, [m], [n])
        gu, gv = gr.slice(ax, [0], [m]), gr.slice(ax, [m], [n])
        gx = _qr_grad_tall(q, u, gq + q.matmul(v).matmul(_mH(gv)), gu)
        return apply(Concat, [gx, q.matmul(gv)], axis=-1)


def _mH(x):
    """Conjugate transpose of the last two axes (the transpose for real x)."""
    t = mT(x)
    return t.conj() if x.dtype.is_complex else t


def _qr_grad_tall(q, r, gq, gr):
    """Paddle's QR gradient for rows >= columns (Roberts & Roberts 2020), with conjugate transposes:
    M = R gR^H - gQ^H Q made Hermitian from its lower triangle (real diagonal), dA = (gQ + Q M) R^-H."""
    n = r.shape[-1]
    mm = r.matmul(_mH(gr)) - _mH(gq).matmul(q)
    mmh = _mH(mm)
    c = mm * tri_mask(n, r, lower=True, diag=0.0) + mmh * tri_mask(n, r, lower=False, diag=0.0) + \
        (mm + mmh) * (eye_like(n, r) * 0.5)
    b = gq + q.matmul(c)
    return _rsolve_h(b, r)


def _inv_gap(e, like):
    """F[i, j] = 1 / (e_j - e_i) off the diagonal, 0 on it (e: [..., k])."""
    k = e.shape[-1]
    eye = eye_like(k, like)
    d = e.unsqueeze(-2) - e.unsqueeze(-1)
    return (1.0 - eye) / (d + eye)


def svd(xp, x, compute_uv=True, full_matrices=False):
    """LAPACK's SVD with Paddle's answers for non-finite input, where LAPACK itself may never return.

    Paddle's CPU kernel rejects a NaN anywhere in the batch (ValueError "illegal value") and gives NaN singular
    values for a matrix holding an infinity (its vectors are then arbitrary; here they are NaN too).
    """
    finite = xp.isfinite(x).all(axis=(-2, -1))
    if not finite.all():
        if xp.isnan(x).any():
            raise ValueError("(InvalidArgument) svd: the input holds NaN, which LAPACK's gesdd rejects as an illegal "
                             "value")
        x = xp.where(finite[..., None, None], x, 0)
    out = xp.linalg.svd(x, compute_uv=compute_uv, full_matrices=full_matrices)
    if finite.all():
        return out
    bad = ~finite
    if not compute_uv:
        out = out.copy()
        out[bad] = np.nan
        return out
    u, s, vh = (a.copy() for a in out)
    for a in (u, s, vh):
        a[bad] = np.nan
    return u, s, vh


@register("svd")
class Svd(Op):
    """Singular value decomposition: U, S (descending), VH."""

    inputs, outputs = ("X",), ("U", "S", "VH")
    saves = ("U", "S", "VH")

    def forward(self, xp, x):
        return svd(xp, x, full_matrices=self.attrs["full_matrices"])

    def infer_meta(self, x):
        *b, m, n = x.shape
        k = -1 if m < 0 or n < 0 else min(m, n)
        if self.attrs["full_matrices"]:
            return TensorMeta(b + [m, m], x.dtype), TensorMeta(b + [k], x.dtype), TensorMeta(b + [n, n], x.dtype)
        return TensorMeta(b + [m, k], x.dtype), TensorMeta(b + [k], x.dtype), TensorMeta(b + [k, n], x.dtype)

    def backward(self, gu, gs, gvh):
        u, s, vh = self.saved
        m, n, k = u.shape[-2], vh.shape[-1], s.shape[-1]
        if u.shape[-1] != k or vh.shape[-2] != k:
            raise NotImplementedError("The gradient of paddle.linalg.svd with full_matrices=True is only "
                                      f"implemented for square inputs; got {m} x {n}")
        # complex: every transpose conjugates, plus Paddle's extra term for U's phase (see below)
        cx = u.dtype.is_complex
        c = (lambda t: apply(OPS["conj"], t)) if cx else (lambda t: t)
        f = _inv_gap(s * s, s)
        utgu = c(u).matmul(gu, transpose_x=True)
        vtgv = vh.matmul(c(gvh), transpose_y=True)
        j = f * (utgu - c(gu).matmul(u, transpose_x=True))
        kk = f * (vtgv - gvh.matmul(c(vh), transpose_y=True))
        eye = eye_like(k, s)
        inner = j * s.unsqueeze(-2) + gs.unsqueeze(-1) * eye + s.unsqueeze(-1) * kk
        if cx:
            # U's phase term: diag(skew(U^H gU)_ii / (2 s_i)). Paddle's kernel sums those k numbers into one and
            # adds it times I (a matmul of two k-vectors where the term wants them elementwise), which makes even
            # the gradient of U S VH = A wrong; the correct term is kept here (docs/conformance.md)
            d = (utgu - c(gu).matmul(u, transpose_x=True)).diagonal(axis1=-2, axis2=-1)
            t = (d / (s * 2.0).astype(d.dtype)).unsqueeze(-1)
            inner = inner.astype(u.dtype) + t * eye.astype(u.dtype)
        ga = u.matmul(inner).matmul(vh)
        if m > k:
            ga = ga + ((gu - u.matmul(utgu)) / s.unsqueeze(-2)).matmul(vh)
        if n > k:
            ga = ga + u.matmul((gvh - gvh.matmul(c(vh), transpose_y=True).matmul(vh)) / s.unsqueeze(-1))
        return ga


def _eigh_backward(v, w, gw, gv):
    """Symmetric (Hermitian) gradient of A = V diag(w) V^H: V (diag(gw) + F * (V^H gV - gV^H V) / 2) V^H; for a
    complex A the transposes conjugate, as Paddle's gradient (a Hermitian matrix with a real diagonal)."""
    vh = apply(OPS["conj"], v) if v.dtype.is_complex else v
    inner = gw.unsqueeze(-1) * eye_like(w.shape[-1], w)
    if gv is not None:
        x = vh.matmul(gv, transpose_x=True)
        xt = (apply(OPS["conj"], gv) if gv.dtype.is_complex else gv).matmul(v, transpose_x=True)
        inner = inner + _inv_gap(w, w) * (x - xt) * 0.5
    if vh is not v:
        inner = inner.astype(v.dtype)
    return v.matmul(inner).matmul(vh, transpose_y=True)


@register("eigh")
class Eigh(Op):
    """Eigen-decomposition of a symmetric (Hermitian) matrix read from its UPLO triangle."""

    inputs, outputs = ("X",), ("Eigenvalues", "Eigenvectors")
    saves = ("Eigenvalues", "Eigenvectors")

    def forward(self, xp, x):
        w, v = xp.linalg.eigh(x, UPLO=self.attrs["UPLO"])
        return w, v

    def infer_meta(self, x):
        real = {_dt.complex64: _dt.float32, _dt.complex128: _dt.float64}.get(x.dtype, x.dtype)
        return TensorMeta(x.shape[:-1], real), TensorMeta(x.shape, x.dtype)

    def backward(self, gw, gv):
        w, v = self.saved
        return _eigh_backward(v, w, gw, gv)


@register("eigvalsh")
class Eigvalsh(Op):
    """Eigenvalues of a symmetric matrix (the eigenvectors are kept for the gradient)."""

    inputs, outputs = ("X",), ("Eigenvalues", "Eigenvectors")
    nondiff_outputs = ("Eigenvectors",)
    saves = ("Eigenvalues", "Eigenvectors")

    def forward(self, xp, x):
        w, v = xp.linalg.eigh(x, UPLO=self.attrs["UPLO"])
        return w, v

    infer_meta = Eigh.infer_meta

    def backward(self, gw, gv):
        w, v = self.saved
        return _eigh_backward(v, w, gw, None)


@register("eig")
class Eig(Op):
    """Eigenvalues and eigenvectors of a general matrix, always complex (forward only)."""

    inputs, outputs = ("X",), ("Eigenvalues", "Eigenvectors")
    differentiable = False

    def forward(self, xp, x):
        w, v = xp.linalg.eig(x)
        c = _complex_of(x.dtype)
        return w.astype(c, copy=False), v.astype(c, copy=False)

    def infer_meta(self, x):
        c = _dt.from_numpy(np.dtype(_complex_of(x.dtype.np_dtype)))
        return TensorMeta(x.shape[:-1], c), TensorMeta(x.shape, c)


@register("eigvals")
class Eigvals(Op):
    """Eigenvalues of a general matrix, always complex (forward only)."""

    differentiable = False

    def forward(self, xp, x):
        return xp.linalg.eigvals(x).astype(_complex_of(x.dtype), copy=False)

    def infer_meta(self, x):
        return TensorMeta(x.shape[:-1], _dt.from_numpy(np.dtype(_complex_of(x.dtype.np_dtype))))


@register("matrix_power")
@holomorphic
class MatrixPower(Op):
    """X to the integer power n (n < 0 inverts first; n = 0 gives identities)."""

    saves = ("X",)

    def forward(self, xp, x):
        return not_invertible(xp.linalg.matrix_power, x, self.attrs["n"])

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        n = self.attrs["n"]
        if n == 0:
            return out_grad * 0.0
        b = x if n > 0 else inverse(x)
        k = abs(n)
        powers = [None, b]  # powers[i] = b^i (None stands for the identity)
        for _ in range(2, k):
            powers.append(powers[-1].matmul(b))
        gb = None
        for i in range(k):  # sum_i (b^i)^T g (b^(k-1-i))^T
            t = out_grad if powers[i] is None else powers[i].matmul(out_grad, transpose_x=True)
            j = k - 1 - i
            if powers[j] is not None:
                t = t.matmul(powers[j], transpose_y=True)
            gb = t if gb is None else gb + t
        if n > 0:
            return gb
        return -b.matmul(gb.matmul(b, transpose_y=True), transpose_x=True)


def _rank(xp, x, hermitian, atol, rtol):
    """Rank per matrix: singular values above max(atol, rtol * s_max); int64."""
    s = xp.abs(xp.linalg.eigvalsh(x)) if hermitian else svd(xp, x, compute_uv=False)
    smax = s.max(axis=-1, keepdims=True) if s.shape[-1] else xp.zeros(s.shape[:-1] + (1,), s.dtype)
    tol = xp.maximum(atol, rtol * smax)
    return (s > tol).sum(axis=-1).astype(np.int64)


def _default_rtol(x):
    return np.finfo(x.dtype).eps * max(x.shape[-2], x.shape[-1])


@register("matrix_rank")
class MatrixRank(Op):
    """Numerical rank (attrs tol, hermitian, use_default_tol; optional TolTensor)."""

    inputs, outputs = ("X", "TolTensor"), ("Out",)
    differentiable = False

    def forward(self, xp, x, tol=None):
        a = self.attrs
        if tol is not None:
            return _rank(xp, x, a["hermitian"], xp.asarray(tol)[..., None], 0.0)
        if a["use_default_tol"]:
            return _rank(xp, x, a["hermitian"], 0.0, _default_rtol(x))
        return _rank(xp, x, a["hermitian"], a["tol"], 0.0)

    def infer_meta(self, x, tol=None):
        return TensorMeta(x.shape[:-2], _dt.int64)


@register("matrix_rank_atol_rtol")
class MatrixRankAtolRtol(Op):
    """Numerical rank with absolute and relative tolerances given as tensors."""

    inputs, outputs = ("x", "atol", "rtol"), ("out",)
    differentiable = False

    def forward(self, xp, x, atol, rtol=None):
        atol = xp.asarray(atol)[..., None]
        if rtol is None:
            rtol = _default_rtol(x) if not (atol > 0).any() else 0.0
        else:
            rtol = xp.asarray(rtol)[..., None]
        return _rank(xp, x, self.attrs["hermitian"], atol, rtol)

    def infer_meta(self, x, atol, rtol=None):
        return TensorMeta(x.shape[:-2], _dt.int64)


@register("lstsq")
class Lstsq(Op):
    """Least squares X @ Solution ~ Y per matrix (forward only); outputs follow the driver."""

    inputs, outputs = ("X", "Y"), ("Solution", "Residuals", "Rank", "SingularValues")
    differentiable = False

    def forward(self, xp, x, y):
        a = self.attrs
        driver, rcond = a["driver"], a["rcond"]
        *batch, m, n = x.shape
        k = y.shape[-1]
        xb, yb = x.reshape(-1, m, n), y.reshape(-1, m, k)
        sols, ranks, svs = [], [], []
        for xi, yi in zip(xb, yb):
            if not xp.isfinite(xi).all():
                # LAPACK's pivoted QR meets NaN: the solution is NaN and gelsy's rank count stops after R[0, 0]
                sol, rank = xp.full((n, k), np.nan, dtype=x.dtype), int(m > 0 and n > 0)
                sv = xp.full((min(m, n),), np.nan, dtype=x.dtype)
            else:
                sol, _, rank, sv = xp.linalg.lstsq(xi, yi, rcond=rcond)
            sols.append(sol)
            ranks.append(rank)
            svs.append(sv)
        sol = xp.stack(sols).reshape(batch + [n, k]).astype(x.dtype, copy=False)
        ranks = xp.asarray(ranks, dtype=np.int32).reshape(batch)
        empty = xp.empty((0,), dtype=x.dtype)
        res = empty
        if driver != "gelsy" and m > n and bool((ranks == n).all()):
            res = ((x @ sol - y) ** 2).sum(axis=-2).astype(x.dtype, copy=False)
        if driver == "gels":
            return sol, res, xp.empty((0,), dtype=np.int64), empty
        if driver == "gelsy":
            return sol, res, ranks, empty
        return sol, res, ranks, xp.stack(svs).reshape(batch + [min(m, n)]).astype(x.dtype, copy=False)


@register("lu")
class Lu(Op):
    """LU factorisation with partial pivoting: packed LU, 1-based int32 pivots, int32 infos."""

    inputs, outputs = ("X",), ("Out", "Pivots", "Infos")
    nondiff_outputs = ("Pivots", "Infos")
    saves = ("Out", "Pivots")

    def forward(self, xp, x):
        *batch, m, n = x.shape
        # the batch count spelled out: -1 cannot be inferred over an empty matrix
        a = x.reshape(math.prod(batch), m, n).astype(x.dtype, copy=True)
        nb, k = a.shape[0], min(m, n)
        piv = xp.zeros((nb, k), dtype=np.int32)
        info = xp.zeros((nb,), dtype=np.int32)
        rows = xp.arange(nb)
        for j in range(k):
            p = (_first_max(_pivot_size(a[:, j:, j])) + j) if self.attrs["pivots"] else xp.full(nb, j)
            piv[:, j] = p + 1
            top, pr = a[rows, j].copy(), a[rows, p].copy()
            a[rows, j], a[rows, p] = pr, top
            d = a[:, j, j]
            zero = d == 0
            info[(info == 0) & zero] = j + 1
            safe = xp.where(zero, 1, d)
            a[:, j + 1:, j] /= safe[:, None]
            a[:, j + 1:, j + 1:] -= a[:, j + 1:, j, None] * a[:, j, None, j + 1:]
        return a.reshape(x.shape), piv.reshape(batch + [k]), info.reshape(batch)

    def infer_meta(self, x):
        *b, m, n = x.shape
        k = -1 if m < 0 or n < 0 else min(m, n)
        return TensorMeta(x.shape, x.dtype), TensorMeta(b + [k], _dt.int32), TensorMeta(b, _dt.int32)

    def backward(self, out_grad, *_):
        """A = P L U: the gradient of the packed factors (L's strict lower part, U's upper part) carried back to A
        for square, wide and tall matrices (Paddle's lu_grad; the rule torch derives)."""
        lu, piv = self.saved
        m, n = lu.shape[-2], lu.shape[-1]
        k = min(m, n)
        low, up = _lu_factors(lu)
        gl, gu = _band(_cols(out_grad, 0, k), True, -1), _band(_rows(out_grad, 0, k), False, 0)
        if m == n:
            phi = _band(_mH(low).matmul(gl), True, -1) + _band(gu.matmul(_mH(up)), False, 0)
            ga = _lh_solve(low, _rsolve_h(phi, up))
        elif m < n:  # wide: U = [U1 | U2] with U1 square
            phi = _mH(low).matmul(gl) - gu.matmul(_mH(up))
            phi = _rsolve_h(_band(phi, True, -1), _cols(up, 0, k))
            ga = _lh_solve(low, apply(Concat, [phi + _cols(gu, 0, k), _cols(gu, k, n)], axis=-1))
        else:  # tall: L = [L1; L2] with L1 square
            phi = gu.matmul(_mH(up)) - _mH(low).matmul(gl)
            phi = _lh_solve(_rows(low, 0, k), _band(phi, False, 0))
            ga = _rsolve_h(apply(Concat, [phi + _rows(gl, 0, k), _rows(gl, k, m)], axis=-2), up)
        if self.attrs["pivots"]:
            ga = apply(LuUnpack, lu, piv, unpack_ludata=False, unpack_pivots=True)[0].matmul(ga)
        return ga


def _pivot_size(col):
    """The size BLAS's i?amax compares: |x|, and |re| + |im| for complex (getrf's pivot choice)."""
    return np.abs(col.real) + np.abs(col.imag) if np.iscomplexobj(col) else np.abs(col)


def _first_max(size):
    """Index of the first largest value per row, as a scan that replaces only on `>`: a NaN is kept only when
    it comes first (then nothing compares greater)."""
    pick = np.argmax(np.where(np.isnan(size), -np.inf, size), axis=1)
    return np.where(np.isnan(size[:, 0]), 0, pick)


def _rows(x, start, stop):
    return x.slice([x.ndim - 2], [start], [stop])


def _cols(x, start, stop):
    return x.slice([x.ndim - 1], [start], [stop])


def _band(x, lower, diagonal):
    """x's lower (or upper) triangle from `diagonal` on, the rest zero (a constant mask of the last two axes)."""
    r, c = x.shape[-2], x.shape[-1]
    mask = np.tril(np.ones((r, c)), diagonal) if lower else np.triu(np.ones((r, c)), diagonal)
    return x * const_like(mask, x)


def _lu_factors(lu):
    """Unit-lower L [*, m, k] and upper U [*, k, n] of a packed LU, as differentiable framework ops."""
    m, n = lu.shape[-2], lu.shape[-1]
    k = min(m, n)
    low = _band(_cols(lu, 0, k), True, -1) + const_like(np.eye(m, k), lu)
    return low, _band(_rows(lu, 0, k), False, 0)


def _conj_if(x):
    return x.conj() if x.dtype.is_complex else x


def _lh_solve(low, b):
    """L^-H b for a unit-lower L."""
    return _conj_if(apply(TriangularSolve, low, _conj_if(b), upper=False, transpose=True, unitriangular=True))


def _rsolve_h(b, up):
    """b U^-H for an upper U: (U^-1 b^H)^H."""
    return _mH(apply(TriangularSolve, up, _mH(b), upper=True, transpose=False, unitriangular=False))


@register("lu_unpack")
class LuUnpack(Op):
    """Permutation matrix, unit-lower L and upper U from a packed LU and its pivots."""

    inputs, outputs = ("X", "Pivots"), ("Pmat", "L", "U")
    saves = ("X",)

    def forward(self, xp, x, pivots):
        *batch, m, n = x.shape
        k = min(m, n)
        low = xp.tril(x[..., :, :k], -1) + xp.eye(m, k, dtype=x.dtype)
        up = xp.triu(x[..., :k, :])
        nb = math.prod(batch)  # spelled out: -1 cannot be inferred over an empty matrix
        perm = xp.broadcast_to(xp.arange(m), tuple(batch) + (m,)).copy().reshape(nb, m)
        pv = pivots.reshape(nb, pivots.shape[-1]).astype(np.int64) - 1
        rows = xp.arange(perm.shape[0])
        for j in range(pv.shape[1]):
            a, b = perm[rows, j].copy(), perm[rows, pv[:, j]].copy()
            perm[rows, j], perm[rows, pv[:, j]] = b, a
        pmat = xp.zeros((perm.shape[0], m, m), dtype=x.dtype)
        pmat[rows[:, None], perm, xp.arange(m)] = 1
        a = self.attrs
        empty = xp.empty((0,), dtype=x.dtype)
        pm = pmat.reshape(tuple(batch) + (m, m)) if a["unpack_pivots"] else empty
        if not a["unpack_ludata"]:
            low = up = empty
        return pm, low, up

    def backward(self, _pmat_grad, l_grad, u_grad):
        """L's strict lower part and U's upper part of the packed X take their gradients; P and the unit diagonal
        take none."""
        if not self.attrs["unpack_ludata"]:
            return None, None
        (x,) = self.saved
        m, n = x.shape[-2], x.shape[-1]
        gl, gu = _band(l_grad, True, -1), _band(u_grad, False, 0)
        if m > n:  # U covers the first n rows
            gu = apply(Concat, [gu, zeros_grad(_rows(x, n, m))], axis=-2)
        elif m < n:  # L covers the first m columns
            gl = apply(Concat, [gl, zeros_grad(_cols(x, m, n))], axis=-1)
        return gl + gu, None


def const_like(array, like):
    """A constant operand with the dtype of `like` (a Tensor or Variable)."""
    return constant(np.asarray(array, dtype=like.dtype.np_dtype))


def eye_like(n, like):
    return const_like(np.eye(n), like)


def tri_mask(n, like, lower=True, diag=1.0):
    """Lower (or upper) triangular 0/1 mask with `diag` on the diagonal."""
    m = np.tril(np.ones((n, n)), -1) if lower else np.triu(np.ones((n, n)), 1)
    return const_like(m + diag * np.eye(n), like)


def inverse(x):
    return apply(Inverse, x)


def _singular_eps(dtype):
    """Paddle's |det| threshold under which a determinant's gradient treats the matrix as singular."""
    if dtype.itemsize >= 8 and dtype.name != "complex64":  # float64, complex128
        return 1e-12
    return 1e-5 if dtype.itemsize >= 4 else 1e-3


def _invertible(singular, x):
    """x, or identities when `singular` (0-D bool): the gradient is then discarded, so inverse must not fail."""
    return apply(Where, singular, eye_like(x.shape[-1], x), x)


def _min_abs_pivot(a):
    """The smallest |pivot| of a partial-pivot LU of each matrix, as Paddle's inverse kernel (Eigen's PartialPivLU)
    finds it: the pivot is the first largest |entry| of the column (a NaN is chosen only when it comes first), a
    zero pivot skips the elimination, and the minimum keeps a NaN only when it is the first pivot (C++ min)."""
    n = a.shape[-1]
    a = a.reshape((-1, n, n)).copy()
    rows = np.arange(a.shape[0])
    for k in range(n):
        pick = _first_max(np.abs(a[:, k:, k])) + k
        a[rows, k], a[rows, pick] = a[rows, pick].copy(), a[rows, k].copy()
        piv = a[:, k, k]
        live = piv != 0
        with np.errstate(all="ignore"):
            a[:, k + 1:, k] = np.where(live[:, None], a[:, k + 1:, k] / np.where(live, piv, 1)[:, None],
                                       a[:, k + 1:, k])
            a[:, k + 1:, k + 1:] -= np.where(live[:, None, None],
                                             a[:, k + 1:, k, None] * a[:, k, None, k + 1:], 0)
    diag = np.abs(np.diagonal(a, axis1=1, axis2=2))
    low = diag[:, 0] if n else np.ones(a.shape[0], diag.dtype)
    for j in range(1, n):
        low = np.where(diag[:, j] < low, diag[:, j], low)
    return low


def check_invertible(x):
    """Paddle's inverse refuses a matrix whose LU has a zero pivot (a real one also a leading NaN pivot: its
    check is `min > 0` for real and `min != 0` for complex matrices)."""
    if not x.size:
        return
    low = _min_abs_pivot(np.asarray(x))
    if (low == 0).any() if np.iscomplexobj(x) else not (low > 0).all():
        raise InvalidArgument("(InvalidArgument) Input is not invertible.")


def not_invertible(fn, *args, **kw):
    """Run a numpy solver, turning its singular-matrix error into Paddle's ValueError."""
    try:
        return fn(*args, **kw)
    except np.linalg.LinAlgError:
        raise ValueError("(InvalidArgument) Input is not invertible.") from None


def _square_meta(self, x):
    return TensorMeta(x.shape, x.dtype)


# -- inverse, determinants, solves ---------------------------------------------------------
@register("inverse")
@holomorphic
class Inverse(Op):
    inputs, outputs = ("Input",), ("Output",)
    saves = ("Output",)

    def forward(self, xp, x):
        check_invertible(x)
        return not_invertible(xp.linalg.inv, x)

    infer_meta = _square_meta

    def backward(self, out_grad):
        (y,) = self.saved
        return -y.matmul(out_grad.matmul(y, transpose_y=True), transpose_x=True)


@register("determinant")
@holomorphic
class Determinant(Op):
    inputs, outputs = ("Input",), ("Out",)
    saves = ("Input", "Out")

    def forward(self, xp, x):
        return xp.asarray(xp.linalg.det(x), dtype=x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape[:-2], x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        # Paddle's rule: if any matrix of the batch is singular (|det| under its dtype's threshold), the
        # whole gradient is zero
        singular = (out.abs() < _singular_eps(out.dtype)).any()
        grad = (out_grad * out).unsqueeze(-1).unsqueeze(-1) * mT(inverse(_invertible(singular, x)))
        return apply(Where, singular, const_like(0.0, grad), grad)


@register("slogdeterminant")
class SlogDeterminant(Op):
    """[sign, log|det|] stacked on a new leading axis of size 2."""

    inputs, outputs = ("Input",), ("Out",)
    saves = ("Input", "Out")

    def forward(self, xp, x):
        sign, logdet = xp.linalg.slogdet(x)
        # Paddle multiplies the signs of its real LU diagonal, and a NaN there has sign 0: a NaN log|det| has sign 0
        if kind_of(x.dtype) != "c":
            sign = xp.where(xp.isnan(logdet), 0, sign)
        return xp.stack([sign, logdet]).astype(x.dtype, copy=False)

    def infer_meta(self, x):
        return TensorMeta([2] + list(x.shape[:-2]), x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        pick = const_like(np.array([0.0, 1.0]).reshape([2] + [1] * (out_grad.ndim - 1)), out_grad)
        g = (out_grad * pick).sum(axis=0)
        # Paddle's rule: if any matrix of the batch is singular (sign 0), the whole gradient is NaN
        singular = (out[0] == 0).any()
        grad = g.unsqueeze(-1).unsqueeze(-1) * mT(inverse(_invertible(singular, x)))
        return apply(Where, singular, const_like(np.nan, grad), grad)


@register("solve")
@holomorphic
class Solve(Op):
    """X @ Out = Y; Y is a vector when 1-D, batch dims broadcast."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y", "Out")

    def forward(self, xp, x, y):
        return not_invertible(xp.linalg.solve, x, y)

    def infer_meta(self, x, y):
        if len(y.shape) == 1:
            return TensorMeta(list(x.shape[:-2]) + [x.shape[-1]], x.dtype)
        from ..math.elementwise import broadcast_shape
        batch = broadcast_shape(list(x.shape[:-2]), list(y.shape[:-2]), "solve")
        return TensorMeta(batch + [x.shape[-1], y.shape[-1]], x.dtype)

    def backward(self, out_grad):
        x, y, out = self.saved
        vec = y.ndim == 1
        g, z = (out_grad.unsqueeze(-1), out.unsqueeze(-1)) if vec else (out_grad, out)
        gy = apply(Solve, mT(x), g)
        gx = sum_to(-gy.matmul(z, transpose_y=True), x) if self.need(0) else None
        if self.need(1):
            gy = gy.squeeze(-1) if vec else sum_to(gy, y)
        return gx, (gy if self.need(1) else None)


def _tri_solve(xp, a, b, upper, transpose, unit):
    """Solve A Z = B for triangular A (its other triangle ignored); batch dims broadcast."""
    a = xp.triu(a) if upper else xp.tril(a)
    if unit:
        n = a.shape[-1]
        a = a.copy()
        a[..., range(n), range(n)] = 1
    if transpose:
        a = a.swapaxes(-1, -2)
    batch = np.broadcast_shapes(a.shape[:-2], b.shape[:-2])
    a = xp.broadcast_to(a, batch + a.shape[-2:])
    b = xp.broadcast_to(b, batch + b.shape[-2:])
    try:
        return xp.linalg.solve(a, b)
    except np.linalg.LinAlgError:  # a zero on the diagonal: substitute, giving inf/nan as Paddle does
        return _substitute(xp, a, b, lower=upper == transpose)


def _substitute(xp, a, b, lower):
    """Forward (lower) or back substitution, row by row, without singularity checks."""
    n = a.shape[-1]
    out = xp.zeros(b.shape, dtype=np.result_type(a, b))
    with np.errstate(divide="ignore", invalid="ignore"):
        for i in (range(n) if lower else range(n - 1, -1, -1)):
            done = slice(0, i) if lower else slice(i + 1, n)
            r = b[..., i, :] - xp.einsum("...j,...jk->...k", a[..., i, done], out[..., done, :])
            out[..., i, :] = r / a[..., i, i, None]
    return out


def _mat_meta(x, y):
    from ..math.elementwise import broadcast_shape
    batch = broadcast_shape(list(x.shape[:-2]), list(y.shape[:-2]), "triangular_solve")
    return TensorMeta(batch + [x.shape[-1], y.shape[-1]], x.dtype)


@register("triangular_solve")
@holomorphic
class TriangularSolve(Op):
    """X is triangular (attrs upper, transpose, unitriangular); solves op(X) @ Out = Y."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y", "Out")

    def forward(self, xp, x, y):
        a = self.attrs
        return _tri_solve(xp, x, y, a["upper"], a["transpose"], a["unitriangular"])

    def infer_meta(self, x, y):
        return _mat_meta(x, y)

    def backward(self, out_grad):
        x, y, z = self.saved
        a = self.attrs
        gy = apply(TriangularSolve, x, out_grad, upper=a["upper"], transpose=not a["transpose"],
                   unitriangular=a["unitriangular"])
        gx = None
        if self.need(0):
            # grad of the effective matrix is -gy z^T; map it back onto the used triangle of X
            ga = -(z.matmul(gy, transpose_y=True) if a["transpose"] else gy.matmul(z, transpose_y=True))
            mask = tri_mask(x.shape[-1], x, lower=not a["upper"], diag=0.0 if a["unitriangular"] else 1.0)
            # the unused triangle gets 0 even where ga is NaN (Paddle keeps only the used triangle)
            gx = sum_to(apply(Where, mask > 0.5, ga, zeros_grad(ga)), x)
        return gx, (sum_to(gy, y) if self.need(1) else None)


@register("cholesky")
class Cholesky(Op):
    """Cholesky factor of a symmetric positive-definite matrix (lower, or upper when upper=True)."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("Out",)

    def forward(self, xp, x):
        try:
            low = xp.linalg.cholesky(x)
        except np.linalg.LinAlgError:
            raise ValueError("(InvalidArgument) Cholesky decomposition was not successful. The input matrix "
                             "might not be positive definite.") from None
        return low.swapaxes(-1, -2).copy() if self.attrs["upper"] else low

    infer_meta = _square_meta

    def backward(self, out_grad):
        (f,) = self.saved
        n = f.shape[-1]
        half_low = tri_mask(n, f, lower=True, diag=0.5)
        half_up = tri_mask(n, f, lower=False, diag=0.5)
        if self.attrs["upper"]:  # f = U = L^T, g = dU
            p = f.matmul(out_grad, transpose_y=True)           # L^T dL
            pt = out_grad.matmul(f, transpose_y=True)          # dL^T L
            sym = (p * half_low + pt * half_up) * 0.5
            uinv = inverse(f)                                  # = L^-T
            return uinv.matmul(sym.matmul(uinv, transpose_y=True))
        p = f.matmul(out_grad, transpose_x=True)
        pt = out_grad.matmul(f, transpose_x=True)
        sym = (p * half_low + pt * half_up) * 0.5
        linv = inverse(f)
        return linv.matmul(sym.matmul(linv), transpose_x=True)


@register("cholesky_solve")
@holomorphic
class CholeskySolve(Op):
    """Solve (L L^T) Out = X given the Cholesky factor Y (lower, or upper U with U^T U)."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y", "Out")

    def forward(self, xp, x, y):
        up = self.attrs["upper"]
        w = _tri_solve(xp, y, x, up, up, False)
        return _tri_solve(xp, y, w, up, not up, False)

    def infer_meta(self, x, y):
        return _mat_meta(y, x)

    def backward(self, out_grad):
        x, y, z = self.saved
        up = self.attrs["upper"]
        gx = apply(CholeskySolve, out_grad, y, upper=up)
        gy = None
        if self.need(1):
            s = -(gx.matmul(z, transpose_y=True) + z.matmul(gx, transpose_y=True))  # gA + gA^T
            mask = tri_mask(y.shape[-1], y, lower=not up)
            full = y.matmul(s) if up else s.matmul(y)
            gy = sum_to(apply(Where, mask > 0.5, full, zeros_grad(full)), y)  # 0 off the triangle, NaN or not
        return (sum_to(gx, x) if self.need(0) else None), gy


# Pade [m/m] coefficients of exp (Higham 2005, "The scaling and squaring method for the matrix
# exponential revisited"), and the 1-norm bounds theta_m below which degree m is accurate in double
_PADE = {3: (120.0, 60.0, 12.0, 1.0),
         5: (30240.0, 15120.0, 3360.0, 420.0, 30.0, 1.0),
         7: (17297280.0, 8648640.0, 1995840.0, 277200.0, 25200.0, 1512.0, 56.0, 1.0),
         9: (17643225600.0, 8821612800.0, 2075673600.0, 302702400.0, 30270240.0, 2162160.0, 110880.0, 3960.0,
             90.0, 1.0),
         13: (64764752532480000.0, 32382376266240000.0, 7771770303897600.0, 1187353796428800.0,
              129060195264000.0, 10559470521600.0, 670442572800.0, 33522128640.0, 1323241920.0, 40840800.0,
              960960.0, 16380.0, 182.0, 1.0)}
_THETA = ((3, 1.495585217958292e-2), (5, 2.539398330063230e-1), (7, 9.504178996162932e-1),
          (9, 2.097847961257068e0))
_THETA13 = 5.371920351148152


def _pade_uv(a, m):
    """Odd part U and even part V of the degree-m Pade approximant: exp(a) ~ (V - U)^-1 (V + U)."""
    b = _PADE[m]
    eye = np.eye(a.shape[-1], dtype=a.dtype)
    a2 = a @ a
    if m < 13:
        powers = [eye, a2]
        for _ in range(2, m // 2 + 1):
            powers.append(powers[-1] @ a2)
        u = a @ sum(b[2 * j + 1] * p for j, p in enumerate(powers))
        v = sum(b[2 * j] * p for j, p in enumerate(powers))
        return u, v
    a4 = a2 @ a2
    a6 = a4 @ a2
    u = a @ (a6 @ (b[13] * a6 + b[11] * a4 + b[9] * a2) + b[7] * a6 + b[5] * a4 + b[3] * a2 + b[1] * eye)
    v = a6 @ (b[12] * a6 + b[10] * a4 + b[8] * a2) + b[6] * a6 + b[4] * a4 + b[2] * a2 + b[0] * eye
    return u, v


def expm(a):
    """exp of one square matrix (float64 or complex128) by scaling and squaring."""
    norm = np.abs(a).sum(axis=0).max() if a.size else 0.0
    if not np.isfinite(norm):
        return np.full_like(a, np.nan)
    for m, theta in _THETA:
        if norm <= theta:
            u, v = _pade_uv(a, m)
            return np.linalg.solve(v - u, v + u)
    s = max(0, int(math.ceil(math.log2(norm / _THETA13))))
    u, v = _pade_uv(a / 2.0 ** s, 13)
    r = np.linalg.solve(v - u, v + u)
    for _ in range(s):
        r = r @ r
    return r


@register("matrix_exp")
@holomorphic
class MatrixExp(Op):
    """exp(X) of each square matrix in the batch; the gradient is the adjoint Frechet derivative."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X",)

    def forward(self, xp, x):
        work = np.complex128 if kind_of(x.dtype) == "c" else np.float64
        flat = x.reshape((-1,) + x.shape[-2:]).astype(work)
        out = np.stack([expm(a) for a in flat]) if flat.shape[0] else flat
        return out.reshape(x.shape).astype(x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)

    def backward(self, out_grad):
        # d<G, exp(A)>/dA = L(A^T, G), the upper-right block of exp([[A^T, G], [0, A^T]])
        (x,) = self.saved
        n = x.shape[-1]
        at = mT(x)
        top = apply(Concat, [at, out_grad], axis=-1)
        bottom = apply(Concat, [zeros_grad(at), at], axis=-1)
        big = apply(MatrixExp, apply(Concat, [top, bottom], axis=-2))
        return big[..., :n, n:]
