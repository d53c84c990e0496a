"""Random ops: uniform_random, gaussian_random, randint, randperm,
bernoulli, multinomial, poisson, binomial, standard_gamma, truncated_gaussian_random,
uniform_random_batch_size_like and the in-place samplers behind Tensor.uniform_, normal_, exponential_,
bernoulli_, random_, cauchy_ and geometric_.

Each forward draws from `_core.generator` at run time (so static programs draw anew on every
Executor run); an op-level `seed` attr != 0 uses its own fixed stream. infer_meta never draws.
uniform_random, gaussian_random, randint, randperm and their in-place and batch-size-like forms
follow Paddle's CPU kernels number for number (`_core.distribution`); the other samplers draw
from a NumPy generator seeded by the global stream (same seed, same numbers, but not Paddle's).
"""
import math

import numpy as np

from .._core import dtype as _dt
from .._core.dtype import kind_of
from .._core import distribution as _dist
from .._core.generator import engine
from .._core.libm import logf
from .._core.op import Op, TensorMeta, register
from ._errors import kernel_error
from .creation.fill import _np_dtype, zeros_grad
from .math.elementwise import broadcast_shape


def _draw(kind, shape, dt, tw, a=0.0, b=1.0):
    """Uniform in [a, b) ('u') or normal with mean a, std b ('n') of numpy dtype dt, drawn from engine tw
    as Paddle's CPU kernel draws them: in float32/float64, other float dtypes from float32 draws;
    complex: (real, imaginary) pairs from one stream of the part's dtype, each with std / sqrt(2).
    a and b are used as given: ops whose bounds are Paddle float attrs declare them in float32_attrs."""
    if kind_of(dt) == "c":
        part = np.dtype(np.float32 if dt.itemsize == 8 else np.float64)
        if kind == "n":
            b = b * math.sqrt(0.5)
        a = a.real if isinstance(a, complex) else a
        return _draw(kind, list(shape) + [2], part, tw, a, b).view(dt).reshape(shape)
    work = dt if dt in (np.float32, np.float64) else np.dtype(np.float32)
    n = math.prod(shape)
    out = _dist.uniform_real(tw, n, work, a, b) if kind == "u" else _dist.normal(tw, n, work, a, b)
    out = out.reshape(shape)
    return out if work is dt else out.astype(dt)


class _Nullary(Op):
    """Random ops without tensor inputs: shape and dtype come from attrs."""

    inputs, outputs = (), ("Out",)
    differentiable = False

    def infer_meta(self):
        a = self.attrs
        return TensorMeta(a["shape"], _dt.from_proto(a["dtype"]))


@register("uniform_random")
class UniformRandom(_Nullary):
    """Uniform samples in [min, max) (attrs shape, dtype, min, max, seed, diag_*)."""

    float32_attrs = ("min", "max", "diag_val")

    def forward(self, xp):
        a = self.attrs
        dt = _np_dtype(a["dtype"])
        out = _draw("u", a["shape"], dt, engine(a["seed"]), a["min"], a["max"])
        n = a.get("diag_num", 0)
        if n:
            flat = out.reshape(-1)
            flat[[i * a["diag_step"] + i for i in range(n)]] = a["diag_val"]
        return out


@register("gaussian_random")
class GaussianRandom(_Nullary):
    """Normal samples (attrs shape, mean, std, seed, dtype); complex dtypes split std over both parts."""

    float32_attrs = ("mean", "std")

    def forward(self, xp):
        a = self.attrs
        dt = _np_dtype(a["dtype"])
        return _draw("n", a["shape"], dt, engine(a["seed"]), a["mean"], a["std"])


@register("randint")
class RandInt(_Nullary):
    """Integers uniform in [low, high) (attrs low, high, shape, dtype, seed)."""

    def forward(self, xp):
        a = self.attrs
        n = math.prod(a["shape"])
        out = _dist.uniform_int(engine(a["seed"]), n, a["low"], a["high"] - 1)
        return out.reshape(a["shape"]).astype(_np_dtype(a["dtype"]), copy=False)


