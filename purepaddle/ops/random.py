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
from .._core.generator import engine, numpy_rng
from .._core.op import Op, TensorMeta, register
from .creation.fill import _np_dtype, zeros_grad
from .math._special_kernels import erfinv
from .math.elementwise import broadcast_shape


def _draw(kind, shape, dt, tw, a=0.0, b=1.0):
    """Uniform in [a, b) ('u') or normal with mean a, std b ('n') of numpy dtype dt, drawn from engine tw
    as Paddle's CPU kernel draws them: in float32/float64, other float dtypes from float32 draws;
    complex: the real parts, then the imaginary parts, each with std / sqrt(2)."""
    if kind_of(dt) == "c":
        part = np.dtype(np.float32 if dt.itemsize == 8 else np.float64)
        if kind == "n":
            b = b * math.sqrt(0.5)
        re, im = _draw(kind, shape, part, tw, a, b), _draw(kind, shape, part, tw, a, b)
        return (re + 1j * im).astype(dt)
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
        return out.reshape(a["shape"]).astype(_np_dtype(a["dtype"]))


@register("randperm")
class RandPerm(_Nullary):
    """A random permutation of 0..n-1 (attrs n, dtype)."""

    def forward(self, xp):
        a = self.attrs
        perm = _dist.shuffle(engine(a.get("seed", 0)), list(range(a["n"])))
        return np.array(perm, dtype=_np_dtype(a["dtype"]))

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
        _check_prob(x)
        return (numpy_rng().random(x.shape) < x).astype(x.dtype)


@register("poisson")
class Poisson(_Sampler):
    """Poisson samples with rate X (negative or NaN rates give 0); zero gradient."""

    def forward(self, xp, x):
        lam = np.where(x > 0, x, 0).astype(np.float64)
        return np.asarray(numpy_rng().poisson(lam), dtype=x.dtype)  # a 0-D rate draws a Python int

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
        r = numpy_rng()
        if repl:
            cdf = np.cumsum(p, axis=1)
            cdf /= cdf[:, -1:]  # ends at exactly 1, so u < 1 never lands past the last nonzero weight
            u = r.random((p.shape[0], n))
            out = np.stack([np.searchsorted(c, ui, side="right") for c, ui in zip(cdf, u)])
        else:
            if ((p > 0).sum(axis=1) < n).any():
                raise ValueError("(InvalidArgument) When replacement is False, number of samples should be less "
                                 "than non-zero categories.")
            with np.errstate(divide="ignore"):
                keys = np.log(p) - np.log(-np.log(r.random(p.shape)))  # Gumbel top-k
            out = np.argsort(-keys, axis=1, kind="stable")[:, :n]
        return out.astype(np.int64).reshape(x.shape[:-1] + (n,))

    def infer_meta(self, x):
        return TensorMeta(list(x.shape[:-1]) + [self.attrs["num_samples"]], _dt.int64)


# -- in-place fills (Tensor.uniform_, normal_, exponential_, bernoulli_): no gradient reaches X --
class _InplaceSampler(_Sampler):
    def backward(self, out_grad):
        return zeros_grad(out_grad)


@register("uniform_random_inplace")
class UniformRandomInplace(_InplaceSampler):
    """X refilled with uniform samples in [min, max) (attrs min, max, seed, diag_*)."""

    def forward(self, xp, x):
        a = self.attrs
        return _draw("u", x.shape, x.dtype, engine(a["seed"]), a["min"], a["max"])


@register("gaussian_inplace")
class GaussianInplace(_InplaceSampler):
    """x refilled with normal samples (attrs mean, std, seed)."""

    inputs, outputs = ("x",), ("out",)

    def forward(self, xp, x):
        a = self.attrs
        return _draw("n", x.shape, x.dtype, engine(a["seed"]), a["mean"], a["std"])


@register("exponential")
class Exponential(_InplaceSampler):
    """X refilled with exponential samples of rate `lambda`."""

    def forward(self, xp, x):
        return (numpy_rng().standard_exponential(x.shape) / self.attrs["lambda"]).astype(x.dtype)


class BernoulliInplace(_InplaceSampler):
    """X refilled with 1 where a uniform draw falls below P (a tensor broadcast to X) or attr p, else 0."""

    type = "bernoulli_"
    inputs = ("X", "P")

    def forward(self, xp, x, p):
        if p is None:
            p = np.asarray(self.attrs["p"])
        return (numpy_rng().random(x.shape) < p).astype(x.dtype)

    def backward(self, out_grad):
        return zeros_grad(out_grad), None


