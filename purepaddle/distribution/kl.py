"""kl_divergence(p, q) dispatched on the classes of p and q through a table that register_kl fills."""
import functools
import warnings

from .._core.autograd import grad as _grad
from .continuous_bernoulli import ContinuousBernoulli
from .bernoulli import Bernoulli
from .beta import Beta
from .binomial import Binomial
from .categorical import Categorical
from .cauchy import Cauchy
from .dirichlet import Dirichlet
from .distribution import Distribution, _sum_rightmost
from .exponential import Exponential
from .exponential_family import ExponentialFamily
from .gamma import Gamma
from .geometric import Geometric
from .laplace import Laplace
from .normal import Normal
from .poisson import Poisson
from .uniform import Uniform
from .multivariate_normal import MultivariateNormal
from .lognormal import LogNormal

__all__ = ["register_kl", "kl_divergence"]

_REGISTER_TABLE = {}


def kl_divergence(p, q):
    r"""The Kullback-Leibler divergence KL(p || q), by the function registered for the most specific pair of
    classes of p and q.

    Args:
        p (Distribution): The first distribution.
        q (Distribution): The second distribution.

    Returns:
        Tensor: the divergence, batch-shaped.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Normal, kl_divergence
            >>> p = Normal(loc=paddle.to_tensor(0.0), scale=paddle.to_tensor(1.0))
            >>> q = Normal(loc=paddle.to_tensor(1.0), scale=paddle.to_tensor(2.0))
            >>> print(kl_divergence(p, q).numpy().round(4))
            0.4431
    """
    return _dispatch(type(p), type(q))(p, q)


def register_kl(cls_p, cls_q):
    r"""A decorator registering a function as kl_divergence for the pair (cls_p, cls_q) and their subclasses.

    Args:
        cls_p (type): A subclass of Distribution.
        cls_q (type): A subclass of Distribution.

    Returns:
        Callable: the decorator.

    Examples:
        .. code-block:: python

            >>> import purepaddle as paddle
            >>> from purepaddle.distribution import Beta, register_kl
            >>> @register_kl(Beta, Beta)
            ... def kl_beta_beta(p, q):
            ...     pass  # insert implementation here
    """
    if not issubclass(cls_p, Distribution) or not issubclass(cls_q, Distribution):
        raise TypeError('cls_p and cls_q must be subclass of Distribution')

    def decorator(f):
        _REGISTER_TABLE[cls_p, cls_q] = f
        return f
    return decorator


def _dispatch(cls_p, cls_q):
    matches = [(sp, sq) for sp, sq in _REGISTER_TABLE if issubclass(cls_p, sp) and issubclass(cls_q, sq)]
    if not matches:
        raise NotImplementedError
    left_p, left_q = min(_Compare(*m) for m in matches).classes
    # the most specific pair preferring q's class, turned back into (p, q) order (Paddle looks the reversed
    # pair up unreversed and raises KeyError: docs/conformance.md)
    right_q, right_p = min(_Compare(*reversed(m)) for m in matches).classes
    if _REGISTER_TABLE[left_p, left_q] is not _REGISTER_TABLE[right_p, right_q]:
        warnings.warn(f'Ambiguous kl_divergence({cls_p.__name__}, {cls_q.__name__}). Please '
                      f'register_kl({left_p.__name__}, {right_q.__name__})', RuntimeWarning)
    return _REGISTER_TABLE[left_p, left_q]


@functools.total_ordering
class _Compare:
    """Orders class pairs so that the most specific registered pair is the minimum."""

    def __init__(self, *classes):
        self.classes = classes

    def __eq__(self, other):
        return self.classes == other.classes

    def __le__(self, other):
        for x, y in zip(self.classes, other.classes):
            if not issubclass(x, y):
                return False
            if x is not y:
                break
        return True


def _by_method(p, q):
    return p.kl_divergence(q)


for _cls in (Bernoulli, Binomial, Categorical, Cauchy, ContinuousBernoulli, Geometric, MultivariateNormal, Normal, Uniform, Laplace, Exponential, Gamma, Poisson):
    register_kl(_cls, _cls)(_by_method)


@register_kl(Beta, Beta)
def _kl_beta_beta(p, q):
    return ((q.alpha.lgamma() + q.beta.lgamma() + (p.alpha + p.beta).lgamma())
            - (p.alpha.lgamma() + p.beta.lgamma() + (q.alpha + q.beta).lgamma())
            + ((p.alpha - q.alpha) * p.alpha.digamma()) + ((p.beta - q.beta) * p.beta.digamma())
            + (((q.alpha + q.beta) - (p.alpha + p.beta)) * (p.alpha + p.beta).digamma()))


@register_kl(Dirichlet, Dirichlet)
def _kl_dirichlet_dirichlet(p, q):
    pc, qc = p.concentration, q.concentration
    return ((pc.sum(-1).lgamma() - qc.sum(-1).lgamma()) - ((pc.lgamma() - qc.lgamma()).sum(-1))
            + (((pc - qc) * (pc.digamma() - pc.sum(-1).digamma().unsqueeze(-1))).sum(-1)))


@register_kl(ExponentialFamily, ExponentialFamily)
def _kl_expfamily_expfamily(p, q):
    """The Bregman divergence of the log-normalizer, for two members of the same family."""
    if not type(p) == type(q):
        raise NotImplementedError
    p_natural_params = []
    for param in p._natural_parameters:
        param = param.detach()
        param.stop_gradient = False
        p_natural_params.append(param)
    q_natural_params = q._natural_parameters
    p_log_norm = p._log_normalizer(*p_natural_params)
    try:
        p_grads = _grad(p_log_norm, p_natural_params, create_graph=True)
    except RuntimeError as e:
        raise TypeError(f"Can't compute kl_divergence({type(p).__name__}, {type(q).__name__}) use bregman "
                        f"divergence. Please register_kl({type(p).__name__}, {type(q).__name__}).") from e
    kl = q._log_normalizer(*q_natural_params) - p_log_norm
    for p_param, q_param, p_grad in zip(p_natural_params, q_natural_params, p_grads):
        kl -= _sum_rightmost((q_param - p_param) * p_grad, len(q.event_shape))
    return kl


@register_kl(LogNormal, LogNormal)
def _kl_lognormal_lognormal(p, q):
    return p._base.kl_divergence(q._base)