@register("randperm")
class RandPerm(_Nullary):
    """A random permutation of 0..n-1 (attrs n, dtype)."""

    def forward(self, xp):
        a = self.attrs
        return _dist.permutation(engine(a.get("seed", 0)), a["n"]).astype(_np_dtype(a["dtype"]), copy=False)

    def infer_meta(self):
        a = self.attrs
        return TensorMeta([a["n"]], _dt.from_proto(a["dtype"]))


class _Sampler(Op):
    """Random ops that draw one sample per element of X, in X's dtype and shape."""

    inputs, outputs = ("X",), ("Out",)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


def _check_prob(x):
    # Paddle checks element by element and names the first one outside [0, 1]; NaN passes its `>= 0` test
    # and fails `<= 1`
    flat = x.reshape(-1)
    bad = (flat < 0) | ~(flat <= 1)
    if bad.any():
        v = float(flat[int(np.argmax(bad))])
        if v < 0:
            raise IndexError(f"(OutOfRange) The probability should be >= 0, but got {v:f}")
        raise IndexError(f"(OutOfRange) The probability should be <= 1, but got {v:f}")


@register("bernoulli")
class Bernoulli(_Sampler):
    """1 with probability X, else 0 (X's dtype)."""

    differentiable = False

    def forward(self, xp, x):
        # Paddle's kernel: std::uniform_real_distribution<T>(0, 1) draw < p, element by element
        _check_prob(x)
        u = _dist.canonical(engine(), x.size, x.dtype).reshape(x.shape)
        return (u < x).astype(x.dtype)


@register("poisson")
class Poisson(_Sampler):
    """Poisson samples with rate X (negative or NaN rates give 0); zero gradient."""

    def forward(self, xp, x):
        # Paddle's kernel: a fresh std::poisson_distribution<int>(rate) per element
        rates = x.astype(np.float64).reshape(-1).tolist()
        if any(math.isinf(r) and r > 0 for r in rates):
            raise ValueError("(InvalidArgument) poisson: an infinite rate has no sample (Paddle's kernel never "
                             "returns for it)")
        st = _dist.Scalars(engine())
        out = [_dist.poisson(st, r) for r in rates]
        st.close()
        return np.array(out, dtype=x.dtype).reshape(x.shape)

    def backward(self, out_grad):
        return zeros_grad(out_grad)


@register("multinomial")
class Multinomial(Op):
    """num_samples category indices per row of X drawn by weight (attrs num_samples, replacement)."""

    inputs, outputs = ("X",), ("Out",)
    differentiable = False

    def forward(self, xp, x):
        a = self.attrs
        n, repl = a["num_samples"], a["replacement"]
        p = x.reshape(-1, x.shape[-1]).astype(np.float64)
        if p.size and not p.min() >= 0:
            raise ValueError(f"(InvalidArgument) The input of multinomial distribution should be >= 0, but got "
                             f"{float(p.min()):f}.")
        if not np.isfinite(p).all():
            raise ValueError("(InvalidArgument) The input of multinomial distribution should be finite.")
        total = p.sum(axis=1, keepdims=True)
        if (total <= 0).any():
            raise ValueError(f"(InvalidArgument) The sum of one multinomial distribution probability should be > 0, "
                             f"but got {float(total.min()):f}.")
        if not repl and ((p > 0).sum(axis=1) < n).any():
            raise ValueError("(InvalidArgument) When replacement is False, number of samples should be less "
                             "than non-zero categories.")
        out = _multinomial(engine(), x.reshape(-1, x.shape[-1]), n, repl)
        return out.astype(np.int64).reshape(x.shape[:-1] + (n,))

    def infer_meta(self, x):
        return TensorMeta(list(x.shape[:-1]) + [self.attrs["num_samples"]], _dt.int64)


