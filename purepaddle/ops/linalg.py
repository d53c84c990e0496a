"""Linear-algebra ops: trace, diagonal, inverse, determinants, solves, cholesky and the p/Frobenius norms."""
import numpy as np

from .._core.dispatch import apply, constant
from .._core.op import Op, TensorMeta, register
from .elementwise import sum_to


# -- helpers shared by the backward rules (framework ops only) ---------------------------
def mT(x):
    """Swap the last two axes."""
    perm = list(range(x.ndim))
    perm[-1], perm[-2] = perm[-2], perm[-1]
    return x.transpose(perm)


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


def not_invertible(fn, *args, **kw):
    """Run a numpy solver, turning its singular-matrix error into Paddle's ValueError."""
    try:
        return fn(*args, **kw)
    except np.linalg.LinAlgError:
        raise ValueError("(InvalidArgument) Input is not invertible.") from None


def _square_meta(self, x):
    return TensorMeta(x.shape, x.dtype)


def _moved(x, axis1, axis2):
    """View of x with axis1, axis2 moved to the end (numpy diagonal's order)."""
    return np.moveaxis(x, (axis1, axis2), (-2, -1))


def _diag_index(n1, n2, offset):
    """Row and column indices of the `offset` diagonal of an n1 x n2 matrix."""
    r0, c0 = max(-offset, 0), max(offset, 0)
    n = max(0, min(n1 - r0, n2 - c0))
    return np.arange(r0, r0 + n), np.arange(c0, c0 + n)