@register("binomial")
class Binomial(Op):
    """Binomial counts for `count` trials of probability `prob` (broadcast; int64; p clipped to [0, 1])."""

    inputs, outputs = ("count", "prob"), ("out",)
    differentiable = False

    def forward(self, xp, count, prob):
        n = np.nan_to_num(count.astype(np.float64), nan=0.0, posinf=0.0, neginf=0.0)
        n = np.maximum(np.floor(n), 0).astype(np.int64)
        p = np.clip(np.nan_to_num(prob.astype(np.float64), nan=0.0), 0.0, 1.0)
        n, p = np.broadcast_arrays(n, p)
        return numpy_rng().binomial(n, p).astype(np.int64)

    def infer_meta(self, count, prob):
        return TensorMeta(broadcast_shape(count.shape, prob.shape, "binomial"), _dt.int64)


@register("standard_gamma")
class StandardGamma(Op):
    """Gamma(alpha=x, scale=1) samples in x's dtype (0 where x <= 0 or NaN)."""

    inputs, outputs = ("x",), ("out",)
    differentiable = False

    def forward(self, xp, x):
        a = x.astype(np.float64)
        ok = a > 0
        out = np.zeros(x.shape, dtype=np.float64)
        out[ok] = numpy_rng().standard_gamma(a[ok])
        return out.astype(x.dtype)

    def infer_meta(self, x):
        return TensorMeta(x.shape, x.dtype)


@register("uniform_random_batch_size_like")
class UniformRandomBatchSizeLike(Op):
    """Uniform samples in [min, max) of `shape`, whose dim output_dim_idx is Input's dim input_dim_idx."""

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
        a = self.attrs
        return numpy_rng().integers(a["from"], a["to"], size=x.shape, dtype=np.int64).astype(x.dtype)


class CauchyInplace(_InplaceSampler):
    """X refilled with Cauchy samples: loc + scale * tan(pi * (u - 1/2)) (Tensor.cauchy_)."""

    type = "cauchy_"

    def forward(self, xp, x):
        a = self.attrs
        u = numpy_rng().random(x.shape)
        return (a["loc"] + a["scale"] * np.tan(np.pi * (u - 0.5))).astype(x.dtype)


class GeometricInplace(_InplaceSampler):
    """X refilled with samples log(u) / log(1 - p) of the continuous geometric law (Tensor.geometric_).

    P is a tensor broadcast to X, or None to use the attr `probs`."""

    type = "geometric_"
    inputs = ("X", "P")

    def forward(self, xp, x, p):
        p = np.asarray(self.attrs["probs"] if p is None else p, dtype=np.float64)
        u = 1.0 - numpy_rng().random(x.shape)  # in (0, 1]: log stays finite
        with np.errstate(divide="ignore", invalid="ignore"):
            return (np.log(u) / np.log1p(-p)).astype(x.dtype)

    def backward(self, out_grad):
        return _InplaceSampler.backward(self, out_grad), None


@register("truncated_gaussian_random")
class TruncatedGaussianRandom(_Nullary):
    """Normal(mean, std) samples truncated to the absolute range [a, b] (attrs shape, dtype, mean, std, a, b, seed).

    Drawn by inverse CDF: u ~ U(cdf(a), cdf(b)), x = mean + std * ndtri(u), clipped to [a, b]
    (so a range far in a tail still gives values at its edge, as Paddle does).
    """

    def forward(self, xp):
        at = self.attrs
        mean, std = float(at["mean"]), float(at["std"])
        a, b = float(at.get("a", -2.0)), float(at.get("b", 2.0))
        dt = _np_dtype(at["dtype"])
        lo = 0.5 * (1.0 + math.erf((a - mean) / (std * math.sqrt(2.0)))) if std > 0 else 0.0
        hi = 0.5 * (1.0 + math.erf((b - mean) / (std * math.sqrt(2.0)))) if std > 0 else 1.0
        u = numpy_rng(at["seed"]).random(at["shape"])
        u = lo + (hi - lo) * u
        z = math.sqrt(2.0) * erfinv(np.clip(2.0 * u - 1.0, -1.0 + 1e-16, 1.0 - 1e-16))
        out = np.clip(mean + std * z, a, b)
        return out.astype(dt, copy=False)