def _multinomial(tw, probs, num_samples, replacement):
    """Paddle's CPU MultinomialFunctor: per row, the running sum of the weights in their dtype T divided
    by the total (the last set to 1), then per sample a uniform_real<T> draw u and the first category whose
    cumulative weight is >= u; without replacement the drawn category's share is taken out and the
    cumulative weights are renormalised (in T) before the next draw."""
    dt = probs.dtype
    rows, cats = probs.shape
    out = np.empty((rows, num_samples), np.int64)
    u = _dist.canonical(tw, rows * num_samples, dt).reshape(rows, num_samples)
    one = dt.type(1)
    if replacement and dt == np.float32 and rows and cats:
        return _search_rows(probs, u)
    for i in range(rows):
        cum = np.cumsum(probs[i], dtype=dt)  # sequential, as the kernel's loop
        cum /= cum[-1]
        if replacement:
            cum[-1] = one
            out[i] = np.searchsorted(cum, u[i], side="left")
            continue
        for s in range(num_samples):
            cum[-1] = one
            k = int(np.searchsorted(cum, u[i, s], side="left"))
            out[i, s] = k
            if s < num_samples - 1:
                share = cum[k] - (cum[k - 1] if k else dt.type(0))
                new_sum = dt.type(1.0 - float(share))  # a double subtraction stored in T
                cum[k:] -= share
                cum /= new_sum
    return out


def _search_rows(probs, u):
    """_multinomial with replacement for float32, all rows at once: each row's normalised running sum
    (np.cumsum along a row adds in order, as the kernel's loop), then one search of every draw in it. The
    rows are searched together through integer keys row * 2**32 + the float's bits, which sort as the
    numbers do (both are >= 0), so each comparison is the kernel's float comparison."""
    rows, cats = probs.shape
    cum = np.cumsum(probs, axis=1, dtype=np.float32)
    cum /= cum[:, -1:]
    cum[:, -1] = np.float32(1)
    cum += np.float32(0)  # a -0.0 weight leaves -0.0 sums, whose bits would sort last
    base = (np.arange(rows, dtype=np.int64) << 32)[:, None]
    keys = cum.view(np.uint32).astype(np.int64)
    keys += base
    found = np.searchsorted(keys.reshape(-1), (u.view(np.uint32) + base).reshape(-1), side="left")
    return found.reshape(u.shape) - (np.arange(rows, dtype=np.int64) * cats)[:, None]


# -- in-place fills (Tensor.uniform_, normal_, exponential_, bernoulli_): no gradient reaches X --
class _InplaceSampler(_Sampler):
    def backward(self, out_grad):
        return zeros_grad(out_grad)


@register("uniform_random_inplace")
class UniformRandomInplace(_InplaceSampler):
    """X refilled with uniform samples in [min, max) (attrs min, max, seed, diag_*)."""

    float32_attrs = ("min", "max")

    def forward(self, xp, x):
        a = self.attrs
        return _draw("u", x.shape, x.dtype, engine(a["seed"]), a["min"], a["max"])


@register("gaussian_inplace")
class GaussianInplace(_InplaceSampler):
    """x refilled with normal samples (attrs mean, std, seed)."""

    inputs, outputs = ("x",), ("out",)
    float32_attrs = ("mean", "std")

    def forward(self, xp, x):
        a = self.attrs
        return _draw("n", x.shape, x.dtype, engine(a["seed"]), a["mean"], a["std"])


@register("exponential")
class Exponential(_InplaceSampler):
    """X refilled with exponential samples of rate `lambda`."""

    def forward(self, xp, x):
        # Paddle's kernel: -1 / lambda * log(1 - u) with u a uniform_real draw, all in T
        dt = x.dtype if x.dtype in (np.float32, np.float64) else np.dtype(np.float32)
        u = _dist.canonical(engine(), x.size, dt)
        np.subtract(dt.type(1), u, out=u)
        rate = dt.type(-1) / dt.type(self.attrs["lambda"])
        with np.errstate(divide="ignore"):
            out = rate * (logf(u) if dt == np.float32 else np.log(u))
        return out.reshape(x.shape).astype(x.dtype, copy=False)