# -- trace and diagonal --------------------------------------------------------------------
@register("diagonal")
class Diagonal(Op):
    """The `offset` diagonal over axes (axis1, axis2), appended as the last dim."""

    inputs, outputs = ("Input",), ("Out",)
    saves = ("Input",)

    def forward(self, xp, x):
        a = self.attrs
        return xp.diagonal(x, a["offset"], a["axis1"], a["axis2"]).copy()

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape)
        a1, a2 = a["axis1"] % nd, a["axis2"] % nd
        n1, n2 = x.shape[a1], x.shape[a2]
        n = -1 if n1 < 0 or n2 < 0 else len(_diag_index(n1, n2, a["offset"])[0])
        return TensorMeta([d for i, d in enumerate(x.shape) if i not in (a1, a2)] + [n], x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return apply(DiagonalGrad, x, out_grad, **self.attrs)


@register("diagonal_grad")
class DiagonalGrad(Op):
    """Zeros shaped like Input with Out@GRAD written onto the diagonal (broadcast if its last dim is 1)."""

    inputs, outputs = ("Input", "Out@GRAD"), ("Input@GRAD",)
    saves = ("Out@GRAD",)

    def forward(self, xp, x, g):
        a = self.attrs
        out = xp.zeros(x.shape, dtype=g.dtype)
        m = _moved(out, a["axis1"], a["axis2"])
        r, c = _diag_index(m.shape[-2], m.shape[-1], a["offset"])
        m[..., r, c] = g
        return out

    def infer_meta(self, x, g):
        return TensorMeta(x.shape, g.dtype)

    def backward(self, gg):
        (g,) = self.saved
        a = self.attrs
        d = apply(Diagonal, gg, **a)
        if g.shape[-1] == 1 and d.shape[-1] != 1:
            d = d.sum(axis=-1, keepdim=True)
        return None, d


@register("trace")
class Trace(Op):
    """Sum of the `offset` diagonal over axes (axis1, axis2)."""

    inputs, outputs = ("Input",), ("Out",)
    saves = ("Input",)

    def forward(self, xp, x):
        a = self.attrs
        return xp.asarray(xp.trace(x, a["offset"], a["axis1"], a["axis2"]), dtype=x.dtype)

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape)
        drop = (a["axis1"] % nd, a["axis2"] % nd)
        return TensorMeta([d for i, d in enumerate(x.shape) if i not in drop], x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        return apply(DiagonalGrad, x, out_grad.unsqueeze(-1), **self.attrs)


# -- inverse, determinants, solves ---------------------------------------------------------
@register("inverse")
class Inverse(Op):
    inputs, outputs = ("Input",), ("Output",)
    saves = ("Output",)

    def forward(self, xp, x):
        return not_invertible(xp.linalg.inv, x)

    infer_meta = _square_meta

    def backward(self, out_grad):
        (y,) = self.saved
        return -y.matmul(out_grad.matmul(y, transpose_y=True), transpose_x=True)


@register("determinant")
class Determinant(Op):
    inputs, outputs = ("Input",), ("Out",)
    saves = ("Input", "Out")

    def forward(self, xp, x):
        return xp.asarray(xp.linalg.det(x), dtype=x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape[:-2], x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        return (out_grad * out).unsqueeze(-1).unsqueeze(-1) * mT(inverse(x))


@register("slogdeterminant")
class SlogDeterminant(Op):
    """[sign, log|det|] stacked on a new leading axis of size 2."""

    inputs, outputs = ("Input",), ("Out",)
    saves = ("Input",)

    def forward(self, xp, x):
        sign, logdet = xp.linalg.slogdet(x)
        return xp.stack([sign, logdet]).astype(x.dtype, copy=False)

    def infer_meta(self, x):
        return TensorMeta([2] + list(x.shape[:-2]), x.dtype)

    def backward(self, out_grad):
        (x,) = self.saved
        pick = const_like(np.array([0.0, 1.0]).reshape([2] + [1] * (out_grad.ndim - 1)), out_grad)
        g = (out_grad * pick).sum(axis=0)
        return g.unsqueeze(-1).unsqueeze(-1) * mT(inverse(x))


@register("solve")
class Solve(Op):
    """X @ Out = Y; Y is a vector when 1-D, batch dims broadcast."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y", "Out")

    def forward(self, xp, x, y):
        return not_invertible(xp.linalg.solve, x, y)

    def infer_meta(self, x, y):
        if len(y.shape) == 1:
            return TensorMeta(list(x.shape[:-2]) + [x.shape[-1]], x.dtype)
        from .elementwise import broadcast_shape
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
    from .elementwise import broadcast_shape
    batch = broadcast_shape(list(x.shape[:-2]), list(y.shape[:-2]), "triangular_solve")
    return TensorMeta(batch + [x.shape[-1], y.shape[-1]], x.dtype)


@register("triangular_solve")
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
            gx = sum_to(ga * mask, x)
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
            gy = sum_to((y.matmul(s) if up else s.matmul(y)) * mask, y)
        return (sum_to(gx, x) if self.need(0) else None), gy


# -- norms -----------------------------------------------------------------------------------
def pnorm_array(xp, x, p, axis, keepdim):
    """Vector p-norm of x over `axis` (None = all elements), in x's real dtype."""
    a = xp.abs(x)
    if p == np.inf:
        r = a.max(axis=axis, keepdims=keepdim)
    elif p == -np.inf:
        r = a.min(axis=axis, keepdims=keepdim)
    elif p == 0:
        r = (x != 0).sum(axis=axis, keepdims=keepdim)
    elif p == 2:
        r = xp.sqrt((a * a).sum(axis=axis, keepdims=keepdim))
    elif p == 1:
        r = a.sum(axis=axis, keepdims=keepdim)
    else:
        r = (a ** p).sum(axis=axis, keepdims=keepdim) ** (1.0 / p)
    return xp.asarray(r, dtype=a.dtype)


def pnorm_grad(x, n, g, p, eps):
    """d||x||_p / dx * g with the norm n and its grad g already broadcastable against x."""
    if p == 0:
        return x * 0.0
    if p == np.inf or p == -np.inf:
        mask = (x.abs() == n).astype(x.dtype)
        return g * x.sign() * mask
    if p == 1:
        return g * x.sign()
    if p == 2:
        return x * (g / n.maximum(eps))
    return g * x.sign() * x.abs() ** (p - 1) / n.maximum(eps) ** (p - 1)


def _unsqueeze_axes(t, axes):
    for a in sorted(axes):
        t = t.unsqueeze(a)
    return t


@register("p_norm")
class PNorm(Op):
    """Vector p-norm along `axis` (all elements when asvector); porder may be 0 or +-inf."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X", "Out")

    def forward(self, xp, x):
        a = self.attrs
        axis = None if a["asvector"] else a["axis"]
        return pnorm_array(xp, x, a["porder"], axis, a["keepdim"])

    def infer_meta(self, x):
        a = self.attrs
        nd = len(x.shape)
        if a["asvector"]:
            shape = [1] * nd if a["keepdim"] else []
        else:
            ax = a["axis"] % max(nd, 1)
            shape = [1 if i == ax else d for i, d in enumerate(x.shape)] if a["keepdim"] else \
                [d for i, d in enumerate(x.shape) if i != ax]
        return TensorMeta(shape, x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        a = self.attrs
        g = out_grad
        if not a["keepdim"] and not a["asvector"] and x.ndim:
            ax = a["axis"] % x.ndim
            g, out = g.unsqueeze(ax), out.unsqueeze(ax)
        return pnorm_grad(x, out, g, a["porder"], a["epsilon"])


@register("frobenius_norm")
class FrobeniusNorm(Op):
    """sqrt(sum |x|^2) over `dim` (all when reduce_all)."""

    inputs, outputs = ("X",), ("Out",)
    saves = ("X", "Out")

    def _axes(self, nd):
        a = self.attrs
        if a.get("reduce_all") or not a["dim"]:
            return tuple(range(nd))
        return tuple(sorted(d % nd for d in a["dim"]))

    def forward(self, xp, x):
        return pnorm_array(xp, x, 2, self._axes(x.ndim), self.attrs["keep_dim"])

    def infer_meta(self, x):
        axes = self._axes(len(x.shape))
        if self.attrs["keep_dim"]:
            return TensorMeta([1 if i in axes else d for i, d in enumerate(x.shape)], x.dtype)
        return TensorMeta([d for i, d in enumerate(x.shape) if i not in axes], x.dtype)

    def backward(self, out_grad):
        x, out = self.saved
        g = out_grad
        if not self.attrs["keep_dim"]:
            axes = self._axes(x.ndim)
            g, out = _unsqueeze_axes(g, axes), _unsqueeze_axes(out, axes)
        return x * (g / out.maximum(1e-12))


@register("dist")
class Dist(Op):
    """p-norm of x - y (broadcast) over all elements."""

    inputs, outputs = ("X", "Y"), ("Out",)
    saves = ("X", "Y", "Out")

    def forward(self, xp, x, y):
        return pnorm_array(xp, x - y, self.attrs["p"], None, False)

    def infer_meta(self, x, y):
        return TensorMeta([], x.dtype)

    def backward(self, out_grad):
        x, y, out = self.saved
        gd = pnorm_grad(x - y, out, out_grad, self.attrs["p"], 1e-12)
        return (sum_to(gd, x) if self.need(0) else None), (sum_to(-gd, y) if self.need(1) else None)
