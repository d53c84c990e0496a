"""Decomposition ops: qr, svd, eigh, eigvalsh, eig, eigvals, matrix_power, matrix_rank, lstsq, lu."""
import numpy as np

from .._core import dtype as _dt
from .._core.op import Op, TensorMeta, register
from .linalg import eye_like, inverse, not_invertible, tri_mask


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
        m, n = q.shape[-2], r.shape[-1]
        if self.attrs["mode"] == "r" or m < n or q.shape[-1] != r.shape[-2] or r.shape[-2] != n:
            raise NotImplementedError(
                "The gradient of paddle.linalg.qr is implemented for mode='reduced' (or a square input) "
                f"with rows >= columns; got mode='{self.attrs['mode']}' and a {m} x {n} input")
        # M = R gR^T - gQ^T Q; copy its lower triangle to the upper one
        mm = r.matmul(gr, transpose_y=True) - gq.matmul(q, transpose_x=True)
        mmt = gr.matmul(r, transpose_y=True) - q.matmul(gq, transpose_x=True)
        c = mm * tri_mask(n, r, lower=True) + mmt * tri_mask(n, r, lower=False, diag=0.0)
        b = gq + q.matmul(c)
        return b.matmul(inverse(r), transpose_y=True)


def _inv_gap(e, like):
    """F[i, j] = 1 / (e_j - e_i) off the diagonal, 0 on it (e: [..., k])."""
    k = e.shape[-1]
    eye = eye_like(k, like)
    d = e.unsqueeze(-2) - e.unsqueeze(-1)
    return (1.0 - eye) / (d + eye)


@register("svd")
class Svd(Op):
    """Singular value decomposition: U, S (descending), VH."""

    inputs, outputs = ("X",), ("U", "S", "VH")
    saves = ("U", "S", "VH")

    def forward(self, xp, x):
        u, s, vh = xp.linalg.svd(x, full_matrices=self.attrs["full_matrices"])
        return u, s, vh

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
        f = _inv_gap(s * s, s)
        utgu = u.matmul(gu, transpose_x=True)
        vtgv = vh.matmul(gvh, transpose_y=True)
        j = f * (utgu - gu.matmul(u, transpose_x=True))
        kk = f * (vtgv - gvh.matmul(vh, transpose_y=True))
        eye = eye_like(k, s)
        inner = j * s.unsqueeze(-2) + gs.unsqueeze(-1) * eye + s.unsqueeze(-1) * kk
        ga = u.matmul(inner).matmul(vh)
        if m > k:
            ga = ga + ((gu - u.matmul(utgu)) / s.unsqueeze(-2)).matmul(vh)
        if n > k:
            ga = ga + u.matmul((gvh - gvh.matmul(vh, transpose_y=True).matmul(vh)) / s.unsqueeze(-1))
        return ga


def _eigh_backward(v, w, gw, gv):
    """Symmetric gradient of A = V diag(w) V^T."""
    inner = gw.unsqueeze(-1) * eye_like(w.shape[-1], w)
    if gv is not None:
        x = v.matmul(gv, transpose_x=True)
        xt = gv.matmul(v, transpose_x=True)
        inner = inner + _inv_gap(w, w) * (x - xt) * 0.5
    return v.matmul(inner).matmul(v, transpose_y=True)


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
    s = xp.abs(xp.linalg.eigvalsh(x)) if hermitian else xp.linalg.svd(x, compute_uv=False)
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
    differentiable = False

    def forward(self, xp, x):
        *batch, m, n = x.shape
        a = x.reshape(-1, m, n).astype(x.dtype, copy=True)
        nb, k = a.shape[0], min(m, n)
        piv = xp.zeros((nb, k), dtype=np.int32)
        info = xp.zeros((nb,), dtype=np.int32)
        rows = xp.arange(nb)
        for j in range(k):
            p = (xp.abs(a[:, j:, j]).argmax(axis=1) + j) if self.attrs["pivots"] else xp.full(nb, j)
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


@register("lu_unpack")
class LuUnpack(Op):
    """Permutation matrix, unit-lower L and upper U from a packed LU and its pivots."""

    inputs, outputs = ("X", "Pivots"), ("Pmat", "L", "U")
    differentiable = False

    def forward(self, xp, x, pivots):
        *batch, m, n = x.shape
        k = min(m, n)
        low = xp.tril(x[..., :, :k], -1) + xp.eye(m, k, dtype=x.dtype)
        up = xp.triu(x[..., :k, :])
        perm = xp.broadcast_to(xp.arange(m), tuple(batch) + (m,)).copy().reshape(-1, m)
        pv = pivots.reshape(-1, pivots.shape[-1]).astype(np.int64) - 1
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