class BernoulliInplace(_InplaceSampler):
    """X refilled with 1 where a uniform draw falls below P (a tensor broadcast to X) or attr p, else 0."""

    type = "bernoulli_"
    inputs = ("X", "P")

    def forward(self, xp, x, p):
        # Paddle's bernoulli_: x.uniform_(0, 1), then 1 where x < p, 0 where x > p (x == p keeps the draw)
        if p is None:
            p = np.asarray(self.attrs["p"], dtype=x.dtype)
        u = _draw("u", x.shape, x.dtype, engine(), 0.0, 1.0)
        return np.where(u < p, x.dtype.type(1), np.where(u > p, x.dtype.type(0), u)).astype(x.dtype)

    def backward(self, out_grad):
        return zeros_grad(out_grad), None


@register("binomial")
class Binomial(Op):
    """Binomial counts for `count` trials of probability `prob` (broadcast; int64; p clipped to [0, 1])."""

    inputs, outputs = ("count", "prob"), ("out",)
    differentiable = False

    def forward(self, xp, count, prob):
        # Paddle's kernel: count and prob broadcast and cast to prob's dtype T, then per element its
        # BinomialFunctor (BTRS, or geometric inversion for a small mean), drawing uniform_real<T>
        dt = prob.dtype
        n, p = np.broadcast_arrays(count.astype(dt), prob)
        st = _dist.Scalars(engine())
        out = [_dist.binomial(st, a, b, dt) for a, b in zip(n.reshape(-1).tolist(), p.reshape(-1).tolist())]
        st.close()
        return np.array(out, np.int64).reshape(n.shape)

    def infer_meta(self, count, prob):
        return TensorMeta(broadcast_shape(count.shape, prob.shape, "binomial"), _dt.int64)


@register("standard_gamma")
class StandardGamma(Op):
    """Gamma(alpha=x, scale=1) samples in x's dtype (0 where x <= 0 or NaN)."""

    inputs, outputs = ("x",), ("out",)
    differentiable = False

    def forward(self, xp, x):
        # Paddle's CPU kernel: its sample_gamma<T> element by element (`_core.distribution.gamma`)
        st = _dist.Scalars(engine())
        try:
            out = [_dist.gamma(st, a, x.dtype) for a in x.reshape(-1).tolist()]
        finally:
            st.close()
        return np.array(out, x.dtype).reshape(x.shape)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


@register("uniform_random_batch_size_like")
class UniformRandomBatchSizeLike(Op):
    """Uniform samples in [min, max) of `shape`, whose dim output_dim_idx is Input's dim input_dim_idx."""

    float32_attrs = ("min", "max")

    inputs, outputs = ("Input",), ("Out",)
    differentiable = False

    def _shape(self, in_shape):
        a = self.attrs
        shape = list(a["shape"])
        shape[a["output_dim_idx"]] = in_shape[a["input_dim_idx"]]
        return shape

    def forward(self, xp, x):
        a = self.attrs
        dt = _np_dtype(a["dtype"])
        return _draw("u", self._shape(x.shape), dt, engine(a["seed"]), a["min"], a["max"])

    def infer_meta(self, x):
        return TensorMeta(self._shape(x.shape), _dt.from_proto(self.attrs["dtype"]))


class RandomInplace(_InplaceSampler):
    """X refilled with integers uniform in [from, to), stored in X's dtype (Tensor.random_)."""

    type = "random_"

    def forward(self, xp, x):
        # Paddle's kernel: engine output modulo (to - from), plus from; for a span up to 2**30 only the
        # output's low 32 bits are reduced
        a = self.attrs
        span = int(a["to"]) - int(a["from"])
        raw = engine().raw(x.size)
        if span <= 1 << 30:
            raw &= np.uint64(0xFFFFFFFF)
        v = (raw % np.uint64(span)).view(np.int64) + np.int64(a["from"])
        return v.reshape(x.shape).astype(x.dtype)


class CauchyInplace(_InplaceSampler):
    """X refilled as Paddle's cauchy_ does it: standard normal draws n, then loc + scale * tan(pi * (n - 1/2)),
    each step in X's dtype (Paddle draws normals here, not uniforms: the values are not Cauchy distributed)."""

    type = "cauchy_"

    def forward(self, xp, x):
        a = self.attrs
        t = x.dtype.type
        n = _draw("n", x.shape, x.dtype, engine(), 0.0, 1.0)
        n -= t(0.5)
        n *= t(np.pi)
        out = np.tan(n)
        out *= t(a["scale"])
        out += t(a["loc"])
        return out


class GeometricInplace(_InplaceSampler):
    """X refilled as Paddle's geometric_ does it: uniform draws u in [tiny, 1) of X's dtype, then
    log(u) / log1p(-p) in X's dtype (P is a tensor broadcast to X, or None to use the attr `probs`)."""

    type = "geometric_"
    inputs = ("X", "P")

    def forward(self, xp, x, p):
        p = np.asarray(self.attrs["probs"] if p is None else p).astype(x.dtype)
        u = _draw("u", x.shape, x.dtype, engine(), float(np.finfo(x.dtype).tiny), 1.0)
        with np.errstate(divide="ignore", invalid="ignore"):
            return (np.log(u) / np.log1p(-p)).astype(x.dtype, copy=False)

    def backward(self, out_grad):
        return _InplaceSampler.backward(self, out_grad), None


# The rational approximations of Paddle's CPU Erfinv (funcs/truncated_normal.h: Wichura's AS241
# coefficients), lowest degree first: central |x| <= 0.85 (A/B), tail r <= 5 (C/D), far tail (E/F).
_AS241 = {
    "A": (1.1975323115670912564578e0, 4.7072688112383978012285e1, 6.9706266534389598238465e2,
          4.8548868893843886794648e3, 1.6235862515167575384252e4, 2.3782041382114385731252e4,
          1.1819493347062294404278e4, 8.8709406962545514830200e2),
    "B": (1.0, 4.2313330701600911252e1, 6.8718700749205790830e2, 5.3941960214247511077e3,
          2.1213794301586595867e4, 3.9307895800092710610e4, 2.8729085735721942674e4, 5.2264952788528545610e3),
    "C": (1.42343711074968357734e0, 4.63033784615654529590e0, 5.76949722146069140550e0,
          3.64784832476320460504e0, 1.27045825245236838258e0, 2.41780725177450611770e-1,
          2.27238449892691845833e-2, 7.74545014278341407640e-4),
    "D": (1.4142135623730950488016887e0, 2.9036514445419946173133295e0, 2.3707661626024532365971225e0,
          9.7547832001787427186894837e-1, 2.0945065210512749128288442e-1, 2.1494160384252876777097297e-2,
          7.7441459065157709165577218e-4, 1.4859850019840355905497876e-9),
    "E": (6.65790464350110377720e0, 5.46378491116411436990e0, 1.78482653991729133580e0,
          2.96560571828504891230e-1, 2.65321895265761230930e-2, 1.24266094738807843860e-3,
          2.71155556874348757815e-5, 2.01033439929228813265e-7),
    "F": (1.414213562373095048801689e0, 8.482908416595164588112026e-1, 1.936480946950659106176712e-1,
          2.103693768272068968719679e-2, 1.112800997078859844711555e-3, 2.611088405080593625138020e-5,
          2.010321207683943062279931e-7, 2.891024605872965461538222e-15),
}


def _horner(name, r, dt):
    """A polynomial of _AS241 at r by Horner's rule, every step rounded to dt (no fused multiply-add)."""
    c = [dt.type(v) for v in _AS241[name]]
    acc = np.full(r.shape, c[7], dt)
    for k in range(6, -1, -1):
        acc = acc * r + c[k]
    return acc


def _paddle_erfinv(x):
    """Paddle's CPU Erfinv of a float32 or float64 array, in its precisions: the polynomials run in the
    array's dtype, while `0.180625 - 0.25 x^2` and `sqrt(ln 2 - log(1 - |x|))` are double expressions
    (C's double literals) rounded back to it; log is the C library's, as Paddle calls it."""
    dt = x.dtype
    out = np.empty_like(x)
    ax = np.abs(x)
    mid = ax <= 0.85
    xm = x[mid]
    r = (0.180625 - 0.25 * xm.astype(np.float64) * xm.astype(np.float64)).astype(dt)
    out[mid] = xm * _horner("A", r, dt) / _horner("B", r, dt)
    tail = np.flatnonzero(~mid & (ax < 1))
    if tail.size:
        ln2 = float(dt.type(6.931471805599453094172321214581e-1))
        logs = np.array([math.log(1.0 - v) for v in ax[tail].astype(np.float64).tolist()])
        r = np.sqrt(ln2 - logs).astype(dt)
        near = r <= 5.0
        res = np.empty_like(r)
        rn = (r[near].astype(np.float64) - 1.6).astype(dt)
        res[near] = _horner("C", rn, dt) / _horner("D", rn, dt)
        rf = (r[~near].astype(np.float64) - 5.0).astype(dt)
        res[~near] = _horner("E", rf, dt) / _horner("F", rf, dt)
        out[tail] = np.where(x[tail] < 0, -res, res)
    out[ax == 1] = np.copysign(dt.type(np.inf), x[ax == 1])
    out[ax > 1] = np.nan
    return out


@register("truncated_gaussian_random")
class TruncatedGaussianRandom(_Nullary):
    """Normal(mean, std) samples truncated to the absolute range [a, b] (attrs shape, dtype, mean, std, a, b, seed).

    Paddle's CPU recipe, number for number: one uniform draw u in [FLT_MIN, 1) per element (float32 for
    float32/bfloat16 outputs, float64 for float64), p = cdf(a) + (cdf(b) - cdf(a)) * u, then
    x = sqrt(2) * erfinv(2p - 1) * std + mean (double arithmetic, rounded to the working type) clamped
    to [a, b]. float16 has no CPU kernel in Paddle 3.3.1: it raises as Paddle does.
    """

    float32_attrs = ("mean", "std", "a", "b")

    def forward(self, xp):
        at = self.attrs
        dt = _np_dtype(at["dtype"])
        if dt not in (np.float32, np.float64) and dt.name != "bfloat16":
            raise kernel_error(RuntimeError, (
                f"(NotFound) The kernel with key (CPU, Undefined(AnyLayout), {dt.name}) of kernel "
                f"`truncated_gaussian_random` is not registered. Selected wrong DataType `{dt.name}`. "
                f"Paddle support following DataTypes: float64, float32, bfloat16."))
        work = np.dtype(np.float64 if dt == np.float64 else np.float32)
        t = work.type
        defaults = (("mean", 0.0), ("std", 1.0), ("a", -2.0), ("b", 2.0))  # float32_attrs: already float32
        mean, std, a, b = (t(at.get(k, d)) for k, d in defaults)

        def cdf(v):  # a double expression of the working-type quotient, rounded to the working type
            return t((1.0 + math.erf(float(v) / math.sqrt(2.0))) / 2.0)

        with np.errstate(divide="ignore", invalid="ignore"):
            cdf_a, cdf_b = cdf((a - mean) / std), cdf((b - mean) / std)
            n = math.prod(at["shape"])
            u = _dist.uniform_real(engine(at["seed"]), n, work, float(np.finfo(np.float32).tiny), 1.0)
            p = cdf_a + (cdf_b - cdf_a) * u
            z = _paddle_erfinv(t(2) * p - t(1))
            out = ((math.sqrt(2.0) * z.astype(np.float64)) * float(std) + float(mean)).astype(work)
        out = np.minimum(np.maximum(out, a), b)
        return out.reshape(at["shape"]).astype(dt, copy=False)
